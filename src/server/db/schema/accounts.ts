import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// User ids are text: they are the ids of the auth library's user table (added with the accounts issue).

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id').primaryKey(),
    role: text('role', { enum: ['player', 'admin', 'superadmin'] })
      .notNull()
      .default('player'),
    customRoleName: text('custom_role_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('user_roles_role', sql`${t.role} in ('player', 'admin', 'superadmin')`)],
);

export const customRoles = pgTable('custom_roles', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description'),
  /** Map of permission name to boolean; only true entries count (docs/requirements.md §6). */
  permissions: jsonb('permissions').$type<Record<string, boolean>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userStatus = pgTable('user_status', {
  userId: text('user_id').primaryKey(),
  isFrozen: boolean('is_frozen').notNull().default(false),
  frozenReason: text('frozen_reason'),
  frozenBy: text('frozen_by'),
  frozenAt: timestamp('frozen_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const profiles = pgTable('profiles', {
  id: text('id').primaryKey(),
  username: text('username').unique(),
  fullName: text('full_name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userTutorialProgress = pgTable('user_tutorial_progress', {
  userId: text('user_id').primaryKey(),
  tutorialCompleted: boolean('tutorial_completed').notNull().default(false),
  tutorialSkipped: boolean('tutorial_skipped').notNull().default(false),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userPreferences = pgTable('user_preferences', {
  userId: text('user_id').primaryKey(),
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  /** Opt-in for round_started / round_completed e-mails. */
  roundNotifications: boolean('round_notifications').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const securityAuditLog = pgTable(
  'security_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventType: text('event_type').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    severity: text('severity', { enum: ['info', 'warning', 'critical'] })
      .notNull()
      .default('info'),
    userId: text('user_id'),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('security_audit_log_created').on(t.createdAt)],
);

/** Short-lived key/value records (docs/requirements.md §3 session store): expire on read after ttl seconds. */
export const sessionStore = pgTable('session_store', {
  id: text('id').primaryKey(),
  data: jsonb('data').notNull(),
  timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
  ttlSeconds: integer('ttl_seconds').notNull().default(3600),
  fingerprint: text('fingerprint'),
});

/**
 * Passwords that guard sections of the admin area (key `settings_password`), hashed with scrypt like account
 * passwords. Kept apart from system_settings so no settings listing can ever show them.
 */
export const protectedPasswords = pgTable('protected_passwords', {
  key: text('key').primaryKey(),
  hash: text('hash').notNull(),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An invitation to join with a role (docs/requirements.md §2: /invite, /onboard/{token}): single use, expires, token stored hashed. */
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: text('role', { enum: ['player', 'admin', 'superadmin'] })
      .notNull()
      .default('player'),
    customRoleName: text('custom_role_name'),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: text('accepted_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invites_email').on(t.email)],
);
