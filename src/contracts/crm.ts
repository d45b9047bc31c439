import { z } from 'zod';
import { CRM_PRIORITIES, CRM_TASK_KINDS, CRM_TASK_STATES } from '../domain/crm';
import { countOf } from '../domain/plural';
import { isoDate, isoDateTime } from './common';

/**
 * Team tasks (the CRM: `/crm`, `/crm/tasks`, `/crm/teams/{id}`, `/crm/settings`, `/crm/analytics` need
 * `crm_access`, docs/requirements.md §2). API under /api/crm. Rules in src/domain/crm.ts.
 */
export const crmTaskStateSchema = z.enum(CRM_TASK_STATES);
export const crmPrioritySchema = z.enum(CRM_PRIORITIES);
export const crmTaskKindSchema = z.enum(CRM_TASK_KINDS);

export const CRM_MESSAGES = {
  loadFailed: 'Failed to load team tasks',
  updateFailed: 'Failed to update task',
  updated: 'Task updated',
  stale:
    'Someone else changed this task meanwhile. Here is how it stands now; apply your change again if it still holds.',
  notFound: 'Task not found',
  schoolNotFound: 'School not found',
  /** A school link whose id is not an id at all (mistyped, cut short): worded for people, not "Invalid UUID". */
  schoolLinkInvalid:
    'This school link is not valid: part of it may be missing. Open the school from the Overview instead.',
  reasonRequired: 'Give a reason for a change to several tasks',
  bulkUpdated: (count: number) => `${countOf(count, 'task')} updated`,
  commentAdded: 'Comment added',
  noteAdded: 'Note added',
  templateSaved: 'Task template saved',
  titleRequired: 'Give the task a title',
  notStaff: 'Tasks can be assigned to and watched by team-tasks staff only',
} as const;

/** The school of /api/crm/schools/:id (the page /crm/teams/:id): a bad link gets a sentence, not zod's "Invalid UUID". */
export const crmSchoolParamsSchema = z.object({ id: z.uuid({ error: CRM_MESSAGES.schoolLinkInvalid }) });

export const CRM_LABEL_MAX = 40;
export const CRM_TEXT_MAX = 2_000;

/** A staff member tasks can be assigned to. */
export const crmStaffSchema = z.object({ id: z.string(), name: z.string() });

export const crmChecklistItemSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  done: z.boolean(),
  assigneeId: z.string().nullable(),
});

/**
 * A task as the board draws it: what its card shows and what its filters read. `version` goes with every change:
 * a change naming an older version is refused (409). The checklist is counted here; its items, the watchers and
 * the time of the last change come with the task itself (`crmTaskSchema`, the task's dialog and the school page).
 */
export const crmCardSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  schoolId: z.string(),
  schoolName: z.string(),
  /** The template kind, or null for a task staff added by hand. */
  kind: crmTaskKindSchema.nullable(),
  title: z.string(),
  state: crmTaskStateSchema,
  /** Ticked by events (a payment, a consent, a check-in…) rather than only by staff. */
  isAuto: z.boolean(),
  /** Why the last automatic move happened ("A refund reopened it"), or null. */
  autoReason: z.string().nullable(),
  assigneeId: z.string().nullable(),
  dueDate: isoDate.nullable(),
  isOverdue: z.boolean(),
  priority: crmPrioritySchema,
  labels: z.array(z.string()),
  teams: z.array(z.string()),
  /** Checklist items done, and in all. */
  checklistDone: z.number().int().nonnegative(),
  checklistTotal: z.number().int().nonnegative(),
  commentCount: z.number().int().nonnegative(),
});
export type CrmCard = z.infer<typeof crmCardSchema>;

/** A task: its card with the checklist's items, the watchers and the time of the last change. */
export const crmTaskSchema = crmCardSchema.extend({
  watcherIds: z.array(z.string()),
  checklist: z.array(crmChecklistItemSchema),
  updatedAt: isoDateTime,
});
export type CrmTask = z.infer<typeof crmTaskSchema>;

