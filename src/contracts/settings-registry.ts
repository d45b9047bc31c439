import { z } from 'zod';
import type { AccessName } from '../domain/access-rules';
import { backgroundContrastProblem, describeContrastProblem } from '../domain/contrast';
import { CRM_REMINDER_DAYS_DEFAULT } from '../domain/crm-messages';
import { DEFAULT_RETENTION, type RetentionPeriods } from '../domain/retention';
import { DEFAULT_ROSTER_RULES, type RosterRules } from '../domain/roster-changes';
import { CRM_REMINDER_SETTING_KEY, crmReminderDaysSchema, readCrmReminderDays } from './crm-messages';
import {
  DEFAULT_RESULT_REPORTING,
  RESULT_REPORTING_SETTING_KEY,
  type ResultReporting,
  readResultReporting,
  resultReportingSchema,
} from './result-reports';
import { RETENTION_SETTING_KEY, readRetentionPeriods, retentionPeriodsSchema } from './retention';
import { ROSTER_RULES_SETTING_KEY, readRosterRules, rosterRulesSchema } from './roster-changes';
import {
  readSafeControl,
  SAFE_CONTROL_SETTING_KEY,
  type SafeControlState,
  safeControlStateSchema,
} from './safe-control';
import {
  DEFAULT_HOME_PAGE_SETTINGS,
  DEFAULT_REGISTRATION_SETTINGS,
  type HomePageSettings,
  homePageSettingsSchema,
  type RegistrationSettings,
  resolveCheckinOpen,
  resolveHomePageSettings,
  resolveLeaderboardVisible,
  resolveRegistrationSettings,
  SETTING_KEYS,
  updateRegistrationSettingsBodySchema,
} from './settings';
import { GEOLOCATION_URL_SETTING_KEY, geolocationUrlSchema, readGeolocationUrl } from './visitor-analytics';

/**
 * The one list of settings (ADR 020), shared by server and client: each setting's key, the schema a change
 * must pass, its default, its tolerant reader (a missing or broken stored value reads as the default,
 * docs/requirements.md §4), the access rule that may change it, whether the public snapshot carries it and
 * whether open pages follow it live, and the admin page where it is changed.
 */
export interface SettingDefinition<T> {
  key: string;
  label: string;
  /** What a change must satisfy; a value that fails is refused with the schema's message (400). */
  schema: z.ZodType<T>;
  default: T;
  /** Reads whatever is stored (or nothing) as a value of the setting; never throws. */
  read: (stored: unknown) => T;
  /** The access rule (src/domain/access-rules.ts) that may change it. */
  access: AccessName;
  /** Carried in the public snapshot (`/api/public/*`); otherwise only staff routes read it. */
  isPublic: boolean;
  /** Open pages follow a change without reloading (the settings trigger and `/api/live`). */
  isLive: boolean;
  /** The admin page that changes it; /admin/settings changes it through the settings API. */
  page: string;
}

export const SITE_SETTINGS_PAGE = '/admin/settings';

/** Longest texts of the home page settings; the form shows a counter against them. */
export const HOME_TEXT_LIMITS = {
  welcome_message: 200,
  header_title: 120,
  header_subtitle: 300,
  custom_announcement: 1000,
} as const;

export const MAX_FEATURED_PLAYERS = 20;

const bandColour = z.string().superRefine((value, context) => {
  const problem = backgroundContrastProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: describeContrastProblem(problem) });
});

function limitedText(limit: number, what: string) {
  return z.string().trim().max(limit, `${what} can be at most ${limit} characters`);
}

/** A change to the home page settings: the whole document, every field checked (docs/requirements.md §3). */
export const homePageSettingsUpdateSchema = homePageSettingsSchema
  .extend({
    welcome_message: limitedText(HOME_TEXT_LIMITS.welcome_message, 'The welcome message'),
    hero_background_color: bandColour,
    custom_announcement: limitedText(HOME_TEXT_LIMITS.custom_announcement, 'The announcement'),
    featured_players_count: z
      .number({ error: 'Enter a number of featured players' })
      .int('Enter a whole number of featured players')
      .min(0, 'Featured players cannot be negative')
      .max(MAX_FEATURED_PLAYERS, `Feature at most ${MAX_FEATURED_PLAYERS} players`),
    header_title: limitedText(HOME_TEXT_LIMITS.header_title, 'The header title'),
    header_subtitle: limitedText(HOME_TEXT_LIMITS.header_subtitle, 'The subtitle'),
    header_background_color: bandColour,
    contact_email: z.string().trim().pipe(z.email('Enter a valid contact e-mail address')),
  })
  .strict();

