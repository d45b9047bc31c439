import { z } from 'zod';
import { TIEBREAK_KEYS } from '../domain/scoring/tiebreak-key-list';
import { pairingNotesSchema, publicSectionSchema } from './tournament';

/**
 * The values of the tournament's tie-break keys (FIDE C.07; units and labels in domain/scoring/tiebreak-keys.ts:
 * Buchholz and direct encounter in half-points, Sonneborn-Berger in quarter-points, counts, ratings). Only the
 * keys of `tiebreakOrder` are sent; null means no value (e.g. ARO without a rated opponent, DE for a player
 * alone on his score).
 */
export const tiebreakValuesSchema = z.partialRecord(z.enum(TIEBREAK_KEYS), z.number().int().nullable());
export type TiebreakValues = z.infer<typeof tiebreakValuesSchema>;

/** Next to a withdrawn pupil's name in the standings: they keep the points won, and play no more rounds. */
export const WITHDRAWN_TAG = 'Withdrawn';

export const leaderboardRowSchema = z.object({
  rank: z.number().int(),
  name: z.string(),
  /** Withdrawn by their school or an arbiter after playing: still ranked by the points won (WITHDRAWN_TAG). */
  withdrawn: z.boolean(),
  groupName: z.string().nullable(),
  rating: z.number().int().nullable(),
  /** Integer half-points: 5 means 2½. */
  halfPoints: z.number().int(),
  wins: z.number().int(),
  draws: z.number().int(),
  losses: z.number().int(),
  byes: z.number().int(),
  tiebreaks: tiebreakValuesSchema,
  /** The slug of the player's section in an event with sections (ADR 044): the rank is within it. */
  section: z.string().optional(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

export const teamStandingRowSchema = z.object({
  rank: z.number().int(),
  team: z.string(),
  school: z.string(),
  /** Half-points of the best 4 players (domain/standings/teams.ts TEAM_STANDINGS_RULE). */
  halfPoints: z.number().int(),
  /** The counted players' wins (the first team tie-break). */
  wins: z.number().int(),
  /** Sum of the counted players' Buchholz, in half-points (the second team tie-break). */
  buchholz: z.number().int(),
  members: z.array(z.object({ name: z.string(), halfPoints: z.number().int(), counted: z.boolean() })),
  /** The slug of the team's section in an event with sections (ADR 044): the rank is within it. */
  section: z.string().optional(),
  /** The key "Follow" names the team's school by (ADR 045); absent when follows are off. */
  schoolFollowKey: z.string().optional(),
});
export type TeamStandingRow = z.infer<typeof teamStandingRowSchema>;

/** When the organisers hide the leaderboard, `visible` is false and the lists are empty. */
export const leaderboardResponseSchema = z.object({
  visible: z.boolean(),
  afterRound: z.number().int(),
  /** The rounds the standings count, e.g. "After round 2, round 3 in progress: 14 of 28 results in". */
  standingsHeading: z.string(),
  /** The tournament's tie-break order: players level on points are separated by these keys in turn. */
  tiebreakOrder: z.array(z.enum(TIEBREAK_KEYS)),
  players: z.array(leaderboardRowSchema),
  teams: z.array(teamStandingRowSchema),
  /** The current round's public pairing notes (shown whether or not the rankings are visible). */
  pairingNotes: pairingNotesSchema.nullable(),
  /** The event's sections in order (ADR 044); absent or empty: one group. */
  sections: z.array(publicSectionSchema).optional(),
});
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>;
