import { z } from 'zod';

/**
 * Settings documents keep the requirements' stored key names (snake_case) end to end: they are edited and stored as
 * one JSON document each, so renaming every key on the way would only add a mapping to get wrong.
 */
export const homePageSettingsSchema = z.object({
  welcome_message: z.string(),
  show_hero_animation: z.boolean(),
  hero_background_color: z.string(),
  show_live_stats: z.boolean(),
  announcements_enabled: z.boolean(),
  custom_announcement: z.string(),
  show_countdown_timer: z.boolean(),
  featured_players_count: z.number().int().min(0).max(20),
  show_recent_matches: z.boolean(),
  header_title: z.string(),
  header_subtitle: z.string(),
  header_background_color: z.string(),
  contact_email: z.string(),
  show_how_to_register: z.boolean(),
});
export type HomePageSettings = z.infer<typeof homePageSettingsSchema>;

/**
 * Stored records that only have `is_enabled` and `team_price` stay valid and read as before: the later fields
 * are optional (see registrationLimits for their defaults), and a malformed later field is dropped alone.
 */
export const registrationSettingsSchema = z.object({
  is_enabled: z.boolean(),
  /** Price of one team of 4 in euro cents. */
  team_price: z.number().int().min(0),
  /** After this moment no new registrations and no team name edits; null or absent: open while enabled. */
  closes_at: z.iso.datetime({ offset: true }).nullable().optional(),
  /** Teams one registration may enter; absent: 10. */
  max_teams_per_registration: z.number().int().min(1).max(100).optional(),
  /** Teams across all registrations that are not cancelled; null or absent: no limit. */
  max_teams_total: z.number().int().min(1).max(10_000).nullable().optional(),
});
export type RegistrationSettings = z.infer<typeof registrationSettingsSchema>;

export const DEFAULT_MAX_TEAMS_PER_REGISTRATION = 10;

/** The registration limits with their defaults filled in. */
export function registrationLimits(settings: RegistrationSettings): {
  closesAt: Date | null;
  maxTeamsPerRegistration: number;
  maxTeamsTotal: number | null;
} {
  return {
    closesAt: settings.closes_at ? new Date(settings.closes_at) : null,
    maxTeamsPerRegistration: settings.max_teams_per_registration ?? DEFAULT_MAX_TEAMS_PER_REGISTRATION,
    maxTeamsTotal: settings.max_teams_total ?? null,
  };
}

/** PUT /api/admin/registration-settings: the whole document; a card payment needs at least €0.50. */
export const updateRegistrationSettingsBodySchema = z
  .object({
    is_enabled: z.boolean(),
    team_price: z
      .number()
      .int('The team price is in whole cents')
      .min(50, 'The team price must be at least €0.50')
      .max(1_000_000, 'The team price is too high'),
    closes_at: z.iso.datetime({ offset: true, error: 'Enter a valid closing date and time' }).nullable(),
    max_teams_per_registration: z
      .number()
      .int()
      .min(1, 'Allow at least 1 team per registration')
      .max(100, 'At most 100 teams per registration')
      .default(DEFAULT_MAX_TEAMS_PER_REGISTRATION),
    max_teams_total: z.number().int().min(1).max(10_000).nullable().default(null),
  })
  .strict();
export type UpdateRegistrationSettingsBody = z.infer<typeof updateRegistrationSettingsBodySchema>;

export const DEFAULT_HOME_PAGE_SETTINGS: HomePageSettings = {
  welcome_message: 'Welcome to the Schools Team Chess Championship',
  show_hero_animation: true,
  hero_background_color: '#0f3d2e',
  show_live_stats: true,
  announcements_enabled: true,
  custom_announcement: '',
  show_countdown_timer: false,
  featured_players_count: 3,
  show_recent_matches: true,
  header_title: 'Schools Team Chess Championship',
  header_subtitle: 'Teams of four from schools across the region, seven hundred games, one day of chess.',
  header_background_color: '#0f3d2e',
  contact_email: 'chess@example.org',
  show_how_to_register: true,
};

/** docs/requirements.md §4: the team price (euro cents) when none is stored or the stored one cannot be read. */
export const DEFAULT_TEAM_PRICE_CENTS = 6000;

/** docs/requirements.md §4: registration closed at the default team price, when the setting is missing or malformed. */
export const DEFAULT_REGISTRATION_SETTINGS: RegistrationSettings = {
  is_enabled: false,
  team_price: DEFAULT_TEAM_PRICE_CENTS,
};

/** A stored settings value may be the JSON itself or a string holding JSON (docs/requirements.md §3). */
function unwrapJson(stored: unknown): unknown {
  if (typeof stored !== 'string') return stored;
  try {
    return JSON.parse(stored);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The stored home page settings merged over the defaults, field by field: a missing or malformed field keeps
 * its default, so one bad value never blanks the page. No stored record means all defaults (docs/requirements.md §4).
 */
export function resolveHomePageSettings(stored: unknown): HomePageSettings {
  const value = unwrapJson(stored);
  if (!isRecord(value)) return { ...DEFAULT_HOME_PAGE_SETTINGS };
  const merged: Record<string, unknown> = { ...DEFAULT_HOME_PAGE_SETTINGS };
  for (const [key, fieldSchema] of Object.entries(homePageSettingsSchema.shape)) {
    const parsed = fieldSchema.safeParse(value[key]);
    if (parsed.success) merged[key] = parsed.data;
  }
  return merged as HomePageSettings;
}

/** `leaderboard_visible` is a boolean or `{visible}`; anything else, or nothing, means visible (docs/requirements.md §4). */
export function resolveLeaderboardVisible(stored: unknown): boolean {
  const value = unwrapJson(stored);
  if (typeof value === 'boolean') return value;
  if (isRecord(value) && typeof value.visible === 'boolean') return value.visible;
  return true;
}

/**
 * Public registration settings; disabled at €60.00 per team when missing or when `is_enabled`/`team_price`
 * are malformed (docs/requirements.md §4). A malformed later field (closing date, limits) is left out, so its default applies.
 */
export function resolveRegistrationSettings(stored: unknown): RegistrationSettings {
  const value = unwrapJson(stored);
  const core = registrationSettingsSchema.pick({ is_enabled: true, team_price: true }).safeParse(value);
  if (!core.success || !isRecord(value)) return { ...DEFAULT_REGISTRATION_SETTINGS };
  const resolved: RegistrationSettings = { ...core.data };
  for (const key of ['closes_at', 'max_teams_per_registration', 'max_teams_total'] as const) {
    if (value[key] === undefined) continue;
    const parsed = registrationSettingsSchema.shape[key].safeParse(value[key]);
    if (parsed.success) Object.assign(resolved, { [key]: parsed.data });
  }
  return resolved;
}

/** `checkin_open`: closed unless it is stored as true (or {open: true}). */
export function resolveCheckinOpen(stored: unknown): boolean {
  const value = unwrapJson(stored);
  if (typeof value === 'boolean') return value;
  return isRecord(value) && value.open === true;
}

export { SETTING_KEYS } from './setting-keys';
