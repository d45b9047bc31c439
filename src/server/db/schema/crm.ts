import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CRM_PRIORITIES, CRM_TASK_KINDS, CRM_TASK_STATES } from '../../../domain/crm';
import { user } from './auth';
import { schools } from './schools';

/**
 * Team tasks (the CRM, issue #15; docs/decisions/027-team-tasks-crm.md). Rules in src/domain/crm.ts.
 */

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/** A task kind's template as edited in /crm/settings; a kind without a row uses CRM_KIND_DEFAULTS. */
export const crmTaskTemplates = pgTable('crm_task_templates', {
  kind: text('kind', { enum: CRM_TASK_KINDS }).primaryKey(),
  label: text('label').notNull(),
  description: text('description').notNull(),
  dueDaysBefore: integer('due_days_before').notNull(),
  isActive: boolean('is_active').notNull(),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One task of one school: from a template (`kind`, at most one per school and kind) or added by hand (`kind`
 * null). `version` goes up with every change, so a change naming an older version is refused (409).
 */
export const crmTasks = pgTable(
  'crm_tasks',
  {
    id: serial('id').primaryKey(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CRM_TASK_KINDS }),
    title: text('title').notNull(),
    state: text('state', { enum: CRM_TASK_STATES }).notNull().default('not_started'),
    priority: text('priority', { enum: CRM_PRIORITIES }).notNull().default('normal'),
    assigneeId: text('assignee_id').references(() => user.id, { onDelete: 'set null' }),
    watcherIds: text('watcher_ids').array().notNull().default(sql`'{}'::text[]`),
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    dueDate: date('due_date'),
    /** Why the last automatic move happened, e.g. "2 registration(s) not paid". */
    autoReason: text('auto_reason'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('crm_tasks_school_kind').on(t.schoolId, t.kind).where(sql`${t.kind} is not null`),
    index('crm_tasks_school').on(t.schoolId),
    check('crm_tasks_state', sql`${t.state} in (${inList(CRM_TASK_STATES)})`),
    check('crm_tasks_priority', sql`${t.priority} in (${inList(CRM_PRIORITIES)})`),
  ],
);

/** A task's checklist: items ticked one by one, each with its own assignee. */
export const crmChecklistItems = pgTable(
  'crm_checklist_items',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => crmTasks.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    done: boolean('done').notNull().default(false),
    assigneeId: text('assignee_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('crm_checklist_items_task').on(t.taskId)],
);

/** A comment on a task, or, with `task_id` null, a note on the school. */
export const crmComments = pgTable(
  'crm_comments',
  {
    id: serial('id').primaryKey(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').references(() => crmTasks.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('crm_comments_school').on(t.schoolId), index('crm_comments_task').on(t.taskId)],
);

/**
 * The append-only activity log: who (null: an event), when, what, from → to, why. Rows are only inserted (a
 * trigger refuses updates); they go only with their school or task.
 */
export const crmActivity = pgTable(
  'crm_activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').references(() => crmTasks.id, { onDelete: 'cascade' }),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('crm_activity_school_created').on(t.schoolId, t.createdAt),
    index('crm_activity_task').on(t.taskId),
  ],
);
