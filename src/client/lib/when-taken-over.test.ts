// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settleable } from './settleable';
import { TAKE_OVER_WAIT_MS, whenTakenOver } from './when-taken-over';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A page promise the test settles, as a page's PageTakenOver does. */
const pageOutlet = settleable;

describe('whenTakenOver', () => {
  it('on a drawn page, starts the live stream only once the page itself has been taken over', async () => {
    const start = vi.fn(() => undefined);
    const page = pageOutlet();
    whenTakenOver(start, page.promise);
    // React has committed the layout, and the browser is idle, but the page's own boundary still waits.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(start).not.toHaveBeenCalled();
    page.settle();
    await vi.advanceTimersByTimeAsync(100);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts anyway after the longest wait when the page is never taken over (its code unreachable)', async () => {
    const start = vi.fn(() => undefined);
    whenTakenOver(start, pageOutlet().promise);
    await vi.advanceTimersByTimeAsync(TAKE_OVER_WAIT_MS - 1);
    expect(start).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('a page taken over after the longest wait (its code was slow) does not start the stream a second time', async () => {
    const stopStream = vi.fn();
    const start = vi.fn(() => stopStream);
    const page = pageOutlet();
    const stop = whenTakenOver(start, page.promise);
    await vi.advanceTimersByTimeAsync(TAKE_OVER_WAIT_MS + 100);
    page.settle();
    await vi.advanceTimersByTimeAsync(TAKE_OVER_WAIT_MS * 2);
    expect(start).toHaveBeenCalledTimes(1);
    stop();
    expect(stopStream).toHaveBeenCalledTimes(1);
  });

  it('on a page the browser draws itself, starts at the first idle moment; stopped first, it never starts', async () => {
    const started = vi.fn(() => undefined);
    whenTakenOver(started);
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toHaveBeenCalledTimes(1);

    const stopped = vi.fn(() => undefined);
    const page = pageOutlet();
    const stop = whenTakenOver(stopped, page.promise);
    stop();
    page.settle();
    await vi.advanceTimersByTimeAsync(TAKE_OVER_WAIT_MS * 2);
    expect(stopped).not.toHaveBeenCalled();
  });
});
