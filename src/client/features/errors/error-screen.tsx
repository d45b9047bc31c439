import { CircleAlert, RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button';

function errorDetails(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return 'Unknown error';
  }
}

/** The fatal error screen (docs/requirements.md §8): title, explanation, the error's details and 'Reload Page'. */
export function ErrorScreen({
  title,
  message,
  error,
  landmark = true,
}: {
  title: string;
  message: string;
  error: unknown;
  /** False when shown inside the layout's own <main>. */
  landmark?: boolean;
}) {
  const Wrapper = landmark ? 'main' : 'div';
  return (
    <Wrapper className="grid min-h-[70vh] place-items-center px-4 py-16">
      <div className="w-full max-w-lg rounded-2xl border border-line bg-surface p-8 text-center shadow-lg">
        <span className="mx-auto mb-4 grid size-14 place-items-center rounded-full bg-loss-bg text-loss">
          <CircleAlert aria-hidden="true" className="size-7" />
        </span>
        <h1 className="font-display text-2xl font-bold text-fg">{title}</h1>
        <p className="mt-2 text-muted">{message}</p>
        <details className="mt-6 rounded-xl bg-surface-muted p-4 text-left text-sm">
          <summary className="cursor-pointer font-medium text-fg">Details</summary>
          <pre className="mt-2 whitespace-pre-wrap break-words text-muted">{errorDetails(error)}</pre>
        </details>
        <Button className="mt-6" size="lg" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Reload Page
        </Button>
      </div>
    </Wrapper>
  );
}
