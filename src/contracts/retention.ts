import { z } from 'zod';
import { DEFAULT_RETENTION, RETENTION_LIMITS, type RetentionPeriods } from '../domain/retention';
import { isoDateTime } from './common';

/** The retention periods (ADR 035): one settings record, read by the job, the dashboard and the privacy page. */
export const RETENTION_SETTING_KEY = 'data_retention';
/** The last run of the daily retention job, with its counts (shown on the super-admin dashboard). */
export const RETENTION_LAST_RUN_KEY = 'data_retention_last_run';
/** The UTC day the daily job was last claimed: one process per day runs it. */
export const RETENTION_LAST_DAY_KEY = 'data_retention_last_day';

export const RETENTION_MESSAGES = {
  saved: 'Retention periods saved',
  visitorDays: `Keep visitor records between ${RETENTION_LIMITS.visitorDays.min} and ${RETENTION_LIMITS.visitorDays.max} days`,
  registrationYears: `Keep registrations between ${RETENTION_LIMITS.registrationYears.min} and ${RETENTION_LIMITS.registrationYears.max} years after their tournament`,
  mailDays: `Keep copies of sent e-mails between ${RETENTION_LIMITS.mailDays.min} and ${RETENTION_LIMITS.mailDays.max} days`,
  ran: (total: number) => `Retention ran: ${total} record${total === 1 ? '' : 's'} deleted or anonymised`,
} as const;

export const retentionPeriodsSchema = z
  .object({
    visitorDays: z
      .number({ error: RETENTION_MESSAGES.visitorDays })
      .int(RETENTION_MESSAGES.visitorDays)
      .min(RETENTION_LIMITS.visitorDays.min, RETENTION_MESSAGES.visitorDays)
      .max(RETENTION_LIMITS.visitorDays.max, RETENTION_MESSAGES.visitorDays),
    registrationYears: z
      .number({ error: RETENTION_MESSAGES.registrationYears })
      .int(RETENTION_MESSAGES.registrationYears)
      .min(RETENTION_LIMITS.registrationYears.min, RETENTION_MESSAGES.registrationYears)
      .max(RETENTION_LIMITS.registrationYears.max, RETENTION_MESSAGES.registrationYears),
    mailDays: z
      .number({ error: RETENTION_MESSAGES.mailDays })
      .int(RETENTION_MESSAGES.mailDays)
      .min(RETENTION_LIMITS.mailDays.min, RETENTION_MESSAGES.mailDays)
      .max(RETENTION_LIMITS.mailDays.max, RETENTION_MESSAGES.mailDays),
  })
  .strict();

/** The stored periods read tolerantly: each broken or missing field reads as its default. */
export function readRetentionPeriods(stored: unknown): RetentionPeriods {
  const record = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const field = <K extends keyof RetentionPeriods>(key: K) => {
    const parsed = retentionPeriodsSchema.shape[key].safeParse(record[key]);
    return parsed.success ? parsed.data : DEFAULT_RETENTION[key];
  };
  return {
    visitorDays: field('visitorDays'),
    registrationYears: field('registrationYears'),
    mailDays: field('mailDays'),
  };
}

/** What one run deletes or anonymises, by kind (the same names in the dry run, the last run and the log). */
export const retentionCountsSchema = z.object({
  /** Consented visitor records older than the visitor period: deleted. */
  visitorRecords: z.number().int().nonnegative(),
  /** Session store records past their time to live: deleted. */
  sessionRecords: z.number().int().nonnegative(),
  /** Sign-in sessions past their expiry: deleted. */
  signInSessions: z.number().int().nonnegative(),
  /** Registrations past the registration period: names, e-mail, phone dropped, amounts kept. */
  registrations: z.number().int().nonnegative(),
  /** Their payments: the checkout link dropped, amount, currency, dates and provider ids kept. */
  payments: z.number().int().nonnegative(),
  /** Their pupils with the guardian-consent records: deleted. */
  pupilRecords: z.number().int().nonnegative(),
  /**
   * Copies of sent or failed e-mails past the mail period: queued mails lose address, subject and text (their
   * state stays, for delivery counts), outbox copies and reminder addresses are deleted. Absent in a last run
   * recorded before mails were kept for a period (read as 0).
   */
  mailCopies: z.number().int().nonnegative().default(0),
  /** Follows (push subscriptions and e-mail addresses, ADR 045) a week after their tournament: deleted. */
  follows: z.number().int().nonnegative().default(0),
});
export type RetentionCounts = z.infer<typeof retentionCountsSchema>;

/** POST /api/admin/retention/dry-run: exactly the rows a run now would delete or anonymise. */
export const retentionPlanSchema = z.object({
  at: isoDateTime,
  periods: retentionPeriodsSchema,
  /** Visitor records created before this are deleted. */
  visitorsBefore: isoDateTime,
  /** Registrations whose tournament day is before this are anonymised. */
  registrationsBefore: z.string(),
  /** Mails sent or given up on before this lose their addresses and text. */
  mailsBefore: isoDateTime,
  counts: retentionCountsSchema,
  visitorRecordIds: z.array(z.number().int()),
  sessionRecordIds: z.array(z.string()),
  signInSessionIds: z.array(z.string()),
  registrations: z.array(
    z.object({ id: z.string(), reference: z.string(), day: z.string(), paymentIds: z.array(z.string()) }),
  ),
  pupilRecordIds: z.array(z.string()),
  mailQueueIds: z.array(z.number().int()),
  mailOutboxIds: z.array(z.number().int()),
  followerIds: z.array(z.string()),
});
export type RetentionPlan = z.infer<typeof retentionPlanSchema>;

export const retentionLastRunSchema = z.object({ at: isoDateTime, counts: retentionCountsSchema });
export type RetentionLastRun = z.infer<typeof retentionLastRunSchema>;

/** GET /api/admin/retention: the periods and the last run (null before the first). */
export const retentionStatusSchema = z.object({
  periods: retentionPeriodsSchema,
  lastRun: retentionLastRunSchema.nullable(),
});
export type RetentionStatus = z.infer<typeof retentionStatusSchema>;

export function readRetentionLastRun(stored: unknown): RetentionLastRun | null {
  const parsed = retentionLastRunSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
