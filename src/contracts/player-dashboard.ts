import { z } from 'zod';
import { playerLookupEntrySchema } from './player-lookup';
import { roundStatusSchema } from './tournament';

/** The signed-in player's own tournament: next board first, then results, standing and team. */
export const playerDashboardSchema = playerLookupEntrySchema.extend({
  wins: z.number().int(),
  draws: z.number().int(),
  losses: z.number().int(),
  byes: z.number().int(),
  /** Players ranked on the leaderboard; null with the rank when the leaderboard is hidden. */
  rankedPlayers: z.number().int().nullable(),
  /** The status of the round `current` belongs to (the tournament's current round). */
  currentRoundStatus: roundStatusSchema.nullable(),
  team: z
    .object({
      team: z.string(),
      school: z.string(),
      /** Null when the leaderboard is hidden. */
      rank: z.number().int().nullable(),
      halfPoints: z.number().int(),
      teamCount: z.number().int(),
    })
    .nullable(),
});
export type PlayerDashboard = z.infer<typeof playerDashboardSchema>;

/**
 * GET /api/me/player-dashboard. `player` is null when the account is not linked to a player of the active
 * tournament (or there is no active tournament): the page says so instead of guessing by name.
 */
export const playerDashboardResponseSchema = z.object({
  tournament: z
    .object({ name: z.string(), currentRound: z.number().int(), totalRounds: z.number().int() })
    .nullable(),
  player: playerDashboardSchema.nullable(),
});
export type PlayerDashboardResponse = z.infer<typeof playerDashboardResponseSchema>;
