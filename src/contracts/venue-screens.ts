import { z } from 'zod';
import { countOf, nounFor } from '../domain/plural';
import {
  PAGE_SECONDS_DEFAULT,
  PAGE_SECONDS_MAX,
  PAGE_SECONDS_MIN,
  SCREEN_VIEWS,
  type ScreenView,
} from '../domain/venue-screens';
import { isoDateTime } from './common';
import { byeKindSchema, matchResultSchema, roundStatusSchema } from './tournament';

/**
 * Venue screens (issue 31, ADR 042): the hall's TVs, each opened at `/screen/<code>` without signing in, and
 * defined and switched by staff at `/admin/screens` (access rule `manageScreens`).
 */
export { SCREEN_VIEWS, type ScreenView };
export const screenViewSchema = z.enum(SCREEN_VIEWS);

export const SCREEN_VIEW_LABELS: Record<ScreenView, string> = {
  'pairings-by-name': 'Pairings by name',
  'pairings-by-board': 'Pairings by board',
  leaderboard: 'Leaderboard',
  'school-standings': 'School standings',
  'find-your-board': 'Find your board (QR code)',
  broadcast: 'Current broadcast',
  clock: 'Clock and round start',
  prizes: 'Prizes (winners once the embargo is lifted)',
};

export const SCREEN_THEMES = ['dark', 'light'] as const;
export const screenThemeSchema = z.enum(SCREEN_THEMES);
export type ScreenTheme = z.infer<typeof screenThemeSchema>;

export const SCREEN_NAME_MAX = 60;
export const SCREEN_GROUP_MAX = 40;
export const SCREEN_GROUP_DEFAULT = 'Hall';

export const VENUE_SCREEN_MESSAGES = {
  loadFailed: 'Failed to load the screens',
  saveFailed: 'Failed to save the screen',
  created: (name: string) => `Screen “${name}” added`,
  saved: (name: string) => `Screen “${name}” saved`,
  deleted: (name: string) => `Screen “${name}” deleted`,
  codeIssued: (name: string) => `New code for “${name}”: the old one no longer shows anything`,
  codeRevoked: (name: string) => `Code of “${name}” revoked: its display shows nothing`,
  switched: (count: number, view: string | null) =>
    view === null
      ? `${countOf(count, 'screen')} back to their own programme`
      : `${countOf(count, 'screen')} ${nounFor(count, 'shows', 'show')} ${view}`,
  notFound: 'No such screen',
  nameTaken: 'Another screen already has this name',
  nameRequired: 'Give the screen a name',
  programmeRequired: 'Choose at least one thing to show',
  noScreens: 'No screen in this group',
  // The display page.
  unknownCode: 'This screen code is not in use. Ask the organisers for the screen’s current address.',
  codePrompt: 'Type the screen code the organisers gave you',
  codeInvalid: 'A screen code has 12 letters and digits, like ABCD-EFGH-JKMN',
  noTournament: 'No tournament is running',
  noPairings: 'The pairings of the next round are not out yet',
  noBroadcast: 'No messages at the moment',
  leaderboardHidden: 'The standings are hidden for now',
  findYourBoard: 'Find your board on your phone',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  namesRange: (from: string, to: string) => (from === to ? `Names ${from}` : `Names ${from} – ${to}`),
  roundStarts: (time: string) => `Starts at ${time}`,
} as const;

const screenFields = {
  name: z.string().trim().min(1, VENUE_SCREEN_MESSAGES.nameRequired).max(SCREEN_NAME_MAX),
  group: z.string().trim().min(1).max(SCREEN_GROUP_MAX).default(SCREEN_GROUP_DEFAULT),
  programme: z
    .array(screenViewSchema)
    .min(1, VENUE_SCREEN_MESSAGES.programmeRequired)
    .max(SCREEN_VIEWS.length)
    .refine((views) => new Set(views).size === views.length, 'Each view once'),
  /** Show the whole list of pairings by name, paged, rather than the group's share of the alphabet. */
  allNames: z.boolean().default(false),
  theme: screenThemeSchema.default('dark'),
  pageSeconds: z.number().int().min(PAGE_SECONDS_MIN).max(PAGE_SECONDS_MAX).default(PAGE_SECONDS_DEFAULT),
};

/** POST /api/admin/venue-screens and PUT /api/admin/venue-screens/:id. */
export const screenInputSchema = z.object(screenFields).strict();
export type ScreenInput = z.input<typeof screenInputSchema>;

