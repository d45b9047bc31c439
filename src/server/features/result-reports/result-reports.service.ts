import { eq } from 'drizzle-orm';
import type { EntryBoard } from '../../../contracts/match-results';
/**
 * Results reported from the players' phones (issue #29, docs/decisions/040-result-reports.md). A badge — the
 * pupil's, or a school's for its captain or teacher — reports the result of its own board in the round being
 * played; when both sides agree the result is set through the same write as staff entry (core/results).
 */
import {
  type ArbiterQueueResponse,
  isReportingOnFor,
  type PaperBoard,
  type PaperBoardsResponse,
  type PaperResultBody,
  type PaperResultResponse,
  RESULT_REPORT_MESSAGES,
  RESULT_REPORTING_SETTING_KEY,
  type ReportAnswer,
  type ReportableBoard,
  type ReportBoardsResponse,
  type ReportResultResponse,
  type ResultReporting,
} from '../../../contracts/result-reports';
import {
  arbiterQueue,
  type BoardReportState,
  boardReportState,
  claimsDifferingFrom,
  latestClaims,
  type Reporter,
  type ReportRefusal,
  refusalOfReport,
  sidesFor,
} from '../../../domain/result-reports';
import { COLOUR_LABELS, formatResult } from '../../../domain/scoring/results';
import type { AuditContext } from '../../audit/audit';
import type { Actor } from '../../auth/actor';
import { findBadgeByScan } from '../../core/badges/badges.repo';
import { schoolsTaughtIn } from '../../core/registrations/registration-records';
import { type BoardRow, findBoard, lateCorrections, listBoards } from '../../core/results/results.repo';
import { setMatchResult, toEntryBoard } from '../../core/results/set-result';
import { readSettingValue, saveRegisteredSetting } from '../../core/settings/settings.service';
import { findActiveTournament, type TournamentRow } from '../../core/tournament/active-tournament';
import type { Db } from '../../db/client';
import { schools } from '../../db/schema/schools';
import { players } from '../../db/schema/tournaments';
import type { AuditedDb } from '../../feature-context';
import { HttpError } from '../../http/errors';
import * as repo from './result-reports.repo';

const MINUTE = 60_000;

/** Whoever holds the credential: what they may speak for and how the rows and the arbiter name them. */
interface Holder {
  reporter: Reporter;
  /** The badge, or the teacher's account, that reports: one of the two. */
  badgeId: string | null;
  userId: string | null;
  name: string;
  key: string;
}

/** What a report comes with: a badge's scan or typed code, or a signed-in teacher's account (ADR 040). */
export type Credential = { badge: string } | { account: Actor };

const refusalMessages: Record<ReportRefusal, { status: 403 | 409 | 400; message: string }> = {
  'reporting-off': { status: 403, message: RESULT_REPORT_MESSAGES.reportingOff },
  'not-reportable': { status: 400, message: RESULT_REPORT_MESSAGES.notReportable },
  'not-your-board': { status: 403, message: RESULT_REPORT_MESSAGES.notYourBoard },
  'round-not-in-progress': { status: 409, message: RESULT_REPORT_MESSAGES.roundNotInProgress },
  'result-already-set': { status: 409, message: RESULT_REPORT_MESSAGES.alreadySet },
};
const refuse = (reason: ReportRefusal): never => {
  const { status, message } = refusalMessages[reason];
  throw new HttpError(status, message, reason);
};

/** An unknown, revoked or foreign badge: one answer, so a code cannot be probed. */
export class UnknownBadgeError extends HttpError {
  constructor() {
    super(404, RESULT_REPORT_MESSAGES.unknownBadge, 'unknown-badge');
  }
}

export async function readReporting(db: Db): Promise<ResultReporting> {
  return readSettingValue(db, RESULT_REPORTING_SETTING_KEY);
}

/** The active tournament and whether players report in it. */
async function reportingContext(db: Db) {
  const tournament = await findActiveTournament(db);
  const setting = await readReporting(db);
  return { tournament, setting, isOn: isReportingOnFor(setting, tournament?.id ?? null) };
}

/**
 * The holder of a live badge of the active tournament (refused otherwise), or a teacher's account — null when the
 * account speaks for no school.
 */
