/**
 * Team registration rules shared by the form (live feedback) and the server (the decision): eligibility by
 * age on the tournament date (docs/requirements.md §1, §5: 13 or older; under-18s need a parent's or guardian's consent),
 * the school-year mapping used when no date of birth is given, and the fee. Pure: no clock, no I/O.
 */

export const PLAYERS_PER_TEAM = 4;
export const MINIMUM_AGE = 13;
/** Under this age a parent's or guardian's consent is required (DPC: a child is anyone under 18). */
export const ADULT_AGE = 18;
/** Version of the guardian-consent wording the registrant confirmed; the terms took effect 16/06/2025. */
export const GUARDIAN_CONSENT_POLICY_VERSION = '2025-06-16';

/**
 * Irish secondary-school years with the youngest age a pupil can be during the school year. A school year
 * alone never proves 18, so every player entered by school year needs guardian consent. 1st Year pupils can
 * be 12, so for them a date of birth is required to show they are 13.
 */
export const SCHOOL_YEARS = [
  { value: '1st Year', youngestAge: 12 },
  { value: '2nd Year', youngestAge: 13 },
  { value: '3rd Year', youngestAge: 14 },
  { value: 'Transition Year', youngestAge: 15 },
  { value: '5th Year', youngestAge: 16 },
  { value: '6th Year', youngestAge: 17 },
] as const;
export type SchoolYear = (typeof SCHOOL_YEARS)[number]['value'];
export const SCHOOL_YEAR_VALUES = SCHOOL_YEARS.map((year) => year.value) as [SchoolYear, ...SchoolYear[]];

/** Whole years between a date of birth and a day, both `YYYY-MM-DD`; null for an impossible date. */
export function ageOn(dateOfBirth: string, day: string): number | null {
  const birth = parseDay(dateOfBirth);
  const on = parseDay(day);
  if (!birth || !on) return null;
  let age = on.year - birth.year;
  if (on.month < birth.month || (on.month === birth.month && on.day < birth.day)) age -= 1;
  return age;
}

function parseDay(value: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return { year, month, day };
}

export type Eligibility =
  | { eligible: true; needsGuardianConsent: boolean }
  | { eligible: false; reason: string };

export const ELIGIBILITY_MESSAGES = {
  missingAge: 'Enter a date of birth or a school year',
  invalidDate: 'Enter a real date of birth (YYYY-MM-DD)',
  futureDate: 'The date of birth cannot be after the tournament date',
  tooYoung: `Players must be ${MINIMUM_AGE} or older on the tournament date`,
  firstYear: `For 1st Year players, enter the date of birth so we can check they are ${MINIMUM_AGE} or older`,
  consentNeeded: 'Players under 18 need a parent or guardian to consent: enter their name and tick the box',
  guardianEmailNeeded:
    "Enter the parent's or guardian's e-mail address: we send them a link to confirm their consent",
} as const;

/**
 * Whether a player may take part on `tournamentDay` (YYYY-MM-DD) and whether a guardian must consent. A date
 * of birth wins over a school year when both are given.
 */
export function playerEligibility(
  player: { dateOfBirth?: string | null | undefined; schoolYear?: string | null | undefined },
  tournamentDay: string,
): Eligibility {
  if (player.dateOfBirth) {
    const age = ageOn(player.dateOfBirth, tournamentDay);
    if (age === null) return { eligible: false, reason: ELIGIBILITY_MESSAGES.invalidDate };
    if (age < 0) return { eligible: false, reason: ELIGIBILITY_MESSAGES.futureDate };
    if (age < MINIMUM_AGE) return { eligible: false, reason: ELIGIBILITY_MESSAGES.tooYoung };
    return { eligible: true, needsGuardianConsent: age < ADULT_AGE };
  }
  if (player.schoolYear) {
    const year = SCHOOL_YEARS.find((entry) => entry.value === player.schoolYear);
    if (!year) return { eligible: false, reason: ELIGIBILITY_MESSAGES.missingAge };
    if (year.youngestAge < MINIMUM_AGE) return { eligible: false, reason: ELIGIBILITY_MESSAGES.firstYear };
    return { eligible: true, needsGuardianConsent: true };
  }
  return { eligible: false, reason: ELIGIBILITY_MESSAGES.missingAge };
}

