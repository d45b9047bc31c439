import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * The actions a device sent with its own id (the offline outbox, ADR 032): one row per (user, client id), holding
 * the answer the server gave. A repeat of the same client id — a replay after a lost answer, a second tab, a
 * retry timer — gets this stored answer and changes nothing. The primary key is what makes "once" hold when two
 * copies arrive at the same moment: the second insert waits for the first and then finds its row.
 */
export const clientActions = pgTable(
  'client_actions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    /** What was done, e.g. 'checkin.check-in' or 'match-results.set'; a reused id for another action is refused. */
    kind: text('kind').notNull(),
    /** What it was done to (a player's or a match's id). */
    target: text('target').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    /** When the device says the action was made (offline, possibly minutes before it arrived). */
    madeAt: timestamp('made_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.clientId] }),
    index('client_actions_received_at').on(t.receivedAt),
  ],
);
