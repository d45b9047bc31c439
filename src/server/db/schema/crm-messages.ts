import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { crmTasks } from './crm';
import { schools } from './schools';

/**
 * Messages to schools and reminder e-mails (the CRM, issue #15; ADR 027 "Messages and reminders").
 */

/** A message staff sent to one or more schools (its mails are `mail_queue` rows with its id). */
export const crmMessages = pgTable('crm_messages', {
  id: serial('id').primaryKey(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  schoolIds: uuid('school_ids').array().notNull(),
  /** The staff member's user id (kept after the account goes, like the activity log's actor). */
  sentBy: text('sent_by').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The reminders gone out: one row per task and due date, so a task is never reminded of twice for the same
 * date (a moved due date is reminded of again).
 */
export const crmRemindersSent = pgTable(
  'crm_reminders_sent',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => crmTasks.id, { onDelete: 'cascade' }),
    dueDate: date('due_date').notNull(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.dueDate] }), index('crm_reminders_sent_school').on(t.schoolId)],
);

/** Addresses that asked for no more task reminders (lower case). Messages staff send still reach them. */
export const crmUnsubscribes = pgTable('crm_unsubscribes', {
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
