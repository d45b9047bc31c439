import { describe, expect, it } from 'vitest';
import { EVENT_TIME_ZONE, eventDayOf } from './event-day';

describe('the event day', () => {
  it('counts days in Dublin: half past midnight in Irish summer time is that day, not the UTC day before', () => {
    expect(EVENT_TIME_ZONE).toBe('Europe/Dublin');
    // 2026-06-30 23:30 UTC is 2026-07-01 00:30 in Dublin (UTC+1).
    expect(eventDayOf(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    // In winter Dublin is on UTC: 23:30 UTC is still the same day.
    expect(eventDayOf(Date.parse('2026-01-15T23:30:00Z'))).toBe('2026-01-15');
  });
});
