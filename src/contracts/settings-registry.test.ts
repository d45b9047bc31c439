import { describe, expect, it } from 'vitest';
import { RETENTION_SETTING_KEY } from './retention';
import { ROSTER_RULES_SETTING_KEY } from './roster-changes';
import { SAFE_CONTROL_SETTING_KEY } from './safe-control';
import { DEFAULT_HOME_PAGE_SETTINGS, SETTING_KEYS } from './settings';
import {
  homePageSettingsUpdateSchema,
  PUBLIC_SETTING_KEYS,
  readSettingValue,
  SETTINGS_REGISTRY,
} from './settings-registry';
import { GEOLOCATION_URL_SETTING_KEY } from './visitor-analytics';

describe('settings registry', () => {
  it('reads leaderboard visibility as a boolean or {visible}, and anything else as visible', () => {
    const read = (stored: unknown) => readSettingValue(SETTING_KEYS.leaderboardVisible, stored);
    expect(read(false)).toBe(false);
    expect(read({ visible: false })).toBe(false);
    expect(read('false')).toBe(false);
    expect(read(JSON.stringify({ visible: false }))).toBe(false);
    for (const broken of [undefined, null, 'no', 0, { visible: 'no' }, [], '{oops']) {
      expect(read(broken)).toBe(true);
    }
  });

  it('reads home page settings from JSON or a string of JSON, field by field over the defaults', () => {
    const read = (stored: unknown) => readSettingValue(SETTING_KEYS.homePage, stored);
    expect(read(undefined)).toEqual(DEFAULT_HOME_PAGE_SETTINGS);
    expect(read('{not json')).toEqual(DEFAULT_HOME_PAGE_SETTINGS);
    expect(read(JSON.stringify({ header_title: 'Spring Open' })).header_title).toBe('Spring Open');
    const mixed = read({ featured_players_count: 'five', header_title: 'Spring Open', unknown: 1 });
    expect(mixed.featured_players_count).toBe(3);
    expect(mixed.header_title).toBe('Spring Open');
    expect(mixed).not.toHaveProperty('unknown');
  });

  it('reads registration and check-in settings with their requirement defaults', () => {
    expect(readSettingValue(SETTING_KEYS.registration, { is_enabled: 'soon' })).toEqual({
      is_enabled: false,
      team_price: 6000,
    });
    expect(readSettingValue(SETTING_KEYS.checkinOpen, undefined)).toBe(false);
    expect(readSettingValue(SETTING_KEYS.checkinOpen, { open: true })).toBe(true);
  });

  it('reads the player dashboard as open unless it is stored as false', () => {
    expect(readSettingValue(SETTING_KEYS.playerDashboardOpen, undefined)).toBe(true);
    expect(readSettingValue(SETTING_KEYS.playerDashboardOpen, false)).toBe(false);
    expect(readSettingValue(SETTING_KEYS.playerDashboardOpen, 'closed')).toBe(true);
  });

  it('gives every setting a default its own schema accepts and its reader returns unchanged', () => {
    for (const definition of Object.values(SETTINGS_REGISTRY)) {
      expect(definition.read(undefined)).toEqual(definition.default);
      if (definition.key !== SETTING_KEYS.registration) {
        // A registration change must state its closing date (or null); the stored default has none.
        expect(definition.schema.safeParse(definition.default).success).toBe(true);
      }
    }
    expect(PUBLIC_SETTING_KEYS).toEqual([
      SETTING_KEYS.homePage,
      SETTING_KEYS.leaderboardVisible,
      // The player dashboard's guard reads it from the home data (docs/requirements.md §2).
      SETTING_KEYS.playerDashboardOpen,
      SETTING_KEYS.registration,
      SAFE_CONTROL_SETTING_KEY,
      // The privacy page and the cookie banner state the retention periods to everyone.
      RETENTION_SETTING_KEY,
      // The privacy page names the external geolocation service's host (never its address).
      GEOLOCATION_URL_SETTING_KEY,
      // The public "how the day works" page states the roster rules.
      ROSTER_RULES_SETTING_KEY,
    ]);
  });

  it('reads the roster rules whole or not at all, and refuses a change beyond a limit naming it', () => {
    const rules = readSettingValue(ROSTER_RULES_SETTING_KEY, undefined);
    expect(rules).toMatchObject({
      halfPointByesPerPlayer: 1,
      finalRoundByeAfterStart: false,
      namesLockHours: 48,
    });
    expect(readSettingValue(ROSTER_RULES_SETTING_KEY, { ...rules, halfPointByesPerPlayer: 2 })).toEqual({
      ...rules,
      halfPointByesPerPlayer: 2,
    });
    expect(readSettingValue(ROSTER_RULES_SETTING_KEY, { ...rules, halfPointByesPerPlayer: 'two' })).toEqual(
      rules,
    );
    const schema = SETTINGS_REGISTRY[ROSTER_RULES_SETTING_KEY].schema;
    expect(schema.safeParse({ ...rules, halfPointByesPerPlayer: 6 }).error?.issues[0]?.message).toBe(
      'The half-point byes per pupil can be at most 5',
    );
    expect(schema.safeParse({ ...rules, lateEntryUntilRound: 0 }).error?.issues[0]?.message).toBe(
      'The last round a late entry may join cannot be below 1',
    );
    expect(schema.safeParse({ ...rules, lateEntryUntilRound: null }).success).toBe(true);
  });

  it('refuses a change that would be unreadable or unreachable, with the reason', () => {
    const change = (patch: Record<string, unknown>) =>
      homePageSettingsUpdateSchema.safeParse({ ...DEFAULT_HOME_PAGE_SETTINGS, ...patch });
    expect(change({ featured_players_count: 21 }).error?.issues[0]?.message).toBe(
      'Feature at most 20 players',
    );
    expect(change({ contact_email: 'chess at example' }).error?.issues[0]?.message).toBe(
      'Enter a valid contact e-mail address',
    );
    expect(change({ header_background_color: '#3b82f6' }).error?.issues[0]?.path).toEqual([
      'header_background_color',
    ]);
    expect(change({ header_title: 'x'.repeat(121) }).success).toBe(false);
    expect(change({ extra: true }).success).toBe(false);
    expect(change({ header_title: '  Spring Open  ' }).data?.header_title).toBe('Spring Open');
  });
});
