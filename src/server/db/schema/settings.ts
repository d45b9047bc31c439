import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { BROADCAST_AUDIENCES, BROADCAST_STYLES } from '../../../contracts/broadcasts';

/** Site settings by key (docs/requirements.md §3): checkin_open, leaderboard_visible, home_page_settings, registration_settings… */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value'),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const systemLogs = pgTable(
  'system_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventType: text('event_type').notNull(),
    actionType: text('action_type').notNull(),
    description: text('description').notNull(),
    userId: text('user_id'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('system_logs_created').on(t.createdAt),
    // Results corrected after the next round was paired (ADR 040): the arbiter's page lists them on every read.
    index('system_logs_late_corrections').on(t.createdAt).where(sql`${t.metadata} ? 'nextRoundPaired'`),
  ],
);

/** Broadcasts (`/admin/broadcasts`): a message shown on open pages between its start and end, maybe e-mailed. */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: serial('id').primaryKey(),
    message: text('message').notNull(),
    audience: text('audience', { enum: BROADCAST_AUDIENCES }).notNull(),
    style: text('style', { enum: BROADCAST_STYLES }).notNull(),
    dismissable: boolean('dismissable').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Set when staff end it before its end time (ends_at is then moved to this moment too). */
    endedEarlyAt: timestamp('ended_early_at', { withTimezone: true }),
    sendEmail: boolean('send_email').notNull(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('broadcasts_ends').on(t.endsAt)],
);
