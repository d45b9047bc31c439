import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Mails the server would have sent when no SMTP server is configured (the embedded default): the demo admin
 * reads them in the admin area, so sign-up and password reset work offline. Never written when SMTP is set.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created').on(t.createdAt)],
);

/**
 * The mail queue: every mail the site sends is written here first, so a mail that cannot go now (outgoing mail
 * paused, a bulk broadcast, a failed delivery to retry) waits instead of being lost. A worker in every process
 * claims due rows with `FOR UPDATE SKIP LOCKED`, so two processes never send the same row.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** queued → sending → sent | failed (after the last attempt); a direct send goes straight to sent/failed. */
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a worker took the row; a row left 'sending' by a process that died is taken again later. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** The broadcast this mail belongs to, for its delivery count. */
    broadcastId: integer('broadcast_id'),
    /** The CRM message (crm_messages) this mail belongs to, for its delivery count. */
    crmMessageId: integer('crm_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_queue_due').on(t.status, t.nextAttemptAt),
    index('mail_queue_broadcast').on(t.broadcastId),
    index('mail_queue_crm_message').on(t.crmMessageId),
  ],
);
