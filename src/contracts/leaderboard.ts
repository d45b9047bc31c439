import { z } from 'zod';

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
  players: z.array(leaderboardRowSchema),
  teams: z.array(teamStandingRowSchema),
});
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>;
