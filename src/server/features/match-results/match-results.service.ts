/**
 * Result entry (docs/requirements.md §4, §5, §8; issue #5 item 3). A write names the version of the match it read; a stale
 * write is refused with the board as it now stands, so two staff entering the same board cannot overwrite
 * each other. Only the result is stored: points and standings are derived from it
 * (src/domain/scoring/result-changes.ts), so changing or clearing a result cannot count anything twice.
 *
 * Which rounds accept results:
 * - the round in progress (status active): set, change or clear;
 * - a completed round: change only, as a correction. Clearing is refused, because a completed round has every
 *   match finished (docs/requirements.md §4) and clearing would break that;
 * - an upcoming round (pairings published, not started): nothing.
 */
import { MATCH_RESULT_MESSAGES, type ResultEntryResponse } from '../../../contracts/match-results';
import { acceptsResult, canClearResult } from '../../../domain/tournament/rounds';
import * as repo from '../../core/results/results.repo';
import { toEntryBoard } from '../../core/results/set-result';
import { findActiveTournament } from '../../core/tournament/active-tournament';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';

/** The boards of the current round, or of `roundNumber` (an earlier round, for corrections). */
export async function getResultEntry(db: Db, roundNumber: number | undefined): Promise<ResultEntryResponse> {
  const tournament = await findActiveTournament(db);
  if (!tournament) {
    return {
      tournament: null,
      rounds: [],
      round: null,
      acceptsResults: false,
      canClearResults: false,
      resultRounds: [],
      boards: [],
      counts: { finished: 0, total: 0 },
    };
  }
  const rounds = await repo.listRounds(db, tournament.id);
  const wanted = roundNumber ?? tournament.currentRound;
  const round = rounds.find((candidate) => candidate.number === wanted);
  if (!round && roundNumber !== undefined) throw new HttpError(404, MATCH_RESULT_MESSAGES.roundNotFound);
  const boards = round ? (await repo.listBoards(db, round.id)).map(toEntryBoard) : [];
  return {
    tournament: {
      name: tournament.name,
      currentRound: tournament.currentRound,
      totalRounds: tournament.totalRounds,
    },
    rounds: rounds.map(({ number, status }) => ({ number, status })),
    round: round ? { number: round.number, status: round.status } : null,
    acceptsResults: round !== undefined && acceptsResult(round),
    canClearResults: round !== undefined && canClearResult(round),
    resultRounds: rounds.filter((candidate) => acceptsResult(candidate)).map((candidate) => candidate.number),
    boards,
    counts: {
      finished: boards.filter((board) => board.result !== null).length,
      total: boards.length,
    },
  };
}
