import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  LIVE_CATCH_UP_EVENT_NAME,
  LIVE_EVENT_NAME,
  LIVE_RECONNECT_EVENT_NAME,
  LIVE_SINCE_PARAM,
  type LiveEvent,
  type LiveTopic,
  liveEventSchema,
  liveReconnectEventSchema,
} from '../../contracts/live';
import { SETTING_KEYS } from '../../contracts/setting-keys';
import { watchRoundChanges } from './live-updates-rounds';
import { notify } from './notify';
import { queryKeys } from './query-keys';

export const LIVE_URL = '/api/live';
/** Spread refetches of 400 phones over this window so they don't hit the server in the same millisecond. */
export const MAX_INVALIDATE_DELAY_MS = 400;

const topicKeys: Record<LiveTopic, readonly QueryKey[]> = {
  settings: [queryKeys.home, queryKeys.settings],
  tournament: [
    queryKeys.home,
    queryKeys.tournament,
    queryKeys.leaderboard,
    queryKeys.rounds,
    queryKeys.matches,
    queryKeys.players,
    queryKeys.screens,
    queryKeys.prizes,
    queryKeys.adminPrizes,
  ],
  rounds: [
    queryKeys.home,
    queryKeys.tournament,
    queryKeys.rounds,
    queryKeys.players,
    queryKeys.leaderboard,
    queryKeys.screens,
    queryKeys.prizes,
    queryKeys.adminPrizes,
  ],
  matches: [
    queryKeys.home,
    queryKeys.tournament,
    queryKeys.leaderboard,
    queryKeys.rounds,
    queryKeys.matches,
    queryKeys.players,
    // A confirmed result changes the reporting phones' boards and the arbiter's views (ADR 040).
    queryKeys.reportBoardsAll,
    queryKeys.resultReportQueue,
    queryKeys.resultReportPaper,
    queryKeys.screens,
    queryKeys.prizes,
    queryKeys.adminPrizes,
  ],
  // A report shows its board "Reported" wherever boards are shown, and changes the phones' and arbiter's views.
  reports: [
    queryKeys.home,
    queryKeys.rounds,
    queryKeys.players,
    queryKeys.reportBoardsAll,
    queryKeys.resultReportQueue,
    queryKeys.resultReportPaper,
  ],
  players: [
    queryKeys.home,
    queryKeys.tournament,
    queryKeys.leaderboard,
    queryKeys.rounds,
    queryKeys.players,
    queryKeys.screens,
    queryKeys.prizes,
    queryKeys.adminPrizes,
  ],
  announcements: [queryKeys.home, queryKeys.announcements],
  broadcasts: [queryKeys.broadcasts, queryKeys.adminBroadcasts],
  // Team tasks: a move, a checklist tick or a comment; a registration or payment ticks tasks and changes the
  // overview's money and the school page, so both refetch every CRM view.
  crm: [queryKeys.crm],
  registrations: [queryKeys.crm],
  // The hall's screens: a programme, the switch or a revoked code (ADR 042).
  screens: [queryKeys.screens, queryKeys.adminScreens],
};

/** Settings keys whose change alters the leaderboard (its visibility, or the safe-control switch hiding it). */
const LEADERBOARD_SETTINGS_KEYS = new Set<string>([
  SETTING_KEYS.leaderboardVisible,
  SETTING_KEYS.safeControl,
]);

/** The settings events that may touch these keys: any event naming no keys, or one naming the given key. */
const namesSetting = (event: LiveEvent, isKey: (key: string) => boolean) =>
  event.settingsKeys.length === 0 || event.settingsKeys.some(isKey);

/** The query keys (prefixes) a live event invalidates, without duplicates. */
export function queryKeysForEvent(event: LiveEvent): QueryKey[] {
  const keys = new Map<string, QueryKey>();
  const add = (key: QueryKey) => keys.set(JSON.stringify(key), key);
  for (const topic of event.topics) {
    for (const key of topicKeys[topic]) add(key);
    if (topic !== 'settings') continue;
    if (namesSetting(event, (key) => LEADERBOARD_SETTINGS_KEYS.has(key))) {
      add(queryKeys.leaderboard);
      // The hall's screens and the prizes show the standings too, hidden with the leaderboard (ADRs 042, 043).
      add(queryKeys.screens);
      add(queryKeys.prizes);
    }
    // The safe-control switches are one settings row: the banners, paused buttons and the admin page follow it.
    if (namesSetting(event, (key) => key === SETTING_KEYS.safeControl)) {
      add(queryKeys.siteStatus);
      add(queryKeys.adminSafeControl);
    }
  }
  return [...keys.values()];
}

