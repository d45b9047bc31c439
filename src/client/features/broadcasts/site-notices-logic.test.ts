import { describe, expect, it } from 'vitest';
import type { BroadcastNotice, CurrentBroadcasts } from '../../../contracts/broadcasts';
import type { SiteStatus } from '../../../contracts/safe-control';
import {
  MAX_REFETCH_DELAY_MS,
  MIN_REFETCH_DELAY_MS,
  NEXT_CHANGE_MARGIN_MS,
  pickNotices,
  refetchDelay,
} from './site-notices-logic';

const broadcast = (id: number, change: Partial<BroadcastNotice> = {}): BroadcastNotice => ({
  id,
  message: `Message ${id}`,
  style: 'info',
  dismissable: false,
  startsAt: '2026-03-14T09:00:00.000Z',
  endsAt: '2026-03-14T18:00:00.000Z',
  ...change,
});
const current = (...broadcasts: BroadcastNotice[]): CurrentBroadcasts => ({ broadcasts, nextChangeAt: null });
const status: SiteStatus = {
  on: ['read_only', 'mail_paused'],
  banners: [
    { switch: 'read_only', text: 'The site is read-only for the moment.', endsAt: null },
    { switch: 'mail_paused', text: '', endsAt: null },
  ],
  nextChangeAt: null,
};

describe('pickNotices', () => {
  it("shows the switches' banners first (as warnings, not closable), leaving out those without text", () => {
    const notices = pickNotices(status, current(broadcast(1)), []);
    expect(notices.map((notice) => notice.key)).toEqual(['switch-read_only', 'broadcast-1']);
    expect(notices[0]).toEqual({
      key: 'switch-read_only',
      message: 'The site is read-only for the moment.',
      style: 'warning',
      dismissId: null,
    });
  });

  it('orders broadcasts urgent, warning, information, keeping the server order within a style', () => {
    const notices = pickNotices(
      undefined,
      current(
        broadcast(1),
        broadcast(2, { style: 'urgent' }),
        broadcast(3, { style: 'warning' }),
        broadcast(4, { style: 'urgent' }),
      ),
      [],
    );
    expect(notices.map((notice) => notice.key)).toEqual([
      'broadcast-2',
      'broadcast-4',
      'broadcast-3',
      'broadcast-1',
    ]);
  });

  it('leaves out a closable broadcast this browser closed, never one that cannot be closed', () => {
    const notices = pickNotices(
      undefined,
      current(broadcast(1, { dismissable: true }), broadcast(2, { dismissable: false }), broadcast(3)),
      [1, 2],
    );
    expect(notices.map((notice) => [notice.key, notice.dismissId])).toEqual([
      ['broadcast-2', null],
      ['broadcast-3', null],
    ]);
    expect(pickNotices(undefined, current(broadcast(5, { dismissable: true })), [])[0]?.dismissId).toBe(5);
  });

  it('shows nothing while nothing is known', () => {
    expect(pickNotices(undefined, undefined, [])).toEqual([]);
  });
});

describe('refetchDelay', () => {
  const now = Date.parse('2026-03-14T10:00:00.000Z');
  it('asks again just after the next change, never sooner than a second, never later than a day', () => {
    expect(refetchDelay(null, now)).toBeNull();
    expect(refetchDelay(undefined, now)).toBeNull();
    expect(refetchDelay('nonsense', now)).toBeNull();
    expect(refetchDelay('2026-03-14T10:00:06.000Z', now)).toBe(6_000 + NEXT_CHANGE_MARGIN_MS);
    expect(refetchDelay('2026-03-14T09:59:00.000Z', now)).toBe(MIN_REFETCH_DELAY_MS);
    expect(refetchDelay('2026-03-28T10:00:00.000Z', now)).toBe(MAX_REFETCH_DELAY_MS);
  });
});
