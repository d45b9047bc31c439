import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETENTION,
  isRegistrationExpired,
  isSessionRecordExpired,
  mailCutoff,
  registrationCutoffDay,
  registrationPeriodText,
  visitorCutoff,
} from './retention';

const now = new Date('2027-06-15T10:00:00Z');

describe('retention cut-offs', () => {
  it('keeps visitor records 90 days by default, and as many days as set', () => {
    expect(visitorCutoff(now, DEFAULT_RETENTION).toISOString()).toBe('2027-03-17T10:00:00.000Z');
    expect(visitorCutoff(now, { ...DEFAULT_RETENTION, visitorDays: 30 }).toISOString()).toBe(
      '2027-05-16T10:00:00.000Z',
    );
  });

  it('keeps copies of sent mails 90 days by default, and as many days as set', () => {
    expect(mailCutoff(now, DEFAULT_RETENTION).toISOString()).toBe('2027-03-17T10:00:00.000Z');
    expect(mailCutoff(now, { ...DEFAULT_RETENTION, mailDays: 7 }).toISOString()).toBe(
      '2027-06-08T10:00:00.000Z',
    );
  });

  it('states the registration period as parents read it', () => {
    expect(registrationPeriodText(DEFAULT_RETENTION)).toBe('2 years after the tournament');
    expect(registrationPeriodText({ registrationYears: 1 })).toBe('1 year after the tournament');
  });

  it('anonymises a registration two years after its tournament, not a day earlier', () => {
    expect(registrationCutoffDay(now, DEFAULT_RETENTION)).toBe('2025-06-15');
    const made = new Date('2025-01-10T09:00:00Z');
    expect(
      isRegistrationExpired({ tournamentDay: '2025-06-14', createdAt: made }, now, DEFAULT_RETENTION),
    ).toBe(true);
    expect(
      isRegistrationExpired({ tournamentDay: '2025-06-15', createdAt: made }, now, DEFAULT_RETENTION),
    ).toBe(false);
  });

  it('counts a registration never promoted from the day it was made', () => {
    const old = { tournamentDay: null, createdAt: new Date('2025-06-14T23:00:00Z') };
    const recent = { tournamentDay: null, createdAt: new Date('2025-06-15T01:00:00Z') };
    expect(isRegistrationExpired(old, now, DEFAULT_RETENTION)).toBe(true);
    expect(isRegistrationExpired(recent, now, DEFAULT_RETENTION)).toBe(false);
    expect(isRegistrationExpired(recent, now, { ...DEFAULT_RETENTION, registrationYears: 1 })).toBe(true);
  });

  it('expires a session store record once its time to live has passed', () => {
    const record = { timestamp: new Date('2027-06-15T09:00:00Z'), ttlSeconds: 3600 };
    expect(isSessionRecordExpired(record, now)).toBe(true);
    expect(isSessionRecordExpired(record, new Date('2027-06-15T09:59:59Z'))).toBe(false);
  });
});
