import { and, count, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTrfFixtures, readTrfFixture } from '../../../../scripts/lib/trf-fixtures';
import {
  createTestAuth,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import {
  lookupDetailResponseSchema,
  lookupSearchResponseSchema,
} from '../../../contracts/admin-player-lookup';
import {
  csvPreviewResponseSchema,
  listPlayersResponseSchema,
  PLAYER_MESSAGES,
  playerResponseSchema,
  trfImportResponseSchema,
} from '../../../contracts/player-management';
import { parsePlayersCsv } from '../../../domain/players-csv';
import { parseTrf } from '../../../domain/trf/trf';
import { trfEssence } from '../../../domain/trf/trf-import';
import { user } from '../../db/schema/auth';
import { systemLogs } from '../../db/schema/settings';
import { matches, players, roundByes, rounds, tournaments } from '../../db/schema/tournaments';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

const BASE = '/api/admin/player-management';

describe('player management', () => {
  let t: TestApp;
  let superadmin: string;
  let superadminId: string;
  let activeId: string;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    cookie = superadmin,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_PUBLIC_URL },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const list = async (query = '') =>
    listPlayersResponseSchema.parse((await call('GET', `${BASE}/players${query}`)).json());
  const playerCount = async (tournamentId = activeId) =>
    (
      await t.database.db.select({ n: count() }).from(players).where(eq(players.tournamentId, tournamentId))
    )[0]!.n;
  const logsOf = async (actionType: string) =>
    t.database.db.select().from(systemLogs).where(eq(systemLogs.actionType, actionType));
  const playerNamed = async (name: string) =>
    (await t.database.db.select().from(players).where(eq(players.name, name)))[0]!;

  beforeAll(async () => {
    t = await startTestApp('pglite');
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    superadmin = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    superadminId = (await t.database.db.select().from(user).where(eq(user.email, 'superadmin@demo.test')))[0]!
      .id;
    activeId = (await t.database.db.select().from(tournaments).where(eq(tournaments.active, true)))[0]!.id;
  });
  afterAll(async () => t?.close());

  it('lists the active tournament’s players with points and rounds, and searches by name or team', async () => {
    const all = await list();
    expect(all.tournament).toMatchObject({ id: activeId, active: true, currentRound: 3, totalRounds: 5 });
    expect(all.players).toHaveLength(56);
    expect(all.total).toBe(56);
    expect(all.rounds.map((round) => [round.number, round.status, round.hasPairings])).toEqual([
      [1, 'completed', true],
      [2, 'completed', true],
      [3, 'active', true],
      [4, 'upcoming', false],
      [5, 'upcoming', false],
    ]);
    const judit = all.players.find((player) => player.name === 'Judit Polgár');
    expect(judit).toMatchObject({ userEmail: 'player@demo.test', active: true });
    expect(judit!.halfPoints).toBeGreaterThanOrEqual(0);
    const byName = await list('?search=POLGAR%20judit');
    expect(byName.players.map((player) => player.name)).toEqual(['Judit Polgár']);
    const team = judit!.groupName!;
    const byTeam = await list(`?search=${encodeURIComponent(team.toLowerCase())}`);
    expect(byTeam.players.length).toBe(4);
    expect(byTeam.players.every((player) => player.groupName === team)).toBe(true);
    expect(byTeam.total).toBe(56);
  });

  it('adds a late entry with the actor in the system log, and refuses bad input and duplicates', async () => {
    const created = await call('POST', `${BASE}/players`, {
      name: '  Late   Entrant ',
      groupName: "St Kevin's A",
      rating: 1234,
      club: 'Town Chess Club',
      userEmail: 'ADMIN@demo.test',
    });
    expect(created.statusCode).toBe(201);
    const body = playerResponseSchema.parse(created.json());
    expect(body.message).toBe('Late Entrant added');
    expect(body.player).toMatchObject({
      name: 'Late Entrant',
      groupName: "St Kevin's A",
      school: "St Kevin's",
      rating: 1234,
      club: 'Town Chess Club',
      userEmail: 'admin@demo.test',
      active: true,
      halfPoints: 0,
    });
    const [log] = await logsOf('add_player');
    expect(log).toMatchObject({ userId: superadminId, eventType: 'player_management' });
    expect(log!.metadata).toMatchObject({ playerId: body.player.id, lateEntry: true });

    const before = await playerCount();
    for (const [payload, message] of [
      [{ name: '' }, 'Enter the player’s name'],
      [{ name: 'X', rating: -1 }, 'The rating cannot be negative'],
      [{ name: 'X', rating: 1500.5 }, 'The rating must be a whole number'],
      [{ name: 'X', rating: 4000 }, 'The rating can be at most 3500'],
      [{ name: 'x'.repeat(101) }, 'The name can be at most 100 characters'],
      [{ name: 'X', userEmail: 'not-an-email' }, 'Enter a valid e-mail address'],
      [{ name: 'X', userEmail: 'nobody@example.org' }, PLAYER_MESSAGES.userNotFound],
      [{ name: 'X', active: false }, undefined],
    ] as const) {
      const refused = await call('POST', `${BASE}/players`, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(refused.json().error).toBe(message);
    }
    const duplicate = await call('POST', `${BASE}/players`, {
      name: 'late entrant',
      groupName: "ST KEVIN'S A",
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe(`A player named "Late Entrant" is already in team St Kevin's A`);
    expect(await playerCount()).toBe(before);
    // The same name in another team is a different player.
    expect(
      (await call('POST', `${BASE}/players`, { name: 'Late Entrant', groupName: 'Loreto B' })).statusCode,
    ).toBe(201);
  });

  it('edits a player, logging what changed, and refuses a clash with another player', async () => {
    const late = await playerNamed('Late Entrant');
    const edited = await call('PUT', `${BASE}/players/${late.id}`, {
      name: 'Late Entrant',
      groupName: "St Kevin's A",
      rating: 1300,
      club: null,
      userEmail: '',
    });
    expect(edited.statusCode).toBe(200);
    expect(playerResponseSchema.parse(edited.json()).player).toMatchObject({
      rating: 1300,
      club: null,
      userEmail: null,
    });
    const [log] = await logsOf('update_player');
    expect(log!.description).toBe('Updated Late Entrant: rating, club, userId');
    expect(log!.userId).toBe(superadminId);
    const clash = await call('PUT', `${BASE}/players/${late.id}`, { name: 'Judit Polgar', groupName: null });
    expect(clash.statusCode).toBe(200); // Judit has a team; without one it is another entry
    const judit = await playerNamed('Judit Polgár');
    const refused = await call('PUT', `${BASE}/players/${late.id}`, {
      name: 'JUDIT POLGAR',
      groupName: judit.groupName,
    });
    expect(refused.statusCode).toBe(409);
    expect(
      (await call('PUT', `${BASE}/players/00000000-0000-4000-8000-000000000000`, { name: 'X' })).statusCode,
    ).toBe(404);
  });

  it('withdraws (kept with results, byes of unpaired rounds dropped) and re-activates', async () => {
    const judit = await playerNamed('Judit Polgár');
    const juditRow = async () => (await list('?search=judit')).players.find((row) => row.id === judit.id)!;
    const pointsBefore = (await juditRow()).halfPoints;
    expect((await call('POST', `${BASE}/players/${judit.id}/byes`, { roundNumber: 5 })).statusCode).toBe(201);
    // Her round-3 game is under way: the withdrawal says so, for the arbiter to settle.
    const [current] = await t.database.db
      .update(matches)
      .set({ result: null })
      .where(
        and(
          eq(matches.roundNumber, 3),
          or(eq(matches.whitePlayerId, judit.id), eq(matches.blackPlayerId, judit.id)),
        ),
      )
      .returning();
    const withdrawn = await call('POST', `${BASE}/players/${judit.id}/withdraw`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().message).toBe(
      `${PLAYER_MESSAGES.withdrawn('Judit Polgár')}. Their game on board ${current!.boardNumber} of round 3 has no result yet: enter it, or a forfeit`,
    );
    const after = await juditRow();
    expect(after).toMatchObject({ active: false, halfPoints: pointsBefore, byes: [] });
    expect(
      await t.database.db.select().from(matches).where(eq(matches.whitePlayerId, judit.id)),
    ).not.toHaveLength(0);
    const again = await call('POST', `${BASE}/players/${judit.id}/withdraw`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Judit Polgár is already withdrawn');
    expect((await logsOf('withdraw_player'))[0]).toMatchObject({ userId: superadminId });

    const back = await call('POST', `${BASE}/players/${judit.id}/reactivate`);
    expect(back.statusCode).toBe(200);
    expect(playerResponseSchema.parse(back.json()).player.active).toBe(true);
    expect((await call('POST', `${BASE}/players/${judit.id}/reactivate`)).statusCode).toBe(409);
    expect(await logsOf('reactivate_player')).toHaveLength(1);
  });

  it('records a requested bye only for an upcoming round without pairings, and removes it', async () => {
    const judit = await playerNamed('Judit Polgár');
    const byes = `${BASE}/players/${judit.id}/byes`;
    const half = await call('POST', byes, { roundNumber: 4 });
    expect(half.statusCode).toBe(201);
    expect(half.json().message).toBe('Half-point bye for Judit Polgár in round 4 recorded');
    const full = await call('POST', byes, { roundNumber: 4, kind: 'full' });
    expect(full.statusCode).toBe(201);
    const stored = await t.database.db
      .select()
      .from(roundByes)
      .where(and(eq(roundByes.playerId, judit.id), eq(roundByes.roundNumber, 4)));
    expect(stored.map((bye) => bye.kind)).toEqual(['full']);

    const active = await call('POST', byes, { roundNumber: 3 });
    expect(active.statusCode).toBe(409);
    expect(active.json().error).toBe(PLAYER_MESSAGES.byeRoundNotUpcoming(3));
    const missing = await call('POST', byes, { roundNumber: 9 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Round 9 does not exist in this tournament');
    expect((await call('POST', byes, { roundNumber: 4, kind: 'pairing' })).statusCode).toBe(400);

    // Once round 4 has pairings, its byes are the pairing's: refused both ways.
    const [round4] = await t.database.db
      .select()
      .from(rounds)
      .where(and(eq(rounds.tournamentId, activeId), eq(rounds.number, 4)));
    const [a, b] = await t.database.db
      .select()
      .from(players)
      .where(eq(players.tournamentId, activeId))
      .limit(2);
    const [paired] = await t.database.db
      .insert(matches)
      .values({
        tournamentId: activeId,
        roundId: round4!.id,
        roundNumber: 4,
        boardNumber: 1,
        whitePlayerId: a!.id,
        blackPlayerId: b!.id,
      })
      .returning();
    const late = await call('POST', byes, { roundNumber: 4 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(PLAYER_MESSAGES.byeRoundPaired(4));
    expect((await call('DELETE', `${byes}/4`)).statusCode).toBe(409);
    await t.database.db.delete(matches).where(eq(matches.id, paired!.id));

    const removed = await call('DELETE', `${byes}/4`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Bye for Judit Polgár in round 4 removed');
    expect((await call('DELETE', `${byes}/4`)).statusCode).toBe(404);
    expect(await logsOf('request_bye')).toHaveLength(3);
    expect(await logsOf('remove_bye')).toHaveLength(1);
  });

  it('previews a CSV with every problem by line, and a bad file imports nothing', async () => {
    const before = await playerCount();
    const logsBefore = (await logsOf('import_players_csv')).length;
    const bad = [
      'name;team;rating;club',
      'Fresh One;New School A;1500;',
      ';New School A;1400;',
      'Fresh Two;New School A;abc;',
      `Judit Polgar;${(await playerNamed('Judit Polgár')).groupName};;`,
    ].join('\r\n');
    const preview = await call('POST', `${BASE}/import/preview`, { csv: bad });
    expect(preview.statusCode).toBe(200);
    const parsed = csvPreviewResponseSchema.parse(preview.json());
    expect(parsed.isValid).toBe(false);
    expect(parsed.rows.map((row) => row.name)).toEqual(['Fresh One']);
    expect(parsed.errors.map((error) => error.line)).toEqual([3, 4, 5]);
    expect(parsed.errors[2]!.message).toMatch(/A player named "Judit Polgár" is already in team/);

    const refused = await call('POST', `${BASE}/import`, { csv: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'The file has 3 problems: nothing was imported' });
    expect(refused.json().errors).toHaveLength(3);
    expect(await playerCount()).toBe(before);
    expect(await logsOf('import_players_csv')).toHaveLength(logsBefore);

    for (const csv of ['', 'rating,team\n1,A\n', 'name\n"never closed\n']) {
      const response = await call('POST', `${BASE}/import`, { csv });
      expect(response.statusCode, csv).toBe(400);
    }
    expect((await call('POST', `${BASE}/import`, { csv: 'name\nA\n', extra: 1 })).statusCode).toBe(400);
    expect(await playerCount()).toBe(before);
  });

  it('imports a good CSV (BOM, quotes) in one go and logs it', async () => {
    const before = await playerCount();
    const good =
      '\uFEFFname,team,rating,club\r\n"Byrne, Aoife",Harbour School A,1510,\r\nCian Walsh,Harbour School A,,"Bay Club"\r\n';
    const dry = csvPreviewResponseSchema.parse(
      (await call('POST', `${BASE}/import/preview`, { csv: good })).json(),
    );
    expect(dry).toMatchObject({ isValid: true, errors: [] });
    expect(await playerCount()).toBe(before);
    const imported = await call('POST', `${BASE}/import`, { csv: good });
    expect(imported.statusCode).toBe(201);
    expect(imported.json()).toEqual({ message: '2 players imported', imported: 2 });
    expect(await playerCount()).toBe(before + 2);
    expect(await playerNamed('Byrne, Aoife')).toMatchObject({ groupName: 'Harbour School A', rating: 1510 });
    expect((await logsOf('import_players_csv'))[0]).toMatchObject({ userId: superadminId });
    // Importing the same file again would duplicate every row: refused.
    expect((await call('POST', `${BASE}/import`, { csv: good })).statusCode).toBe(400);
  });

  it('exports the players as a CSV download that reads back', async () => {
    const response = await call('GET', `${BASE}/export.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="players-schools-team-chess-championship-2025.csv"',
    );
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('id,name,team,rating,club,active,points,checked_in');
    expect(lines.filter(Boolean)).toHaveLength((await playerCount()) + 1);
    expect(response.body).toContain('"Byrne, Aoife",Harbour School A,1510,,true,0,false');
    const reread = parsePlayersCsv(response.body);
    expect(reread.errors).toEqual([]);
    expect(reread.rows).toHaveLength(await playerCount());
    expect((await logsOf('export_players_csv'))[0]).toMatchObject({ userId: superadminId });
  });

  it('exports the tournament as TRF-16 with every finished game and bye', async () => {
    const response = await call('GET', `${BASE}/export.trf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="schools-team-chess-championship-2025.trf"',
    );
    const trf = parseTrf(response.body);
    expect(trf.lines[0]).toEqual({ code: '012', value: 'Schools Team Chess Championship 2025' });
    expect(trf.totalRounds).toBe(5);
    expect(trf.players).toHaveLength(await playerCount());
    const finished = await t.database.db
      .select({ n: count() })
      .from(matches)
      .where(eq(matches.tournamentId, activeId));
    const games = trf.players.flatMap((player) => player.rounds.filter((entry) => entry?.opponent));
    expect(games.length).toBeLessThanOrEqual(finished[0]!.n * 2);
    expect(games.length).toBeGreaterThan(0);
    expect((await logsOf('export_trf'))[0]).toMatchObject({ userId: superadminId });
  });

  it('imports a TRF as a new inactive tournament, and its export is an equivalent file', async () => {
    const file = listTrfFixtures('real').find((name) => name.includes('KarlMala2005'))!;
    const text = readTrfFixture(file);
    const response = await call('POST', `${BASE}/import-trf`, { trf: text });
    expect(response.statusCode).toBe(201);
    const body = trfImportResponseSchema.parse(response.json());
    expect(body.tournament).toMatchObject({ active: false, currentRound: 7 });
    expect(body.players).toBe(284);
    expect(body.message).toBe(
      `Tournament "${body.tournament.name}" imported (inactive) with 284 players and ${body.tournament.totalRounds} rounds`,
    );
    const [active] = await t.database.db.select().from(tournaments).where(eq(tournaments.active, true));
    expect(active!.id).toBe(activeId);
    const roundRows = await t.database.db
      .select()
      .from(rounds)
      .where(eq(rounds.tournamentId, body.tournament.id))
      .orderBy(rounds.number);
    expect(roundRows.slice(0, 7).every((round) => round.status === 'completed')).toBe(true);

    const exported = await call('GET', `${BASE}/export.trf?tournamentId=${body.tournament.id}`);
    expect(exported.statusCode).toBe(200);
    expect(trfEssence(parseTrf(exported.body))).toEqual(trfEssence(parseTrf(text)));
    expect((await logsOf('import_trf'))[0]).toMatchObject({ userId: superadminId });

    // The chosen tournament's players are listed and managed like the active one's.
    const imported = await list(`?tournamentId=${body.tournament.id}`);
    expect(imported.tournament.id).toBe(body.tournament.id);
    expect(imported.players).toHaveLength(284);
    const tournamentsList = (await call('GET', `${BASE}/tournaments`)).json().tournaments;
    expect(tournamentsList[0].id).toBe(activeId);
    expect(tournamentsList.map((row: { id: string }) => row.id)).toContain(body.tournament.id);
  });

  it('refuses a malformed TRF with its line and creates nothing', async () => {
    const before = (await t.database.db.select({ n: count() }).from(tournaments))[0]!.n;
    const broken = await call('POST', `${BASE}/import-trf`, { trf: '012 Broken\n001 abcd Alpha\n' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('TRF line 2: start rank (columns 5–8) "abcd" is not a whole number');
    // A file that contradicts itself (both sides of a game recorded as winners) is refused the same way.
    const p1 =
      '001    1      Alpha                             1500                             1.0    1     2 w 1';
    const p2 =
      '001    2      Beta                              1400                             1.0    2     1 b 1';
    const contradicting = await call('POST', `${BASE}/import-trf`, { trf: `012 Both won\n${p1}\n${p2}\n` });
    expect(contradicting.statusCode).toBe(400);
    expect(contradicting.json().error).toBe(
      'TRF line 2: round 1: players 1 and 2 (line 3) are both recorded as winners',
    );
    const empty = await call('POST', `${BASE}/import-trf`, { trf: '012 Nothing\n' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('The file has no player records (001 lines)');
    expect((await t.database.db.select({ n: count() }).from(tournaments))[0]!.n).toBe(before);
  });

  it('answers 404 for an unknown tournament and "No active tournament" when none is active', async () => {
    const unknown = await call('GET', `${BASE}/players?tournamentId=00000000-0000-4000-8000-000000000000`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Tournament not found');
    await t.database.db.update(tournaments).set({ active: false }).where(eq(tournaments.id, activeId));
    try {
      const none = await call('GET', `${BASE}/players`);
      expect(none.statusCode).toBe(404);
      expect(none.json().error).toBe('No active tournament');
      const lookup = lookupSearchResponseSchema.parse(
        (await call('GET', '/api/admin/player-lookup?search=judit')).json(),
      );
      expect(lookup).toEqual({ tournament: null, players: [] });
    } finally {
      await t.database.db.update(tournaments).set({ active: true }).where(eq(tournaments.id, activeId));
    }
  });
});

describe('admin player lookup', () => {
  let t: TestApp;
  let arbiter: string;

  beforeAll(async () => {
    t = await startTestApp('pglite');
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    arbiter = (await signIn(t.app, 'arbiter@demo.test', DEMO_PASSWORD)).cookie;
  });
  afterAll(async () => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: arbiter } });

  it('finds players by name or team and shows the current board, results, points and check-in', async () => {
    const found = lookupSearchResponseSchema.parse(
      (await get('/api/admin/player-lookup?search=polgar%20judit')).json(),
    );
    expect(found.players.map((player) => player.name)).toEqual(['Judit Polgár']);
    const id = found.players[0]!.id;
    const detail = lookupDetailResponseSchema.parse((await get(`/api/admin/player-lookup/${id}`)).json());
    expect(detail.player).toMatchObject({ name: 'Judit Polgár', checkedInAt: null });
    expect(detail.currentRoundStatus).toBe('active');
    expect(detail.current?.roundNumber).toBe(3);
    const [game] = await t.database.db
      .select()
      .from(matches)
      .where(and(eq(matches.roundNumber, 3), eq(matches.whitePlayerId, id)));
    const [asBlack] = await t.database.db
      .select()
      .from(matches)
      .where(and(eq(matches.roundNumber, 3), eq(matches.blackPlayerId, id)));
    const board = game ?? asBlack;
    expect(detail.current).toMatchObject({
      boardNumber: board!.boardNumber,
      colour: game ? 'white' : 'black',
      opponent: { id: game ? board!.blackPlayerId : board!.whitePlayerId },
    });
    expect(detail.results.map((row) => row.roundNumber)).toEqual([1, 2, 3]);
    expect(detail.results.reduce((sum, row) => sum + row.halfPoints, 0)).toBe(detail.player.halfPoints);
    expect(detail.rank).toBeGreaterThanOrEqual(1);

    await t.database.db.update(players).set({ checkedInAt: new Date() }).where(eq(players.id, id));
    const checked = lookupDetailResponseSchema.parse((await get(`/api/admin/player-lookup/${id}`)).json());
    expect(checked.player.checkedInAt).not.toBeNull();
    expect((await get('/api/admin/player-lookup/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/admin/player-lookup?search=')).statusCode).toBe(400);
  });

  it('is read-only for the arbiter: player management itself is refused', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: `${BASE}/players`,
      headers: { cookie: arbiter, origin: TEST_PUBLIC_URL },
      payload: { name: 'Sneaky' },
    });
    expect(refused.statusCode).toBe(403);
  });
});
