import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAuth,
  eventually,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { type BadgeHolder, badgeListSchema } from '../../../contracts/badges';
import {
  arbiterQueueResponseSchema,
  paperBoardsResponseSchema,
  paperResultResponseSchema,
  RESULT_REPORT_MESSAGES,
  reportBoardsResponseSchema,
  reportResultResponseSchema,
} from '../../../contracts/result-reports';
import { ROUND_MESSAGES } from '../../../contracts/round-management';
import { currentRoundResponseSchema } from '../../../contracts/tournament';
import { formatBadgeCode } from '../../../domain/badges';
import { user } from '../../db/schema/auth';
import { registrations } from '../../db/schema/registrations';
import { resultReports } from '../../db/schema/result-reports';
import { systemLogs } from '../../db/schema/settings';
import { matches, players, rounds } from '../../db/schema/tournaments';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

/**
 * Results reported from the players' phones (issue #29, ADR 040): both sides report, agreement confirms through
 * the staff write, disagreement goes to the arbiter's queue; a badge reports its own board in the round being
 * played and nothing else.
 */
describe('results reported from phones', () => {
  let t: TestApp;
  const cookies = { superadmin: '', admin: '' };
  const db = () => t.database.db;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = '') =>
    t.app.inject({
      method,
      url,
      headers: { origin: TEST_PUBLIC_URL, 'user-agent': 'test-phone', ...(cookie ? { cookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  let holders: BadgeHolder[] = [];
  const badgeOf = (name: string) => holders.find((holder) => holder.name === name)!.badge!;

  /** The open boards of the round being played, with their players' names. */
  const openBoards = async () => {
    const [round] = await db().select().from(rounds).where(eq(rounds.status, 'active'));
    const rows = await db().select().from(matches).where(eq(matches.roundId, round!.id));
    const names = new Map((await db().select().from(players)).map((player) => [player.id, player.name]));
    return rows
      .filter((row) => row.result === null)
      .sort((a, b) => a.boardNumber - b.boardNumber)
      .map((row) => ({ ...row, white: names.get(row.whitePlayerId)!, black: names.get(row.blackPlayerId)! }));
  };
  const report = (credential: string, matchId: string, result: string, clientId?: string) =>
    call('POST', '/api/reports', { credential, matchId, result, ...(clientId ? { clientId } : {}) });
  const reportRows = async (matchId: string) =>
    db().select().from(resultReports).where(eq(resultReports.matchId, matchId));
  const matchRow = async (matchId: string) =>
    (await db().select().from(matches).where(eq(matches.id, matchId)))[0]!;
  const logsFor = async (matchId: string) =>
    (await db().select().from(systemLogs)).filter((row) => row.metadata.matchId === matchId);
  /** How the public's current-round page shows a board, once the snapshot shows `wanted`. */
  const publicBoard = (boardNumber: number, wanted: { result: string | null; isReported: boolean }) =>
    eventually(async () => {
      const round = currentRoundResponseSchema.parse(
        (await call('GET', '/api/public/rounds/current')).json(),
      );
      const shown = round.boards.find((entry) => entry.board === boardNumber);
      return shown?.result === wanted.result && shown?.isReported === wanted.isReported ? shown : undefined;
    });
  const setReporting = (body: object) =>
    call(
      'PUT',
      '/api/admin/result-reports/settings',
      { enabled: true, captains_may_confirm: true, one_sided_minutes: 5, ...body },
      cookies.superadmin,
    );

  beforeAll(async () => {
    t = await startTestApp('pglite');
    await seedDemoAccounts(db(), createTestAuth(t.database));
    cookies.superadmin = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    cookies.admin = (await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD)).cookie;
    expect((await call('POST', '/api/admin/badges/issue', {}, cookies.superadmin)).statusCode).toBe(200);
    const list = badgeListSchema.parse(
      (await call('GET', '/api/admin/badges', undefined, cookies.superadmin)).json(),
    );
    holders = [...list.players, ...list.schools];
  });
  afterAll(async () => t?.close());

  it('is off until round management turns it on, and off changes nothing', async () => {
    const [board] = await openBoards();
    const boards = reportBoardsResponseSchema.parse(
      (await call('POST', '/api/reports/boards', { credential: badgeOf(board!.white).token })).json(),
    );
    expect(boards).toMatchObject({ boards: [], message: RESULT_REPORT_MESSAGES.reportingOff });
    const refused = await report(badgeOf(board!.white).token, board!.id, 'white');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(RESULT_REPORT_MESSAGES.reportingOff);
    expect(await reportRows(board!.id)).toEqual([]);

    expect((await setReporting({})).statusCode).toBe(200);
  });

  it('shows a pupil their one board, and confirms a result both sides report the same', async () => {
    const [board] = await openBoards();
    const white = badgeOf(board!.white);
    const black = badgeOf(board!.black);
    // The QR code's URL, a bare token or the printed code all name the badge.
    const seen = reportBoardsResponseSchema.parse(
      (
        await call('POST', '/api/reports/boards', {
          credential: `https://x.test/mss-nfc-access#t=${white.token}`,
        })
      ).json(),
    );
    expect(seen.holder).toEqual({ kind: 'player', name: board!.white });
    expect(seen.boards).toHaveLength(1);
    expect(seen.boards[0]).toMatchObject({
      matchId: board!.id,
      sides: ['white'],
      state: 'waiting',
      yourReport: null,
    });

    const first = reportResultResponseSchema.parse((await report(white.token, board!.id, 'white')).json());
    expect(first).toMatchObject({ outcome: 'recorded', message: RESULT_REPORT_MESSAGES.recorded });
    expect(first.board).toMatchObject({ state: 'reported', yourReport: 'white', result: null });
    expect((await matchRow(board!.id)).result).toBeNull();
    // The public sees "reported", never a result, until both sides agree.
    await publicBoard(board!.boardNumber, { result: null, isReported: true });
    // The other side is told a report exists, never what it said.
    const blackView = reportBoardsResponseSchema.parse(
      (await call('POST', '/api/reports/boards', { credential: formatBadgeCode(black.code) })).json(),
    );
    expect(blackView.boards[0]).toMatchObject({ otherSideReported: true, yourReport: null });

    const versionBefore = (await matchRow(board!.id)).version;
    const second = reportResultResponseSchema.parse(
      (await report(formatBadgeCode(black.code).toLowerCase(), board!.id, 'white')).json(),
    );
    expect(second).toMatchObject({ outcome: 'confirmed', message: RESULT_REPORT_MESSAGES.confirmed });
    expect(second.board).toMatchObject({ state: 'final', result: 'white' });
    const stored = await matchRow(board!.id);
    expect(stored).toMatchObject({ result: 'white', version: versionBefore + 1 });
    const logs = await logsFor(board!.id);
    expect(logs.map((row) => row.actionType).sort()).toEqual([
      'report_result',
      'report_result',
      'update_match_result',
    ]);
    await publicBoard(board!.boardNumber, { result: 'white', isReported: false });

    // The confirming report sent again (its answer lost on the way) answers as a repeat and changes nothing;
    // a different result from the same phone is still refused.
    const repeated = await report(formatBadgeCode(black.code), board!.id, 'white');
    expect(repeated.statusCode, repeated.body).toBe(200);
    expect(reportResultResponseSchema.parse(repeated.json())).toMatchObject({
      outcome: 'unchanged',
      board: { state: 'final', result: 'white', yourReport: 'white' },
    });
    const changedMind = await report(formatBadgeCode(black.code), board!.id, 'draw');
    expect(changedMind.statusCode).toBe(409);
    expect(changedMind.json().error).toBe(RESULT_REPORT_MESSAGES.alreadySet);
    expect(await matchRow(board!.id)).toMatchObject({ result: 'white', version: versionBefore + 1 });
    expect((await logsFor(board!.id)).length).toBe(3);
  });

  it('sends a disagreement to the arbiter, who settles it with result entry', async () => {
    const [board] = await openBoards();
    const white = badgeOf(board!.white);
    const black = badgeOf(board!.black);
    expect(
      reportResultResponseSchema.parse((await report(white.token, board!.id, 'white')).json()).outcome,
    ).toBe('recorded');
    const disputed = reportResultResponseSchema.parse((await report(black.token, board!.id, 'black')).json());
    expect(disputed).toMatchObject({ outcome: 'disputed', message: RESULT_REPORT_MESSAGES.disputed });
    expect((await matchRow(board!.id)).result).toBeNull();

    const queue = arbiterQueueResponseSchema.parse(
      (await call('GET', '/api/admin/result-reports/queue', undefined, cookies.admin)).json(),
    );
    const row = queue.rows.find((entry) => entry.matchId === board!.id)!;
    expect(row).toMatchObject({ reason: 'disputed', board: board!.boardNumber });
    expect(row.claims.map((claim) => [claim.side, claim.result, claim.reporter, claim.device])).toEqual([
      ['white', 'white', board!.white, 'test-phone'],
      ['black', 'black', board!.black, 'test-phone'],
    ]);

    const settled = await call(
      'PUT',
      `/api/admin/match-results/${board!.id}`,
      { result: 'draw', expectedVersion: row.version },
      cookies.admin,
    );
    expect(settled.statusCode, settled.body).toBe(200);
    const after = arbiterQueueResponseSchema.parse(
      (await call('GET', '/api/admin/result-reports/queue', undefined, cookies.admin)).json(),
    );
    expect(after.rows.map((entry) => entry.matchId)).not.toContain(board!.id);
    const logs = await logsFor(board!.id);
    expect(logs.map((entry) => entry.actionType).sort()).toEqual([
      'report_result',
      'report_result',
      'update_match_result',
    ]);

    // A report after the arbiter set the result is refused and changes nothing.
    const late = await report(white.token, board!.id, 'white');
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(RESULT_REPORT_MESSAGES.alreadySet);
    expect(await reportRows(board!.id)).toHaveLength(2);
    expect((await matchRow(board!.id)).result).toBe('draw');
  });

  it('refuses another board, a revoked badge, a finished round, a forfeit and a replay, changing nothing', async () => {
    const [mine, other] = await openBoards();
    const pupil = badgeOf(mine!.white);
    const before = {
      reports: (await db().select().from(resultReports)).length,
      other: await matchRow(other!.id),
    };

    const notMine = await report(pupil.token, other!.id, 'white');
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().error).toBe(RESULT_REPORT_MESSAGES.notYourBoard);

    const forfeit = await report(pupil.token, mine!.id, 'white_forfeit_win');
    expect(forfeit.statusCode).toBe(400);
    expect(forfeit.json().error).toBe(RESULT_REPORT_MESSAGES.notReportable);

    // A board of a completed round, reported by its own white player.
    const [completed] = await db().select().from(rounds).where(eq(rounds.status, 'completed'));
    const [oldGame] = await db().select().from(matches).where(eq(matches.roundId, completed!.id));
    const oldWhite = holders.find(
      (holder) => holder.kind === 'player' && holder.id === oldGame!.whitePlayerId,
    )!;
    const finished = await report(oldWhite.badge!.token, oldGame!.id, 'white');
    expect(finished.statusCode).toBe(409);
    expect(finished.json().error).toBe(RESULT_REPORT_MESSAGES.roundNotInProgress);

    const unknown = await report('ABCD-EFGH', mine!.id, 'white');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(RESULT_REPORT_MESSAGES.unknownBadge);

    expect((await db().select().from(resultReports)).length).toBe(before.reports);
    expect(await matchRow(other!.id)).toEqual(before.other);

    // The same report sent twice by the device's outbox lands once.
    const once = await report(pupil.token, mine!.id, 'draw', 'outbox-0001');
    const again = await report(pupil.token, mine!.id, 'draw', 'outbox-0001');
    expect(reportResultResponseSchema.parse(once.json()).outcome).toBe('recorded');
    expect(reportResultResponseSchema.parse(again.json()).outcome).toBe('unchanged');
    expect(await reportRows(mine!.id)).toHaveLength(1);

    // A revoked badge reports nothing more.
    const playerHolder = holders.find((holder) => holder.name === mine!.white)!;
    const revoked = await call(
      'DELETE',
      `/api/admin/badges/player/${playerHolder.id}`,
      undefined,
      cookies.superadmin,
    );
    expect(revoked.statusCode, revoked.body).toBe(200);
    const afterRevoke = await report(pupil.token, mine!.id, 'white');
    expect(afterRevoke.statusCode).toBe(404);
    expect(await reportRows(mine!.id)).toHaveLength(1);
  });

  it("lets a school's badge stand for its pupil's side, and only while captains may confirm", async () => {
    const boards = await openBoards();
    const schoolOf = new Map(
      (await db().select().from(players)).map((player) => [player.name, player.schoolId]),
    );
    const schoolBadges = holders.filter((holder) => holder.kind === 'school');
    // Two open boards whose white player's school holds a badge: one to confirm, one to refuse.
    const [board, next] = boards.filter((candidate) =>
      schoolBadges.some((school) => school.id === schoolOf.get(candidate.white)),
    );
    const school = schoolBadges.find((holder) => holder.id === schoolOf.get(board!.white))!;
    const captain = await report(school.badge!.token, board!.id, 'black');
    expect(reportResultResponseSchema.parse(captain.json())).toMatchObject({ outcome: 'recorded' });
    const confirmed = reportResultResponseSchema.parse(
      (await report(badgeOf(board!.black).token, board!.id, 'black')).json(),
    );
    expect(confirmed.outcome).toBe('confirmed');
    expect((await matchRow(board!.id)).result).toBe('black');

    // With captains not allowed to confirm, a school's badge speaks for no side.
    expect((await setReporting({ captains_may_confirm: false })).statusCode).toBe(200);
    const nextSchool = schoolBadges.find((holder) => holder.id === schoolOf.get(next!.white))!;
    const refused = await report(nextSchool.badge!.token, next!.id, 'white');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(RESULT_REPORT_MESSAGES.notYourBoard);
    expect(await reportRows(next!.id)).toEqual([]);
  });

  it('lets the account that registered a school report for its pupils, as a teacher', async () => {
    expect((await setReporting({ captains_may_confirm: true })).statusCode).toBe(200);
    const teacher = await signIn(t.app, 'player@demo.test', DEMO_PASSWORD);
    // Not yet a teacher: an account that registered no school reports with a badge, not with itself.
    const none = reportBoardsResponseSchema.parse(
      (await call('GET', '/api/reports/account/boards', undefined, teacher.cookie)).json(),
    );
    expect(none).toMatchObject({
      holder: null,
      boards: [],
      message: RESULT_REPORT_MESSAGES.noSchoolOfAccount,
    });
    expect((await call('GET', '/api/reports/account/boards')).statusCode).toBe(401);

    const [board] = await openBoards();
    const [pupil] = await db().select().from(players).where(eq(players.name, board!.white));
    const [account] = await db().select().from(user).where(eq(user.email, 'player@demo.test'));
    await db().insert(registrations).values({
      reference: 'TEACH-1',
      userId: account!.id,
      registrantName: 'A. Teacher',
      registrantEmail: 'teacher@school.example',
      schoolName: 'Their school',
      schoolId: pupil!.schoolId!,
      teamCount: 1,
      amountCents: 0,
    });
    // A registration anyone could file gives no say over a school's results until staff add it to the tournament.
    const filed = reportBoardsResponseSchema.parse(
      (await call('GET', '/api/reports/account/boards', undefined, teacher.cookie)).json(),
    );
    expect(filed.holder).toBeNull();
    await db()
      .update(registrations)
      .set({ promotedAt: new Date() })
      .where(eq(registrations.reference, 'TEACH-1'));

    const seen = reportBoardsResponseSchema.parse(
      (await call('GET', '/api/reports/account/boards', undefined, teacher.cookie)).json(),
    );
    expect(seen.holder).toEqual({ kind: 'teacher', name: account!.name });
    const mine = seen.boards.find((entry) => entry.matchId === board!.id);
    expect(mine?.sides).toContain('white');
    const sent = await call(
      'POST',
      '/api/reports/account',
      { matchId: board!.id, result: 'draw', clientId: 'teacher-1' },
      teacher.cookie,
    );
    expect(reportResultResponseSchema.parse(sent.json()).outcome).toBe('recorded');
    const confirmed = reportResultResponseSchema.parse(
      (await report(badgeOf(board!.black).token, board!.id, 'draw')).json(),
    );
    expect(confirmed.outcome).toBe('confirmed');
    expect((await matchRow(board!.id)).result).toBe('draw');
    const [row] = (await reportRows(board!.id)).filter((entry) => entry.reporterKind === 'teacher');
    expect(row).toMatchObject({ userId: account!.id, badgeId: null, reporterKey: `user:${account!.id}` });
    // The report's audit row names the account that made it.
    const logged = (await logsFor(board!.id)).find((entry) => entry.actionType === 'report_result');
    expect(logged?.userId).toBe(account!.id);
  });

  it('validates from paper: keys each score sheet and flags a result the players reported differently', async () => {
    const [agreed, oneSided] = await openBoards();
    // Both players report 1-0 (confirmed); on the other board only White reports, 1-0.
    await report(badgeOf(agreed!.white).token, agreed!.id, 'white');
    await report(badgeOf(agreed!.black).token, agreed!.id, 'white');
    await report(badgeOf(oneSided!.white).token, oneSided!.id, 'white');
    const paper = paperBoardsResponseSchema.parse(
      (await call('GET', '/api/admin/result-reports/paper', undefined, cookies.admin)).json(),
    );
    const sheetOf = (matchId: string) => paper.boards.find((entry) => entry.matchId === matchId)!;
    expect(sheetOf(oneSided!.id)).toMatchObject({ result: null, reported: { white: 'white', black: null } });
    const key = (matchId: string, result: string, expectedVersion: number, cookie = cookies.admin) =>
      call('PUT', `/api/admin/result-reports/paper/${matchId}`, { result, expectedVersion }, cookie);

    // The sheet agrees with the confirmed result: nothing is written.
    const logsBefore = (await logsFor(agreed!.id)).length;
    const same = paperResultResponseSchema.parse(
      (await key(agreed!.id, 'white', sheetOf(agreed!.id).version)).json(),
    );
    expect(same).toMatchObject({ outcome: 'unchanged', message: RESULT_REPORT_MESSAGES.paperAgrees });
    expect(await logsFor(agreed!.id)).toHaveLength(logsBefore);

    // The sheet says 0-1 where White reported 1-0: set, and flagged in the answer, the list and the log.
    const differs = paperResultResponseSchema.parse(
      (await key(oneSided!.id, 'black', sheetOf(oneSided!.id).version)).json(),
    );
    expect(differs).toMatchObject({
      outcome: 'updated',
      message: RESULT_REPORT_MESSAGES.paperDiffers,
      board: { result: 'black', differs: true },
    });
    expect((await matchRow(oneSided!.id)).result).toBe('black');
    const [logged] = (await logsFor(oneSided!.id)).filter(
      (entry) => entry.actionType === 'update_match_result',
    );
    expect(logged?.description).toContain('the players reported White 1-0');
    expect(logged?.metadata).toMatchObject({ fromScoreSheet: true, reportsDiffer: { white: 'white' } });

    // A stale copy is refused, and a pupil's account cannot key results.
    const stale = await key(oneSided!.id, 'draw', sheetOf(oneSided!.id).version);
    expect(stale.statusCode).toBe(409);
    expect((await matchRow(oneSided!.id)).result).toBe('black');
    const player = await signIn(t.app, 'player@demo.test', DEMO_PASSWORD);
    const refused = await key(oneSided!.id, 'draw', (await matchRow(oneSided!.id)).version, player.cookie);
    expect(refused.statusCode).toBe(403);
    expect((await matchRow(oneSided!.id)).result).toBe('black');
  });

  it("puts a result changed after the next round was paired at the top of the arbiter's page", async () => {
    const queueNow = async () =>
      arbiterQueueResponseSchema.parse(
        (await call('GET', '/api/admin/result-reports/queue', undefined, cookies.admin)).json(),
      );
    expect((await queueNow()).lateCorrections).toEqual([]);
    const [round1] = await db().select().from(rounds).where(eq(rounds.number, 1));
    const [played] = await db().select().from(matches).where(eq(matches.roundId, round1!.id));
    const corrected = played!.result === 'draw' ? 'white' : 'draw';
    const fix = await call(
      'PUT',
      `/api/admin/match-results/${played!.id}`,
      { result: corrected, expectedVersion: played!.version },
      cookies.admin,
    );
    expect(fix.statusCode, fix.body).toBe(200);
    const [late] = (await queueNow()).lateCorrections;
    expect(late).toMatchObject({ roundNumber: 1, board: played!.boardNumber });
    expect(late!.description).toContain('after round 2 was paired: check its pairings');
  });

  it('keeps the round open while boards are reported but not confirmed, naming them', async () => {
    const [board] = await openBoards();
    expect((await report(badgeOf(board!.white).token, board!.id, 'draw')).statusCode).toBe(200);
    const refused = await call('POST', '/api/admin/rounds/3/complete', {}, cookies.superadmin);
    expect(refused.statusCode).toBe(409);
    const body = refused.json();
    expect(body.error).toBe(ROUND_MESSAGES.unfinished);
    const open = await openBoards();
    expect(body.issues).toEqual(
      open.map((entry) => ({
        path: `boards.${entry.boardNumber}`,
        message:
          entry.id === board!.id
            ? ROUND_MESSAGES.boardReported(entry.boardNumber)
            : ROUND_MESSAGES.boardOpen(entry.boardNumber),
      })),
    );
  });
});
