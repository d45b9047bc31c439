import { z } from 'zod';
import { formatResult, type MatchResult } from '../domain/scoring/results';
import { clientActionFields } from './client-actions';
import { apiErrorSchema, isoDateTime } from './common';
import { matchResultSchema, roundStatusSchema } from './tournament';

/** docs/requirements.md §8 messages of result entry, and the refusals this feature adds. */
export const MATCH_RESULT_MESSAGES = {
  updated: 'Match result updated successfully',
  failed: 'Failed to update match result',
  noActiveTournament: 'No active tournament',
  roundNotFound: 'Round not found',
  matchNotFound: 'Match not found',
  roundNotStarted: 'Results can be entered only once the round has started',
  cannotClearCompleted:
    'A completed round cannot have an unfinished match: enter the corrected result instead of clearing it',
  expectationMissing: 'Name the version or the result you last saw',
  /** The refusal of a stale write: "Board 7 was changed by someone else: now 1-0". */
  stale: (board: number, result: MatchResult | null) =>
    `Board ${board} was changed by someone else: now ${result === null ? 'no result' : formatResult(result)}`,
} as const;

/** A player as staff see them at the result desk: name, team and the name of their school record (ADR 012). */
export const entryPlayerSchema = z.object({
  name: z.string(),
  groupName: z.string().nullable(),
  schoolName: z.string().nullable(),
});
export type EntryPlayer = z.infer<typeof entryPlayerSchema>;

export const entryBoardSchema = z.object({
  matchId: z.uuid(),
  board: z.number().int(),
  white: entryPlayerSchema,
  black: entryPlayerSchema,
  result: matchResultSchema,
  /** The optimistic-concurrency version a write must name (ADR: result entry). */
  version: z.number().int(),
  updatedAt: isoDateTime,
});
export type EntryBoard = z.infer<typeof entryBoardSchema>;

export const entryRoundSchema = z.object({
  number: z.number().int(),
  status: roundStatusSchema,
});
export type EntryRound = z.infer<typeof entryRoundSchema>;

export const resultEntryQuerySchema = z
  .object({
    /** An earlier round, for corrections; the tournament's current round when absent. */
    round: z.coerce.number().int().min(1).max(1000).optional(),
  })
  .strict();

/**
 * The boards of one round for result entry. `tournament` is null when no tournament is active; `round` is
 * null when the tournament has no such round yet (no round started).
 */
export const resultEntryResponseSchema = z.object({
  tournament: z
    .object({
      name: z.string(),
      currentRound: z.number().int(),
      totalRounds: z.number().int(),
    })
    .nullable(),
  /** Every round of the tournament, for choosing one (corrections of an earlier round). */
  rounds: z.array(entryRoundSchema),
  round: entryRoundSchema.nullable(),
  /** Whether results may be written in this round: it is in progress, or completed (a correction). */
  acceptsResults: z.boolean(),
  /** Whether a result of this round may be cleared: only while the round is in progress. */
  canClearResults: z.boolean(),
  /** The rounds that take results (in progress, or completed for corrections), for the round picker. */
  resultRounds: z.array(z.number().int()),
  boards: z.array(entryBoardSchema),
  counts: z.object({ finished: z.number().int(), total: z.number().int() }),
});
export type ResultEntryResponse = z.infer<typeof resultEntryResponseSchema>;

export const matchIdParamsSchema = z.object({ matchId: z.uuid('Match not found') });

export const setMatchResultBodySchema = z
  .object({
    /** null clears the result (the game is in progress again). */
    result: matchResultSchema,
    /** The version the writer read; a different current version refuses the write (409). */
    expectedVersion: z.number().int().min(1).optional(),
    /**
     * Instead of a version, the result the writer last saw (the offline outbox, ADR 032): a board whose result is
     * now different refuses the write (409 with the board), so nobody's result is silently replaced.
     */
    expected: matchResultSchema.optional(),
    ...clientActionFields,
  })
  .strict()
  .refine((body) => body.expectedVersion !== undefined || body.expected !== undefined, {
    message: MATCH_RESULT_MESSAGES.expectationMissing,
    path: ['expectedVersion'],
  });
export type SetMatchResultBody = z.infer<typeof setMatchResultBodySchema>;

export const setMatchResultResponseSchema = z.object({
  message: z.string(),
  board: entryBoardSchema,
});
export type SetMatchResultResponse = z.infer<typeof setMatchResultResponseSchema>;

/** A refused write: the message, and the board as it now stands so the page can show and refresh it. */
export const matchResultConflictSchema = apiErrorSchema.extend({ current: entryBoardSchema.optional() });
