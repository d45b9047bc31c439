import { describe, expect, it } from 'vitest';
import { formatCountdown, timeUntil } from './countdown';

describe('countdown', () => {
  const now = new Date('2025-03-10T08:00:00Z');

  it('counts whole days, hours and minutes, rounding up to the next minute', () => {
    expect(timeUntil(new Date('2025-03-13T12:05:30Z'), now)).toEqual({ days: 3, hours: 4, minutes: 6 });
    expect(timeUntil(new Date('2025-03-10T08:00:01Z'), now)).toEqual({ days: 0, hours: 0, minutes: 1 });
  });

  it('stops once the start has passed', () => {
    expect(timeUntil(now, now)).toBeNull();
    expect(timeUntil(new Date('2025-03-01T00:00:00Z'), now)).toBeNull();
  });

  it('reads naturally', () => {
    expect(formatCountdown({ days: 3, hours: 4, minutes: 6 })).toBe('3 days, 4 hours and 6 minutes');
    expect(formatCountdown({ days: 1, hours: 0, minutes: 1 })).toBe('1 day and 1 minute');
    expect(formatCountdown({ days: 0, hours: 2, minutes: 0 })).toBe('2 hours');
  });
});
