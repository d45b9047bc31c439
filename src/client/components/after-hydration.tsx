import { type ReactNode, useDeferredValue } from 'react';
import { useHydrated } from '../lib/use-hydrated';

/**
 * Its children, drawn only once the browser has taken the page over (never in a server-drawn page's HTML): toasts,
 * notices, what only the browser knows. `useHydrated` flips in one synchronous render when hydration ends; so that
 * this render stays small (issue 37):
 * - this is a component of its own, so React draws again only this leaf (called in the layout, the flip made React
 *   draw the whole page again in that one task, 350–560 ms at 4× slower processing on `/`);
 * - the children arrive in a deferred render, which React splits and interrupts, so loading their code does not
 *   join that task either.
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  return useDeferredValue(useHydrated()) ? children : null;
}
