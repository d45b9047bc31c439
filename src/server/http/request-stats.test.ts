import { describe, expect, it } from 'vitest';
import { RequestStats } from './request-stats';

describe('RequestStats', () => {
  it('counts the requests and server errors of the last 60 minutes, forgetting older ones', () => {
    let now = Date.UTC(2026, 10, 27, 9, 0, 0);
    const stats = new RequestStats(() => now);
    for (const status of [200, 200, 404, 500, 503]) stats.record(status);
    expect(stats.lastHour()).toEqual({ requests: 5, errors: 2 });
    now += 30 * 60_000;
    stats.record(200);
    expect(stats.lastHour()).toEqual({ requests: 6, errors: 2 });
    now += 31 * 60_000;
    // The first five are more than an hour old now; the slot they used is reused by a later minute.
    expect(stats.lastHour()).toEqual({ requests: 1, errors: 0 });
    now += 60 * 60_000;
    stats.record(502);
    expect(stats.lastHour()).toEqual({ requests: 1, errors: 1 });
  });
});
