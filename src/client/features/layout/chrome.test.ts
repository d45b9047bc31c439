import { describe, expect, it } from 'vitest';
import { chromeFor } from './chrome';

describe('chromeFor (docs/requirements.md §2 Layout)', () => {
  it('gives anonymous visitors the public header and footer on public pages', () => {
    for (const path of ['/', '/privacy', '/registration-guide', '/login'])
      expect(chromeFor(path, false)).toBe('public');
  });

  it('keeps the public frame for signed-in users on the listed pages only', () => {
    for (const path of [
      '/',
      '/home',
      '/leaderboard',
      '/player-lookup',
      '/registration',
      '/login',
      '/important-information',
    ]) {
      expect(chromeFor(path, true)).toBe('public');
    }
    expect(chromeFor('/privacy', true)).toBe('app');
    expect(chromeFor('/site-navigation', true)).toBe('app');
  });

  it('uses the app bar in the signed-in areas, even before the session is known', () => {
    expect(chromeFor('/account-settings', false)).toBe('app');
    expect(chromeFor('/admin/user-management', false)).toBe('app');
    expect(chromeFor('/admin', true)).toBe('app');
    expect(chromeFor('/administrator', false)).toBe('public');
  });
});
