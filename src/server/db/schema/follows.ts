import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tournaments } from './tournaments';

/**
 * Follows (issue 33, ADR 045): a device's push subscription or a confirmed e-mail address, following players or
 * schools of one tournament. No account: the push endpoint is the device's own capability (only that browser
 * knows it). Removed with the tournament's data by the
 * retention, and at once when the push service says the subscription is gone. An e-mail follower's confirm and
 * unsubscribe links carry a key derived from its id (`push_keys.follow_key_secret`), so nothing secret is stored.
 */
export const followers = pgTable(
  'followers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['push', 'email'] }).notNull(),
    /** The push service's address for this device (Web Push), with its keys for the encryption. */
    endpoint: text('endpoint'),
    p256dh: text('p256dh'),
    auth: text('auth'),
    email: text('email'),
    /** An e-mail follower receives nothing until the address is confirmed; a push follower at once. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [
    check('followers_channel', sql`${t.channel} in ('push', 'email')`),
    check(
      'followers_channel_fields',
      sql`(${t.channel} = 'push' and ${t.endpoint} is not null and ${t.p256dh} is not null and ${t.auth} is not null) or (${t.channel} = 'email' and ${t.email} is not null)`,
    ),
    uniqueIndex('followers_endpoint').on(t.tournamentId, t.endpoint),
    // One row per address and target: each e-mail follow is confirmed, and stopped, on its own.
    index('followers_email').on(t.tournamentId, sql`lower(${t.email})`),
  ],
);

/** What a follower follows: a player or a school of the follower's tournament. */
export const followTargets = pgTable(
  'follow_targets',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => followers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['player', 'school'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.kind, t.targetId] }),
    check('follow_targets_kind', sql`${t.kind} in ('player', 'school')`),
    index('follow_targets_target').on(t.kind, t.targetId),
  ],
);

/**
 * Push messages waiting for the push service, claimed once across processes (`FOR UPDATE SKIP LOCKED`) like the
 * mail queue. One queued message per follower and topic: a newer one of the same topic replaces it. A message
 * not delivered by `expires_at` is dropped: a "round 3" alert is worthless an hour later.
 */
export const pushMessages = pgTable(
  'push_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    followerId: uuid('follower_id')
      .notNull()
      .references(() => followers.id, { onDelete: 'cascade' }),
    /** What the message is about ("pairings", "round-start", "final", "result-…"): also the push Topic header. */
    topic: text('topic').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The page a tap opens (a path on the site). */
    url: text('url').notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('push_messages_status', sql`${t.status} in ('queued', 'sending', 'sent', 'failed')`),
    uniqueIndex('push_messages_one_queued').on(t.followerId, t.topic).where(sql`${t.status} = 'queued'`),
    index('push_messages_due').on(t.status, t.nextAttemptAt),
  ],
);

/** The events of a tournament already announced to its followers ("pairings:3:…"): one process announces each. */
export const followEvents = pgTable(
  'follow_events',
  {
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.key] })],
);

/**
 * The site's Web Push identity (VAPID, RFC 8292), made at first start and kept: a new key pair would orphan every
 * subscription. `follow_key_secret` keys the public follow keys of players and schools (never their ids).
 */
export const pushKeys = pgTable(
  'push_keys',
  {
    id: smallint('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    followKeySecret: text('follow_key_secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('push_keys_one_row', sql`${t.id} = 1`)],
);
