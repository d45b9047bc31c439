import {
  type DehydratedState,
  dehydrate,
  hydrate,
  onlineManager,
  type QueryClient,
  type QueryKey,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MeResponse } from '../../../contracts/account';
import { ApiRequestError } from '../../lib/api-client';
import { theOutbox } from '../../lib/outbox/outbox';
import { queryKeys } from '../../lib/query-keys';
import { accessOf, type SessionState } from './access';

/*
 * A staff page reloaded without the network (ADR 032, "Reloaded offline"). The service worker keeps the HTML of the
 * pages used in the hall (ADR 033) and the code they loaded; this module keeps, in the tab's session storage, who is
 * signed in and the data those pages read, so the page opens again and the outbox goes on queueing. Session
 * storage: one tab's copy, gone when the tab closes, dropped as soon as nobody is signed in. The server still
 * decides everything once the connection is back.
 */

const STORAGE_KEY = 'offline-copy';
/** What the hall's pages read: check-in (the desk's searches, the overview, open or closed) and result entry. */
const KEPT_KEYS: readonly QueryKey[] = [queryKeys.checkin, queryKeys.checkinState, queryKeys.resultEntry];
/** The most answers kept: the desk's searches as typed, the overview, the state and result entry's rounds. */
const MAX_KEPT_QUERIES = 60;
/** Changes come in bursts (a search as it is typed, a live refresh): the copy is written once they settle. */
const SAVE_DELAY_MS = 400;

interface OfflineCopy {
  /** The account signed in; its access is worked out again on restore, as the session's reader does. */
  me: MeResponse;
  queries: DehydratedState;
}

const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((part, index) => key[index] === part);
const isKept = (key: QueryKey) => KEPT_KEYS.some((prefix) => startsWith(key, prefix));
const isSession = (key: QueryKey) => startsWith(key, queryKeys.session);
/** No answer at all: the request never reached the server (status 0), as offline. */
const isUnreachable = (state: { data: unknown; error: unknown } | undefined) =>
  state !== undefined &&
  state.data === undefined &&
  state.error instanceof ApiRequestError &&
  state.error.status === 0;

function readCopy(): OfflineCopy | null {
  try {
    const text = sessionStorage.getItem(STORAGE_KEY);
    return text ? (JSON.parse(text) as OfflineCopy) : null;
  } catch {
    return null;
  }
}

function writeCopy(queryClient: QueryClient): void {
  const session = queryClient.getQueryData<SessionState>(queryKeys.session);
  try {
    if (session?.status !== 'signed-in') {
      sessionStorage.removeItem(STORAGE_KEY);
      return;
    }
    const current = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && isKept(query.queryKey),
    });
    // A page opened anew starts with an empty cache: what earlier pages of this tab kept stays, this page's
    // answers replacing theirs, the newest first, within a bound (a search kept per letter typed adds up).
    const previous = readCopy();
    const inCache = new Set(current.queries.map((query) => query.queryHash));
    const earlier =
      previous?.me.user.id === session.me.user.id
        ? previous.queries.queries.filter((query) => !inCache.has(query.queryHash))
        : [];
    const queries: DehydratedState = {
      mutations: [],
      queries: [...current.queries, ...earlier]
        .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
        .slice(0, MAX_KEPT_QUERIES),
    };
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ me: session.me, queries } satisfies OfflineCopy));
  } catch {
    // Storage full or refused: the page works as before, only a reload offline cannot reopen it.
  }
}

/** Puts the kept copy back: the session first (so the route guards let the page open), then the page's data. */
function restoreCopy(queryClient: QueryClient): void {
  const copy = readCopy();
  if (!copy) return;
  if (queryClient.getQueryData(queryKeys.session) === undefined) {
    const session: SessionState = { status: 'signed-in', me: copy.me, access: accessOf(copy.me) };
    queryClient.setQueryData(queryKeys.session, session);
  }
  // Only data newer than what the cache holds replaces it.
  hydrate(queryClient, copy.queries);
}

/**
 * The senders of the outbox's kinds, by the start of the kind's name. Each page registers its own while open; a
 * page loaded anew (a reload, another staff page) registers those whose actions still wait, so a check-in queued
 * at the desk goes as soon as the network is back, whichever staff page is open then.
 */
const SENDERS: Record<string, (queryClient: QueryClient) => Promise<void>> = {
  'checkin.': (queryClient) =>
    import('../checkin/desk-actions').then((module) => module.registerDeskSenders(queryClient)),
  'match-results.': (queryClient) =>
    import('../match-results/queries').then((module) => module.registerResultSender(queryClient)),
  'kiosk.': () => import('../checkin/kiosk-outbox').then((module) => module.registerKioskSender()),
};

async function registerWaitingSenders(queryClient: QueryClient): Promise<void> {
  const outbox = theOutbox();
  await outbox.start();
  const kinds = new Set(outbox.getSnapshot().entries.map((entry) => entry.kind));
  await Promise.all(
    Object.entries(SENDERS)
      .filter(([prefix]) => [...kinds].some((kind) => kind.startsWith(prefix)))
      .map(([, register]) => register(queryClient).catch(() => undefined)),
  );
}

const kept = new WeakSet<QueryClient>();

/**
 * Keeps the copy up to date from now on, and puts it back when the session cannot be read because there is no
 * network (at once when the browser says it is offline, else when the session's read fails without an answer).
 */
export function keepForOffline(queryClient: QueryClient): void {
  if (kept.has(queryClient)) return;
  kept.add(queryClient);
  // The query library assumes it is online until the browser says otherwise; a page loaded offline hears no
  // 'offline' event, so its reads would fail instead of waiting for the network.
  onlineManager.setOnline(navigator.onLine);
  if (!navigator.onLine || isUnreachable(queryClient.getQueryState(queryKeys.session)))
    restoreCopy(queryClient);
  // In the background: if the outbox cannot be read now, each staff page registers its own sender when it opens.
  registerWaitingSenders(queryClient).catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  queryClient.getQueryCache().subscribe(({ query }) => {
    if (isSession(query.queryKey) && isUnreachable(query.state)) {
      restoreCopy(queryClient);
      return;
    }
    if (!isSession(query.queryKey) && !isKept(query.queryKey)) return;
    clearTimeout(timer);
    timer = setTimeout(() => writeCopy(queryClient), SAVE_DELAY_MS);
  });
}

/**
 * Keeps the copy while mounted: by the root layout's notices only for a signed-in user or while the session is
 * unknown (site-notices.tsx decides, so anonymous visitors never load this module), and by the kiosk (a staff page).
 * For anyone not signed in it keeps nothing: the copy is written only for a signed-in session.
 */
export function KeepForOffline() {
  const queryClient = useQueryClient();
  useEffect(() => keepForOffline(queryClient), [queryClient]);
  return null;
}