/**
 * A tab hidden this long gives its stream up, and opens it again (refetching what it shows) when it is looked at.
 * A browser speaking HTTP/1.1 to the site (no TLS, or a proxy without HTTP/2) keeps at most six connections per
 * site, and each open tab's stream holds one: with six tabs open, a seventh tab's requests — the refetch after
 * a broadcast, say — waited for a connection to free up. Only the tabs someone looks at hold one now.
 */
export const HIDDEN_CLOSE_AFTER_MS = 10_000;

/** After a stream failed for good (an error status, e.g. 503 from a restarting server), retry after this… */
export const RETRY_MIN_MS = 1_000;
/** …doubling per failure up to this. */
export const RETRY_MAX_MS = 30_000;

export interface LiveUpdatesOptions {
  /** Called for each event after its queries are scheduled for invalidation (e.g. to show a toast). */
  onEvent?: (event: LiveEvent) => void;
  /** Called with "Round <n> has started" / "Round <n> is complete" (default: an info toast). */
  onRoundChange?: (message: string) => void;
  random?: () => number;
  createEventSource?: (url: string) => EventSource;
  /** The time a server-drawn page's data was read (ADR 023): the first stream asks what changed since. */
  since?: number;
  /** The page whose visibility decides whether the stream is held (HIDDEN_CLOSE_AFTER_MS); default: `document`. */
  visibility?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  /**
   * Awaited before changed data is fetched: a server-drawn page takes over its parts still waiting first, so that
   * new data never reaches a part React has not taken over (ADR 049).
   */
  beforeRefresh?: (queryKeys: readonly QueryKey[]) => Promise<void>;
}

/** EventSource.CLOSED (the global may be missing where this module is imported, e.g. server-side tests). */
const CLOSED = 2;

/** Every topic: after a reconnection, anything may have changed while nobody was listening. */
const EVERYTHING: LiveEvent = {
  topics: Object.keys(topicKeys) as LiveTopic[],
  settingsKeys: [],
};

/**
 * Marks the data of `queryKey` stale and reads it again, without cancelling a read already under way (TanStack's
 * default): in a burst of changes (a round's result reports, one every few tens of milliseconds) each new change
 * would cancel and restart every phone's read before it could finish, and pages showed nothing new until the
 * burst was over (the dress rehearsal, ADR 048: a result reached all 400 viewers only after 11–16 s). A read under
 * way may have started before the change, so one more follows it; more changes meanwhile join that one.
 */
export async function refreshLive(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  const wasFetching = queryClient.isFetching({ queryKey }) > 0;
  await queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
  if (wasFetching) await queryClient.refetchQueries({ queryKey, type: 'active' }, { cancelRefetch: false });
}

/**
 * Opens the app's one EventSource on /api/live and invalidates the queries each change touches, after a
 * random 0–400 ms delay. Events arriving within that delay are merged into one invalidation.
 * EventSource reconnects by itself after a dropped connection. A server shutting down sends `reconnect`
 * (ADR 016): the stream is reopened at a random moment within the time it names. A stream that failed for
 * good (EventSource gives up on an error status) is reopened with a growing pause. A tab hidden for
 * HIDDEN_CLOSE_AFTER_MS closes its stream until it is shown again. Whenever a stream opens again, everything on
 * screen is refetched, since changes meanwhile reached nobody. Returns a function that closes it.
 */