async function holderOf(db: Db, credential: Credential, tournament: TournamentRow): Promise<Holder | null> {
  if ('account' in credential) return teacherOf(db, credential.account, tournament);
  const badge = await findBadgeByScan(db, credential.badge);
  if (!badge || badge.revokedAt !== null) throw new UnknownBadgeError();
  const key = `badge:${badge.id}`;
  const of = { badgeId: badge.id, userId: null, key };
  if (badge.kind === 'player' && badge.playerId) {
    const [player] = await db
      .select({ id: players.id, name: players.name, tournamentId: players.tournamentId })
      .from(players)
      .where(eq(players.id, badge.playerId));
    if (!player || player.tournamentId !== tournament.id) throw new UnknownBadgeError();
    return { ...of, reporter: { kind: 'player', playerId: player.id }, name: player.name };
  }
  if (badge.kind === 'school' && badge.schoolId) {
    const [school] = await db
      .select({ id: schools.id, name: schools.name })
      .from(schools)
      .where(eq(schools.id, badge.schoolId));
    if (!school) throw new UnknownBadgeError();
    return { ...of, reporter: { kind: 'captain', schoolIds: [school.id] }, name: school.name };
  }
  throw new UnknownBadgeError();
}

/** Without an active tournament a badge is simply not valid; a teacher's account is told why. */
const noTournamentFor = (credential: Credential) =>
  'account' in credential
    ? new HttpError(409, RESULT_REPORT_MESSAGES.noActiveTournament, 'no-tournament')
    : new UnknownBadgeError();

/** A signed-in teacher: the account whose registrations staff added to this tournament speaks for those pupils. */
async function teacherOf(db: Db, actor: Actor, tournament: TournamentRow): Promise<Holder | null> {
  const schoolIds = await schoolsTaughtIn(db, actor, tournament);
  if (schoolIds.length === 0) return null;
  return {
    reporter: { kind: 'teacher', schoolIds },
    badgeId: null,
    userId: actor.userId,
    name: actor.name || actor.email,
    key: `user:${actor.userId}`,
  };
}

/** The two players of a board as the phones and the arbiter see them: name and school. */
const namesOf = (row: BoardRow) => ({
  white: { name: row.whiteName, schoolName: row.whiteSchool },
  black: { name: row.blackName, schoolName: row.blackSchool },
});

const boardShape = (row: BoardRow) => ({
  white: { playerId: row.whiteId, schoolId: row.whiteSchoolId },
  black: { playerId: row.blackId, schoolId: row.blackSchoolId },
});

/** How a board without a result shows on the reporting phone, by what its claims say together. */
const SHOWN_STATE: Record<BoardReportState['kind'], ReportableBoard['state']> = {
  none: 'waiting',
  'one-sided': 'reported',
  agreed: 'confirmed',
  disputed: 'disputed',
};

/** A board as this holder sees it: their own latest report, whether the other side has reported. */
function toReportable(
  row: BoardRow,
  sides: readonly ('white' | 'black')[],
  reports: readonly repo.ReportRow[],
  holderKey: string,
): ReportableBoard {
  const claims = reports.map(repo.toClaim);
  const latest = latestClaims(claims);
  const mine = sides.map((side) => latest[side]).find((claim) => claim?.reporterKey === holderKey);
  const others = (['white', 'black'] as const).filter((side) => !sides.includes(side));
  const state = boardReportState(claims);
  return {
    matchId: row.matchId,
    roundNumber: row.roundNumber,
    board: row.board,
    ...namesOf(row),
    sides: [...sides],
    result: row.result,
    yourReport: mine?.result ?? null,
    otherSideReported: others.some((side) => latest[side] !== undefined),
    state: row.result !== null ? 'final' : SHOWN_STATE[state.kind],
  };
}

