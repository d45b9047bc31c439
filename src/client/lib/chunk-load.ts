/**
 * A page's code that fails to download (a dropped packet on the venue's Wi-Fi, a busy server) is tried again before
 * anyone sees an error (ADR 033, "A chunk that fails to download"):
 * 1. the same import again after a short pause, twice (300 ms, then 1 s);
 * 2. then the page is reloaded, once: a `sessionStorage` flag names the code the reload was made for, so code that
 *    is truly gone (a deploy removed it, the server is down) cannot make the page reload in a loop. A reload keeps what
 *    the site keeps across reloads: the registration form's draft (sessionStorage), the offline outbox (IndexedDB),
 *    the staff pages' offline copy (sessionStorage); nothing here clears them;
 * 3. only then the error page, with the plain-words message of `CHUNK_LOAD_MESSAGES`.
 * The flag is cleared when that same code loads, so a later failure may reload once again. (Not by any other chunk
 * that loads: after the reload the page's other parts load fine while the failing one still fails.)
 *
 * Vite's own preload helper reports a failed chunk as the `vite:preloadError` event and then throws; nothing
 * cancels that event (cancelling it would make the import resolve to nothing), so the error reaches this retry.
 */

export const CHUNK_RETRY_DELAYS_MS: readonly number[] = [300, 1_000];
/**
 * Set, to the name of the code that failed, just before the one reload; `public/page-code-loader.js`, which cannot
 * import this module, sets it to 'entry' for the app's entry.
 */
export const CHUNK_RELOAD_FLAG = 'chunk-reload';

/**
 * What the error page says, under its usual title (docs/requirements.md §8), when a page's code could not be
 * downloaded even after a reload: what happened and what to do, in plain words.
 */
export const CHUNK_LOAD_MESSAGES = {
  message:
    'Part of this page could not be downloaded. Check your internet connection, then press Reload Page.',
} as const;

/** How browsers and Vite word a module or stylesheet that did not arrive (Chromium, Firefox, Safari, Vite). */
const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** Whether an error is a page's code that could not be downloaded (the error page then says what to do). */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

export interface ChunkLoadDeps {
  wait: (ms: number) => Promise<void>;
  /** The tab's session storage, or null (the server drawing a page, storage blocked). */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  reload: () => void;
}

function browserDeps(): ChunkLoadDeps {
  let storage: ChunkLoadDeps['storage'] = null;
  try {
    storage = typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Blocked: no flag can be kept, so no reload either.
  }
  return {
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    storage,
    reload: () => window.location.reload(),
  };
}

/**
 * Runs `load` (a dynamic import of the code `name`) with the retries and the one reload described above; after that
 * reload, the download error itself goes to the error page. An error that is not a failed download (the module threw while it
 * ran) is passed on at once. On the server (no window) nothing is retried: its modules are files on its disk.
 */
export async function loadChunk<M>(
  load: () => Promise<M>,
  name: string,
  deps: ChunkLoadDeps = browserDeps(),
): Promise<M> {
  const { storage } = deps;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const module = await load();
      if (storage?.getItem(CHUNK_RELOAD_FLAG) === name) storage.removeItem(CHUNK_RELOAD_FLAG);
      return module;
    } catch (error) {
      if (!storage || !isChunkLoadError(error)) throw error;
      const delay = CHUNK_RETRY_DELAYS_MS[attempt];
      if (delay !== undefined) {
        await deps.wait(delay);
        continue;
      }
      if (storage.getItem(CHUNK_RELOAD_FLAG) === name) throw error;
      // Storage full or blocked throws here: no flag, so no reload (it could not be kept from looping).
      storage.setItem(CHUNK_RELOAD_FLAG, name);
      deps.reload();
      // The page is going away: keep showing 'Loading...' until it does.
      return new Promise<M>(() => {});
    }
  }
}
