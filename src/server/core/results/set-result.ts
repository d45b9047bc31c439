/**
 * Setting a game's result: the one write staff entry and confirmed phone reports share (docs/requirements.md §4,
 * §5; ADR 040). A write names the version of the match it read; a stale write is refused with the board as it
 * now stands, so two writers cannot overwrite each other. Only the result is stored: points and standings are
 * derived from it, so changing or clearing a result cannot count anything twice.
 *
 * Which rounds accept results:
 * - the round in progress (status active): set, change or clear;
 * - a completed round: change only, as a correction. Clearing is refused, because a completed round has every
 *   match finished (docs/requirements.md §4) and clearing would break that;
 * - an upcoming round (pairings published, not started): nothing.
 */
import {
  type EntryBoard,
  MATCH_RESULT_MESSAGES,
  type SetMatchResultBody,
} from '../../../contracts/match-results';
import { formatResult, type MatchResult } from '../../../domain/scoring/results';
import { acceptsResult, canClearResult, isCompleted } from '../../../domain/tournament/rounds';
import type { AuditContext } from '../../audit/audit';
import type { Db } from '../../db/client';
import type { AuditedDb } from '../../feature-context';
import { HttpError } from '../../http/errors';
import { findActiveTournament } from '../tournament/active-tournament';
import * as repo from './results.repo';

export function toEntryBoard(row: repo.BoardRow): EntryBoard {
  return {
    matchId: row.matchId,
    board: row.board,
    white: { name: row.whiteName, groupName: row.whiteGroup, schoolName: row.whiteSchool },
    black: { name: row.blackName, groupName: row.blackGroup, schoolName: row.blackSchool },
    result: row.result,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type SetResultOutcome =
  | { kind: 'updated'; board: EntryBoard }
  /** The board already showed the result asked for: nothing written, the board as stored (ADR 032). */
  | { kind: 'unchanged'; board: EntryBoard }
  | { kind: 'conflict'; message: string; current: EntryBoard };

/**
 * Whether the board already shows `result` in a round that would take it: then a write has nothing to do. This
 * is what makes a result sent again — the offline outbox replaying it under a new client id, a second arbiter
 * entering the same score, a stale copy naming the version from before this very result was set — a success
 * that changes nothing: no new version, no audit row. A version check would wrongly call it a conflict, since
 * the version moved on because of this same result; the write's intent already holds.
 */
function alreadyHolds(row: repo.BoardRow, result: MatchResult | null): boolean {
  if (!row.isTournamentActive || row.result !== result) return false;
  const round = { status: row.roundStatus };
  return result === null ? canClearResult(round) : acceptsResult(round);
}

/** Why a write was not applied, from the match as it now stands. */
async function refusalFor(
  db: Db,
  row: repo.BoardRow | null,
  expectedVersion: number,
  result: MatchResult | null,
): Promise<SetResultOutcome> {
  if (!row?.isTournamentActive) {
    const active = await findActiveTournament(db);
    throw new HttpError(
      404,
      active ? MATCH_RESULT_MESSAGES.matchNotFound : MATCH_RESULT_MESSAGES.noActiveTournament,
    );
  }
  if (row.version !== expectedVersion) {
    return {
      kind: 'conflict',
      message: MATCH_RESULT_MESSAGES.stale(row.board, row.result),
      current: toEntryBoard(row),
    };
  }
  const round = { status: row.roundStatus };
  if (!acceptsResult(round)) throw new HttpError(409, MATCH_RESULT_MESSAGES.roundNotStarted);
  if (result === null && !canClearResult(round)) {
    throw new HttpError(409, MATCH_RESULT_MESSAGES.cannotClearCompleted);
  }
  // The match changed between our read and our write (another writer, or its round's status).
  const now = await repo.findBoard(db, row.matchId);
  if (!now) throw new HttpError(404, MATCH_RESULT_MESSAGES.matchNotFound);
  return {
    kind: 'conflict',
    message: MATCH_RESULT_MESSAGES.stale(now.board, now.result),
    current: toEntryBoard(now),
  };
}

/** What the caller adds to the write's audit row: a sentence after its description, and details. */
export interface ResultNote {
  text: string;
  details: Record<string, unknown>;
}

export async function setMatchResult(
  { db, audit }: AuditedDb,
  context: AuditContext,
  matchId: string,
  body: SetMatchResultBody,
  at: Date,
  note?: ResultNote,
): Promise<SetResultOutcome> {
  const before = await repo.findBoard(db, matchId);
  if (before && alreadyHolds(before, body.result)) return { kind: 'unchanged', board: toEntryBoard(before) };
  // The offline outbox names the result it last saw rather than a version (ADR 032): the write goes ahead only
  // while the board still shows it, checked against the version just read so a write in between still loses.
  const expectedVersion =
    body.expected === undefined
      ? (body.expectedVersion ?? 0)
      : before?.result === body.expected
        ? before.version
        : 0;
  if (!before?.isTournamentActive || before.version !== expectedVersion) {
    return refusalFor(db, before, expectedVersion, body.result);
  }
  const after = await db.transaction(async (tx) => {
    const isWritten = await repo.writeResultIfCurrent(tx, {
      matchId,
      expectedVersion,
      result: body.result,
      at,
    });
    if (!isWritten) return null;
    const written = await repo.findBoard(tx, matchId);
    if (!written) throw new HttpError(404, MATCH_RESULT_MESSAGES.matchNotFound);
    const isCorrection = isCompleted({ status: before.roundStatus });
    // A correction after the next round was paired changed scores that pairing used: the chief arbiter must
    // look at that round's pairings (issue #29). The log row says so, and carries it for a filter.
    const nextRoundPaired =
      isCorrection && (await repo.hasGamesAfter(tx, before.tournamentId, before.roundNumber));
    const correction = !isCorrection
      ? ''
      : nextRoundPaired
        ? ` (correction of a completed round after round ${before.roundNumber + 1} was paired: check its pairings)`
        : ' (correction of a completed round)';
    await audit.logChange(
      tx,
      context,
      'update_match_result',
      `Round ${before.roundNumber} board ${before.board} (${before.whiteName} – ${before.blackName}): ${formatResult(before.result)} → ${formatResult(body.result)}${correction}${note ? ` ${note.text}` : ''}`,
      {
        matchId,
        roundNumber: before.roundNumber,
        board: before.board,
        roundStatus: before.roundStatus,
        oldResult: before.result,
        newResult: body.result,
        version: written.version,
        ...(nextRoundPaired ? { nextRoundPaired: true } : {}),
        ...note?.details,
      },
    );
    return written;
  });
  if (!after) {
    // Another writer got there first: if it set this same result, there is nothing left to do.
    const now = await repo.findBoard(db, matchId);
    if (now && alreadyHolds(now, body.result)) return { kind: 'unchanged', board: toEntryBoard(now) };
    return refusalFor(db, before, expectedVersion, body.result);
  }
  return { kind: 'updated', board: toEntryBoard(after) };
}