/** The boards a credential may report in the round being played (a pupil's one board, a school's pupils'). */
export async function boardsFor(db: Db, credential: Credential): Promise<ReportBoardsResponse> {
  const { tournament, setting, isOn } = await reportingContext(db);
  if (!tournament) throw noTournamentFor(credential);
  const holder = await holderOf(db, credential, tournament);
  // An account that speaks for no school is told so (the page then asks for a badge), not refused: any
  // signed-in user may ask.
  if (!holder) {
    return { holder: null, roundNumber: null, boards: [], message: RESULT_REPORT_MESSAGES.noSchoolOfAccount };
  }
  const { kind } = holder.reporter;
  const answer = (
    roundNumber: number | null,
    boards: ReportableBoard[],
    message: string | null,
  ): ReportBoardsResponse => ({
    holder: { kind, name: holder.name },
    roundNumber,
    boards,
    message,
  });
  if (!isOn) return answer(null, [], RESULT_REPORT_MESSAGES.reportingOff);
  const round = await repo.roundInProgress(db, tournament.id);
  if (!round) return answer(null, [], RESULT_REPORT_MESSAGES.roundNotInProgress);
  // Only the holder's own boards are read: every open report page reads again after each result.
  const of =
    holder.reporter.kind === 'player'
      ? { playerId: holder.reporter.playerId }
      : { schoolIds: holder.reporter.schoolIds };
  const mine = (await listBoards(db, round.id, of))
    .map((row) => ({
      row,
      sides: sidesFor(holder.reporter, boardShape(row), { captainsMayConfirm: setting.captains_may_confirm }),
    }))
    .filter(({ sides }) => sides.length > 0);
  const { reports } = await reportsByMatch(
    db,
    mine.map(({ row }) => row.matchId),
  );
  return answer(
    round.number,
    mine.map(({ row, sides }) => toReportable(row, sides, reports(row.matchId), holder.key)),
    mine.length > 0
      ? null
      : kind === 'player'
        ? RESULT_REPORT_MESSAGES.noBoard
        : RESULT_REPORT_MESSAGES.teacherNoBoard,
  );
}

/**
 * Takes a report. Refused with a sentence (and nothing stored) when reporting is off, the board is not the
 * holder's, its round is not being played or its result is already set. Stored, then: when the two sides now
 * agree, the result is set through the staff write (one version bump, one live update, one audit row).
 */
export async function report(
  context: AuditedDb,
  credential: Credential,
  body: ReportAnswer,
  meta: { ip: string | null; device: string | null; reserve?: (holderKey: string) => Promise<void> },
  now: Date,
): Promise<ReportResultResponse> {
  const { db, audit } = context;
  const { tournament, setting, isOn } = await reportingContext(db);
  if (!tournament) throw noTournamentFor(credential);
  const holder = await holderOf(db, credential, tournament);
  if (!holder) throw new HttpError(403, RESULT_REPORT_MESSAGES.noSchoolOfAccount, 'no-school');
  await meta.reserve?.(holder.key);
  const found = await findBoard(db, body.matchId);
  const row = found?.tournamentId === tournament.id ? found : null;
  const sides = row
    ? sidesFor(holder.reporter, boardShape(row), { captainsMayConfirm: setting.captains_may_confirm })
    : [];
  const refusal = refusalOfReport({
    isReportingOn: isOn,
    roundInProgress: row?.roundStatus === 'active',
    storedResult: row?.result ?? null,
    sides,
    result: body.result,
  });
  if (refusal === 'result-already-set' && row) {
    // The same report again after the result it confirmed was set: its first answer was lost on the way (a
    // phone's retry, or nginx passing the request on from a process that died). It changed nothing then
    // either way, so it answers as a repeat does, not as a late report.
    const reports = await repo.reportsOf(db, [row.matchId]);
    const mine = latestClaims(reports.map(({ report }) => repo.toClaim(report)));
    const repeated = sides.some(
      (side) => mine[side]?.reporterKey === holder.key && mine[side]?.result === body.result,
    );
    if (repeated && row.result === body.result) {
      const view = toReportable(
        row,
        sides,
        reports.map(({ report }) => report),
        holder.key,
      );
      return { outcome: 'unchanged', message: RESULT_REPORT_MESSAGES.unchanged, board: view };
    }
  }
  if (refusal) refuse(refusal);
  const board = row!;
  const who: AuditContext = { actorId: holder.userId, ip: meta.ip };
  // For a school's badge on a board of two of its pupils, the report speaks for the side it has not spoken
  // for yet (else white): one credential can never fill both sides (boardReportState).
  const stored = await db.transaction(async (tx) => {
    const locked = await repo.lockBoard(tx, board.matchId);
    if (!locked) refuse('not-your-board');
    if (locked!.result !== null) refuse('result-already-set');
    const existing = (await repo.reportsOf(tx, [board.matchId])).map(({ report }) => report);
    const latest = latestClaims(existing.map(repo.toClaim));
    const side = sides.find((candidate) => latest[candidate]?.reporterKey !== holder.key) ?? sides[0]!;
    const previous = latest[side];
    if (previous && previous.reporterKey === holder.key && previous.result === body.result) {
      return { inserted: null, reports: existing };
    }
    const inserted = await repo.insertReport(tx, {
      tournamentId: tournament.id,
      matchId: board.matchId,
      roundNumber: board.roundNumber,
      side,
      result: body.result,
      reporterKind: holder.reporter.kind,
      badgeId: holder.badgeId,
      userId: holder.userId,
      reporterKey: holder.key,
      clientId: body.clientId ?? null,
      device: meta.device,
      createdAt: now,
    });
    if (!inserted) return { inserted: null, reports: existing };
    await audit.logChange(
      tx,
      who,
      'report_result',
      `Round ${board.roundNumber} board ${board.board}: ${holder.name} reported ${body.result} for ${side}${previous ? ` (was ${previous.result})` : ''}`,
      {
        matchId: board.matchId,
        side,
        before: previous?.result ?? null,
        after: body.result,
        reporterKind: holder.reporter.kind,
        badgeId: holder.badgeId,
        userId: holder.userId,
        device: meta.device,
      },
    );
    return { inserted, reports: [...existing, inserted] };
  });
  const state = boardReportState(stored.reports.map(repo.toClaim));
  let outcome: ReportResultResponse['outcome'] = stored.inserted ? 'recorded' : 'unchanged';
  let result = board.result;
  if (state.kind === 'agreed') {
    const written = await setMatchResult(
      context,
      who,
      board.matchId,
      { result: state.result, expectedVersion: board.version },
      now,
    );
    if (written.kind === 'updated' || written.kind === 'unchanged') {
      result = written.board.result;
      outcome = 'confirmed';
    }
  } else if (state.kind === 'disputed') outcome = stored.inserted ? 'disputed' : 'unchanged';
  const view = toReportable({ ...board, result }, sides, stored.reports, holder.key);
  const message = {
    recorded: RESULT_REPORT_MESSAGES.recorded,
    confirmed: RESULT_REPORT_MESSAGES.confirmed,
    disputed: RESULT_REPORT_MESSAGES.disputed,
    unchanged: RESULT_REPORT_MESSAGES.unchanged,
  }[outcome];
  return { outcome, message, board: view };
}

