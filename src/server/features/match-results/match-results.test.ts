import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { refuseCommitsWriting } from '../../../../tests/support/server/refuse-commits';
import {
  createTestAuth,
  eventually,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import {
  type EntryBoard,
  MATCH_RESULT_MESSAGES,
  matchResultConflictSchema,
  resultEntryResponseSchema,
  setMatchResultResponseSchema,
} from '../../../contracts/match-results';
import { user } from '../../db/schema/auth';
import { systemLogs } from '../../db/schema/settings';
import { matches, rounds, tournaments } from '../../db/schema/tournaments';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

const publicPoints = z.object({
  players: z.array(z.object({ name: z.string(), halfPoints: z.number().int() })),
});

describe('match results', () => {
  let t: TestApp;
  let admin: string;
  let arbiter: string;

  const call = (method: 'GET' | 'PUT', url: string, cookie: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_PUBLIC_URL },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const entry = async (cookie = admin, query = '') => {
    const response = await call('GET', `/api/admin/match-results${query}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return resultEntryResponseSchema.parse(response.json());
  };
  const put = (board: Pick<EntryBoard, 'matchId'>, body: unknown, cookie = admin) =>
    call('PUT', `/api/admin/match-results/${board.matchId}`, cookie, body);
  const storedMatch = async (matchId: string) =>
    (await t.database.db.select().from(matches).where(eq(matches.id, matchId)))[0]!;
  const logsFor = async (matchId: string) =>
    (await t.database.db.select().from(systemLogs)).filter((row) => row.metadata.matchId === matchId);
  /** A board of the current round without a result that no earlier test has written. */
  const used = new Set<string>();
  const openBoard = async () => {
    const board = (await entry()).boards.find((b) => b.result === null && !used.has(b.matchId));
    used.add(board!.matchId);
    return board!;
  };
  /** The leaderboard's half-points for one player (only the fields this test needs). */
  const pointsOf = async (name: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/public/leaderboard' });
    return publicPoints.parse(response.json()).players.find((row) => row.name === name)!.halfPoints;
  };

  beforeAll(async () => {
    t = await startTestApp('pglite');
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    admin = (await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD)).cookie;
    arbiter = (await signIn(t.app, 'arbiter@demo.test', DEMO_PASSWORD)).cookie;
  });
  afterAll(async () => t?.close());

  it("lists the current round's boards with players, schools, results, versions and counts", async () => {
    const body = await entry();
    expect(body.tournament).toMatchObject({ currentRound: 3, totalRounds: 5 });
    expect(body.round).toEqual({ number: 3, status: 'active' });
    expect(body.acceptsResults).toBe(true);
    expect(body.rounds.map((round) => `${round.number}:${round.status}`)).toEqual([
      '1:completed',
      '2:completed',
      '3:active',
      '4:upcoming',
      '5:upcoming',
    ]);
    const stored = (await t.database.db.select().from(matches)).filter((row) => row.roundNumber === 3);
    expect(body.boards.map((board) => board.board)).toEqual(
      stored.map((row) => row.boardNumber).sort((a, b) => a - b),
    );
    expect(body.counts).toEqual({
      finished: stored.filter((row) => row.result !== null).length,
      total: stored.length,
    });
    expect(body.counts.finished).toBeGreaterThan(0);
    expect(body.counts.finished).toBeLessThan(body.counts.total);
    const first = body.boards[0]!;
    expect(first.white.name).not.toBe('');
    // The demo's schools are records named like their teams (team "St Kevin's A" of school "St Kevin's").
    expect(first.white.groupName).toMatch(/ [A-Z]$/);
    expect(first.white.schoolName).toBe(first.white.groupName!.replace(/ [A-Z]$/, ''));
    expect(first.version).toBe(1);
  });

  it('shows an earlier round on request, and refuses a round that does not exist or is not a number', async () => {
    const first = await entry(admin, '?round=1');
    expect(first.round).toEqual({ number: 1, status: 'completed' });
    expect(first.acceptsResults).toBe(true);
    expect(first.counts.finished).toBe(first.counts.total);
    const upcoming = await entry(admin, '?round=4');
    expect(upcoming).toMatchObject({ round: { number: 4, status: 'upcoming' }, acceptsResults: false });
    const missing = await call('GET', '/api/admin/match-results?round=9', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Round not found');
    expect((await call('GET', '/api/admin/match-results?round=two', admin)).statusCode).toBe(400);
  });

  it('sets a result: new version, result time, an audit row with the actor and old/new, visible on the leaderboard within a second', async () => {
    const board = await openBoard();
    const before = await pointsOf(board.white.name);
    const response = await put(board, { result: 'white', expectedVersion: board.version });
    expect(response.statusCode, response.body).toBe(200);
    const body = setMatchResultResponseSchema.parse(response.json());
    expect(body.message).toBe('Match result updated successfully');
    expect(body.board).toMatchObject({ matchId: board.matchId, result: 'white', version: board.version + 1 });
    const row = await storedMatch(board.matchId);
    expect(row).toMatchObject({ result: 'white', completed: true, version: 2 });
    expect(row.resultAt).toBeInstanceOf(Date);

    const started = Date.now();
    await eventually(
      async () => ((await pointsOf(board.white.name)) === before + 2 ? true : undefined),
      1_000,
    );
    expect(Date.now() - started).toBeLessThan(1_000);

    const [adminUser] = await t.database.db.select().from(user).where(eq(user.email, 'admin@demo.test'));
    const logs = await logsFor(board.matchId);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      userId: adminUser!.id,
      actionType: 'update_match_result',
      metadata: { oldResult: null, newResult: 'white', roundNumber: 3, board: board.board },
    });
    expect(logs[0]!.description).toContain('– → 1-0');
  });

  it('stores a result and its audit row together or not at all (ADR 019)', async () => {
    const board = await openBoard();
    const allow = await refuseCommitsWriting(
      t.database.db,
      'system_logs',
      "NEW.action_type = 'update_match_result'",
    );
    try {
      const refused = await put(board, { result: 'draw', expectedVersion: board.version });
      expect(refused.statusCode).toBe(500);
    } finally {
      await allow();
    }
    // Without its row the result is not stored either: the arbiter's board still reads as before.
    expect(await storedMatch(board.matchId)).toMatchObject({ result: null, version: board.version });
    expect(await logsFor(board.matchId)).toEqual([]);

    const accepted = await put(board, { result: 'draw', expectedVersion: board.version });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await logsFor(board.matchId)).toMatchObject([
      { eventType: 'match_results', actionType: 'update_match_result' },
    ]);
  });

  it('of two writers of the same version exactly one wins; the other gets 409 with the board as it now stands', async () => {
    const board = await openBoard();
    const [a, b] = await Promise.all([
      put(board, { result: 'draw', expectedVersion: board.version }),
      put(board, { result: 'black', expectedVersion: board.version }, arbiter),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 'draw' : 'black';
    const refused = matchResultConflictSchema.parse((a.statusCode === 409 ? a : b).json());
    expect(refused.current).toMatchObject({ result: winner, version: board.version + 1 });
    expect(refused.error).toBe(
      `Board ${board.board} was changed by someone else: now ${winner === 'draw' ? '½-½' : '0-1'}`,
    );
    expect((await storedMatch(board.matchId)).result).toBe(winner);
    expect(await logsFor(board.matchId)).toHaveLength(1);
  });

  it('refuses a stale write without overwriting, then accepts the write naming the current version', async () => {
    const board = await openBoard();
    expect((await put(board, { result: 'white', expectedVersion: 1 })).statusCode).toBe(200);
    const stale = await put(board, { result: 'black', expectedVersion: 1 }, arbiter);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(`Board ${board.board} was changed by someone else: now 1-0`);
    expect((await storedMatch(board.matchId)).result).toBe('white');
    const fresh = await put(board, { result: 'black_forfeit_win', expectedVersion: 2 }, arbiter);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await storedMatch(board.matchId)).toMatchObject({ result: 'black_forfeit_win', version: 3 });
  });

  it('takes fifty identical offline replays under different client ids as one change: the version grows by exactly one', async () => {
    const board = await openBoard();
    // The outbox of several devices (or one device whose stored ids were lost) sending the same result.
    const replay = () => put(board, { result: 'draw', expected: null, clientId: randomUUID() });
    const answers = [
      ...(await Promise.all(Array.from({ length: 25 }, replay))),
      ...(await Promise.all(Array.from({ length: 25 }, replay))),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    for (const answer of answers) {
      expect(setMatchResultResponseSchema.parse(answer.json()).board).toMatchObject({
        result: 'draw',
        version: board.version + 1,
      });
    }
    expect(await storedMatch(board.matchId)).toMatchObject({ result: 'draw', version: board.version + 1 });
    expect(await logsFor(board.matchId)).toHaveLength(1);
  });

  it('answers a stale copy of the result the board already shows with success, changing nothing', async () => {
    const board = await openBoard();
    const first = await put(board, { result: 'white_forfeit_win', expectedVersion: board.version });
    expect(first.statusCode).toBe(200);
    const stored = await storedMatch(board.matchId);
    // The same result naming the version from before it was set (a second arbiter, a replay): no 409.
    for (const body of [
      { result: 'white_forfeit_win', expectedVersion: board.version },
      { result: 'white_forfeit_win', expectedVersion: board.version + 1 },
      { result: 'white_forfeit_win', expected: null, clientId: randomUUID() },
    ]) {
      const again = await put(board, body, arbiter);
      expect(again.statusCode, again.body).toBe(200);
      expect(setMatchResultResponseSchema.parse(again.json())).toEqual({
        message: MATCH_RESULT_MESSAGES.updated,
        board: {
          ...board,
          result: 'white_forfeit_win',
          version: board.version + 1,
          updatedAt: stored.updatedAt.toISOString(),
        },
      });
    }
    expect(await storedMatch(board.matchId)).toEqual(stored);
    expect(await logsFor(board.matchId)).toHaveLength(1);
    // A different result naming the old version is still a conflict.
    expect((await put(board, { result: 'black', expectedVersion: board.version }, arbiter)).statusCode).toBe(
      409,
    );
  });

  it('clears a result in the round in progress: the game is unfinished again and its points are gone', async () => {
    const board = await openBoard();
    const before = await pointsOf(board.black.name);
    await put(board, { result: 'black', expectedVersion: 1 });
    await eventually(async () => ((await pointsOf(board.black.name)) === before + 2 ? true : undefined));
    const cleared = await put(board, { result: null, expectedVersion: 2 });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const row = await storedMatch(board.matchId);
    expect(row).toMatchObject({ result: null, completed: false, version: 3, resultAt: null });
    await eventually(async () => ((await pointsOf(board.black.name)) === before ? true : undefined));
    const logs = await logsFor(board.matchId);
    expect(logs.map((log) => [log.metadata.oldResult, log.metadata.newResult])).toEqual(
      expect.arrayContaining([
        [null, 'black'],
        ['black', null],
      ]),
    );
  });

  it('corrects a completed round but refuses to clear its result', async () => {
    const [board] = (await entry(admin, '?round=1')).boards;
    const corrected = board!.result === 'draw' ? 'white' : 'draw';
    const clear = await put(board!, { result: null, expectedVersion: board!.version });
    expect(clear.statusCode).toBe(409);
    expect(clear.json().error).toBe(MATCH_RESULT_MESSAGES.cannotClearCompleted);
    expect((await storedMatch(board!.matchId)).result).toBe(board!.result);
    const fix = await put(board!, { result: corrected, expectedVersion: board!.version });
    expect(fix.statusCode, fix.body).toBe(200);
    expect((await storedMatch(board!.matchId)).result).toBe(corrected);
    const [log] = await logsFor(board!.matchId);
    expect(log!.description).toContain('correction of a completed round');
    // Round 2 is paired (and played) already: the row tells the chief arbiter to look at its pairings.
    expect(log!.description).toContain('after round 2 was paired: check its pairings');
    expect(log!.metadata.nextRoundPaired).toBe(true);
  });

  it('refuses results in a round that has not started', async () => {
    const round3 = await t.database.db.select().from(matches).where(eq(matches.roundNumber, 3));
    const [round4] = await t.database.db.select().from(rounds).where(eq(rounds.number, 4));
    const [inserted] = await t.database.db
      .insert(matches)
      .values({
        tournamentId: round4!.tournamentId,
        roundId: round4!.id,
        roundNumber: 4,
        boardNumber: 1,
        whitePlayerId: round3[0]!.whitePlayerId,
        blackPlayerId: round3[0]!.blackPlayerId,
      })
      .returning();
    const refused = await put({ matchId: inserted!.id }, { result: 'white', expectedVersion: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(MATCH_RESULT_MESSAGES.roundNotStarted);
    expect((await storedMatch(inserted!.id)).result).toBeNull();
    await t.database.db.delete(matches).where(eq(matches.id, inserted!.id));
  });

  it.each([
    [{ result: 'white_win', expectedVersion: 1 }],
    [{ result: 'white' }],
    [{ result: 'white', expectedVersion: 0 }],
    [{ result: 'white', expectedVersion: '1' }],
    [{ result: 'white', expectedVersion: 1, completed: true }],
  ])('refuses the body %j with 400 and changes nothing', async (payload) => {
    const board = (await entry()).boards.find((b) => !used.has(b.matchId))!;
    const response = await put(board, payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toContain('error');
    expect(await storedMatch(board.matchId)).toMatchObject({ result: board.result, version: board.version });
  });

  it('answers 400 for a malformed match id and 404 for an unknown one', async () => {
    const malformed = await call('PUT', '/api/admin/match-results/12', admin, {
      result: 'white',
      expectedVersion: 1,
    });
    expect(malformed.statusCode).toBe(400);
    const unknown = await put(
      { matchId: '00000000-0000-4000-8000-000000000000' },
      { result: 'white', expectedVersion: 1 },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Match not found');
  });

  it('is for staff with view_admin_result_input only', async () => {
    const player = (await signIn(t.app, 'player@demo.test', DEMO_PASSWORD)).cookie;
    const board = (await entry()).boards[0]!;
    const refused = await put(board, { result: 'white', expectedVersion: board.version }, player);
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', '/api/admin/match-results', player)).statusCode).toBe(403);
    expect(await storedMatch(board.matchId)).toMatchObject({ result: board.result, version: board.version });
  });

  it("says 'No active tournament' when none is active", async () => {
    const board = (await entry()).boards[0]!;
    await t.database.db.update(tournaments).set({ active: false }).where(eq(tournaments.active, true));
    try {
      const body = await entry();
      expect(body).toMatchObject({ tournament: null, round: null, boards: [], acceptsResults: false });
      const refused = await put(board, { result: 'white', expectedVersion: board.version });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error).toBe('No active tournament');
    } finally {
      await t.database.db
        .update(tournaments)
        .set({ active: true })
        .where(and(eq(tournaments.active, false)));
    }
  });
});
