import { createContext, use, useEffect } from 'react';

/** How long each of whenTakenOver's two waits lasts at most: the page's take-over, then an idle moment. */
export const TAKE_OVER_WAIT_MS = 5_000;

/**
 * Starts `start` once the browser has finished taking the page over. React hydrates a server-drawn page's Suspense
 * boundaries (the page itself, its parts loaded on demand) after the first commit, in work of its own (ADR 049);
 * data that changed before a boundary was taken over would make React find other text than the server drew,
 * discard the drawn markup and draw it afresh (error #418). So what may change the data (the live stream) starts
 * when that work is done, and catches up on what it missed meanwhile:
 * - on a server-drawn page (`page` given), once the page itself has been taken over (its PageTakenOver's effect
 *   ran), then at the browser's next idle moment;
 * - on a page the browser draws itself, at its first idle moment after the first commit.
 * Each wait lasts at most TAKE_OVER_WAIT_MS (a page whose code never arrives, offline; a busy main thread), so
 * `start` runs within about 10 s whatever happens, and only once. Returns a stop function, for the effect that
 * started it.
 */
export function whenTakenOver(
  start: () => (() => void) | undefined,
  page: Promise<void> = Promise.resolve(),
): () => void {
  let stop: (() => void) | undefined;
  let isCancelled = false;
  let isWaitingForIdle = false;
  let cancelIdle = () => {};
  const run = () => {
    if (!isCancelled) stop = start();
  };
  // Called by whichever comes first, the page's take-over or the deadline; the other finds it done.
  const atIdle = () => {
    if (isCancelled || isWaitingForIdle) return;
    isWaitingForIdle = true;
    window.clearTimeout(deadline);
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(run, { timeout: TAKE_OVER_WAIT_MS });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      // Safari has no requestIdleCallback: a timer runs after the tasks React has already queued.
      const handle = window.setTimeout(run, 50);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  const deadline = window.setTimeout(atIdle, TAKE_OVER_WAIT_MS);
  void page.then(atIdle);
  return () => {
    isCancelled = true;
    window.clearTimeout(deadline);
    cancelIdle();
    stop?.();
  };
}

/**
 * What a server-drawn page's PageTakenOver calls once React has taken the page over: the providers give it the
 * function that settles the promise whenTakenOver awaits (a no-op elsewhere).
 */
export const PageTakenOverContext = createContext<() => void>(() => {});

/**
 * Placed beside a page the server draws, inside the Suspense boundary that holds it (lib/lazy-page.tsx,
 * `preloadablePage`): its effect runs when that boundary commits, that is once React has taken the drawn page
 * over (or drawn it, on a later visit within the app).
 */
export function PageTakenOver(): null {
  const onTakenOver = use(PageTakenOverContext);
  useEffect(() => onTakenOver(), [onTakenOver]);
  return null;
}
