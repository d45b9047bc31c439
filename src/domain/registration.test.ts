import { describe, expect, it } from 'vitest';
import {
  ageOn,
  ELIGIBILITY_MESSAGES,
  formatEuro,
  formatReference,
  isConsentPending,
  isRegistrationOpen,
  leadingZeroBits,
  normaliseReference,
  playerEligibility,
  REFERENCE_ALPHABET,
  REFERENCE_PATTERN,
  registrationClosedBy,
} from './registration';

describe('registration rules', () => {
  it('counts age in whole years on the tournament day, birthdays included', () => {
    expect(ageOn('2012-03-15', '2025-03-14')).toBe(12);
    expect(ageOn('2012-03-15', '2025-03-15')).toBe(13);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2010-02-30', '2025-03-15')).toBeNull();
  });

  it('admits 13 and over; under 18 needs consent; a date of birth wins over a school year', () => {
    const day = '2025-03-15';
    expect(playerEligibility({ dateOfBirth: '2012-03-16' }, day)).toEqual({
      eligible: false,
      reason: ELIGIBILITY_MESSAGES.tooYoung,
    });
    expect(playerEligibility({ dateOfBirth: '2012-03-15' }, day)).toEqual({
      eligible: true,
      needsGuardianConsent: true,
    });
    expect(playerEligibility({ dateOfBirth: '2007-03-15' }, day)).toEqual({
      eligible: true,
      needsGuardianConsent: false,
    });
    expect(playerEligibility({ dateOfBirth: '2026-01-01' }, day)).toMatchObject({ eligible: false });
    expect(playerEligibility({ dateOfBirth: '2013-01-01', schoolYear: '6th Year' }, day)).toMatchObject({
      eligible: false,
    });
  });

  it('maps school years conservatively: 1st Year needs a date of birth, every other year needs consent', () => {
    expect(playerEligibility({ schoolYear: '1st Year' }, '2025-03-15')).toEqual({
      eligible: false,
      reason: ELIGIBILITY_MESSAGES.firstYear,
    });
    expect(playerEligibility({ schoolYear: '6th Year' }, '2025-03-15')).toEqual({
      eligible: true,
      needsGuardianConsent: true,
    });
    expect(playerEligibility({}, '2025-03-15')).toEqual({
      eligible: false,
      reason: ELIGIBILITY_MESSAGES.missingAge,
    });
  });

  it('makes references from unambiguous characters and reads them back however they are typed', () => {
    expect(REFERENCE_ALPHABET).not.toMatch(/[01OILBSZ]/);
    const reference = formatReference([0, 1, 2, 3, 4, 27]);
    expect(reference).toBe('REG-ACDE-F9');
    expect(reference).toMatch(REFERENCE_PATTERN);
    expect(normaliseReference(' reg acde f9 ')).toBe(reference);
    expect(normaliseReference('ACDEF9')).toBe(reference);
  });

  it('counts leading zero bits of a digest', () => {
    expect(leadingZeroBits(new Uint8Array([0, 0, 0x10, 0xff]))).toBe(19);
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
  });

  it('keeps under-18s pending guardian consent until their guardian confirms, counting age on the tournament day', () => {
    const day = '2025-03-15';
    // 17 on the tournament day: pending until confirmed.
    expect(isConsentPending({ dateOfBirth: '2007-03-16' }, day)).toBe(true);
    expect(isConsentPending({ dateOfBirth: '2007-03-16', guardianConfirmedAt: null }, day)).toBe(true);
    expect(
      isConsentPending(
        { dateOfBirth: '2007-03-16', guardianConfirmedAt: new Date('2025-02-01T10:00:00Z') },
        day,
      ),
    ).toBe(false);
    expect(
      isConsentPending({ dateOfBirth: '2007-03-16', guardianConfirmedAt: '2025-02-01T10:00:00Z' }, day),
    ).toBe(false);
    // 18 on the tournament day (a birthday that day counts): never pending.
    expect(isConsentPending({ dateOfBirth: '2007-03-15' }, day)).toBe(false);
    // Age counted on the tournament day, not the day of registering.
    expect(isConsentPending({ dateOfBirth: '2007-03-16' }, '2025-03-16')).toBe(false);
    // A school year never proves 18; an entry whose age cannot be worked out is never assumed consented.
    expect(isConsentPending({ schoolYear: '6th Year' }, day)).toBe(true);
    expect(isConsentPending({}, day)).toBe(true);
    expect(isConsentPending({ dateOfBirth: '2007-02-30' }, day)).toBe(true);
    // A date-time is read as its day.
    expect(isConsentPending({ dateOfBirth: '2007-03-15' }, '2025-03-15T09:00:00Z')).toBe(false);
  });

  it('formats euro cents', () => {
    expect(formatEuro(6000)).toBe('€60.00');
    expect(formatEuro(123_405)).toBe('€1,234.05');
  });
});

describe('the registration window (isRegistrationOpen, registrationClosedBy)', () => {
  const at = Date.parse('2026-03-01T12:00:00Z');
  it('is open while switched on and before the closing time, closed from the closing time on', () => {
    expect(registrationClosedBy({ is_enabled: true }, at)).toBeNull();
    expect(registrationClosedBy({ is_enabled: true, closes_at: null }, at)).toBeNull();
    expect(registrationClosedBy({ is_enabled: true, closes_at: '2026-03-01T12:00:01Z' }, at)).toBeNull();
    expect(registrationClosedBy({ is_enabled: true, closes_at: '2026-03-01T12:00:00Z' }, at)).toBe(
      'closing-time',
    );
    expect(registrationClosedBy({ is_enabled: false, closes_at: '2026-04-01T00:00:00Z' }, at)).toBe('switch');
    expect(isRegistrationOpen({ is_enabled: true, closes_at: '2026-03-01T11:59:00Z' }, at)).toBe(false);
    expect(isRegistrationOpen({ is_enabled: true, closes_at: '2026-03-02T12:00:00Z' }, at)).toBe(true);
  });
});