/**
 * Whether a registered player still waits for their parent's or guardian's confirmation by the e-mailed link
 * (T25): anyone not shown to be 18 or older on `tournamentDate` (YYYY-MM-DD) whose guardian has not confirmed.
 * Such a player must not be promoted into a tournament, so they never reach pairings or the public
 * leaderboard. An entry whose age cannot be worked out counts as pending: consent is never assumed.
 */
export function isConsentPending(
  player: {
    dateOfBirth?: string | null | undefined;
    schoolYear?: string | null | undefined;
    guardianConfirmedAt?: Date | string | null | undefined;
  },
  tournamentDate: string,
): boolean {
  if (player.guardianConfirmedAt) return false;
  const eligibility = playerEligibility(player, tournamentDate.slice(0, 10));
  return !(eligibility.eligible && !eligibility.needsGuardianConsent);
}

/** The fee in euro cents: always the server's team price times the number of teams. */
/**
 * The registration window: why new registrations are not taken at `now`, or null while they are. Closed by the
 * switch (`is_enabled` off) or by the closing time (`closes_at` reached). The one rule the server, the CRM, the
 * form, the home page's "Join Tournament" and the admin's Open/Closed label all ask (issue 28: two of six copies
 * ignored `closes_at`, so the home page still offered "Join Tournament" after the form had closed).
 */
export function registrationClosedBy(
  settings: { is_enabled: boolean; closes_at?: string | null },
  now: number,
): 'switch' | 'closing-time' | null {
  if (!settings.is_enabled) return 'switch';
  const closesAt = settings.closes_at ? Date.parse(settings.closes_at) : Number.NaN;
  return Number.isFinite(closesAt) && now >= closesAt ? 'closing-time' : null;
}

/** Whether new registrations are taken at `now` (see registrationClosedBy). */
export function isRegistrationOpen(
  settings: { is_enabled: boolean; closes_at?: string | null },
  now: number,
): boolean {
  return registrationClosedBy(settings, now) === null;
}

export function registrationAmountCents(teamPriceCents: number, teamCount: number): number {
  return teamPriceCents * teamCount;
}

/** "€60.00" from 6000 cents. */
export function formatEuro(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}€${Math.floor(abs / 100).toLocaleString('en-IE')}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Characters that cannot be confused when copied by hand: no O or 0, I, L or 1, and of the pairs B/8, S/5
 * and Z/2 only the digit is kept. 28 characters, so six of them give about 480 million references.
 */
export const REFERENCE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY23456789';

/** `REG-7KQ4-M2` shape: four then two characters of the reference alphabet. */
export const REFERENCE_PATTERN = new RegExp(`^REG-[${REFERENCE_ALPHABET}]{4}-[${REFERENCE_ALPHABET}]{2}$`);

/** A reference from six indexes into the alphabet (the caller brings the randomness). */
export function formatReference(indexes: readonly number[]): string {
  const chars = indexes.map((index) => REFERENCE_ALPHABET[index % REFERENCE_ALPHABET.length]).join('');
  return `REG-${chars.slice(0, 4)}-${chars.slice(4, 6)}`;
}

/** Normalises a typed reference: upper case, spaces removed, the REG- prefix and dash restored. */
export function normaliseReference(typed: string): string {
  const compact = typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const body = compact.startsWith('REG') ? compact.slice(3) : compact;
  return body.length === 6 ? `REG-${body.slice(0, 4)}-${body.slice(4)}` : typed.trim().toUpperCase();
}

/**
 * Proof of work for the registration form: the digest of `challenge + nonce` (SHA-256 over UTF-8) must
 * start with `bits` zero bits. Hashing is the caller's (Web Crypto in the browser, node:crypto on the server).
 */
export function leadingZeroBits(digest: Uint8Array): number {
  let count = 0;
  for (const byte of digest) {
    if (byte === 0) {
      count += 8;
      continue;
    }
    return count + Math.clz32(byte) - 24;
  }
  return count;
}

export function meetsDifficulty(digest: Uint8Array, bits: number): boolean {
  return leadingZeroBits(digest) >= bits;
}
