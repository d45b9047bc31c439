import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAuth,
  eventually,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import {
  generatePairingsResponseSchema,
  manualChangeResponseSchema,
  REPEAT_BYE_NEEDED_CODE,
  ROUND_MESSAGES,
  roundCountResponseSchema,
  roundDetailSchema,
  roundsResponseSchema,
} from '../../../contracts/round-management';
import { currentRoundResponseSchema } from '../../../contracts/tournament';
import { isSameSchool } from '../../../domain/schools';
import { userPreferences } from '../../db/schema/accounts';
import { user } from '../../db/schema/auth';
import { systemLogs } from '../../db/schema/settings';
import { matches, players, roundByes, rounds, tournaments } from '../../db/schema/tournaments';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';
import type { MailMessage } from '../../mail/mailer';

describe('round management', () => {
  let t: TestApp;
  let arbiter: string;
  let tournamentId: string;
  const sent: MailMessage[] = [];
  let isMailDown = false;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, cookie = arbiter) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_PUBLIC_URL },
      ...(method === 'GET' ? {} : { payload: (payload ?? {}) as object }),
    });
  const db = () => t.database.db;
  const roundRow = async (number: number) =>
    (
      await db()
        .select()
        .from(rounds)
        .where(and(eq(rounds.tournamentId, tournamentId), eq(rounds.number, number)))
    )[0];
  const matchesOf = (number: number) =>
    db()
      .select()
      .from(matches)
      .where(and(eq(matches.tournamentId, tournamentId), eq(matches.roundNumber, number)))
      .orderBy(asc(matches.boardNumber));
  const byesOf = (number: number) =>
    db()
      .select()
      .from(roundByes)
      .where(and(eq(roundByes.tournamentId, tournamentId), eq(roundByes.roundNumber, number)));
  const finishRound = (number: number) =>
    db()
      .update(matches)
      .set({ result: 'draw' })
      .where(and(eq(matches.roundNumber, number), isNull(matches.result)));
  const lastLog = async () =>
    (await db().select().from(systemLogs).orderBy(asc(systemLogs.id))).filter(
      (row) => row.eventType === 'round_management',
    );
  const arbiterId = async () =>
    (await db().select().from(user).where(eq(user.email, 'arbiter@demo.test')))[0]!.id;

  beforeAll(async () => {
    t = await startTestApp('pglite', {
      mailer: {
        send: async (message) => {
          if (isMailDown) throw new Error('smtp down');
          sent.push(message);
        },
      },
    });
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    arbiter = (await signIn(t.app, 'arbiter@demo.test', DEMO_PASSWORD)).cookie;
    tournamentId = (await db().select().from(tournaments).where(eq(tournaments.active, true)))[0]!.id;
  });
  afterAll(async () => t?.close());

  it('lists the rounds with their labels, counts and the current one', async () => {
    const response = await call('GET', '/api/admin/rounds');
    expect(response.statusCode).toBe(200);
    const body = roundsResponseSchema.parse(response.json());
    expect(body.tournament).toMatchObject({ currentRound: 3, totalRounds: 5 });
    expect(body.rounds.map((r) => [r.number, r.statusLabel, r.isCurrent, r.isNext])).toEqual([
      [1, 'Completed', false, false],
      [2, 'Completed', false, false],
      [3, 'In Progress', true, false],
      [4, 'Upcoming', false, true],
      [5, 'Upcoming', false, false],
    ]);
    const round3 = await matchesOf(3);
    expect(body.rounds[2]).toMatchObject({
      boards: 28,
      finished: round3.filter((m) => m.result !== null).length,
      byes: 0,
    });
    expect(body.rounds[2]!.finished).toBeLessThan(28);
    expect(body.rounds[0]!.endTime).not.toBeNull();
  });

  it('refuses to pair, start or complete out of order while round 3 is being played', async () => {
    const generate = await call('POST', '/api/admin/rounds/4/pairings');
    expect(generate.statusCode).toBe(409);
    expect(generate.json().error).toBe(ROUND_MESSAGES.previousNotCompleted(3));
    const start = await call('POST', '/api/admin/rounds/4/start');
    expect(start.json().error).toBe(ROUND_MESSAGES.previousNotCompleted(3));
    const complete = await call('POST', '/api/admin/rounds/3/complete');
    expect(complete.statusCode).toBe(409);
    expect(complete.json().error).toBe('Cannot complete round until all matches are finished');
    expect((await roundRow(3))!.status).toBe('active');
    expect((await call('POST', '/api/admin/rounds/9/start')).json().error).toBe('Round not found');
    expect((await call('GET', '/api/admin/rounds/0')).statusCode).toBe(400);
  });

  it('completes a round once every match is finished, with its end time and a log naming the actor', async () => {
    await finishRound(3);
    const response = await call('POST', '/api/admin/rounds/3/complete');
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Round 3 completed successfully');
    const round = await roundRow(3);
    expect(round).toMatchObject({ status: 'completed', completed: true });
    expect(round!.endTime).toBeInstanceOf(Date);
    const log = (await lastLog()).at(-1)!;
    expect(log).toMatchObject({ actionType: 'complete_round', userId: await arbiterId() });
    const again = await call('POST', '/api/admin/rounds/3/complete');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ROUND_MESSAGES.notActive(3, 'completed'));
  });

  it('refuses to start a round without pairings, and pairs only the next round', async () => {
    const start = await call('POST', '/api/admin/rounds/4/start');
    expect(start.statusCode).toBe(409);
    expect(start.json().error).toBe('Cannot start round without pairings. Please generate pairings first.');
    expect((await roundRow(4))!.status).toBe('upcoming');
    const later = await call('POST', '/api/admin/rounds/5/pairings');
    expect(later.statusCode).toBe(409);
    expect(later.json().error).toBe(ROUND_MESSAGES.notNextRound(4));
    expect(await matchesOf(5)).toEqual([]);
  });

  let halfByePlayer: string;

  it('pairs round 4 with the engine: no rematches, no schoolmates, a requested half-point bye honoured, the odd player given the stored bye', async () => {
    const allPlayers = await db().select().from(players).where(eq(players.tournamentId, tournamentId));
    halfByePlayer = allPlayers.find((p) => p.name === allPlayers[10]!.name)!.id;
    const round4 = (await roundRow(4))!;
    await db()
      .insert(roundByes)
      .values({ tournamentId, roundId: round4.id, roundNumber: 4, playerId: halfByePlayer, kind: 'half' });

    const response = await call('POST', '/api/admin/rounds/4/pairings');
    expect(response.statusCode).toBe(200);
    const body = generatePairingsResponseSchema.parse(response.json());
    expect(body.message).toBe('Pairings generated for Round 4');
    expect(body.pairedFrom).toBe('all_active');
    expect(body.pairedPlayers).toBe(55);
    expect(body.boards).toHaveLength(27);

    const stored = await matchesOf(4);
    expect(stored.map((m) => m.boardNumber)).toEqual(Array.from({ length: 27 }, (_, i) => i + 1));
    const onBoards = stored.flatMap((m) => [m.whitePlayerId, m.blackPlayerId]);
    expect(onBoards).not.toContain(halfByePlayer);
    const byes = await byesOf(4);
    expect(byes.map((b) => b.kind).sort()).toEqual(['half', 'pairing']);
    const pairingBye = byes.find((b) => b.kind === 'pairing')!.playerId;
    expect(new Set([...onBoards, pairingBye, halfByePlayer]).size).toBe(56);

    const earlier = (await db().select().from(matches).where(eq(matches.tournamentId, tournamentId))).filter(
      (m) => m.roundNumber < 4,
    );
    const met = new Set(
      earlier.flatMap((m) => [
        `${m.whitePlayerId}|${m.blackPlayerId}`,
        `${m.blackPlayerId}|${m.whitePlayerId}`,
      ]),
    );
    const groupOf = new Map(allPlayers.map((p) => [p.id, p.groupName]));
    for (const match of stored) {
      expect(
        met.has(`${match.whitePlayerId}|${match.blackPlayerId}`),
        `rematch on board ${match.boardNumber}`,
      ).toBe(false);
      expect(isSameSchool(groupOf.get(match.whitePlayerId), groupOf.get(match.blackPlayerId))).toBe(false);
    }
    // Points before the round, school derived from the team, and the engine's explanations.
    const top = body.boards[0]!;
    expect(top.white.halfPoints).toBeGreaterThanOrEqual(body.boards.at(-1)!.white.halfPoints);
    expect(top.white.school).toBe(top.white.groupName!.replace(/\s+[A-Z]$/, ''));
    expect(body.byes.map((b) => b.kind).sort()).toEqual(['half', 'pairing']);
    expect(
      body.explanations.some((e) => e.kind === 'bye' && e.text.includes('gets the pairing-allocated bye')),
    ).toBe(true);
    expect(body.explanations.some((e) => e.kind === 'colour')).toBe(true);
    expect((await roundRow(4))!.pairingNotes).toEqual([]);
    expect((await lastLog()).at(-1)).toMatchObject({
      actionType: 'generate_pairings',
      userId: await arbiterId(),
    });
  });

  let swapped: { board: number; a: string; b: string };

  it('warns about a manual swap that makes a rematch and saves it only when confirmed', async () => {
    const round4 = await matchesOf(4);
    const round3 = await matchesOf(3);
    // Two round-4 opponents' boards: put round-3 opponents together.
    const pair = round3.find((m) => {
      const a = round4.find(
        (x) => x.whitePlayerId === m.whitePlayerId || x.blackPlayerId === m.whitePlayerId,
      );
      const b = round4.find(
        (x) => x.whitePlayerId === m.blackPlayerId || x.blackPlayerId === m.blackPlayerId,
      );
      return a && b && a.id !== b.id;
    })!;
    const boardA = round4.find(
      (x) => x.whitePlayerId === pair.whitePlayerId || x.blackPlayerId === pair.whitePlayerId,
    )!;
    const opponentOfA =
      boardA.whitePlayerId === pair.whitePlayerId ? boardA.blackPlayerId : boardA.whitePlayerId;
    const payload = { kind: 'swap_players', playerA: opponentOfA, playerB: pair.blackPlayerId };

    const preview = manualChangeResponseSchema.parse(
      (await call('POST', '/api/admin/rounds/4/pairings/change', payload)).json(),
    );
    expect(preview.applied).toBe(false);
    expect(
      preview.warnings.some(
        (w) => w.startsWith(`Board ${boardA.boardNumber}:`) && w.endsWith('already met in Round 3'),
      ),
    ).toBe(true);
    expect(await matchesOf(4)).toEqual(round4);

    const saved = await call('POST', '/api/admin/rounds/4/pairings/change', {
      ...payload,
      acceptWarnings: true,
    });
    expect(saved.statusCode).toBe(200);
    const body = manualChangeResponseSchema.parse(saved.json());
    expect(body.applied).toBe(true);
    const after = (await matchesOf(4)).find((m) => m.boardNumber === boardA.boardNumber)!;
    expect([after.whitePlayerId, after.blackPlayerId].sort()).toEqual(
      [pair.whitePlayerId, pair.blackPlayerId].sort(),
    );
    expect((await roundRow(4))!.pairingNotes).toContain(`Board ${boardA.boardNumber} paired by the arbiter`);
    expect((await lastLog()).at(-1)).toMatchObject({ actionType: 'change_pairings' });
    swapped = { board: boardA.boardNumber, a: pair.whitePlayerId, b: pair.blackPlayerId };
  });

  it('never seats a player twice when two arbiters change the same round at once', async () => {
    const before = await matchesOf(4);
    const [b1, b2, b3] = before.slice(0, 3);
    const swap = (playerA: string, playerB: string) =>
      call('POST', '/api/admin/rounds/4/pairings/change', {
        kind: 'swap_players',
        playerA,
        playerB,
        acceptWarnings: true,
      });
    const statuses = (
      await Promise.all([
        swap(b1!.whitePlayerId, b2!.whitePlayerId),
        swap(b2!.whitePlayerId, b3!.whitePlayerId),
      ])
    ).map((response) => response.statusCode);
    // Either both applied one after the other, or the second was refused because the first moved its boards.
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(statuses).toContain(200);
    const seated = (await matchesOf(4)).flatMap((match) => [match.whitePlayerId, match.blackPlayerId]);
    expect(new Set(seated).size).toBe(seated.length);
    expect(seated.sort()).toEqual(
      before.flatMap((match) => [match.whitePlayerId, match.blackPlayerId]).sort(),
    );
  });

  it('swaps the colours of one board, re-pairs two boards, and refuses bad changes with 400 and no change', async () => {
    const before = await matchesOf(4);
    const board = before.at(-1)!;
    const colours = await call('POST', '/api/admin/rounds/4/pairings/change', {
      kind: 'swap_players',
      playerA: board.whitePlayerId,
      playerB: board.blackPlayerId,
      acceptWarnings: true,
    });
    expect(colours.statusCode).toBe(200);
    const flipped = (await matchesOf(4)).at(-1)!;
    expect([flipped.whitePlayerId, flipped.blackPlayerId]).toEqual([
      board.blackPlayerId,
      board.whitePlayerId,
    ]);

    const repair = await call('POST', '/api/admin/rounds/4/pairings/change', {
      kind: 'repair_boards',
      boardA: 20,
      boardB: 21,
      acceptWarnings: true,
    });
    expect(repair.statusCode).toBe(200);
    const [b20, b21] = (await matchesOf(4)).filter((m) => m.boardNumber === 20 || m.boardNumber === 21);
    expect(b20!.blackPlayerId).toBe(before.find((m) => m.boardNumber === 21)!.blackPlayerId);
    expect(b21!.blackPlayerId).toBe(before.find((m) => m.boardNumber === 20)!.blackPlayerId);

    const snapshot = await matchesOf(4);
    for (const bad of [
      { kind: 'swap_players', playerA: board.whitePlayerId, playerB: board.whitePlayerId },
      { kind: 'swap_players', playerA: board.whitePlayerId, playerB: halfByePlayer },
      { kind: 'swap_players', playerA: 'not-a-uuid', playerB: board.whitePlayerId },
      { kind: 'swap_players', playerA: board.whitePlayerId, playerB: board.blackPlayerId, extra: 1 },
      { kind: 'repair_boards', boardA: 1, boardB: 1 },
    ]) {
      const response = await call('POST', '/api/admin/rounds/4/pairings/change', bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (
        await call('POST', '/api/admin/rounds/4/pairings/change', {
          kind: 'repair_boards',
          boardA: 1,
          boardB: 99,
        })
      ).statusCode,
    ).toBe(404);
    expect(await matchesOf(4)).toEqual(snapshot);
  });

  it('regenerating an upcoming round replaces its pairings, manual changes included', async () => {
    const response = await call('POST', '/api/admin/rounds/4/pairings');
    expect(response.statusCode).toBe(200);
    const stored = await matchesOf(4);
    expect(stored).toHaveLength(27);
    const onSwappedBoard = stored.find((m) => m.boardNumber === swapped.board)!;
    expect([onSwappedBoard.whitePlayerId, onSwappedBoard.blackPlayerId].sort()).not.toEqual(
      [swapped.a, swapped.b].sort(),
    );
    expect((await byesOf(4)).map((b) => b.kind).sort()).toEqual(['half', 'pairing']);
    expect((await roundRow(4))!.pairingNotes).toEqual([]);
  });

  it('starts round 4: current round, start time, public boards, and mails to opted-in players only (a mail failure does not fail it)', async () => {
    const [linked, quiet] = await db()
      .select()
      .from(players)
      .where(eq(players.tournamentId, tournamentId))
      .limit(2);
    const [playerUser] = await db().select().from(user).where(eq(user.email, 'player@demo.test'));
    const [adminUser] = await db().select().from(user).where(eq(user.email, 'admin@demo.test'));
    await db().update(players).set({ userId: playerUser!.id }).where(eq(players.id, linked!.id));
    await db().update(players).set({ userId: adminUser!.id }).where(eq(players.id, quiet!.id));
    await db().insert(userPreferences).values({ userId: playerUser!.id, roundNotifications: true });

    const response = await call('POST', '/api/admin/rounds/4/start');
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Round 4 started successfully');
    expect((await roundRow(4))!.status).toBe('active');
    expect((await roundRow(4))!.startTime).toBeInstanceOf(Date);
    expect(
      (await db().select().from(tournaments).where(eq(tournaments.id, tournamentId)))[0]!.currentRound,
    ).toBe(4);

    const mail = await eventually(async () => sent.find((m) => m.subject === 'Round 4 has started'));
    expect(mail.to).toBe('player@demo.test');
    expect(mail.text).toMatch(/You have (board \d+ with (white|black) against .+|a bye this round)\./);
    expect(sent.filter((m) => m.to === 'admin@demo.test')).toEqual([]);

    const publicRound = await eventually(async () => {
      const body = currentRoundResponseSchema.parse(
        (await t.app.inject('/api/public/rounds/current')).json(),
      );
      return body.round?.number === 4 ? body : undefined;
    });
    expect(publicRound.boards).toHaveLength(27);
    expect((await lastLog()).at(-1)).toMatchObject({ actionType: 'start_round', userId: await arbiterId() });

    // The pairings of a started round are fixed.
    expect((await call('POST', '/api/admin/rounds/4/pairings')).json().error).toBe(
      ROUND_MESSAGES.notUpcoming(4),
    );
    const change = await call('POST', '/api/admin/rounds/4/pairings/change', {
      kind: 'repair_boards',
      boardA: 1,
      boardB: 2,
    });
    expect(change.statusCode).toBe(409);
    expect((await call('POST', '/api/admin/rounds/4/start')).json().error).toBe(
      ROUND_MESSAGES.notStartable(4, 'in progress'),
    );

    isMailDown = true;
    await finishRound(4);
    const completed = await call('POST', '/api/admin/rounds/4/complete');
    expect(completed.statusCode).toBe(200);
    isMailDown = false;
  });

  it('adds rounds, and deletes upcoming rounds with their pairings only after confirmation', async () => {
    const up = roundCountResponseSchema.parse(
      (await call('PUT', '/api/admin/rounds/count', { totalRounds: 7 })).json(),
    );
    expect(up).toMatchObject({ applied: true, totalRounds: 7 });
    expect((await roundRow(7))!.status).toBe('upcoming');
    expect(
      (await db().select().from(tournaments).where(eq(tournaments.id, tournamentId)))[0]!.totalRounds,
    ).toBe(7);

    expect((await call('POST', '/api/admin/rounds/5/pairings')).statusCode).toBe(200);
    const round5Boards = (await matchesOf(5)).length;
    expect(round5Boards).toBe(28);

    const preview = roundCountResponseSchema.parse(
      (await call('PUT', '/api/admin/rounds/count', { totalRounds: 4 })).json(),
    );
    expect(preview.applied).toBe(false);
    expect(preview.deleted).toEqual([
      { number: 5, boards: 28, byes: 0 },
      { number: 6, boards: 0, byes: 0 },
      { number: 7, boards: 0, byes: 0 },
    ]);
    expect(preview.message).toContain('Round 5 (28 boards, 0 byes)');
    expect(await roundRow(5)).toBeDefined();

    const confirmed = roundCountResponseSchema.parse(
      (await call('PUT', '/api/admin/rounds/count', { totalRounds: 4, confirm: true })).json(),
    );
    expect(confirmed).toMatchObject({ applied: true, totalRounds: 4 });
    expect(await roundRow(5)).toBeUndefined();
    expect(await matchesOf(5)).toEqual([]);
    expect((await lastLog()).at(-1)).toMatchObject({ actionType: 'change_round_count' });

    const refused = await call('PUT', '/api/admin/rounds/count', { totalRounds: 3, confirm: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(ROUND_MESSAGES.cannotDeleteStarted(4, 'completed'));
    expect(await roundRow(4)).toBeDefined();
    for (const bad of [{ totalRounds: 0 }, { totalRounds: 2.5 }, { totalRounds: 6, extra: true }, {}]) {
      expect((await call('PUT', '/api/admin/rounds/count', bad)).statusCode).toBe(400);
    }
  });

  it('pairs only checked-in players once check-in is used, and notes schoolmates paired when nothing avoids it', async () => {
    await call('PUT', '/api/admin/rounds/count', { totalRounds: 5 });
    const all = await db()
      .select()
      .from(players)
      .where(eq(players.tournamentId, tournamentId))
      .orderBy(asc(players.name));
    const school = all[0]!.groupName!.replace(/\s+[A-Z]$/, '');
    const schoolmates = all.filter((p) => p.groupName?.startsWith(school)).slice(0, 4);
    await db()
      .update(players)
      .set({ checkedInAt: new Date() })
      .where(
        inArray(
          players.id,
          schoolmates.map((p) => p.id),
        ),
      );

    const body = generatePairingsResponseSchema.parse(
      (await call('POST', '/api/admin/rounds/5/pairings')).json(),
    );
    expect(body.pairedFrom).toBe('checked_in');
    expect(body.boards).toHaveLength(2);
    const paired = body.boards.flatMap((b) => [b.white.id, b.black.id]).sort();
    expect(paired).toEqual(schoolmates.map((p) => p.id).sort());
    expect((await roundRow(5))!.pairingNotes).toEqual([
      'Schoolmates paired on board 1: given the rules above it (no rematch, everyone paired, the bye as its rules give it), every pairing this round has at least 2 schoolmate pairs',
      'Schoolmates paired on board 2: given the rules above it (no rematch, everyone paired, the bye as its rules give it), every pairing this round has at least 2 schoolmate pairs',
    ]);
    const detail = roundDetailSchema.parse((await call('GET', '/api/admin/rounds/5')).json());
    expect(detail.round.pairingNotes).toHaveLength(2);

    await db().update(players).set({ active: false }).where(eq(players.tournamentId, tournamentId));
    const nobody = await call('POST', '/api/admin/rounds/5/pairings');
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json().error).toBe('Players not found');
    expect(await matchesOf(5)).toHaveLength(2);
  });

  it('refuses a second pairing-allocated bye unless the arbiter allows it (FIDE C.04.1.d)', async () => {
    const earlier = (
      await db()
        .select()
        .from(roundByes)
        .where(and(eq(roundByes.tournamentId, tournamentId), eq(roundByes.kind, 'pairing')))
    ).find((bye) => bye.roundNumber < 5)!;
    expect(earlier).toBeDefined();
    const [player] = await db().select().from(players).where(eq(players.id, earlier.playerId));
    // Only that player is left to pair: the odd one out would get a second pairing-allocated bye.
    await db().update(players).set({ active: false }).where(eq(players.tournamentId, tournamentId));
    await db()
      .update(players)
      .set({ active: true, checkedInAt: new Date() })
      .where(eq(players.id, player!.id));
    const before = await matchesOf(5);
    const refused = await call('POST', '/api/admin/rounds/5/pairings');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: ROUND_MESSAGES.repeatByeNeeded([player!.name]),
      code: REPEAT_BYE_NEEDED_CODE,
    });
    expect(await matchesOf(5)).toEqual(before);
    expect((await call('POST', '/api/admin/rounds/5/pairings', { allowRepeatBye: 'yes' })).statusCode).toBe(
      400,
    );

    const allowed = await call('POST', '/api/admin/rounds/5/pairings', { allowRepeatBye: true });
    expect(allowed.statusCode).toBe(200);
    expect(await matchesOf(5)).toEqual([]);
    expect((await byesOf(5)).filter((bye) => bye.kind === 'pairing').map((bye) => bye.playerId)).toEqual([
      player!.id,
    ]);
    const body = generatePairingsResponseSchema.parse(allowed.json());
    expect(body.explanations.find((note) => note.kind === 'bye')?.text).toBe(
      `${player!.name} gets the pairing-allocated bye: a second pairing-allocated bye, as the arbiter allowed: no complete pairing otherwise`,
    );
    expect((await roundRow(5))!.pairingNotes).toEqual([
      'The pairing-allocated bye: a second pairing-allocated bye, as the arbiter allowed: no complete pairing otherwise',
    ]);
    expect((await lastLog()).at(-1)!.metadata).toMatchObject({ allowRepeatBye: true });
  });

  it("says 'No active tournament' when there is none", async () => {
    await db().update(tournaments).set({ active: false }).where(eq(tournaments.id, tournamentId));
    const list = roundsResponseSchema.parse((await call('GET', '/api/admin/rounds')).json());
    expect(list).toEqual({ tournament: null, rounds: [] });
    const generate = await call('POST', '/api/admin/rounds/5/pairings');
    expect(generate.statusCode).toBe(404);
    expect(generate.json().error).toBe('No active tournament');
    await db().update(tournaments).set({ active: true }).where(eq(tournaments.id, tournamentId));
  });
});
