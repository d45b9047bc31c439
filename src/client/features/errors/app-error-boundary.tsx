import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CHUNK_LOAD_MESSAGES, isChunkLoadError } from '../../lib/chunk-load';
import { ErrorScreen } from './error-screen';

interface State {
  error: unknown;
  hasError: boolean;
}

/** Outermost boundary: catches what breaks outside the router (providers, layout). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Application error', error, info.componentStack);
  }

  override render() {
    if (this.state.hasError) {
      return (
        <ErrorScreen
          title="Application Error"
          message={
            isChunkLoadError(this.state.error)
              ? CHUNK_LOAD_MESSAGES.message
              : 'Something went wrong loading the application.'
          }
          error={this.state.error}
        />
      );
    }
    return this.props.children;
  }
}
