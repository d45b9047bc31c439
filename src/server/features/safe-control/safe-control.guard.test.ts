import { describe, expect, it } from 'vitest';
import type { SafeSwitch } from '../../../contracts/safe-control';
import { switchStopping } from './safe-control.guard';

const on =
  (...names: SafeSwitch[]) =>
  (name: SafeSwitch) =>
    names.includes(name);
const post = (path: string, pausedBy?: SafeSwitch) => ({ method: 'POST', path, pausedBy });

describe('switchStopping (the rule the pages grey their buttons by, too)', () => {
  it("stops a paused route by its own switch, and every change by the read-only site's", () => {
    expect(switchStopping(post('/api/match-results', 'results_paused'), on('results_paused'))).toBe(
      'results_paused',
    );
    expect(switchStopping(post('/api/match-results', 'results_paused'), on('payments_paused'))).toBeNull();
    expect(
      switchStopping(post('/api/match-results', 'results_paused'), on('read_only', 'results_paused')),
    ).toBe('read_only');
    expect(switchStopping(post('/api/anything'), on('read_only'))).toBe('read_only');
  });

  it('lets reads, sign-in, the switches and backups through the read-only site', () => {
    expect(
      switchStopping({ method: 'GET', path: '/api/leaderboard', pausedBy: undefined }, on('read_only')),
    ).toBeNull();
    expect(switchStopping(post('/api/auth/sign-in/email'), on('read_only'))).toBeNull();
    expect(switchStopping(post('/api/admin/safe-control'), on('read_only'))).toBeNull();
    expect(switchStopping(post('/api/admin/backups'), on('read_only'))).toBeNull();
  });

  it('closes sign-ups by path, and an exempt route still obeys its own switch', () => {
    expect(switchStopping(post('/api/auth/sign-up/email'), on('signups_closed'))).toBe('signups_closed');
    expect(switchStopping(post('/api/auth/sign-in/email'), on('signups_closed'))).toBe(null);
    expect(switchStopping(post('/api/Auth/Sign-Up/email'), on('signups_closed'))).toBe('signups_closed');
    expect(switchStopping(post('/API/admin/announcements'), on('read_only'))).toBe('read_only');
    expect(switchStopping(post('/api/Auth/sign-in/email'), on('read_only'))).toBe('read_only');
    expect(
      switchStopping(post('/api/admin/backups', 'payments_paused'), on('read_only', 'payments_paused')),
    ).toBe('payments_paused');
  });
});