export function subscribeToLiveUpdates(
  queryClient: QueryClient,
  options: LiveUpdatesOptions = {},
): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const random = options.random ?? Math.random;
  const createEventSource = options.createEventSource ?? ((url) => new EventSource(url));
  const stopRoundNotices = watchRoundChanges(
    queryClient,
    options.onRoundChange ?? ((message) => notify('info', message, { id: 'round-change' })),
  );
  const pending = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let reopenTimer: ReturnType<typeof setTimeout> | null = null;
  let source: EventSource | null = null;
  let hasOpened = false;
  let failures = 0;
  let stopped = false;

  const flush = () => {
    timer = null;
    const keys = [...pending.values()];
    pending.clear();
    const refresh = () => {
      for (const queryKey of keys) void refreshLive(queryClient, queryKey);
    };
    if (options.beforeRefresh) void options.beforeRefresh(keys).then(refresh);
    else refresh();
  };

  const schedule = (event: LiveEvent) => {
    for (const key of queryKeysForEvent(event)) pending.set(JSON.stringify(key), key);
    timer ??= setTimeout(flush, Math.floor(random() * MAX_INVALIDATE_DELAY_MS));
  };

  const onChange = (message: MessageEvent<string>) => {
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    const parsed = liveEventSchema.safeParse(data);
    if (!parsed.success) return;
    schedule(parsed.data);
    options.onEvent?.(parsed.data);
  };

  // The server heard of a change after the drawn page's data was read: refetch what is on screen.
  const onCatchUp = () => schedule(EVERYTHING);

  const onOpen = () => {
    failures = 0;
    if (hasOpened) schedule(EVERYTHING);
    hasOpened = true;
  };

  /** Closes the stream and opens a new one at a random moment between `minMs` and `maxMs` from now. */
  const reopenBetween = (minMs: number, maxMs: number) => {
    close();
    if (stopped || reopenTimer) return;
    reopenTimer = setTimeout(
      () => {
        reopenTimer = null;
        open();
      },
      minMs + Math.floor(random() * (maxMs - minMs)),
    );
  };

  const onReconnect = (message: MessageEvent<string>) => {
    let within = RETRY_MIN_MS;
    try {
      const parsed = liveReconnectEventSchema.safeParse(JSON.parse(message.data));
      if (parsed.success) within = parsed.data.withinMs;
    } catch {
      // A malformed farewell still means: reconnect.
    }
    reopenBetween(0, within);
  };

  const onError = () => {
    // EventSource retries a dropped connection itself (readyState CONNECTING); CLOSED means it gave up.
    if (source?.readyState !== CLOSED) return;
    failures += 1;
    const pause = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** (failures - 1));
    reopenBetween(pause / 2, pause);
  };

  function open() {
    // Only the first stream asks: after a reconnection everything is refetched anyway (onOpen).
    const since = !hasOpened && options.since ? `?${LIVE_SINCE_PARAM}=${options.since}` : '';
    source = createEventSource(`${LIVE_URL}${since}`);
    source.addEventListener(LIVE_EVENT_NAME, onChange as EventListener);
    source.addEventListener(LIVE_CATCH_UP_EVENT_NAME, onCatchUp);
    source.addEventListener(LIVE_RECONNECT_EVENT_NAME, onReconnect as EventListener);
    source.addEventListener('open', onOpen);
    source.addEventListener('error', onError);
  }

  function close() {
    if (!source) return;
    source.removeEventListener(LIVE_EVENT_NAME, onChange as EventListener);
    source.removeEventListener(LIVE_CATCH_UP_EVENT_NAME, onCatchUp);
    source.removeEventListener(LIVE_RECONNECT_EVENT_NAME, onReconnect as EventListener);
    source.removeEventListener('open', onOpen);
    source.removeEventListener('error', onError);
    source.close();
    source = null;
  }

  // Hidden for a while: give the stream (and its connection) up; looked at again: open it, refetching everything.
  const page = options.visibility ?? (typeof document === 'undefined' ? undefined : document);
  let hiddenTimer: ReturnType<typeof setTimeout> | null = null;
  let isAsleep = false;
  const onVisibility = () => {
    if (page?.visibilityState === 'hidden') {
      hiddenTimer ??= setTimeout(() => {
        hiddenTimer = null;
        if (reopenTimer) clearTimeout(reopenTimer);
        reopenTimer = null;
        close();
        isAsleep = true;
      }, HIDDEN_CLOSE_AFTER_MS);
      return;
    }
    if (hiddenTimer) clearTimeout(hiddenTimer);
    hiddenTimer = null;
    if (isAsleep && !stopped) {
      isAsleep = false;
      open();
    }
  };
  page?.addEventListener('visibilitychange', onVisibility);

  open();
  return () => {
    stopped = true;
    close();
    stopRoundNotices();
    page?.removeEventListener('visibilitychange', onVisibility);
    if (timer) clearTimeout(timer);
    if (reopenTimer) clearTimeout(reopenTimer);
    if (hiddenTimer) clearTimeout(hiddenTimer);
  };
}