/** The reports of these boards (oldest first, with their reporters' names): a lookup by board. */
async function reportsByMatch(db: Db, matchIds: readonly string[]) {
  const byMatch = new Map<string, Awaited<ReturnType<typeof repo.reportsOf>>>();
  for (const row of await repo.reportsOf(db, matchIds)) {
    const list = byMatch.get(row.report.matchId) ?? [];
    list.push(row);
    byMatch.set(row.report.matchId, list);
  }
  const named = (matchId: string) => byMatch.get(matchId) ?? [];
  return { named, reports: (matchId: string) => named(matchId).map(({ report }) => report) };
}

/** The boards of the round being played with their reports, or null when no round is being played. */
async function roundBeingPlayed(db: Db, tournamentId: string) {
  const round = await repo.roundInProgress(db, tournamentId);
  if (!round) return null;
  const rows = await listBoards(db, round.id);
  return {
    round,
    rows,
    ...(await reportsByMatch(
      db,
      rows.map((row) => row.matchId),
    )),
  };
}

/** The arbiter's queue of the round being played (disputes, one-sided reports past the timeout, missing). */
export async function readQueue(db: Db, now: Date): Promise<ArbiterQueueResponse> {
  const { tournament, setting, isOn } = await reportingContext(db);
  const played = tournament ? await roundBeingPlayed(db, tournament.id) : null;
  const corrections = (tournament ? await lateCorrections(db, tournament.id) : []).map((row) => ({
    ...row,
    at: row.at.toISOString(),
  }));
  if (!played)
    return {
      roundNumber: null,
      lateCorrections: corrections,
      reportingOn: isOn,
      counts: { boards: 0, withResult: 0, reported: 0 },
      rows: [],
    };
  const { round, rows, named: reportsOfBoard, reports } = played;
  const queue = arbiterQueue(
    rows.map((row) => ({
      matchId: row.matchId,
      board: row.board,
      result: row.result,
      claims: reports(row.matchId).map(repo.toClaim),
    })),
    now.getTime(),
    { oneSidedAfterMs: setting.one_sided_minutes * MINUTE },
  );
  const byId = new Map(rows.map((row) => [row.matchId, row]));
  return {
    roundNumber: round.number,
    lateCorrections: corrections,
    reportingOn: isOn,
    counts: {
      boards: rows.length,
      withResult: rows.filter((row) => row.result !== null).length,
      reported: rows.filter((row) => row.result === null && reportsOfBoard(row.matchId).length > 0).length,
    },
    rows: queue.map((entry) => {
      const row = byId.get(entry.matchId)!;
      return {
        matchId: row.matchId,
        board: row.board,
        version: row.version,
        reason: entry.reason,
        ...namesOf(row),
        claims: reportsOfBoard(row.matchId).map(({ report, reporterName }) => ({
          side: report.side,
          result: report.result,
          by: report.reporterKind,
          reporter: reporterName ?? 'A withdrawn badge',
          device: report.device,
          at: report.createdAt.toISOString(),
        })),
      };
    }),
  };
}

