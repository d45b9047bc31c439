// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { addMonths, COOKIE_CONSENT_KEY, parseConsent, readConsent, storeConsent } from './cookie-consent';

const stored = (choice: string, date: string) => JSON.stringify({ choice, date });

describe('cookie consent', () => {
  beforeEach(() => window.localStorage.clear());

  it('asks when nothing or garbage is stored', () => {
    const now = new Date('2025-06-16T12:00:00Z');
    expect(parseConsent(null, now)).toBeNull();
    expect(parseConsent('yes', now)).toBeNull();
    expect(parseConsent(stored('maybe', '2025-06-01T00:00:00Z'), now)).toBeNull();
    expect(parseConsent(stored('accepted', 'not a date'), now)).toBeNull();
  });

  it('keeps a choice for six months, then asks again', () => {
    const raw = stored('declined', '2025-01-31T10:00:00.000Z');
    expect(parseConsent(raw, new Date('2025-07-30T10:00:00Z'))).toEqual({
      choice: 'declined',
      date: '2025-01-31T10:00:00.000Z',
    });
    expect(parseConsent(raw, new Date('2025-07-31T10:00:00Z'))).toBeNull();
  });

  it('does not trust a date in the future', () => {
    expect(
      parseConsent(stored('accepted', '2030-01-01T00:00:00Z'), new Date('2025-01-01T00:00:00Z')),
    ).toBeNull();
  });

  it('adds calendar months, clamping to the end of shorter months', () => {
    expect(addMonths(new Date('2025-08-31T09:00:00Z'), 6).toISOString()).toBe('2026-02-28T09:00:00.000Z');
    expect(addMonths(new Date('2025-03-15T09:00:00Z'), 6).toISOString()).toBe('2025-09-15T09:00:00.000Z');
  });

  it('stores the choice as JSON with the date and reads it back', () => {
    const now = new Date('2025-06-16T08:30:00.000Z');
    storeConsent('accepted', now);
    expect(JSON.parse(window.localStorage.getItem(COOKIE_CONSENT_KEY) ?? '')).toEqual({
      choice: 'accepted',
      date: '2025-06-16T08:30:00.000Z',
    });
    expect(readConsent(new Date('2025-06-17T00:00:00Z'))?.choice).toBe('accepted');
  });
});
