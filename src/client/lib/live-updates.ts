import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { LIVE_EVENT_NAME, type LiveEvent, type LiveTopic, liveEventSchema } from '../../contracts/live';
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
  ],
  rounds: [queryKeys.home, queryKeys.tournament, queryKeys.rounds, queryKeys.players, queryKeys.leaderboard],
  matches: [
    queryKeys.home,
    queryKeys.tournament,
    queryKeys.leaderboard,
    queryKeys.rounds,
    queryKeys.matches,
    queryKeys.players,
  ],
  players: [queryKeys.home, queryKeys.tournament, queryKeys.leaderboard, queryKeys.rounds, queryKeys.players],
  announcements: [queryKeys.home, queryKeys.announcements],
};

/** Settings keys whose change alters the leaderboard (its visibility). */
const LEADERBOARD_SETTINGS_KEYS = new Set(['leaderboard_visible']);

/** The query keys (prefixes) a live event invalidates, without duplicates. */
export function queryKeysForEvent(event: LiveEvent): QueryKey[] {
  const keys = new Map<string, QueryKey>();
  const add = (key: QueryKey) => keys.set(JSON.stringify(key), key);
  for (const topic of event.topics) {
    for (const key of topicKeys[topic]) add(key);
    if (
      topic === 'settings' &&
      (event.settingsKeys.length === 0 || event.settingsKeys.some((k) => LEADERBOARD_SETTINGS_KEYS.has(k)))
    ) {
      add(queryKeys.leaderboard);
    }
  }
  return [...keys.values()];
}

export interface LiveUpdatesOptions {
  /** Called for each event after its queries are scheduled for invalidation (e.g. to show a toast). */
  onEvent?: (event: LiveEvent) => void;
  /** Called with "Round <n> has started" / "Round <n> is complete" (default: an info toast). */
  onRoundChange?: (message: string) => void;
  random?: () => number;
  createEventSource?: (url: string) => EventSource;
}

/**
 * Opens the app's one EventSource on /api/live and invalidates the queries each change touches, after a
 * random 0–400 ms delay. Events arriving within that delay are merged into one invalidation.
 * EventSource reconnects by itself after a dropped connection. Returns a function that closes it.
 */
export function subscribeToLiveUpdates(
  queryClient: QueryClient,
  options: LiveUpdatesOptions = {},
): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const random = options.random ?? Math.random;
  const source = (options.createEventSource ?? ((url) => new EventSource(url)))(LIVE_URL);
  const stopRoundNotices = watchRoundChanges(
    queryClient,
    options.onRoundChange ?? ((message) => notify('info', message, { id: 'round-change' })),
  );
  const pending = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = () => {
    timer = null;
    const keys = [...pending.values()];
    pending.clear();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
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
    for (const key of queryKeysForEvent(parsed.data)) pending.set(JSON.stringify(key), key);
    timer ??= setTimeout(flush, Math.floor(random() * MAX_INVALIDATE_DELAY_MS));
    options.onEvent?.(parsed.data);
  };

  source.addEventListener(LIVE_EVENT_NAME, onChange as EventListener);
  return () => {
    source.removeEventListener(LIVE_EVENT_NAME, onChange as EventListener);
    source.close();
    stopRoundNotices();
    if (timer) clearTimeout(timer);
  };
}
