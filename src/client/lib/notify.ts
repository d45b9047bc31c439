import { serverMessage } from './api-client';

/**
 * Toasts without putting sonner in the first-load bundle: the library loads on first use (and with the
 * lazily mounted <Toaster> in app/providers.tsx). Same-id toasts replace each other instead of stacking.
 */
type Kind = 'success' | 'error' | 'info';

export function notify(
  kind: Kind,
  message: string,
  options: { id?: string; description?: string } = {},
): void {
  void import('sonner').then(({ toast }) => {
    // A toast replacing one with the same id keeps that one's fields unless told: a success after a refused save
    // would still show the refusal's reason under it.
    toast[kind](message, { description: undefined, ...options });
  });
}

/** An error toast with the server's message for a refusal, or the fallback when there was no answer. */
export function notifyFailure(error: unknown, fallback: string): void {
  notify('error', serverMessage(error, fallback));
}
