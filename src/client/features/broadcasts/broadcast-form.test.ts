import { describe, expect, it } from 'vitest';
import { BROADCAST_MESSAGE_MAX, BROADCAST_MESSAGES } from '../../../contracts/broadcasts';
import { toLocalInput } from '../../lib/local-time';
import {
  type BroadcastDraft,
  canEnd,
  DAY_MS,
  deliveryText,
  draftToBody,
  emptyDraft,
  isDelivering,
  quickEnd,
  startOf,
} from './broadcast-form';

const NOW = new Date(2026, 2, 14, 10, 0, 0).getTime();
const at = (offsetMs: number) => toLocalInput(new Date(NOW + offsetMs));
const draft = (change: Partial<BroadcastDraft>): BroadcastDraft => ({
  ...emptyDraft(new Date(NOW)),
  message: 'Round 4 is delayed by 15 minutes',
  ...change,
});

describe('draftToBody', () => {
  it('sends an empty start as now, and both times with their offset', () => {
    const result = draftToBody(draft({}), NOW);
    expect(result.errors).toBeNull();
    expect(result.body).toMatchObject({
      message: 'Round 4 is delayed by 15 minutes',
      audience: 'everyone',
      style: 'info',
      dismissable: true,
      startsAt: null,
      sendEmail: false,
    });
    expect(Date.parse(result.body?.endsAt ?? '')).toBe(NOW + 60 * 60_000);
    expect(result.body?.endsAt).toMatch(/[+-]\d{2}:\d{2}$/);
  });

  it("refuses what the server refuses, with the contract's words", () => {
    expect(draftToBody(draft({ message: '   ' }), NOW).errors?.message).toBe(
      BROADCAST_MESSAGES.messageRequired,
    );
    expect(
      draftToBody(draft({ message: 'x'.repeat(BROADCAST_MESSAGE_MAX + 1) }), NOW).errors?.message,
    ).toMatch(String(BROADCAST_MESSAGE_MAX));
    expect(draftToBody(draft({ end: at(-60_000) }), NOW).errors?.endsAt).toBe(BROADCAST_MESSAGES.endInPast);
    expect(draftToBody(draft({ start: at(2 * 3600_000), end: at(3600_000) }), NOW).errors?.endsAt).toBe(
      BROADCAST_MESSAGES.endBeforeStart,
    );
    expect(draftToBody(draft({ end: at(15 * DAY_MS) }), NOW).errors?.endsAt).toBe(BROADCAST_MESSAGES.tooLong);
    expect(draftToBody(draft({ end: '' }), NOW).errors?.endsAt).toBeTruthy();
  });
});

describe('quick end times', () => {
  it('counts from the start, or from now when it starts now', () => {
    const start = new Date(NOW);
    expect(quickEnd('15min', start).getTime()).toBe(NOW + 15 * 60_000);
    expect(quickEnd('1h', start).getTime()).toBe(NOW + 60 * 60_000);
    expect(toLocalInput(quickEnd('endOfDay', start))).toBe('2026-03-14T23:59');
    expect(startOf(draft({ start: '' }), NOW).getTime()).toBe(NOW);
    expect(startOf(draft({ start: '2026-03-15T09:00' }), NOW)).toEqual(new Date(2026, 2, 15, 9, 0));
  });
});

describe('e-mail delivery', () => {
  it('is in progress until every mail is sent or failed, and reads sent/total (failed)', () => {
    expect(isDelivering({ email: null })).toBe(false);
    expect(isDelivering({ email: { total: 40, sent: 12, failed: 0 } })).toBe(true);
    expect(isDelivering({ email: { total: 40, sent: 38, failed: 2 } })).toBe(false);
    expect(deliveryText({ total: 40, sent: 12, failed: 0 })).toBe('12/40');
    expect(deliveryText({ total: 40, sent: 38, failed: 2 })).toBe('38/40 (2 failed)');
  });

  it('lets scheduled and running broadcasts end early, not ended ones', () => {
    expect(canEnd({ state: 'scheduled' })).toBe(true);
    expect(canEnd({ state: 'on' })).toBe(true);
    expect(canEnd({ state: 'ended' })).toBe(false);
  });
});
