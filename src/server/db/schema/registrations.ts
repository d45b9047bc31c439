import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PUBLIC_NAME_DISPLAYS } from '../../../domain/public-names';
import { schools } from './schools';
import { tournaments } from './tournaments';

/** A school's entry: one registrant, one payment, one or more teams of exactly 4 (docs/requirements.md §5). */
export const registrations = pgTable(
  'registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Short human reference quoted in e-mails and on the status page. */
    reference: text('reference').notNull().unique(),
    userId: text('user_id'),
    registrantName: text('registrant_name').notNull(),
    registrantEmail: text('registrant_email').notNull(),
    registrantPhone: text('registrant_phone'),
    schoolName: text('school_name').notNull(),
    /** The school this entry is for (docs/decisions/012-school-identity.md); `schoolName` keeps what was typed. */
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'restrict' }),
    teamCount: integer('team_count').notNull(),
    paymentStatus: text('payment_status', { enum: ['unpaid', 'pending', 'paid', 'cancelled'] })
      .notNull()
      .default('unpaid'),
    /** Amount due in euro cents, computed by the server from the team price. */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('eur'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** How it was paid: 'card' through a provider, or 'cash' / 'bank_transfer' marked by staff. */
    paidVia: text('paid_via'),
    /** Staff note for a manual payment or a cancellation. */
    paymentNote: text('payment_note'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When staff copied the players into the active tournament. */
    promotedAt: timestamp('promoted_at', { withTimezone: true }),
    /**
     * Checkout creates the provider refused (answered with an error): part of the next create's idempotency
     * key, so a retry after a refusal is a new attempt instead of the provider's stored refusal again.
     */
    checkoutRefusals: integer('checkout_refusals').notNull().default(0),
    /**
     * When the retention (ADR 035) anonymised it, two years after its tournament: names, e-mail, phone and the
     * pupils are gone; amount, currency, dates and the provider's ids stay for the accounts.
     */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('registrations_email').on(t.registrantEmail),
    check('registrations_team_count', sql`${t.teamCount} >= 1`),
    check(
      'registrations_payment_status',
      sql`${t.paymentStatus} in ('unpaid', 'pending', 'paid', 'cancelled')`,
    ),
  ],
);

export const registrationTeams = pgTable(
  'registration_teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    /** e.g. "St Kevin's A": becomes the players' group name when promoted into a tournament. */
    name: text('name').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('registration_teams_registration').on(t.registrationId)],
);

export const registrationTeamPlayers = pgTable(
  'registration_team_players',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => registrationTeams.id, { onDelete: 'cascade' }),
    /** Board order within the team, 1–4. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    dateOfBirth: date('date_of_birth'),
    schoolYear: text('school_year'),
    guardianConsentBy: text('guardian_consent_by'),
    guardianConsentAt: timestamp('guardian_consent_at', { withTimezone: true }),
    consentPolicyVersion: text('consent_policy_version'),
    /** For players under 18: the parent or guardian who must confirm by the e-mailed link (T25). */
    guardianEmail: text('guardian_email'),
    /** When the guardian confirmed through the link; null while consent is pending. */
    guardianConfirmedAt: timestamp('guardian_confirmed_at', { withTimezone: true }),
    /**
     * The name permission given at registration (ADR 036): how much of the pupil's name public pages may
     * show; null leaves it to the tournament's setting. Copied to the player on promotion.
     */
    publicNameDisplay: text('public_name_display', { enum: PUBLIC_NAME_DISPLAYS }),
    /** The tournament player created from this entry by a promotion; null until promoted. */
    playerId: uuid('player_id'),
    /**
     * When a substitute took this pupil's place in the team (issue #30): the entry stays as the record of who
     * played and of their consent, but is no longer one of the team's four (`withTeams` leaves it out).
     */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    /** For a substitute: the entry whose place it took (whose pupil left or had withdrawn). */
    replacesEntryId: uuid('replaces_entry_id'),
    /**
     * Entered by the school's teacher on the day (a substitute, or a pupil of a late team): enters the tournament
     * as soon as the guardian confirms, instead of waiting for staff to add the registration's players.
     */
    enteredOnTheDay: boolean('entered_on_the_day').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('registration_team_players_team').on(t.teamId),
    check('registration_team_players_position', sql`${t.position} between 1 and 4`),
  ],
);

/**
 * One checkout attempt for a registration. The amount is the server's; only a verified provider event
 * (or staff marking a manual payment) moves a registration to paid.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    /** 'stripe' or 'offline' (the built-in test provider). */
    provider: text('provider').notNull(),
    /** The provider's checkout session id. */
    providerSessionId: text('provider_session_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('eur'),
    teamCount: integer('team_count').notNull(),
    status: text('status', { enum: ['open', 'paid', 'failed', 'expired'] })
      .notNull()
      .default('open'),
    checkoutUrl: text('checkout_url'),
    /**
     * When the provider reported the checkout completed. With status 'open' it means the money is still
     * clearing (an asynchronous method): this payment is what keeps the registration pending.
     */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_session').on(t.provider, t.providerSessionId),
    index('payments_registration').on(t.registrationId),
    check('payments_status', sql`${t.status} in ('open', 'paid', 'failed', 'expired')`),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Provider events already applied: a replayed or duplicate event is recognised by its id and ignored. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    providerSessionId: text('provider_session_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * A teacher's roster change made after its lock (issue #30): it waits here, with the teacher's reason, until an
 * arbiter accepts it (the change is then made as the teacher asked) or refuses it; the teacher is e-mailed
 * either way. `pupil` holds the substitute's details as entered, so the change can be made later exactly.
 */
export const rosterRequests = pgTable(
  'roster_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    /**
     * 'substitution' (a new pupil takes a place), 'return' (a withdrawn pupil comes back) or 'team' (a late team
     * of four).
     */
    kind: text('kind', { enum: ['substitution', 'return', 'team'] }).notNull(),
    /** The tournament player the change is about: the pupil replaced, or the pupil to bring back; null for a team. */
    playerId: uuid('player_id'),
    /** The substitute's details, or the late team (the registration form's fields); null for a return. */
    pupil: jsonb('pupil'),
    /** What is asked, in one sentence, as the arbiter's queue and the e-mail say it. */
    summary: text('summary').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'refused'] })
      .notNull()
      .default('pending'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The arbiter's word to the teacher (required when refusing). */
    decisionNote: text('decision_note'),
    /** The account that asked, or null for the registration's mailed link. */
    requestedBy: text('requested_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('roster_requests_status').on(t.status, t.createdAt),
    index('roster_requests_registration').on(t.registrationId),
    check('roster_requests_kind', sql`${t.kind} in ('substitution', 'return', 'team')`),
    check('roster_requests_status', sql`${t.status} in ('pending', 'accepted', 'refused')`),
  ],
);
