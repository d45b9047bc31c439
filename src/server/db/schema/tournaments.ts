import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PUBLIC_NAME_DISPLAYS } from '../../../domain/public-names';
import { DEFAULT_TIEBREAK_ORDER, type TiebreakKey } from '../../../domain/scoring/tiebreak-keys';
import { schools } from './schools';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** The key of a row that belongs to a tournament, and that tournament (its rows go when it is deleted). */
const tournamentRowKeys = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  tournamentId: uuid('tournament_id')
    .notNull()
    .references(() => tournaments.id, { onDelete: 'cascade' }),
});

/** The keys of a row that belongs to one round of a tournament, with the round's number. */
const roundRowKeys = () => ({
  ...tournamentRowKeys(),
  roundId: uuid('round_id')
    .notNull()
    .references(() => rounds.id, { onDelete: 'cascade' }),
  roundNumber: integer('round_number').notNull(),
});

export const tournaments = pgTable(
  'tournaments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    venue: text('venue'),
    description: text('description'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    currentRound: integer('current_round').notNull().default(0),
    totalRounds: integer('total_rounds').notNull().default(5),
    active: boolean('active').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: text('created_by'),
    /**
     * The ordered tie-break keys (FIDE C.07; domain/scoring/tiebreak-keys.ts), chosen at creation and editable
     * until round 1 is paired. Checked by the service; the database only insists on a JSON array.
     */
    tiebreakOrder: jsonb('tiebreak_order')
      .$type<TiebreakKey[]>()
      .notNull()
      .default([...DEFAULT_TIEBREAK_ORDER]),
    /** How pupils' names show on public pages (domain/public-names.ts, ADR 036). */
    publicNameDisplay: text('public_name_display', { enum: PUBLIC_NAME_DISPLAYS }).notNull().default('full'),
    /**
     * The prizes (issue 32, ADR 043): brackets of categories of places, and the best-school places; null for none.
     * Checked by the contract's schema and the domain's `bracketProblems` before it is stored.
     */
    prizes: jsonb('prizes').$type<unknown>(),
    /** While on, the public prize page shows no names: the ceremony has not been held. */
    prizesEmbargoed: boolean('prizes_embargoed').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check(
      'tournaments_public_name_display',
      sql`${t.publicNameDisplay} in ('full', 'first_initial', 'initials')`,
    ),
    check('tournaments_tiebreak_order_array', sql`jsonb_typeof(${t.tiebreakOrder}) = 'array'`),
    // docs/requirements.md §4: only one tournament is active at a time; the database enforces it.
    uniqueIndex('tournaments_one_active').on(t.active).where(sql`${t.active}`),
    check('tournaments_rounds_positive', sql`${t.totalRounds} >= 1 and ${t.currentRound} >= 0`),
  ],
);

/**
 * A team of a school in one tournament (docs/decisions/012-school-identity.md). Its name is unique within the
 * tournament whatever the case, so two schools never share a team name there.
 */
