import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * State every server process must share (ADR 010, "Since"): kept here rather than in a process's memory, so
 * behind a load balancer a limit is one limit and a used challenge is used everywhere. Every row has an
 * expiry; expired rows are ignored by the readers and purged now and then.
 */

/**
 * Fixed-window attempt counters (src/server/http/rate-counter.ts): one row per scope and key (e.g. an IP
 * address), reset when its window has passed. Reserved atomically by one upsert, so no burst gets past.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    /** What is limited, e.g. 'registration.create'. */
    scope: text('scope').notNull(),
    /** Who is limited within the scope, e.g. the client's address. */
    key: text('key').notNull(),
    count: integer('count').notNull(),
    /** When the current window ends: the counter starts again from zero after it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('rate_counters_expires_at').on(t.expiresAt),
    check('rate_counters_count', sql`${t.count} >= 0`),
  ],
);

/** Proof-of-work challenges already spent on a registration; the id is unique, so a challenge counts once. */
export const usedChallenges = pgTable(
  'used_challenges',
  {
    id: text('id').primaryKey(),
    /** The challenge's own expiry: after it the challenge is refused anyway, so the row can go. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_challenges_expires_at').on(t.expiresAt)],
);

/**
 * Sessions of the built-in offline test checkout (offline-provider.ts), the local stand-in for a provider's
 * own records: any process can show and settle a session another process created.
 */
export const offlineCheckoutSessions = pgTable(
  'offline_checkout_sessions',
  {
    id: text('id').primaryKey(),
    /** The create call's idempotency key: a retried create returns the same session. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    registrationId: uuid('registration_id').notNull(),
    status: text('status', { enum: ['open', 'complete', 'expired'] }).notNull(),
    paymentStatus: text('payment_status', { enum: ['paid', 'unpaid'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    reference: text('reference').notNull(),
    schoolName: text('school_name').notNull(),
    teamCount: integer('team_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** An open session past this time counts as expired (as a provider's would); the row is purged later. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('offline_checkout_sessions_expires_at').on(t.expiresAt),
    check('offline_checkout_sessions_status', sql`${t.status} in ('open', 'complete', 'expired')`),
    check('offline_checkout_sessions_payment_status', sql`${t.paymentStatus} in ('paid', 'unpaid')`),
  ],
);
