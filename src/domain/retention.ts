/**
 * How long personal data is kept (ADR 035): the cut-offs the daily retention job applies. Pure: `now` is
 * passed in, so a test moves the clock.
 */
export interface RetentionPeriods {
  /** Visitor records (consented visits) are deleted this many days after the visit. */
  visitorDays: number;
  /** Registrations and payments are anonymised this many years after their tournament. */
  registrationYears: number;
  /**
   * Copies of e-mails the site sent (the mail queue and the embedded outbox) lose their addresses and text this
   * many days after they were sent or given up on; the delivery counts stay.
   */
  mailDays: number;
}

export const DEFAULT_RETENTION: RetentionPeriods = { visitorDays: 90, registrationYears: 2, mailDays: 90 };
export const RETENTION_LIMITS = {
  visitorDays: { min: 1, max: 730 },
  registrationYears: { min: 1, max: 10 },
  mailDays: { min: 7, max: 730 },
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Visitor records created before this instant are past their period. */
export function visitorCutoff(now: Date, periods: RetentionPeriods): Date {
  return new Date(now.getTime() - periods.visitorDays * DAY_MS);
}

/** Mails finished (sent or given up on) before this instant are past their period. */
export function mailCutoff(now: Date, periods: RetentionPeriods): Date {
  return new Date(now.getTime() - periods.mailDays * DAY_MS);
}

/** How the registration period reads to a parent or teacher: "2 years after the tournament". */
export function registrationPeriodText(periods: Pick<RetentionPeriods, 'registrationYears'>): string {
  const years = periods.registrationYears;
  return `${years} year${years === 1 ? '' : 's'} after the tournament`;
}

/** The calendar day (UTC, `YYYY-MM-DD`) `years` before `now`: a tournament day before it is past the period. */
export function registrationCutoffDay(now: Date, periods: RetentionPeriods): string {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - periods.registrationYears);
  return cutoff.toISOString().slice(0, 10);
}

/**
 * The day a registration's period counts from: the last day of the tournament its pupils were promoted into
 * (its end date, else its start date), or, never promoted, the day the registration was made.
 */
export function registrationDay(registration: { tournamentDay: string | null; createdAt: Date }): string {
  return registration.tournamentDay ?? registration.createdAt.toISOString().slice(0, 10);
}

/** A registration (and its payments and guardian-consent records) past its period on `now`. */
export function isRegistrationExpired(
  registration: { tournamentDay: string | null; createdAt: Date },
  now: Date,
  periods: RetentionPeriods,
): boolean {
  return registrationDay(registration) < registrationCutoffDay(now, periods);
}

/** A session store record past its time to live (docs/requirements.md §3: expired on read, deleted daily). */
export function isSessionRecordExpired(record: { timestamp: Date; ttlSeconds: number }, now: Date): boolean {
  return record.timestamp.getTime() + record.ttlSeconds * 1000 <= now.getTime();
}

/**
 * A follow (ADR 045: a device's push subscription or an e-mail address following players or schools) is kept
 * this many days after its tournament's last day, or after it was made when the tournament has no date: the day
 * is over, its messages with it.
 */
export const FOLLOW_DAYS = 7;

/** A follow past its period on `now` (see FOLLOW_DAYS). */
export function isFollowExpired(
  follow: { tournamentDay: string | null; createdAt: Date },
  now: Date,
): boolean {
  const from = follow.tournamentDay
    ? Date.parse(`${follow.tournamentDay}T23:59:59Z`)
    : follow.createdAt.getTime();
  return now.getTime() - from > FOLLOW_DAYS * DAY_MS;
}
