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

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

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
    ...timestamps,
  },
  (t) => [
    // SPEC §4: only one tournament is active at a time; the database enforces it.
    uniqueIndex('tournaments_one_active').on(t.active).where(sql`${t.active}`),
    check('tournaments_rounds_positive', sql`${t.totalRounds} >= 1 and ${t.currentRound} >= 0`),
  ],
);

export const players = pgTable(
  'players',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    userId: text('user_id'),
    name: text('name').notNull(),
    /** Withdrawn players are inactive: kept with their results, no longer paired. */
    active: boolean('active').notNull().default(true),
    rating: integer('rating'),
    /** The team, e.g. "St Kevin's A"; the school is derived from it (SPEC §5). */
    groupName: text('group_name'),
    club: text('club'),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('players_tournament').on(t.tournamentId), index('players_user').on(t.userId)],
);

export const rounds = pgTable(
  'rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: text('status', { enum: ['upcoming', 'active', 'completed'] })
      .notNull()
      .default('upcoming'),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    /** SPEC §3 `completed`, kept equal to the status by the database. */
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
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    roundId: uuid('round_id')
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    roundNumber: integer('round_number').notNull(),
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
    /** SPEC §4: setting a result completes the match, clearing it reopens it; the database keeps them equal. */
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
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    roundId: uuid('round_id')
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    roundNumber: integer('round_number').notNull(),
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