/** POST /api/admin/venue-screens/switch: one view on every screen (group null) or on a group's; null = programmes. */
export const screenSwitchSchema = z
  .object({
    group: z.string().trim().min(1).max(SCREEN_GROUP_MAX).nullable(),
    view: screenViewSchema.nullable(),
  })
  .strict();
export type ScreenSwitchInput = z.infer<typeof screenSwitchSchema>;

export const adminScreenSchema = z.object({
  id: z.string(),
  name: z.string(),
  group: z.string(),
  programme: z.array(screenViewSchema),
  allNames: z.boolean(),
  theme: screenThemeSchema,
  pageSeconds: z.number().int(),
  /** The view the switch put on it, or null while it follows its programme. */
  switchedTo: screenViewSchema.nullable(),
  /** Its live code (stored form), or null when revoked. */
  code: z.string().nullable(),
  codeIssuedAt: isoDateTime.nullable(),
  /** Its share of pairings by name now ("A – F"), when it shows one. */
  namesRange: z.string().nullable(),
});
export type AdminScreen = z.infer<typeof adminScreenSchema>;

export const adminScreensResponseSchema = z.object({ screens: z.array(adminScreenSchema) });
export type AdminScreensResponse = z.infer<typeof adminScreensResponseSchema>;
export const adminScreenResponseSchema = z.object({ screen: adminScreenSchema, message: z.string() });
export const screenSwitchResponseSchema = z.object({ switched: z.number().int(), message: z.string() });

// The display page's one read: GET /api/screens/:code.
const screenPersonSchema = z.object({ name: z.string(), team: z.string().nullable() });

export const nameLineSchema = z.object({
  name: z.string(),
  team: z.string().nullable(),
  /** The board, or null for a bye. */
  board: z.number().int().nullable(),
  colour: z.enum(['white', 'black']).nullable(),
  bye: byeKindSchema.nullable(),
});
export type NameLine = z.infer<typeof nameLineSchema>;

export const screenPayloadSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('pairings-by-name'),
    /** The names this screen covers ("A" to "F"), or null when it covers all or has none. */
    range: z.object({ from: z.string(), to: z.string() }).nullable(),
    lines: z.array(nameLineSchema),
  }),
  z.object({
    kind: z.literal('pairings-by-board'),
    boards: z.array(
      z.object({
        board: z.number().int(),
        white: screenPersonSchema.nullable(),
        black: screenPersonSchema.nullable(),
        result: matchResultSchema,
      }),
    ),
  }),
  z.object({
    kind: z.literal('leaderboard'),
    visible: z.boolean(),
    heading: z.string(),
    rows: z.array(
      z.object({
        rank: z.number().int(),
        name: z.string(),
        team: z.string().nullable(),
        halfPoints: z.number(),
      }),
    ),
  }),
  z.object({
    kind: z.literal('school-standings'),
    visible: z.boolean(),
    heading: z.string(),
    rows: z.array(
      z.object({ rank: z.number().int(), team: z.string(), school: z.string(), halfPoints: z.number() }),
    ),
  }),
  z.object({ kind: z.literal('find-your-board') }),
  z.object({ kind: z.literal('broadcast') }),
  z.object({ kind: z.literal('clock') }),
  z.object({
    kind: z.literal('prizes'),
    /** What to say instead of winners (the embargo, a hidden leaderboard, no prizes), or null to list them. */
    notice: z.string().nullable(),
    /** One line per award, list by list: "Under 1200", "1st", the winner, what they receive. */
    rows: z.array(z.object({ category: z.string(), place: z.string(), name: z.string(), prize: z.string() })),
  }),
]);
export type ScreenPayload = z.infer<typeof screenPayloadSchema>;

export const screenDisplaySchema = z.object({
  screen: z.object({ name: z.string(), theme: screenThemeSchema, pageSeconds: z.number().int() }),
  tournamentName: z.string().nullable(),
  /** The round the public pages show as this round. */
  round: z
    .object({ number: z.number().int(), status: roundStatusSchema, startTime: isoDateTime.nullable() })
    .nullable(),
  totalRounds: z.number().int(),
  /** The address of "find your board" as the QR code holds it, and as short as it can be said. */
  findAddress: z.string(),
  /** What the screen rotates through, in order (one view while the switch holds it). */
  views: z.array(screenPayloadSchema),
});
export type ScreenDisplay = z.infer<typeof screenDisplaySchema>;
