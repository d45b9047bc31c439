import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HOME_PAGE_SETTINGS,
  resolveCheckinOpen,
  resolveHomePageSettings,
  resolveLeaderboardVisible,
  resolveRegistrationSettings,
} from './settings';

describe('home page settings', () => {
  it('uses the defaults when nothing is stored', () => {
    expect(resolveHomePageSettings(undefined)).toEqual(DEFAULT_HOME_PAGE_SETTINGS);
    expect(resolveHomePageSettings(null)).toEqual(DEFAULT_HOME_PAGE_SETTINGS);
  });

  it('merges a stored object over the defaults', () => {
    const settings = resolveHomePageSettings({ header_title: 'Open 2025', featured_players_count: 5 });
    expect(settings.header_title).toBe('Open 2025');
    expect(settings.featured_players_count).toBe(5);
    expect(settings.contact_email).toBe(DEFAULT_HOME_PAGE_SETTINGS.contact_email);
  });

  it('accepts a string of JSON', () => {
    expect(resolveHomePageSettings('{"show_recent_matches":false}').show_recent_matches).toBe(false);
  });

  it('keeps the default of a malformed field and the stored value of the others', () => {
    const settings = resolveHomePageSettings({ featured_players_count: 'many', header_subtitle: 'Kept' });
    expect(settings.featured_players_count).toBe(3);
    expect(settings.header_subtitle).toBe('Kept');
  });

  it('treats unparseable text as no record', () => {
    expect(resolveHomePageSettings('{not json')).toEqual(DEFAULT_HOME_PAGE_SETTINGS);
  });
});

describe('leaderboard visibility', () => {
  it.each([
    [false, false],
    [true, true],
    [{ visible: false }, false],
    ['{"visible":false}', false],
    ['false', false],
    [undefined, true],
    ['garbage', true],
    [{ shown: false }, true],
  ])('%j → %s', (stored, expected) => {
    expect(resolveLeaderboardVisible(stored)).toBe(expected);
  });
});

describe('registration settings', () => {
  it('defaults to disabled at 6000 cents', () => {
    expect(resolveRegistrationSettings(undefined)).toEqual({ is_enabled: false, team_price: 6000 });
    expect(resolveRegistrationSettings({ is_enabled: 'yes' })).toEqual({
      is_enabled: false,
      team_price: 6000,
    });
  });

  it('reads a stored record', () => {
    expect(resolveRegistrationSettings({ is_enabled: true, team_price: 5000 })).toEqual({
      is_enabled: true,
      team_price: 5000,
    });
  });
});

describe('check-in', () => {
  it('is closed when missing or malformed, open only when stored as open', () => {
    expect(resolveCheckinOpen(undefined)).toBe(false);
    expect(resolveCheckinOpen('nonsense')).toBe(false);
    expect(resolveCheckinOpen(true)).toBe(true);
    expect(resolveCheckinOpen({ open: true })).toBe(true);
  });
});
