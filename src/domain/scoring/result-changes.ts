/**
 * Result entry (docs/requirements.md §4, §5): setting, changing or clearing a game's result replaces the stored result;
 * points are never added to a running total, so "reverse the old result first" holds by construction and
 * nothing can be counted twice (docs/conventions.md §4.3). Standings are then derived from the games.
 */
import type { MatchResult } from './results';

export interface ResultChange {
  roundNumber: number;
  whiteId: string;
  blackId: string;
  /** null clears the result (the game is in progress again). */
  result: MatchResult | null;
}

export interface GameWithResult {
  roundNumber: number;
  whiteId: string;
  blackId: string;
  result: MatchResult | null;
}

/** Applies changes in order; a change for a game that does not exist is an error. */
export function applyResultChanges<T extends GameWithResult>(
  games: readonly T[],
  changes: readonly ResultChange[],
): T[] {
  const next = games.map((game) => ({ ...game }));
  for (const change of changes) {
    const game = next.find(
      (candidate) =>
        candidate.roundNumber === change.roundNumber &&
        candidate.whiteId === change.whiteId &&
        candidate.blackId === change.blackId,
    );
    if (!game) {
      throw new Error(`no round ${change.roundNumber} game ${change.whiteId}–${change.blackId} to change`);
    }
    game.result = change.result;
  }
  return next;
}
