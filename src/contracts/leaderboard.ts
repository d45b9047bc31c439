import { z } from 'zod';
import { TIEBREAKS } from '../domain/scoring/tiebreaks';
import { pairingNotesSchema } from './tournament';

/**
 * The FIDE C.07 tie-breaks shown as columns, in the domain's units (scoring/tiebreaks.ts): Buchholz values
 * in half-points, Sonneborn-Berger in quarter-points. Wins are the row's own `wins`; direct encounter only
 * orders players still tied, so it has no column.
 */
export const tiebreakValuesSchema = z.object({
  buchholz_cut1: z.number().int(),
  buchholz: z.number().int(),
  sonneborn_berger: z.number().int(),
});
export type TiebreakValues = z.infer<typeof tiebreakValuesSchema>;

export const leaderboardRowSchema = z.object({
  rank: z.number().int(),
  name: z.string(),
  groupName: z.string().nullable(),
  rating: z.number().int().nullable(),
  /** Integer half-points: 5 means 2½. */
  halfPoints: z.number().int(),
  wins: z.number().int(),
  draws: z.number().int(),
  losses: z.number().int(),
  byes: z.number().int(),
  tiebreaks: tiebreakValuesSchema,
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

export const teamStandingRowSchema = z.object({
  rank: z.number().int(),
  team: z.string(),
  school: z.string(),
  halfPoints: z.number().int(),
  wins: z.number().int(),
  members: z.array(z.object({ name: z.string(), halfPoints: z.number().int() })),
});
export type TeamStandingRow = z.infer<typeof teamStandingRowSchema>;

/** When the organisers hide the leaderboard, `visible` is false and the lists are empty. */
export const leaderboardResponseSchema = z.object({
  visible: z.boolean(),
  afterRound: z.number().int(),
  /** The order players level on points are separated in (after it: rating, then name). */
  tiebreakOrder: z.array(z.enum(TIEBREAKS)),
  players: z.array(leaderboardRowSchema),
  teams: z.array(teamStandingRowSchema),
  /** The current round's public pairing notes (shown whether or not the rankings are visible). */
  pairingNotes: pairingNotesSchema.nullable(),
});
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>;
