import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_FLAG,
  CHUNK_RETRY_DELAYS_MS,
  type ChunkLoadDeps,
  isChunkLoadError,
  loadChunk,
} from './chunk-load';

const downloadFailed = () =>
  new TypeError('Failed to fetch dynamically imported module: /assets/page-abc.js');

function fakeDeps(stored: Record<string, string> = {}) {
  const storage = new Map(Object.entries(stored));
  const deps = {
    wait: vi.fn(async () => {}),
    reload: vi.fn(),
    storage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    },
  } satisfies ChunkLoadDeps;
  return { deps, storage };
}

/** A load that fails `failures` times, then gives the module. */
function flaky(failures: number) {
  let calls = 0;
  const load = vi.fn(async () => {
    calls += 1;
    if (calls <= failures) throw downloadFailed();
    return { Page: 'the page' };
  });
  return load;
}

describe('loadChunk', () => {
  it('tries a failed download again after a short pause, and the page comes', async () => {
    const { deps } = fakeDeps();
    const load = flaky(1);
    await expect(loadChunk(load, 'Page', deps)).resolves.toEqual({ Page: 'the page' });
    expect(load).toHaveBeenCalledTimes(2);
    expect(deps.wait).toHaveBeenCalledWith(CHUNK_RETRY_DELAYS_MS[0]);
    expect(deps.reload).not.toHaveBeenCalled();
  });

  it('reloads the page once, flagged in session storage, when every retry fails', async () => {
    const { deps, storage } = fakeDeps();
    const load = flaky(99);
    let settled = false;
    void loadChunk(load, 'Page', deps).finally(() => {
      settled = true;
    });
    await vi.waitFor(() => expect(deps.reload).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(1 + CHUNK_RETRY_DELAYS_MS.length);
    expect(storage.get(CHUNK_RELOAD_FLAG)).toBe('Page');
    // The page is going away: no error page in the meantime.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
  });

  it('after that reload, fails for the error page instead of reloading again (no loop)', async () => {
    const { deps } = fakeDeps({ [CHUNK_RELOAD_FLAG]: 'Page' });
    const error = await loadChunk(flaky(99), 'Page', deps).catch((caught: unknown) => caught);
    expect(isChunkLoadError(error)).toBe(true);
    expect(deps.reload).not.toHaveBeenCalled();
  });

  it('clears the flag once that code has loaded, so a later failure may reload once again', async () => {
    const { deps, storage } = fakeDeps({ [CHUNK_RELOAD_FLAG]: 'Page' });
    await loadChunk(flaky(0), 'Footer', deps);
    // Another part of the page loading says nothing about the code the reload was for.
    expect(storage.get(CHUNK_RELOAD_FLAG)).toBe('Page');
    await loadChunk(flaky(0), 'Page', deps);
    expect(storage.has(CHUNK_RELOAD_FLAG)).toBe(false);
  });

  it('passes on at once an error that is not a failed download', async () => {
    const { deps } = fakeDeps();
    const load = vi.fn(async () => {
      throw new ReferenceError('oops is not defined');
    });
    await expect(loadChunk(load, 'Page', deps)).rejects.toThrow('oops is not defined');
    expect(load).toHaveBeenCalledTimes(1);
    expect(deps.reload).not.toHaveBeenCalled();
  });

  it('tries nothing again where there is no session storage (the server drawing a page)', async () => {
    const { deps } = fakeDeps();
    const load = flaky(1);
    await expect(loadChunk(load, 'Page', { ...deps, storage: null })).rejects.toThrow(/dynamically imported/);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