function define<T>(definition: SettingDefinition<T>): SettingDefinition<T> {
  return definition;
}

/** `player_dashboard_open` is a boolean; anything else, or nothing, means open (the default, docs/requirements.md §4). */
export function readPlayerDashboardOpen(stored: unknown): boolean {
  return typeof stored === 'boolean' ? stored : true;
}

export const SETTINGS_REGISTRY = {
  [SETTING_KEYS.homePage]: define<HomePageSettings>({
    key: SETTING_KEYS.homePage,
    label: 'Home page',
    schema: homePageSettingsUpdateSchema,
    default: DEFAULT_HOME_PAGE_SETTINGS,
    read: resolveHomePageSettings,
    access: 'changeSiteSettings',
    isPublic: true,
    isLive: true,
    page: SITE_SETTINGS_PAGE,
  }),
  [SETTING_KEYS.leaderboardVisible]: define<boolean>({
    key: SETTING_KEYS.leaderboardVisible,
    label: 'Leaderboard visibility',
    schema: z.boolean({ error: 'Leaderboard visibility is on or off' }),
    default: true,
    read: resolveLeaderboardVisible,
    access: 'changeSiteSettings',
    isPublic: true,
    isLive: true,
    page: SITE_SETTINGS_PAGE,
  }),
  // docs/requirements.md §2: the player dashboard "can be configured so that players are refused" it. Public, so the
  // client's guard reads it from the home data (and follows a change live); the API refuses players as well.
  [SETTING_KEYS.playerDashboardOpen]: define<boolean>({
    key: SETTING_KEYS.playerDashboardOpen,
    label: 'Player dashboard for players',
    schema: z.boolean({ error: 'The player dashboard is open or closed to players' }),
    default: true,
    read: readPlayerDashboardOpen,
    access: 'changeSiteSettings',
    isPublic: true,
    isLive: true,
    page: SITE_SETTINGS_PAGE,
  }),
  [SETTING_KEYS.registration]: define<RegistrationSettings>({
    key: SETTING_KEYS.registration,
    label: 'Registration settings',
    schema: updateRegistrationSettingsBodySchema,
    default: DEFAULT_REGISTRATION_SETTINGS,
    read: resolveRegistrationSettings,
    access: 'manageRegistrations',
    isPublic: true,
    isLive: true,
    page: '/admin/manage-registrations',
  }),
  [SETTING_KEYS.checkinOpen]: define<boolean>({
    key: SETTING_KEYS.checkinOpen,
    label: 'Check-in settings',
    schema: z.boolean(),
    default: false,
    read: resolveCheckinOpen,
    access: 'checkinSettings',
    isPublic: false,
    isLive: true,
    page: '/admin/checkin-settings',
  }),
  // The public snapshot reads it for the leaderboard switch; pages learn the rest from /api/site-status.
  [SAFE_CONTROL_SETTING_KEY]: define<SafeControlState>({
    key: SAFE_CONTROL_SETTING_KEY,
    label: 'Safe-control switches',
    schema: safeControlStateSchema,
    default: readSafeControl(undefined),
    read: readSafeControl,
    access: 'superadminDashboard',
    isPublic: true,
    isLive: true,
    page: '/admin/safe-control',
  }),
  // Team tasks: days before a task's due date the school's teacher is reminded (0: off; ADR 027).
  [CRM_REMINDER_SETTING_KEY]: define<number>({
    key: CRM_REMINDER_SETTING_KEY,
    label: 'Task reminder timing',
    schema: crmReminderDaysSchema,
    default: CRM_REMINDER_DAYS_DEFAULT,
    read: readCrmReminderDays,
    access: 'crm',
    isPublic: false,
    isLive: false,
    page: '/crm/settings',
  }),
  // How long personal data is kept (ADR 035): the daily job applies it, the privacy page states it.
  [RETENTION_SETTING_KEY]: define<RetentionPeriods>({
    key: RETENTION_SETTING_KEY,
    label: 'Retention periods',
    schema: retentionPeriodsSchema,
    default: DEFAULT_RETENTION,
    read: readRetentionPeriods,
    access: 'superadminDashboard',
    isPublic: true,
    isLive: false,
    page: '/admin/super-admin-dashboard',
  }),
  // An external IP-geolocation service instead of the offline database (ADR 034): off ('') by default. In the public
  // snapshot so the privacy page names the service's host; the address itself (it may hold a key) is never sent.
  [GEOLOCATION_URL_SETTING_KEY]: define<string>({
    key: GEOLOCATION_URL_SETTING_KEY,
    label: 'External geolocation service',
    schema: geolocationUrlSchema,
    default: '',
    read: readGeolocationUrl,
    access: 'superadminDashboard',
    isPublic: true,
    isLive: false,
    page: '/admin/analytics',
  }),
  // Results reported from the players' phones (ADR 040): off by default, and only for the tournament it was
  // switched on for; whether captains may confirm; when a one-sided report goes to the arbiter.
  [RESULT_REPORTING_SETTING_KEY]: define<ResultReporting>({
    key: RESULT_REPORTING_SETTING_KEY,
    label: 'Results reported by players',
    schema: resultReportingSchema,
    default: DEFAULT_RESULT_REPORTING,
    read: readResultReporting,
    access: 'manageRounds',
    isPublic: false,
    isLive: true,
    page: '/admin/result-reports',
  }),
  // What teachers may change on their roster page and until when (issue #30); the public "how the day works"
  // page states it, so the snapshot carries it.
  [ROSTER_RULES_SETTING_KEY]: define<RosterRules>({
    key: ROSTER_RULES_SETTING_KEY,
    label: 'Roster rules',
    schema: rosterRulesSchema,
    default: DEFAULT_ROSTER_RULES,
    read: readRosterRules,
    access: 'manageRounds',
    isPublic: true,
    isLive: true,
    page: '/admin/roster-rules',
  }),
} as const;

