import { createContext, use, useEffect } from 'react';

/**
 * Starts `start` once the browser has finished taking the page over. React hydrates a server-drawn page's Suspense
 * boundaries (the page itself, its parts loaded on demand) after the first commit, in work of its own (ADR 049);
 * data that changed before a boundary was taken over would make React find other text than the server drew,
 * discard the drawn markup and draw it afresh (error #418). So what may change the data (the live stream) starts
 * when that work is done, and catches up on what it missed meanwhile:
 * - on a server-drawn page, once the page itself has been taken over (`page`: its boundary in the page outlet
 *   committed, see PageTakenOver), then at the browser's next idle moment;
 * - on a page the browser draws itself, at its first idle moment after the first commit;
 * - at the latest after TAKE_OVER_WAIT_MS for each wait (a page whose code never arrives, offline).
 * Returns a stop function, for the effect that started it.
 */
export const TAKE_OVER_WAIT_MS = 5_000;

export function whenTakenOver(
  start: () => (() => void) | undefined,
  page: Promise<void> = Promise.resolve(),
): () => void {
  let stop: (() => void) | undefined;
  let isCancelled = false;
  let cancelWait = () => {};
  const run = () => {
    if (!isCancelled) stop = start();
  };
  const atIdle = () => {
    if (isCancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(run, { timeout: TAKE_OVER_WAIT_MS });
      cancelWait = () => window.cancelIdleCallback(handle);
    } else {
      // Safari has no requestIdleCallback: a timer runs after the tasks React has already queued.
      const handle = window.setTimeout(run, 50);
      cancelWait = () => window.clearTimeout(handle);
    }
  };
  const deadline = window.setTimeout(atIdle, TAKE_OVER_WAIT_MS);
  void page.then(() => {
    window.clearTimeout(deadline);
    atIdle();
  });
  return () => {
    isCancelled = true;
    window.clearTimeout(deadline);
    cancelWait();
    stop?.();
  };
}

/** What the page outlet calls once the page in it has been taken over: set by the providers for a drawn page. */
export const PageTakenOverContext = createContext<() => void>(() => {});

/**
 * Placed beside the page inside the page outlet's Suspense boundary: its effect runs when that boundary commits,
 * that is once React has taken the drawn page over (or drawn the page the browser loaded itself).
 */
export function PageTakenOver(): null {
  const onTakenOver = use(PageTakenOverContext);
  useEffect(() => onTakenOver(), [onTakenOver]);
  return null;
}
