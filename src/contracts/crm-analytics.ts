import { z } from 'zod';
import { CRM_TASK_STATES } from '../domain/crm';
import { FUNNEL_STEPS } from '../domain/crm-analytics';
import { isoDate, isoDateTime } from './common';
import { crmActivitySchema, crmTaskKindSchema } from './crm';

/**
 * Team-tasks analytics (`/crm/analytics`, `crm_access`) and the CRM activity log (`/crm/system-logs`,
 * `crm_admin`). The series are computed by `computeCrmAnalytics` (src/domain/crm-analytics.ts).
 */

export const CRM_ANALYTICS_MESSAGES = {
  loadFailed: 'Failed to load the team-tasks analytics',
  logLoadFailed: 'Failed to load the team-tasks activity log',
} as const;

const stateCountsSchema = z.object(
  Object.fromEntries(CRM_TASK_STATES.map((state) => [state, z.number().int().nonnegative()])) as Record<
    (typeof CRM_TASK_STATES)[number],
    z.ZodNumber
  >,
);

/** GET /api/crm/analytics. */
export const crmAnalyticsSchema = z.object({
  today: isoDate,
  eventDay: isoDate.nullable(),
  byKind: z.array(
    z.object({
      /** null: tasks added by hand. */
      kind: crmTaskKindSchema.nullable(),
      label: z.string(),
      counts: stateCountsSchema,
      total: z.number().int(),
    }),
  ),
  readiness: z.object({ ready: z.number().int(), notReady: z.number().int() }),
  overdueByAssignee: z.array(
    z.object({ assigneeId: z.string().nullable(), name: z.string(), overdue: z.number().int() }),
  ),
  flow: z.array(z.object({ date: isoDate, counts: stateCountsSchema })),
  money: z.object({ collectedCents: z.number().int(), outstandingCents: z.number().int() }),
  funnel: z.array(z.object({ step: z.enum(FUNNEL_STEPS), label: z.string(), schools: z.number().int() })),
});
export type CrmAnalyticsView = z.infer<typeof crmAnalyticsSchema>;

/** The activity log is read this many rows at a time; the next page by cursor. */
export const CRM_ACTIVITY_PAGE_SIZE = 200;
/** An export holds at most this many rows of the filtered log (newest first). */
export const CRM_ACTIVITY_EXPORT_LIMIT = 20_000;

const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => (value ? value : undefined));
const dateTimeFilter = isoDateTime.refine(
  (value) => !Number.isNaN(Date.parse(value)),
  'Enter a valid date and time',
);

/** The log's filters, as query parameters (kept in the page's address). */
export const crmActivityFiltersSchema = z
  .object({
    school: z.uuid().optional(),
    /** A task kind, or `manual` for tasks added by hand. */
    kind: z.union([crmTaskKindSchema, z.literal('manual')]).optional(),
    /** A staff id, or `event` for moves made by events. */
    actor: optionalText,
    action: optionalText,
    from: dateTimeFilter.optional(),
    to: dateTimeFilter.optional(),
  })
  .strict();
export type CrmActivityFilters = Partial<z.infer<typeof crmActivityFiltersSchema>>;

export const crmActivityQuerySchema = crmActivityFiltersSchema
  .extend({
    cursor: z.string().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(CRM_ACTIVITY_PAGE_SIZE).default(CRM_ACTIVITY_PAGE_SIZE),
  })
  .strict();

export const crmActivityLogRowSchema = crmActivitySchema.extend({
  schoolId: z.string(),
  schoolName: z.string(),
  taskKind: crmTaskKindSchema.nullable(),
});
export type CrmActivityLogRow = z.infer<typeof crmActivityLogRowSchema>;

/** GET /api/crm/activity: a page, newest first, the next page's cursor, and what the filters offer. */
export const crmActivityPageSchema = z.object({
  rows: z.array(crmActivityLogRowSchema),
  nextCursor: z.string().nullable(),
  options: z.object({
    schools: z.array(z.object({ id: z.string(), name: z.string() })),
    actors: z.array(z.object({ id: z.string(), name: z.string() })),
    actions: z.array(z.string()),
  }),
});
export type CrmActivityPage = z.infer<typeof crmActivityPageSchema>;
