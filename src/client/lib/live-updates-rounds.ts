import type { QueryClient } from '@tanstack/react-query';
import type { RoundStatus } from '../../contracts/tournament';
import { queryKeys } from './query-keys';

export type RoundStates = ReadonlyMap<number, RoundStatus>;

/**
 * What the public pages announce when the tournament's rounds change between two reads: a round that became
 * active has started, one that became completed is complete. Null for the first read (nothing to compare).
 */
export function roundChangeMessage(before: RoundStates | null, after: RoundStates): string | null {
  if (!before) return null;
  const changed = [...after].filter(
    ([number, status]) => before.has(number) && before.get(number) !== status,
  );
  const started = changed.find(([, status]) => status === 'active');
  if (started) return `Round ${started[0]} has started`;
  const completed = changed.find(([, status]) => status === 'completed');
  return completed ? `Round ${completed[0]} is complete` : null;
}

/** The rounds' states in home or tournament data, or null when it carries none. */
function roundStatesOf(data: unknown): RoundStates | null {
  const rounds = (
    data as { tournament?: { rounds?: { number: number; status: RoundStatus }[] } | null } | undefined
  )?.tournament?.rounds;
  return Array.isArray(rounds) ? new Map(rounds.map((round) => [round.number, round.status])) : null;
}

const WATCHED = new Set<unknown>([queryKeys.home[0], queryKeys.tournament[0]]);

/**
 * Watches the public tournament data (home and tournament queries, both carry the rounds with their status)
 * as live updates refetch it, and calls `onMessage` with "Round <n> has started" / "Round <n> is complete"
 * when a round changes state. Returns a function that stops watching.
 */
export function watchRoundChanges(
  queryClient: QueryClient,
  onMessage: (message: string) => void,
): () => void {
  // A server-drawn page (ADR 023) starts with its data already in the cache: that is the first read.
  let last: RoundStates | null =
    roundStatesOf(queryClient.getQueryData(queryKeys.home)) ??
    roundStatesOf(queryClient.getQueryData(queryKeys.tournament));
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (!WATCHED.has(event.query.queryKey[0]) || event.query.queryKey.length !== 1) return;
    const next = roundStatesOf(event.query.state.data);
    if (!next) return;
    const message = roundChangeMessage(last, next);
    last = next;
    if (message) onMessage(message);
  });
}
