import { z } from 'zod';
import { TIEBREAK_KEYS } from '../domain/scoring/tiebreak-key-list';
import { announcementSchema } from './announcements';
import { leaderboardRowSchema } from './leaderboard';
import { homePageSettingsSchema, registrationSettingsSchema } from './settings';
import { currentRoundResponseSchema, recentMatchSchema, tournamentResponseSchema } from './tournament';

/** docs/requirements.md §9: the home page's sample of the current round shows 3 random boards. */
export const SAMPLE_BOARD_COUNT = 3;

/** Everything the home page shows, in one cacheable response (400 phones open it at once). */
export const homeResponseSchema = tournamentResponseSchema.extend({
  settings: homePageSettingsSchema,
  registration: registrationSettingsSchema,
  /** New registrations are taken now (domain isRegistrationOpen at the time of the read: switch and closing time). */
  registrationOpen: z.boolean(),
  leaderboardVisible: z.boolean(),
  /** Whether players may open the player dashboard (the `player_dashboard_open` setting; staff always may). */
  playerDashboardOpen: z.boolean(),
  /** Top `featured_players_count` players of the standings; empty when the leaderboard is hidden. */
  featuredPlayers: z.array(leaderboardRowSchema),
  /** The tournament's tie-break order the featured players are ranked in ("points, then rating" is one). */
  tiebreakOrder: z.array(z.enum(TIEBREAK_KEYS)),
  currentRound: currentRoundResponseSchema,
  /**
   * The board numbers of the current round's random sample, picked on the server once per data change (like the
   * recent matches), so every visitor, and the server-drawn page and the browser that takes it over, agree.
   */
  sampleBoards: z.array(z.number().int()),
  recentMatches: z.array(recentMatchSchema),
  announcements: z.array(announcementSchema),
  /** How long personal data is kept (ADR 035): the privacy page states the periods the retention job applies. */
  // Plain numbers, not the settings schema: this contract is in every page's first load (ADR 033's budget).
  retention: z.object({
    visitorDays: z.number().int(),
    registrationYears: z.number().int(),
    mailDays: z.number().int(),
  }),
  /** The host of the external geolocation service visitors' addresses go to (ADR 034), null for the offline database. */
  geolocationService: z.string().nullable(),
});
export type HomeResponse = z.infer<typeof homeResponseSchema>;
