import { z } from 'zod';
import { MATCH_RESULTS } from '../domain/scoring/results';
import { isoDate, isoDateTime } from './common';

export const roundStatusSchema = z.enum(['upcoming', 'active', 'completed']);
export type RoundStatus = z.infer<typeof roundStatusSchema>;
export const matchResultSchema = z.enum(MATCH_RESULTS).nullable();
export const byeKindSchema = z.enum(['pairing', 'full', 'half', 'zero']);

export const roundSummarySchema = z.object({
  number: z.number().int(),
  status: roundStatusSchema,
  startTime: isoDateTime.nullable(),
  endTime: isoDateTime.nullable(),
});
export type RoundSummary = z.infer<typeof roundSummarySchema>;

export const tournamentSummarySchema = z.object({
  name: z.string(),
  venue: z.string().nullable(),
  description: z.string().nullable(),
  startDate: isoDate.nullable(),
  endDate: isoDate.nullable(),
  currentRound: z.number().int(),
  totalRounds: z.number().int(),
  rounds: z.array(roundSummarySchema),
});
export type TournamentSummary = z.infer<typeof tournamentSummarySchema>;

export const tournamentStatsSchema = z.object({
  totalPlayers: z.number().int(),
  currentRound: z.number().int(),
  totalRounds: z.number().int(),
  completedMatches: z.number().int(),
  totalMatches: z.number().int(),
  completionRate: z.number().int().min(0).max(100),
});
export type TournamentStatsView = z.infer<typeof tournamentStatsSchema>;

export const tournamentResponseSchema = z.object({
  tournament: tournamentSummarySchema.nullable(),
  stats: tournamentStatsSchema.nullable(),
});
export type TournamentResponse = z.infer<typeof tournamentResponseSchema>;

/** A player as the public sees them: name and team, never an e-mail, birth date or internal id. */
export const publicPlayerSchema = z.object({
  name: z.string(),
  groupName: z.string().nullable(),
  rating: z.number().int().nullable(),
});
export type PublicPlayer = z.infer<typeof publicPlayerSchema>;

export const boardSchema = z.object({
  roundNumber: z.number().int(),
  board: z.number().int(),
  white: publicPlayerSchema.nullable(),
  black: publicPlayerSchema.nullable(),
  result: matchResultSchema,
  /** The board's round has started: without a result the game is in progress, else it has not begun. */
  isStarted: z.boolean(),
  /** Players reported a result from their phones that is not confirmed yet (ADR 040): "Reported", never final. */
  isReported: z.boolean().optional(),
});
export type Board = z.infer<typeof boardSchema>;

/**
 * Where the pairing engine relaxed a rule for a round, in words for the public, e.g. "Schoolmates paired on
 * board 12: no pairing avoided it" (rounds.pairing_notes).
 */
export const pairingNotesSchema = z.object({
  roundNumber: z.number().int(),
  notes: z.array(z.string()),
});
export type PairingNotes = z.infer<typeof pairingNotesSchema>;

export const currentRoundResponseSchema = z.object({
  round: roundSummarySchema.nullable(),
  boards: z.array(boardSchema),
  byes: z.array(z.object({ player: publicPlayerSchema, kind: byeKindSchema })),
  /** The round's public pairing notes; empty when no rule was relaxed. */
  pairingNotes: z.array(z.string()),
});
export type CurrentRoundResponse = z.infer<typeof currentRoundResponseSchema>;

export const recentMatchSchema = boardSchema.extend({ finishedAt: isoDateTime });
export type RecentMatch = z.infer<typeof recentMatchSchema>;
export const recentMatchesResponseSchema = z.object({ matches: z.array(recentMatchSchema) });

/** A section of an event as the public pages name it (issue 32, ADR 044): its name, and its short name in addresses. */
export const publicSectionSchema = z.object({ name: z.string(), slug: z.string() });
export type PublicSection = z.infer<typeof publicSectionSchema>;
