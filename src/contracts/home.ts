import { z } from 'zod';
import { TIEBREAK_KEYS } from '../domain/scoring/tiebreak-keys';
import { announcementSchema } from './announcements';
import { leaderboardRowSchema } from './leaderboard';
import { homePageSettingsSchema, registrationSettingsSchema } from './settings';
import { currentRoundResponseSchema, recentMatchSchema, tournamentResponseSchema } from './tournament';

/** Everything the home page shows, in one cacheable response (400 phones open it at once). */
export const homeResponseSchema = tournamentResponseSchema.extend({
  settings: homePageSettingsSchema,
  registration: registrationSettingsSchema,
  leaderboardVisible: z.boolean(),
  /** Top `featured_players_count` players of the standings; empty when the leaderboard is hidden. */
  featuredPlayers: z.array(leaderboardRowSchema),
  /** The tournament's tie-break order the featured players are ranked in ("points, then rating" is one). */
  tiebreakOrder: z.array(z.enum(TIEBREAK_KEYS)),
  currentRound: currentRoundResponseSchema,
  recentMatches: z.array(recentMatchSchema),
  announcements: z.array(announcementSchema),
});
export type HomeResponse = z.infer<typeof homeResponseSchema>;
