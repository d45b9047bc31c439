import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CHUNK_LOAD_MESSAGES, isChunkLoadError } from '../../lib/chunk-load';
import { ErrorScreen } from './error-screen';

interface State {
  error: unknown;
  hasError: boolean;
}

/**
 * Catches a page that fails to render or whose code fails to load, keeping the header and footer.
 * The layout gives it the path as key, so navigating elsewhere starts afresh.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Page error', error, info.componentStack);
  }

  override render() {
    if (this.state.hasError) {
      return (
        <ErrorScreen
          title="Something went wrong"
          message={
            isChunkLoadError(this.state.error)
              ? CHUNK_LOAD_MESSAGES.message
              : 'The application encountered an error'
          }
          error={this.state.error}
          landmark={false}
        />
      );
    }
    return this.props.children;
  }
}