/** A board as the "validate from paper" mode shows it (from result entry's board): each side's latest report. */
function toPaperBoard(board: EntryBoard, reports: readonly repo.ReportRow[]): PaperBoard {
  const claims = reports.map(repo.toClaim);
  const latest = latestClaims(claims);
  const named = (player: EntryBoard['white']) => ({ name: player.name, schoolName: player.schoolName });
  return {
    matchId: board.matchId,
    board: board.board,
    version: board.version,
    white: named(board.white),
    black: named(board.black),
    result: board.result,
    reported: { white: latest.white?.result ?? null, black: latest.black?.result ?? null },
    differs: board.result !== null && Object.keys(claimsDifferingFrom(board.result, claims)).length > 0,
  };
}

/** Every board of the round being played, for keying the score sheets in board order. */
export async function readPaperBoards(db: Db): Promise<PaperBoardsResponse> {
  const tournament = await findActiveTournament(db);
  const played = tournament ? await roundBeingPlayed(db, tournament.id) : null;
  if (!played) return { roundNumber: null, boards: [] };
  return {
    roundNumber: played.round.number,
    boards: played.rows.map((row) => toPaperBoard(toEntryBoard(row), played.reports(row.matchId))),
  };
}

/**
 * A result keyed from the score sheet: set through the staff write, and — when it differs from what the players
 * reported — flagged in the answer and in its audit row ("the players reported …"), so the arbiter checks with
 * them. The same result as recorded changes nothing and says it matches.
 */
export async function keyFromPaper(
  context: AuditedDb,
  who: AuditContext,
  matchId: string,
  body: PaperResultBody,
  now: Date,
): Promise<PaperResultResponse> {
  const reports = (await repo.reportsOf(context.db, [matchId])).map(({ report }) => report);
  const differing = claimsDifferingFrom(body.result, reports.map(repo.toClaim));
  const sides = (['white', 'black'] as const).filter((side) => differing[side] !== undefined);
  const note =
    sides.length === 0
      ? { text: '(from the score sheet)', details: { fromScoreSheet: true } }
      : {
          text: `(from the score sheet; the players reported ${sides
            .map((side) => `${COLOUR_LABELS[side]} ${formatResult(differing[side]!)}`)
            .join(', ')})`,
          details: { fromScoreSheet: true, reportsDiffer: differing },
        };
  const written = await setMatchResult(
    context,
    who,
    matchId,
    { result: body.result, expectedVersion: body.expectedVersion },
    now,
    note,
  );
  if (written.kind === 'conflict') throw new HttpError(409, written.message, 'stale');
  const board = toPaperBoard(written.board, reports);
  return {
    outcome: written.kind,
    board,
    message:
      written.kind === 'unchanged' && !board.differs
        ? RESULT_REPORT_MESSAGES.paperAgrees
        : board.differs
          ? RESULT_REPORT_MESSAGES.paperDiffers
          : RESULT_REPORT_MESSAGES.paperSet,
  };
}

/** The arbiter's switch: saved for the active tournament, with its audit row. */
export async function saveReporting(
  context: AuditedDb,
  who: AuditContext,
  input: Omit<ResultReporting, 'tournament_id'>,
): Promise<ResultReporting> {
  const tournament = await findActiveTournament(context.db);
  if (!tournament) throw new HttpError(409, RESULT_REPORT_MESSAGES.noActiveTournament);
  const after: ResultReporting = { ...input, tournament_id: tournament.id };
  await saveRegisteredSetting(context, who, RESULT_REPORTING_SETTING_KEY, after, {
    action: 'update_setting',
    description: `Results reported by players: ${input.enabled ? 'on' : 'off'} for ${tournament.name}`,
  });
  return after;
}