export const teams = pgTable(
  'teams',
  {
    ...tournamentRowKeys(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('teams_tournament_name').on(t.tournamentId, sql`lower(btrim(${t.name}))`),
    index('teams_school').on(t.schoolId),
  ],
);

export const players = pgTable(
  'players',
  {
    ...tournamentRowKeys(),
    userId: text('user_id'),
    name: text('name').notNull(),
    /** Withdrawn players are inactive: kept with their results, no longer paired. */
    active: boolean('active').notNull().default(true),
    /**
     * The first round a withdrawn player is out of (issue #30): the round that was next to be paired when they
     * withdrew. A teacher may undo the withdrawal until that round is paired; null while active.
     */
    withdrawnFromRound: integer('withdrawn_from_round'),
    rating: integer('rating'),
    /** The team's name as shown, e.g. "St Kevin's A" (display only: the school is `schoolId`). */
    groupName: text('group_name'),
    /** The player's team; null for an individual entry. */
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    /**
     * The player's school: the team's school, or for an individual entry a school or none. The pairing rule
     * compares this id (docs/decisions/012-school-identity.md).
     */
    schoolId: uuid('school_id').references(() => schools.id, { onDelete: 'set null' }),
    club: text('club'),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    /** How the check-in was made: 'desk', 'kiosk', 'school' or 'offline' (a replayed queued action); ADR 031. */
    checkinSource: text('checkin_source'),
    /** When the player was signed out at pick-up (null while still in the hall or never checked in). */
    signedOutAt: timestamp('signed_out_at', { withTimezone: true }),
    /** The pupil's name permission from the registration (ADR 036): null follows the tournament's setting. */
    publicNameDisplay: text('public_name_display', { enum: PUBLIC_NAME_DISPLAYS }),
    /**
     * The section the player plays in (issue 32, ADR 044), or null in an event without sections and for a pupil
     * not placed yet. Written by the placement rule (domain/sections.ts) or by staff (`sectionByHand`).
     */
    sectionId: uuid('section_id').references(() => tournamentSections.id, { onDelete: 'set null' }),
    /** Placed by staff: the placement rule leaves the player where staff put them. */
    sectionByHand: boolean('section_by_hand').notNull().default(false),
    /** Eligible for girls' prizes (issue 32), as the school or staff said; nothing else is kept about it. */
    girlsPrize: boolean('girls_prize').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('players_tournament').on(t.tournamentId),
    index('players_section').on(t.sectionId),
    index('players_user').on(t.userId),
    index('players_team').on(t.teamId),
  ],
);

/**
 * A section of an event (issue 32, ADR 044): its own pairings, standings, school table and prizes, on the event's
 * shared round clock. An event without sections has no rows here and plays as one group.
 */
export const tournamentSections = pgTable(
  'tournament_sections',
  {
    ...tournamentRowKeys(),
    name: text('name').notNull(),
    /** The short name in addresses (`/leaderboard#juniors`), unique within the event. */
    slug: text('slug').notNull(),
    /** The order staff listed the sections in: the first rule that takes a pupil wins. */
    position: integer('position').notNull(),
    /** Who plays here (domain/sections.ts SectionRule), checked by the contract before it is stored. */
    rule: jsonb('rule').$type<unknown>().notNull(),
    /** The section's prizes (contracts/prizes.ts), null for none. */
    prizes: jsonb('prizes').$type<unknown>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tournament_sections_slug').on(t.tournamentId, t.slug),
    uniqueIndex('tournament_sections_name').on(t.tournamentId, sql`lower(${t.name})`),
  ],
);

export const rounds = pgTable(
  'rounds',
  {
    ...tournamentRowKeys(),
    number: integer('number').notNull(),
    status: text('status', { enum: ['upcoming', 'active', 'completed'] })
      .notNull()
      .default('upcoming'),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    /** docs/requirements.md §3 `completed`, kept equal to the status by the database. */
    completed: boolean('completed').generatedAlwaysAs(sql`status = 'completed'`),
    /**
     * Public notes from the pairing engine where a rule was relaxed, e.g. "Schoolmates paired on board 12:
     * no pairing avoided it". Written when pairings are generated; shown on the leaderboard.
     */
    pairingNotes: jsonb('pairing_notes').$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('rounds_tournament_number').on(t.tournamentId, t.number),
    check('rounds_status', sql`${t.status} in ('upcoming', 'active', 'completed')`),
  ],
);

export const matches = pgTable(
  'matches',
  {
    ...roundRowKeys(),
    boardNumber: integer('board_number').notNull(),
    whitePlayerId: uuid('white_player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'restrict' }),
    blackPlayerId: uuid('black_player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'restrict' }),
    /** null while in progress; see MATCH_RESULTS in src/domain/scoring/results.ts. */
    result: text('result', {
      enum: ['white', 'black', 'draw', 'white_forfeit_win', 'black_forfeit_win', 'double_forfeit'],
    }),
    /** docs/requirements.md §4: setting a result completes the match, clearing it reopens it; the database keeps them equal. */
    completed: boolean('completed').generatedAlwaysAs(sql`result is not null`),
    /** Optimistic concurrency: a result write names the version it read, and a stale one is refused. */
    version: integer('version').notNull().default(1),
    resultAt: timestamp('result_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('matches_round_board').on(t.roundId, t.boardNumber),
    index('matches_tournament_round').on(t.tournamentId, t.roundNumber),
    check(
      'matches_result',
      sql`${t.result} is null or ${t.result} in ('white', 'black', 'draw', 'white_forfeit_win', 'black_forfeit_win', 'double_forfeit')`,
    ),
    check('matches_distinct_players', sql`${t.whitePlayerId} <> ${t.blackPlayerId}`),
  ],
);

/** A round without a game for a player: pairing-allocated bye, requested full/half-point bye, or absence. */
export const roundByes = pgTable(
  'round_byes',
  {
    ...roundRowKeys(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['pairing', 'full', 'half', 'zero'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('round_byes_round_player').on(t.roundId, t.playerId),
    check('round_byes_kind', sql`${t.kind} in ('pairing', 'full', 'half', 'zero')`),
  ],
);

export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id').references(() => tournaments.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdBy: text('created_by'),
    ...timestamps,
  },
  (t) => [index('announcements_tournament_created').on(t.tournamentId, t.createdAt)],
);

export const tournamentTemplates = pgTable('tournament_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  defaultRounds: integer('default_rounds').notNull().default(5),
  createdBy: text('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
