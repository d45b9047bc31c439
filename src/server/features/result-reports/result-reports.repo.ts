import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Claim } from '../../../domain/result-reports';
import type { Db } from '../../db/client';
import { user } from '../../db/schema/auth';
import { badgeTokens } from '../../db/schema/badges';
import { resultReports } from '../../db/schema/result-reports';
import { schools } from '../../db/schema/schools';
import { matches, players, rounds } from '../../db/schema/tournaments';

export type ReportRow = typeof resultReports.$inferSelect;

/** The round being played (status active), if any. */
export async function roundInProgress(db: Db, tournamentId: string) {
  const [round] = await db
    .select({ id: rounds.id, number: rounds.number })
    .from(rounds)
    .where(and(eq(rounds.tournamentId, tournamentId), eq(rounds.status, 'active')))
    .orderBy(asc(rounds.number))
    .limit(1);
  return round ?? null;
}

/** The reports of these boards, oldest first, with the name of the badge's or account's holder. */
export async function reportsOf(db: Db, matchIds: readonly string[]) {
  if (matchIds.length === 0) return [];
  const badgePlayer = alias(players, 'badge_player');
  const badgeSchool = alias(schools, 'badge_school');
  return db
    .select({
      report: resultReports,
      reporterName: sql<string | null>`coalesce(${badgePlayer.name}, ${badgeSchool.name}, ${user.name})`,
    })
    .from(resultReports)
    .leftJoin(badgeTokens, eq(badgeTokens.id, resultReports.badgeId))
    .leftJoin(badgePlayer, eq(badgePlayer.id, badgeTokens.playerId))
    .leftJoin(badgeSchool, eq(badgeSchool.id, badgeTokens.schoolId))
    .leftJoin(user, eq(user.id, resultReports.userId))
    .where(inArray(resultReports.matchId, [...matchIds]))
    .orderBy(asc(resultReports.createdAt), asc(resultReports.id));
}

export const toClaim = (row: ReportRow): Claim => ({
  side: row.side,
  result: row.result,
  kind: row.reporterKind,
  reporterKey: row.reporterKey,
  at: row.createdAt.getTime(),
});

/**
 * Takes the board's lock for the rest of the transaction: reports of one board are stored one at a time, so
 * the second side's report always sees the first (and the board cannot be confirmed by neither).
 */
export async function lockBoard(tx: Db, matchId: string) {
  const [row] = await tx
    .select({ result: matches.result, version: matches.version })
    .from(matches)
    .where(eq(matches.id, matchId))
    .for('update');
  return row ?? null;
}

/** Stores a report; null when the same credential already sent this client id (a replay). */
export async function insertReport(
  tx: Db,
  row: typeof resultReports.$inferInsert,
): Promise<ReportRow | null> {
  const [inserted] = await tx.insert(resultReports).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}