export type SettingKey = keyof typeof SETTINGS_REGISTRY;
export type SettingValue<K extends SettingKey> = (typeof SETTINGS_REGISTRY)[K]['default'];

/** The settings /admin/settings changes through the settings API (the others have their own page). */
export const SITE_SETTING_KEYS = [
  SETTING_KEYS.homePage,
  SETTING_KEYS.leaderboardVisible,
  SETTING_KEYS.playerDashboardOpen,
] as const;
export type SiteSettingKey = (typeof SITE_SETTING_KEYS)[number];

/** The keys the public snapshot reads. */
export const PUBLIC_SETTING_KEYS: readonly SettingKey[] = Object.values(SETTINGS_REGISTRY)
  .filter((definition) => definition.isPublic)
  .map((definition) => definition.key as SettingKey);

export function isSettingKey(value: unknown): value is SettingKey {
  return typeof value === 'string' && Object.hasOwn(SETTINGS_REGISTRY, value);
}

export function isSiteSettingKey(value: unknown): value is SiteSettingKey {
  return (SITE_SETTING_KEYS as readonly unknown[]).includes(value);
}

/** A stored value read through its setting's tolerant reader. */
export function readSettingValue<K extends SettingKey>(key: K, stored: unknown): SettingValue<K> {
  return SETTINGS_REGISTRY[key].read(stored) as SettingValue<K>;
}

// --- The settings API (/api/admin/settings) ---

/** docs/requirements.md §8: the settings page's messages, exact. */
export const SETTINGS_MESSAGES = {
  loadFailed: 'Failed to load system settings',
  updateFailed: 'Failed to update system setting',
  saved: 'Setting saved',
  reset: 'Settings reset to defaults',
  unknownSetting: 'There is no such setting here',
} as const;

export const siteSettingKeySchema = z.enum(SITE_SETTING_KEYS);

/** GET /api/admin/settings: the site settings as the site reads them, and whether each is stored. */
export const siteSettingsResponseSchema = z.object({
  home_page_settings: homePageSettingsSchema,
  leaderboard_visible: z.boolean(),
  player_dashboard_open: z.boolean(),
  /** Keys that have a stored record (the others read as their defaults). */
  stored: z.array(siteSettingKeySchema),
  /** Where the settings that have their own page are changed. */
  elsewhere: z.array(z.object({ key: z.string(), label: z.string(), page: z.string() })),
});
export type SiteSettingsResponse = z.infer<typeof siteSettingsResponseSchema>;

export const settingParamsSchema = z.object({ key: siteSettingKeySchema });

/** PUT /api/admin/settings/:key: the new value, checked against the setting's schema. */
export const updateSettingBodySchema = z.object({ value: z.unknown() }).strict();

export const settingChangeResponseSchema = z.object({
  message: z.string(),
  settings: siteSettingsResponseSchema,
});
export type SettingChangeResponse = z.infer<typeof settingChangeResponseSchema>;

/** POST /api/admin/settings/reset: delete the stored records, so every reader falls back to its default. */
export const resetSettingsBodySchema = z
  .object({
    keys: z
      .array(siteSettingKeySchema)
      .min(1)
      .default([...SITE_SETTING_KEYS]),
  })
  .strict();