/** GET /api/crm/tasks: every task's card (1,500 and more), the staff to assign, and today in the event's zone. */
export const crmBoardSchema = z.object({
  tasks: z.array(crmCardSchema),
  staff: z.array(crmStaffSchema),
  today: isoDate,
});
export type CrmBoard = z.infer<typeof crmBoardSchema>;

/** PATCH /api/crm/tasks/:id: any of these, with the version read. */
export const crmTaskChangeSchema = z
  .object({
    version: z.number().int(),
    state: crmTaskStateSchema.optional(),
    assigneeId: z.string().nullable().optional(),
    dueDate: isoDate.nullable().optional(),
    priority: crmPrioritySchema.optional(),
    labels: z.array(z.string().trim().min(1).max(CRM_LABEL_MAX)).max(10).optional(),
    watcherIds: z.array(z.string()).max(20).optional(),
    /** Optional for one task; recorded in the activity log. */
    reason: z.string().trim().max(300).optional(),
  })
  .strict();
export type CrmTaskChange = z.infer<typeof crmTaskChangeSchema>;

/** 409 answer to a stale change: the task as it now stands. */
export const crmStaleSchema = z.object({
  error: z.string(),
  requestId: z.string(),
  code: z.literal('stale_task'),
  current: crmTaskSchema,
});

/** POST /api/crm/tasks/bulk: one change to several tasks, with a stated reason. */
export const crmBulkChangeSchema = z
  .object({
    tasks: z
      .array(z.object({ id: z.number().int(), version: z.number().int() }))
      .min(1)
      .max(500),
    change: z.discriminatedUnion('action', [
      z.object({ action: z.literal('assign'), assigneeId: z.string().nullable() }),
      z.object({ action: z.literal('move'), state: crmTaskStateSchema }),
      z.object({ action: z.literal('due'), dueDate: isoDate.nullable() }),
    ]),
    reason: z.string().trim().min(1, CRM_MESSAGES.reasonRequired).max(300),
  })
  .strict();
/** Bulk answer: the tasks changed, and those refused as stale (changed meanwhile) with their current state. */
export const crmBulkResultSchema = z.object({
  message: z.string(),
  updated: z.array(z.number().int()),
  stale: z.array(crmTaskSchema),
});

/** POST /api/crm/tasks: a task added by hand to a school. */
export const crmTaskCreateSchema = z
  .object({
    schoolId: z.string(),
    title: z.string().trim().min(1, CRM_MESSAGES.titleRequired).max(200),
    dueDate: isoDate.nullable().default(null),
    priority: crmPrioritySchema.default('normal'),
    assigneeId: z.string().nullable().default(null),
  })
  .strict();

export const crmCommentCreateSchema = z.object({ body: z.string().trim().min(1).max(CRM_TEXT_MAX) }).strict();
export const crmChecklistCreateSchema = z
  .object({ text: z.string().trim().min(1).max(200), assigneeId: z.string().nullable().default(null) })
  .strict();
export const crmChecklistChangeSchema = z
  .object({ done: z.boolean().optional(), assigneeId: z.string().nullable().optional() })
  .strict();

/**
 * The activity of a change a school's teacher made to their own roster (a requested bye, a withdrawal; ADR 041):
 * its sentence is the line's `to`, and with no account behind it (the registration's mailed link) it reads as
 * the school's teacher, not as an automatic move.
 */
export const CRM_ROSTER_CHANGE_ACTION = 'roster_change';

/** One line of the append-only activity log: who, when, what, from → to, why. */
export const crmActivitySchema = z.object({
  id: z.number().int(),
  at: isoDateTime,
  actorName: z.string().nullable(),
  /** null: an event moved it (payment, consent, check-in…), named in `reason`. */
  actorId: z.string().nullable(),
  taskId: z.number().int().nullable(),
  taskTitle: z.string().nullable(),
  action: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  reason: z.string().nullable(),
});
export type CrmActivity = z.infer<typeof crmActivitySchema>;

