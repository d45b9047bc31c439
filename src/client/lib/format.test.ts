import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatDateRange,
  formatEuroCents,
  formatRelativeTime,
  formatTime,
  formatUptime,
  playerLookupHref,
} from './format';

describe('format', () => {
  it('shows team prices in euro', () => {
    expect(formatEuroCents(6000)).toBe('€60.00');
    expect(formatEuroCents(1250)).toBe('€12.50');
  });

  it('shows calendar dates without shifting the day', () => {
    expect(formatCalendarDate('2025-03-15')).toBe('Sat 15 March 2025');
    expect(formatDateRange('2025-03-15', '2025-03-15')).toBe('Sat 15 March 2025');
    expect(formatDateRange('2025-03-15', '2025-03-16')).toBe('Sat 15 March 2025 – Sun 16 March 2025');
    expect(formatDateRange(null, null)).toBe('');
  });

  it('writes every calendar date of a span of years as Intl writes it in en-IE', () => {
    const intl = new Intl.DateTimeFormat('en-IE', {
      weekday: 'short',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (let day = Date.UTC(2024, 0, 1); day <= Date.UTC(2028, 11, 31); day += 86_400_000) {
      const isoDate = new Date(day).toISOString().slice(0, 10);
      expect(formatCalendarDate(isoDate), isoDate).toBe(intl.format(day));
    }
  });

  it('shows times in Irish time', () => {
    expect(formatTime('2025-07-01T09:30:00Z')).toBe('10:30');
    expect(formatTime('2025-01-15T09:30:00Z')).toBe('09:30');
  });

  it('links a name to the player lookup', () => {
    expect(playerLookupHref("Seán O'Brien & Co")).toBe("/player-lookup?name=Se%C3%A1n%20O'Brien%20%26%20Co");
  });

  it('says how long ago, as the requirements word it', () => {
    const now = new Date('2026-11-27T09:00:00Z');
    const ago = (ms: number) => formatRelativeTime(new Date(now.getTime() - ms).toISOString(), now);
    expect(ago(20_000)).toBe('Just now');
    expect(ago(-5_000)).toBe('Just now');
    expect(ago(60_000)).toBe('1 minute ago');
    expect(ago(59 * 60_000)).toBe('59 minutes ago');
    expect(ago(60 * 60_000)).toBe('1 hour ago');
    expect(ago(23 * 3_600_000)).toBe('23 hours ago');
    expect(ago(24 * 3_600_000)).toBe('1 day ago');
    expect(ago(9 * 86_400_000)).toBe('9 days ago');
  });

  it('gives uptime in days, hours and minutes', () => {
    expect(formatUptime(59)).toBe('0 days, 0 hours, 0 minutes');
    expect(formatUptime(2 * 86_400 + 3 * 3_600 + 60)).toBe('2 days, 3 hours, 1 minute');
    expect(formatUptime(86_400 + 3_600 + 120)).toBe('1 day, 1 hour, 2 minutes');
  });
});
