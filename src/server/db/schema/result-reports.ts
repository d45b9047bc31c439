import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { badgeTokens } from './badges';
import { matches, tournaments } from './tournaments';

/**
 * Results reported from the players' phones (docs/decisions/040-result-reports.md). Append-only: every report
 * is a row (a trigger refuses updates); for each side of a board the latest row counts. A row names the
 * credential that made it — a badge, or a teacher's account — in `reporter_key`, which two sides must differ in.
 */
export const resultReports = pgTable(
  'result_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    matchId: uuid('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    roundNumber: integer('round_number').notNull(),
    /** The side this report speaks for: 'white' or 'black'. */
    side: text('side', { enum: ['white', 'black'] }).notNull(),
    /** 'white' (1–0), 'draw' (½–½) or 'black' (0–1): players report over-the-board results only. */
    result: text('result', { enum: ['white', 'draw', 'black'] }).notNull(),
    /** 'player' (their badge), 'captain' (the school badge) or 'teacher' (the registration owner's account). */
    reporterKind: text('reporter_kind', { enum: ['player', 'captain', 'teacher'] }).notNull(),
    badgeId: uuid('badge_id').references(() => badgeTokens.id, { onDelete: 'set null' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** `badge:<id>` or `user:<id>`: the credential, kept when the badge or account row goes. */
    reporterKey: text('reporter_key').notNull(),
    /** The device's outbox id of this report: a replay of the same report lands once. */
    clientId: text('client_id'),
    /** The reporting browser, shortened (for the arbiter: which device). */
    device: text('device'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('result_reports_match').on(t.matchId, t.createdAt),
    index('result_reports_tournament_round').on(t.tournamentId, t.roundNumber),
    uniqueIndex('result_reports_client').on(t.reporterKey, t.clientId).where(sql`${t.clientId} is not null`),
    check('result_reports_side', sql`${t.side} in ('white', 'black')`),
    check('result_reports_result', sql`${t.result} in ('white', 'draw', 'black')`),
  ],
);
