import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server draws the page and while the browser hydrates it, true from then on: for what only the
 * browser can know (stored choices, the clock, toasts), drawn after hydration so the two first drafts agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
