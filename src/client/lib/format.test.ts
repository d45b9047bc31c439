import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDateRange, formatEuroCents, formatTime, playerLookupHref } from './format';

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

  it('shows times in Irish time', () => {
    expect(formatTime('2025-07-01T09:30:00Z')).toBe('10:30');
    expect(formatTime('2025-01-15T09:30:00Z')).toBe('09:30');
  });

  it('links a name to the player lookup', () => {
    expect(playerLookupHref("Seán O'Brien & Co")).toBe("/player-lookup?name=Se%C3%A1n%20O'Brien%20%26%20Co");
  });
});
