import { and, asc, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MatchResult } from '../../../domain/scoring/results';
import { acceptsResult, canClearResult } from '../../../domain/tournament/rounds';
import { ROUND_STATUSES } from '../../../domain/tournament/state';
import type { Db } from '../../db/client';
import { resultReports } from '../../db/schema/result-reports';
import { schools } from '../../db/schema/schools';
import { systemLogs } from '../../db/schema/settings';
import { matches, players, rounds, tournaments } from '../../db/schema/tournaments';
import { isActiveTournament } from '../tournament/active-tournament';

export type RoundStatus = (typeof rounds.$inferSelect)['status'];

const white = alias(players, 'white');
const black = alias(players, 'black');
const whiteSchool = alias(schools, 'white_school');
const blackSchool = alias(schools, 'black_school');

/** One board with its players, its round's status and whether its tournament is the active one. */
const boardColumns = {
  matchId: matches.id,
  board: matches.boardNumber,
  roundId: matches.roundId,
  roundNumber: matches.roundNumber,
  roundStatus: rounds.status,
  isTournamentActive: tournaments.active,
  result: matches.result,
  version: matches.version,
  updatedAt: matches.updatedAt,
  tournamentId: matches.tournamentId,
  whiteId: white.id,
  whiteSchoolId: white.schoolId,
  whiteName: white.name,
  whiteGroup: white.groupName,
  /** The names of the players' school records (never parsed from the team name). */
  whiteSchool: whiteSchool.name,
  blackId: black.id,
  blackSchoolId: black.schoolId,
  blackName: black.name,
  blackGroup: black.groupName,
  blackSchool: blackSchool.name,
};
export type BoardRow = {
  matchId: string;
  board: number;
  roundId: string;
  roundNumber: number;
  roundStatus: RoundStatus;
  isTournamentActive: boolean;
  result: MatchResult | null;
  version: number;
  updatedAt: Date;
  tournamentId: string;
  whiteId: string;
  whiteSchoolId: string | null;
  whiteName: string;
  whiteGroup: string | null;
  whiteSchool: string | null;
  blackId: string;
  blackSchoolId: string | null;
  blackName: string;
  blackGroup: string | null;
  blackSchool: string | null;
};

function selectBoards(db: Db) {
  return db
    .select(boardColumns)
    .from(matches)
    .innerJoin(rounds, eq(rounds.id, matches.roundId))
    .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
    .innerJoin(white, eq(white.id, matches.whitePlayerId))
    .innerJoin(black, eq(black.id, matches.blackPlayerId))
    .leftJoin(whiteSchool, eq(whiteSchool.id, white.schoolId))
    .leftJoin(blackSchool, eq(blackSchool.id, black.schoolId));
}

export async function listRounds(db: Db, tournamentId: string) {
  return db
    .select({ id: rounds.id, number: rounds.number, status: rounds.status })
    .from(rounds)
    .where(eq(rounds.tournamentId, tournamentId))
    .orderBy(asc(rounds.number));
}

/** A round's boards in board order; with `of`, only the boards a player or these schools' pupils play on. */
export async function listBoards(
  db: Db,
  roundId: string,
  of?: { playerId: string } | { schoolIds: readonly string[] },
): Promise<BoardRow[]> {
  const whose =
    of === undefined
      ? undefined
      : 'playerId' in of
        ? or(eq(white.id, of.playerId), eq(black.id, of.playerId))
        : of.schoolIds.length === 0
          ? sql`false`
          : or(inArray(white.schoolId, [...of.schoolIds]), inArray(black.schoolId, [...of.schoolIds]));
  return selectBoards(db)
    .where(and(eq(matches.roundId, roundId), whose))
    .orderBy(asc(matches.boardNumber));
}

export async function findBoard(db: Db, matchId: string): Promise<BoardRow | null> {
  const [row] = await selectBoards(db).where(eq(matches.id, matchId));
  return row ?? null;
}

/**
 * Writes a result only if the match still has the version the writer read, belongs to the active tournament
 * and its round accepts it (in progress; or completed, as a correction that does not clear the result). One
 * statement, so two writers of the same version cannot both succeed: the second updates no row.
 * Returns whether the row was written.
 */
export async function writeResultIfCurrent(
  db: Db,
  input: { matchId: string; expectedVersion: number; result: MatchResult | null; at: Date },
): Promise<boolean> {
  // The statuses whose rounds take this write, as the round lifecycle says (src/domain/tournament/rounds.ts).
  const acceptingStatuses: RoundStatus[] = ROUND_STATUSES.filter((status) =>
    input.result === null ? canClearResult({ status }) : acceptsResult({ status }),
  );
  const acceptingRounds = db
    .select({ id: rounds.id })
    .from(rounds)
    .innerJoin(tournaments, eq(tournaments.id, rounds.tournamentId))
    .where(and(isActiveTournament(), inArray(rounds.status, acceptingStatuses)))
    // Shares the lock completing a round takes: a result cleared while the round is being completed either
    // lands first (and completing is refused) or sees the round completed (and the clear is refused).
    .for('share', { of: rounds });
  const written = await db
    .update(matches)
    .set({
      result: input.result,
      version: sql`${matches.version} + 1`,
      resultAt: input.result === null ? null : input.at,
      updatedAt: input.at,
    })
    .where(
      and(
        eq(matches.id, input.matchId),
        eq(matches.version, input.expectedVersion),
        inArray(matches.roundId, acceptingRounds),
      ),
    )
    .returning({ id: matches.id });
  return written.length === 1;
}

/**
 * The games of the tournament that players have reported from their phones (ADR 040), with a result or not:
 * each reader pairs it with the results it holds — a public board shows "Reported" while it has reports and no
 * result in the snapshot; a round that cannot be completed names its open boards that were reported.
 */
export async function reportedMatchIds(db: Db, tournamentId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ matchId: resultReports.matchId })
    .from(resultReports)
    .where(eq(resultReports.tournamentId, tournamentId));
  return new Set(rows.map((row) => row.matchId));
}

/** Whether a later round of the tournament has games (is paired) than round `roundNumber`. */
export async function hasGamesAfter(db: Db, tournamentId: string, roundNumber: number): Promise<boolean> {
  const [row] = await db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.tournamentId, tournamentId), gt(matches.roundNumber, roundNumber)))
    .limit(1);
  return row !== undefined;
}

/**
 * Results of completed rounds corrected after a later round was paired (their log rows carry `nextRoundPaired`,
 * set by the result write), newest first: the chief arbiter checks that round's pairings (ADR 040).
 */
export async function lateCorrections(db: Db, tournamentId: string, limit = 20) {
  return db
    .select({
      at: systemLogs.createdAt,
      description: systemLogs.description,
      roundNumber: matches.roundNumber,
      board: matches.boardNumber,
    })
    .from(systemLogs)
    .innerJoin(matches, eq(matches.id, sql`(${systemLogs.metadata}->>'matchId')::uuid`))
    .where(and(sql`${systemLogs.metadata} ? 'nextRoundPaired'`, eq(matches.tournamentId, tournamentId)))
    .orderBy(desc(systemLogs.createdAt))
    .limit(limit);
}
