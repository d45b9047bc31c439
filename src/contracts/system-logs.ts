import { z } from 'zod';
import { isoDateTime } from './common';

/**
 * The system logs page (`/admin/system-logs`, `view_system_logs`, docs/requirements.md §2): the staff actions
 * (`system_logs`) and the security events (`security_audit_log`) in one list, newest first.
 */

/** docs/requirements.md §9: system logs are read at most 500 at a time; beyond that, the next page by cursor. */
export const SYSTEM_LOG_PAGE_SIZE = 500;
/** An export holds at most this many rows of the filtered list (newest first). */
export const SYSTEM_LOG_EXPORT_LIMIT = 50_000;
/** docs/requirements.md §1: records are kept for up to two years; the purge runs daily. */
export const DEFAULT_LOG_RETENTION_DAYS = 730;
export const MIN_LOG_RETENTION_DAYS = 30;
export const MAX_LOG_RETENTION_DAYS = 3_650;

export const SYSTEM_LOG_MESSAGES = {
  loadFailed: 'Failed to load system logs',
  retentionSaved: 'Log retention saved',
} as const;

/** Security events have no area of their own in the list: they are the `security` area. */
export const SECURITY_LOG_AREA = 'security';
/** The purge runs once a day and counts retention in these. */
export const LOG_DAY_MS = 86_400_000;

/** A date-time filter: refused (400) unless it is one, rather than handed to the database to fail on. */
const dateTimeFilter = isoDateTime.refine(
  (value) => !Number.isNaN(Date.parse(value)),
  'Enter a valid date and time',
);

export const logSourceSchema = z.enum(['system', 'security']);
export type LogSource = z.infer<typeof logSourceSchema>;
export const logSeveritySchema = z.enum(['info', 'warning', 'critical']);
export type LogSeverity = z.infer<typeof logSeveritySchema>;

const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => (value ? value : undefined));

/** The filters, as query parameters (kept in the page's address so a view can be shared). */
export const systemLogFiltersSchema = z
  .object({
    source: logSourceSchema.optional(),
    /** The area of a staff action (`tournament_management`, …), or SECURITY_LOG_AREA. */
    area: optionalText,
    action: optionalText,
    severity: logSeveritySchema.optional(),
    /** A user's id, or part of their name or e-mail address. */
    user: optionalText,
    from: dateTimeFilter.optional(),
    to: dateTimeFilter.optional(),
    /** Words in the description, the action or the details. */
    q: optionalText,
  })
  .strict();
export type SystemLogFilters = z.infer<typeof systemLogFiltersSchema>;

export const systemLogQuerySchema = systemLogFiltersSchema
  .extend({
    /** Where the previous page ended (`nextCursor`); absent for the newest rows. */
    cursor: z.string().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(SYSTEM_LOG_PAGE_SIZE).default(SYSTEM_LOG_PAGE_SIZE),
  })
  .strict();
export type SystemLogQuery = z.infer<typeof systemLogQuerySchema>;

export const systemLogRowSchema = z.object({
  /** `system:<id>` or `security:<id>`: unique across both logs. */
  id: z.string(),
  source: logSourceSchema,
  createdAt: isoDateTime,
  area: z.string(),
  action: z.string(),
  severity: logSeveritySchema,
  description: z.string(),
  userId: z.string().nullable(),
  /** The user's name (or e-mail address) when the account still exists. */
  userName: z.string().nullable(),
  ipAddress: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
});
export type SystemLogRow = z.infer<typeof systemLogRowSchema>;

export const systemLogPageSchema = z.object({
  rows: z.array(systemLogRowSchema),
  nextCursor: z.string().nullable(),
});
export type SystemLogPage = z.infer<typeof systemLogPageSchema>;

export const systemLogExportQuerySchema = systemLogFiltersSchema
  .extend({ format: z.enum(['csv', 'json']).default('csv') })
  .strict();

/** What the filters offer: every area and action the audit catalogue knows. */
export const systemLogOptionsSchema = z.object({
  areas: z.array(z.string()),
  actions: z.array(z.string()),
  retentionDays: z.number().int(),
});
export type SystemLogOptions = z.infer<typeof systemLogOptionsSchema>;

export const logRetentionBodySchema = z
  .object({ days: z.number().int().min(MIN_LOG_RETENTION_DAYS).max(MAX_LOG_RETENTION_DAYS) })
  .strict();