export const crmCommentSchema = z.object({
  id: z.number().int(),
  at: isoDateTime,
  authorName: z.string().nullable(),
  body: z.string(),
});

/** GET /api/crm/tasks/:id: the card with its comments and activity. */
export const crmTaskDetailSchema = z.object({
  task: crmTaskSchema,
  comments: z.array(crmCommentSchema),
  activity: z.array(crmActivitySchema),
});

/** A task template (`/crm/settings`): a kind's label, description, default due date and whether it is used. */
export const crmTemplateSchema = z.object({
  kind: crmTaskKindSchema,
  label: z.string(),
  description: z.string(),
  dueDaysBefore: z.number().int(),
  isActive: z.boolean(),
  isAuto: z.boolean(),
});
export type CrmTemplate = z.infer<typeof crmTemplateSchema>;
export const crmTemplatesSchema = z.object({ templates: z.array(crmTemplateSchema) });
export const crmTemplateChangeSchema = z
  .object({
    label: z.string().trim().min(1).max(80),
    description: z.string().trim().max(300),
    dueDaysBefore: z.number().int().min(0).max(365),
    isActive: z.boolean(),
  })
  .strict();

/** GET /api/crm/overview: the readiness matrix, schools × task kinds. */
export const crmOverviewSchema = z.object({
  kinds: z.array(z.object({ kind: crmTaskKindSchema, label: z.string() })),
  schools: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      teams: z.array(z.string()),
      /** Fees of the school's registrations (cancelled ones left out), paid or not: domain/crm.ts schoolMoney. */
      dueCents: z.number().int(),
      /** What of that is still owed (due minus paid). */
      owedCents: z.number().int(),
      paidCents: z.number().int(),
      /** Registrations' payment state: all paid, some paid, none paid, or no registration. */
      payment: z.enum(['paid', 'partly_paid', 'unpaid', 'none']),
      cells: z.array(
        z.object({
          kind: crmTaskKindSchema,
          taskId: z.number().int(),
          state: crmTaskStateSchema,
          isOverdue: z.boolean(),
          assigneeId: z.string().nullable(),
          dueDate: isoDate.nullable(),
        }),
      ),
      open: z.number().int(),
      overdue: z.number().int(),
      blocked: z.number().int(),
      isReady: z.boolean(),
    }),
  ),
  staff: z.array(crmStaffSchema),
  today: isoDate,
});
export type CrmOverview = z.infer<typeof crmOverviewSchema>;

/** GET /api/crm/schools/:id: the per-school page. */
export const crmSchoolSchema = z.object({
  id: z.string(),
  name: z.string(),
  contacts: z.object({
    teacherName: z.string().nullable(),
    teacherEmail: z.string().nullable(),
    teacherPhone: z.string().nullable(),
  }),
  registrations: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      registrantName: z.string(),
      registrantEmail: z.string(),
      teamCount: z.number().int(),
      amountCents: z.number().int(),
      paymentStatus: z.enum(['unpaid', 'pending', 'paid', 'cancelled']),
      paidAt: isoDateTime.nullable(),
      createdAt: isoDateTime,
    }),
  ),
  teams: z.array(
    z.object({
      name: z.string(),
      pupils: z.array(
        z.object({
          name: z.string(),
          isMinor: z.boolean(),
          consent: z.enum(['confirmed', 'waiting', 'not_needed']),
          checkedIn: z.boolean(),
        }),
      ),
    }),
  ),
  tasks: z.array(crmTaskSchema),
  notes: z.array(crmCommentSchema),
  activity: z.array(crmActivitySchema),
  staff: z.array(crmStaffSchema),
  today: isoDate,
});
export type CrmSchool = z.infer<typeof crmSchoolSchema>;
