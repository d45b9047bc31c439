/**
 * Starts `start` once the browser has finished taking the page over: at its first idle moment after the first
 * commit (at the latest after TAKE_OVER_WAIT_MS). React hydrates a server-drawn page's Suspense boundaries (the
 * page itself, its parts loaded on demand) in tasks of their own after that commit (ADR 049); data that changed
 * before a boundary was taken over would make React find other text than the server drew, discard the drawn
 * markup and draw it afresh. So what may change the data (the live stream) starts when that work is done, and
 * catches up on what it missed meanwhile. Returns a stop function, for the effect that started it.
 */
export const TAKE_OVER_WAIT_MS = 5_000;

export function whenTakenOver(start: () => (() => void) | undefined): () => void {
  let stop: (() => void) | undefined;
  let isCancelled = false;
  const run = () => {
    if (!isCancelled) stop = start();
  };
  let cancel: () => void;
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: TAKE_OVER_WAIT_MS });
    cancel = () => window.cancelIdleCallback(handle);
  } else {
    // Safari has no requestIdleCallback: a timer runs after the tasks React has already queued.
    const handle = window.setTimeout(run, 50);
    cancel = () => window.clearTimeout(handle);
  }
  return () => {
    isCancelled = true;
    cancel();
    stop?.();
  };
}
