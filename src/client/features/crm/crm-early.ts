import { CRM_PAGE_READS, SESSION_READ_PATHS } from '../../../contracts/crm-pages';
import { provideEarlyReads } from '../../lib/api-client';

/** GET requests started ahead of the page that reads them, by path, each taken once by the page's `getJson`. */
const earlyReads = new Map<string, { response: Promise<Response>; at: number }>();
/** An early read older than this is not used: the page asks again. */
const EARLY_READ_MAX_AGE_MS = 10_000;

function startEarlyRead(path: string): Promise<Response> {
  const started = earlyReads.get(path);
  if (started) return started.response;
  const response = fetch(path, { headers: { Accept: 'application/json' } });
  // Never an unhandled rejection: the page that takes it sees the failure.
  response.catch(() => undefined);
  earlyReads.set(path, { response, at: Date.now() });
  return response;
}

function takeEarlyRead(path: string): Promise<Response> | null {
  const early = earlyReads.get(path);
  if (!early) return null;
  earlyReads.delete(path);
  return Date.now() - early.at < EARLY_READ_MAX_AGE_MS ? early.response : null;
}

/**
 * The CRM's two large pages, started as soon as the app's code runs (ADR 030): their code chunks and their reads
 * (the session's and the page's) go out at once, side by side, instead of one after the other (session → CRM
 * route table → page → read). Kept tiny and free of schemas: it is part of the first-load JavaScript.
 *
 * Only in a browser that has shown a CRM page before (a hint in local storage, set by the CRM's frame): anyone
 * else would be refused the read (a 401 or 403 in the console, a refusal in the log) before the guard sends them
 * away. A refused early read forgets the hint, so a user who lost the access is refused at most once.
 */
const HINT_KEY = 'crm-early-reads';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage switched off
  }
}

/** Called by the CRM's frame, which only someone with CRM access sees. */
export function rememberCrmAccess(): void {
  storage()?.setItem(HINT_KEY, '1');
}

export function startCrmPage(pathname: string): void {
  const path = pathname.replace(/\/+$/, '');
  const read = CRM_PAGE_READS[path] ?? null;
  if (!read || storage()?.getItem(HINT_KEY) !== '1') return;
  provideEarlyReads(takeEarlyRead);
  void import('./crm-routes').catch(() => undefined);
  // Two import statements, not one with a conditional inside: the bundler preloads each import's own chunks
  // (a single expression got the board's list, so the matrix's chunks came one after another).
  if (path === '/crm') void import('./crm-overview-page').catch(() => undefined);
  else void import('./crm-tasks-page').catch(() => undefined);
  // The session's two reads (the guard's get-session, then /api/me) and the page's, side by side.
  const [sessionPath, mePath] = SESSION_READ_PATHS;
  startEarlyRead(sessionPath);
  for (const early of [startEarlyRead(mePath), startEarlyRead(read)]) {
    void early.then(
      (response) => {
        if (response.status === 401 || response.status === 403) storage()?.removeItem(HINT_KEY);
      },
      () => undefined,
    );
  }
}
