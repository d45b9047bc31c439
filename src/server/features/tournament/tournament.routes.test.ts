import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestApp, type TestApp } from '../../../../tests/support/server/test-app';
import { databaseTargets } from '../../../../tests/support/server/test-database';
import { homeResponseSchema } from '../../../contracts/home';
import { leaderboardResponseSchema } from '../../../contracts/leaderboard';
import { playerLookupResponseSchema } from '../../../contracts/player-lookup';
import { rosterResponseSchema } from '../../../contracts/roster';
import { SETTING_KEYS } from '../../../contracts/settings';
import { currentRoundResponseSchema, tournamentResponseSchema } from '../../../contracts/tournament';
import { DEFAULT_TIEBREAK_ORDER, FIDE_TIEBREAK_ORDER } from '../../../domain/scoring/tiebreak-keys';
import { deleteSetting, saveSetting } from '../../core/settings/settings.repo';
import { matches, players, roundByes, rounds, tournaments } from '../../db/schema/tournaments';

describe.each(databaseTargets)('public read API on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => t?.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const getJson = async <T>(url: string, schema: { parse: (value: unknown) => T }) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return schema.parse(response.json());
  };

  it('summarises the active tournament with statistics derived from the games', async () => {
    const body = await getJson('/api/public/tournament', tournamentResponseSchema);
    expect(body.tournament?.name).toBe('Schools Team Chess Championship 2025');
    expect(body.tournament?.rounds.map((round) => round.status)).toEqual([
      'completed',
      'completed',
      'active',
      'upcoming',
      'upcoming',
    ]);
    const rows = await t.database.db.select().from(matches);
    const current = rows.filter((row) => row.roundNumber === 3);
    const finishedCurrent = current.filter((row) => row.result !== null).length;
    expect(body.stats).toEqual({
      totalPlayers: 56,
      currentRound: 3,
      totalRounds: 5,
      completedMatches: rows.filter((row) => row.result !== null).length,
      totalMatches: rows.length,
      completionRate: Math.round((finishedCurrent / current.length) * 100),
    });
    expect(body.stats?.completionRate).toBeGreaterThan(0);
    expect(body.stats?.completionRate).toBeLessThan(100);
  });

  it('ranks the leaderboard by points derived from results, every game handing out exactly one point', async () => {
    const body = await getJson('/api/public/leaderboard', leaderboardResponseSchema);
    expect(body.visible).toBe(true);
    expect(body.afterRound).toBe(2);
    expect(body.players).toHaveLength(56);
    const finished = (await t.database.db.select().from(matches)).filter((row) => row.result !== null);
    const total = body.players.reduce((sum, row) => sum + row.halfPoints, 0);
    expect(total).toBe(finished.length * 2);
    for (let i = 1; i < body.players.length; i++) {
      const [above, below] = [body.players[i - 1]!, body.players[i]!];
      expect(above.halfPoints).toBeGreaterThanOrEqual(below.halfPoints);
    }
    expect(body.teams).toHaveLength(14);
    expect(body.teams[0]?.members).toHaveLength(4);
    expect(body.teams.reduce((sum, team) => sum + team.halfPoints, 0)).toBe(total);
  });

  it('exposes only allow-listed player fields: no ids, user ids or e-mails', async () => {
    const body = (await get('/api/public/leaderboard')).json();
    expect(Object.keys(body.players[0]).sort()).toEqual(
      [
        'byes',
        'draws',
        'groupName',
        'halfPoints',
        'losses',
        'name',
        'rank',
        'rating',
        'tiebreaks',
        'wins',
        'withdrawn',
      ].sort(),
    );
    const roster = (await get('/api/public/roster')).body;
    expect(roster).not.toMatch(/"(id|userId|user_id|email|tournamentId|rank|halfPoints)"/);
    const home = (await get('/api/public/home')).body;
    expect(home).not.toMatch(/"(id|userId|user_id|email|tournamentId)"/);
    expect(home).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
  });

  it("orders players level on points by the tournament's tie-break order and reports their values", async () => {
    // The demo, like a tournament created without a choice, ranks by points, then rating (docs/requirements.md §2).
    const byRating = await getJson('/api/public/leaderboard', leaderboardResponseSchema);
    expect(byRating.tiebreakOrder).toEqual(['rating']);
    for (let i = 1; i < byRating.players.length; i++) {
      const [above, below] = [byRating.players[i - 1]!, byRating.players[i]!];
      if (above.halfPoints === below.halfPoints)
        expect(above.rating ?? 0).toBeGreaterThanOrEqual(below.rating ?? 0);
    }
    // The FIDE Swiss order, as if chosen at creation (domain/scoring/tiebreak-keys.ts FIDE_TIEBREAK_ORDER).
    await t.database.db
      .update(tournaments)
      .set({ tiebreakOrder: [...FIDE_TIEBREAK_ORDER] })
      .where(eq(tournaments.active, true));
    const body = await eventually(async () => {
      const value = await getJson('/api/public/leaderboard', leaderboardResponseSchema);
      return value.tiebreakOrder.join() === FIDE_TIEBREAK_ORDER.join() ? value : undefined;
    });
    const key = (row: (typeof body.players)[number]) => [
      row.halfPoints,
      row.tiebreaks.buchholz_cut1 ?? 0,
      row.tiebreaks.buchholz ?? 0,
      row.tiebreaks.sonneborn_berger ?? 0,
    ];
    for (let i = 1; i < body.players.length; i++) {
      const [above, below] = [key(body.players[i - 1]!), key(body.players[i]!)];
      const firstDifference = above.findIndex((value, index) => value !== below[index]);
      if (firstDifference >= 0) expect(above[firstDifference]!).toBeGreaterThan(below[firstDifference]!);
    }
    // After two rounds somebody has a non-zero Buchholz, and Cut-1 never exceeds the full Buchholz.
    expect(body.players.some((row) => (row.tiebreaks.buchholz ?? 0) > 0)).toBe(true);
    for (const row of body.players)
      expect(row.tiebreaks.buchholz_cut1 ?? 0).toBeLessThanOrEqual(row.tiebreaks.buchholz ?? 0);
    // The home page's leading players and lookup use the same ranks as the leaderboard.
    const home = await getJson('/api/public/home', homeResponseSchema);
    expect(home.featuredPlayers).toEqual(body.players.slice(0, home.featuredPlayers.length));
    const leader = body.players[0]!;
    const lookup = await getJson(
      `/api/public/players?name=${encodeURIComponent(leader.name)}`,
      playerLookupResponseSchema,
    );
    expect(lookup.players.find((player) => player.name === leader.name)?.rank).toBe(leader.rank);
    await t.database.db
      .update(tournaments)
      .set({ tiebreakOrder: [...DEFAULT_TIEBREAK_ORDER] })
      .where(eq(tournaments.active, true));
  });

  it('lists every active player by name in the roster', async () => {
    const body = await getJson('/api/public/roster', rosterResponseSchema);
    expect(body.tournamentName).toBe('Schools Team Chess Championship 2025');
    expect(body.players).toHaveLength(56);
    const names = body.players.map((player) => player.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it("publishes the current round's pairing notes on the leaderboard and the current round, not another round's", async () => {
    const before = await getJson('/api/public/leaderboard', leaderboardResponseSchema);
    expect(before.pairingNotes).toBeNull();
    const note = 'Schoolmates paired on board 12: no pairing avoided it';
    await t.database.db
      .update(rounds)
      .set({ pairingNotes: [note, '  '] })
      .where(eq(rounds.number, 3));
    await t.database.db
      .update(rounds)
      .set({ pairingNotes: ['A note of an upcoming round'] })
      .where(eq(rounds.number, 4));
    const leaderboard = await eventually(async () => {
      const value = leaderboardResponseSchema.parse((await get('/api/public/leaderboard')).json());
      return value.pairingNotes ? value : undefined;
    });
    expect(leaderboard.pairingNotes).toEqual({ roundNumber: 3, notes: [note] });
    const current = await getJson('/api/public/rounds/current', currentRoundResponseSchema);
    expect(current.pairingNotes).toEqual([note]);
    await t.database.db.update(rounds).set({ pairingNotes: [] });
    await eventually(async () => {
      const value = leaderboardResponseSchema.parse((await get('/api/public/leaderboard')).json());
      return value.pairingNotes === null ? value : undefined;
    });
  });

  it('lists the current round boards in board order', async () => {
    const body = await getJson('/api/public/rounds/current', currentRoundResponseSchema);
    expect(body.round?.number).toBe(3);
    expect(body.boards).toHaveLength(28);
    expect(body.boards.map((board) => board.board)).toEqual(Array.from({ length: 28 }, (_, i) => i + 1));
  });

  it('serves the whole home page in one response', async () => {
    const body = await getJson('/api/public/home', homeResponseSchema);
    expect(body.featuredPlayers).toHaveLength(5);
    expect(body.recentMatches).toHaveLength(3);
    for (const match of body.recentMatches) expect(match.result).not.toBeNull();
    expect(body.announcements).toHaveLength(3);
    expect(body.announcements[0]?.content).toMatch(/Lunch/);
    expect(body.currentRound.boards).toHaveLength(28);
    expect(body.registration).toEqual({ is_enabled: false, team_price: 6000 });
  });

  it('finds a player by part of the name, ignoring case and accents, with this round and history', async () => {
    const body = await getJson('/api/public/players?name=POLGAR', playerLookupResponseSchema);
    expect(body.players.map((player) => player.name).sort()).toEqual(['Judit Polgár', 'Susan Polgar']);
    const [row] = await t.database.db.select().from(players).where(eq(players.name, 'Judit Polgár'));
    const judit = body.players.find((player) => player.name === 'Judit Polgár')!;
    const [game] = (await t.database.db.select().from(matches).where(eq(matches.roundNumber, 3))).filter(
      (match) => match.whitePlayerId === row!.id || match.blackPlayerId === row!.id,
    );
    expect(judit.current?.board).toBe(game!.boardNumber);
    expect(judit.current?.colour).toBe(game!.whitePlayerId === row!.id ? 'white' : 'black');
    expect(judit.history.map((round) => round.roundNumber)).toEqual([1, 2]);
    expect(judit.history.every((round) => round.opponent !== null && round.halfPoints !== null)).toBe(true);
  });

  it('matches every typed word in any order', async () => {
    const body = await getJson('/api/public/players?name=carlsen%20mag', playerLookupResponseSchema);
    expect(body.players.map((player) => player.name)).toEqual(['Magnus Carlsen']);
    const none = await getJson('/api/public/players?name=zzzz', playerLookupResponseSchema);
    expect(none.players).toEqual([]);
  });

  it('refuses a lookup shorter than two letters with a clear error', async () => {
    const response = await get('/api/public/players?name=a');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Type at least 2 letters of the name' });
    expect(response.json().requestId).toBe(response.headers['x-request-id']);
    expect((await get('/api/public/players')).statusCode).toBe(400);
  });

  it('answers 304 to a matching If-None-Match and a new ETag once a result changes', async () => {
    const first = await get('/api/public/leaderboard');
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect((await get('/api/public/leaderboard', { 'if-none-match': etag })).statusCode).toBe(304);

    const [open] = await t.database.db.select().from(matches).where(eq(matches.roundNumber, 3));
    const openMatch =
      (await t.database.db.select().from(matches)).find((m) => m.roundNumber === 3 && m.result === null) ??
      open!;
    await t.database.db.update(matches).set({ result: 'white' }).where(eq(matches.id, openMatch.id));
    const changed = await eventually(async () => {
      const response = await get('/api/public/leaderboard', { 'if-none-match': etag });
      return response.statusCode === 200 ? response : undefined;
    });
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('sends large responses compressed to clients that accept it', async () => {
    const response = await get('/api/public/leaderboard', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('br');
    const gzip = await get('/api/public/leaderboard', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it.each([
    [false, false],
    [{ visible: false }, false],
    ['{"visible":false}', false],
    ['not json at all', true],
    [{ visible: true }, true],
  ])('leaderboard_visible = %j shows the leaderboard: %s', async (stored, visible) => {
    await saveSetting(t.database.db, SETTING_KEYS.leaderboardVisible, stored);
    const body = await eventually(async () => {
      const value = leaderboardResponseSchema.parse((await get('/api/public/leaderboard')).json());
      return value.visible === visible ? value : undefined;
    });
    expect(body.players.length > 0).toBe(visible);
    const home = homeResponseSchema.parse((await get('/api/public/home')).json());
    expect(home.leaderboardVisible).toBe(visible);
    expect(home.featuredPlayers.length > 0).toBe(visible);
  });

  it('treats a missing leaderboard setting as visible', async () => {
    await deleteSetting(t.database.db, SETTING_KEYS.leaderboardVisible);
    const body = await eventually(async () => {
      const value = leaderboardResponseSchema.parse((await get('/api/public/leaderboard')).json());
      return value.visible ? value : undefined;
    });
    expect(body.players).toHaveLength(56);
  });

  it('merges home settings stored as a string of JSON over the defaults, and reverts when deleted', async () => {
    await saveSetting(t.database.db, SETTING_KEYS.homePage, JSON.stringify({ header_title: 'Spring Open' }));
    const settings = await eventually(async () => {
      const body = (await get('/api/public/settings/home')).json();
      return body.header_title === 'Spring Open' ? body : undefined;
    });
    expect(settings.featured_players_count).toBe(3);
    await deleteSetting(t.database.db, SETTING_KEYS.homePage);
    await eventually(async () => {
      const body = (await get('/api/public/settings/home')).json();
      return body.header_title === 'Schools Team Chess Championship' ? body : undefined;
    });
  });

  it('gives the registration defaults when the stored settings are unusable', async () => {
    await saveSetting(t.database.db, SETTING_KEYS.registration, { is_enabled: 'soon' });
    const body = await eventually(async () => {
      const value = (await get('/api/public/settings/registration')).json();
      return value.is_enabled === false ? value : undefined;
    });
    expect(body).toEqual({ is_enabled: false, team_price: 6000 });
    await saveSetting(t.database.db, SETTING_KEYS.registration, { is_enabled: true, team_price: 5500 });
    await eventually(async () => {
      const value = (await get('/api/public/settings/registration')).json();
      return value.is_enabled === true && value.team_price === 5500 ? value : undefined;
    });
  });
});

describe.each(databaseTargets)('public read API without a tournament on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, { seed: false });
  });
  afterAll(async () => t?.close());

  it('answers with no tournament and the default settings (the pre-event home page)', async () => {
    const home = homeResponseSchema.parse((await t.app.inject('/api/public/home')).json());
    expect(home.tournament).toBeNull();
    expect(home.stats).toBeNull();
    expect(home.currentRound).toEqual({ round: null, boards: [], byes: [], pairingNotes: [] });
    expect(home.featuredPlayers).toEqual([]);
    expect(home.registration).toEqual({ is_enabled: false, team_price: 6000 });
    expect(home.leaderboardVisible).toBe(true);
    const lookup = playerLookupResponseSchema.parse(
      (await t.app.inject('/api/public/players?name=anyone')).json(),
    );
    expect(lookup.players).toEqual([]);
  });
});

describe('pairings published before the round starts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('leaves a bye requested for a later round out of this round and out of the points', async () => {
    const db = t.database.db;
    const round5 = (await db.select().from(rounds).where(eq(rounds.number, 5)))[0]!;
    const leader = leaderboardResponseSchema.parse((await t.app.inject('/api/public/leaderboard')).json())
      .players[0]!;
    const [player] = await db.select().from(players).where(eq(players.name, leader.name));
    await db.insert(roundByes).values({
      tournamentId: round5.tournamentId,
      roundId: round5.id,
      roundNumber: 5,
      playerId: player!.id,
      kind: 'full',
    });
    // Let the change reach the cache (the round-3 panel is served from a fresh snapshot either way).
    await new Promise((resolve) => setTimeout(resolve, 100));
    const current = currentRoundResponseSchema.parse(
      (await t.app.inject('/api/public/rounds/current')).json(),
    );
    expect(current.round?.number).toBe(3);
    const after = leaderboardResponseSchema.parse((await t.app.inject('/api/public/leaderboard')).json());
    expect(after.players.find((row) => row.name === leader.name)?.halfPoints).toBe(leader.halfPoints);
    await db.delete(roundByes).where(eq(roundByes.roundId, round5.id));
  });

  it('shows the next round as this round as soon as it is paired, so players find their boards at once', async () => {
    const db = t.database.db;
    const allRounds = await db.select().from(rounds).orderBy(rounds.number);
    const round3 = allRounds.find((round) => round.number === 3)!;
    const round4 = allRounds.find((round) => round.number === 4)!;
    await db.update(matches).set({ result: 'draw' }).where(eq(matches.roundId, round3.id));
    await db.update(rounds).set({ status: 'completed' }).where(eq(rounds.id, round3.id));
    // Completed but not yet paired: round 3 is still the one shown.
    const before = currentRoundResponseSchema.parse(
      (await eventually(async () => {
        const body = (await t.app.inject('/api/public/rounds/current')).json();
        return body.round?.status === 'completed' ? body : undefined;
      })) as unknown,
    );
    expect(before.round?.number).toBe(3);

    const [white, black] = await db.select().from(players).limit(2);
    await db.insert(matches).values({
      tournamentId: round4.tournamentId,
      roundId: round4.id,
      roundNumber: 4,
      boardNumber: 1,
      whitePlayerId: white!.id,
      blackPlayerId: black!.id,
    });
    const after = currentRoundResponseSchema.parse(
      await eventually(async () => {
        const body = (await t.app.inject('/api/public/rounds/current')).json();
        return body.round?.number === 4 ? body : undefined;
      }),
    );
    expect(after.round?.status).toBe('upcoming');
    expect(after.boards.map((board) => [board.white?.name, board.black?.name])).toEqual([
      [white!.name, black!.name],
    ]);
    const lookup = playerLookupResponseSchema.parse(
      (await t.app.inject(`/api/public/players?name=${encodeURIComponent(white!.name)}`)).json(),
    );
    expect(lookup.players[0]?.current?.roundNumber).toBe(4);
    // The home page agrees with its boards: round 4 is shown, its board has not started (not "in progress"),
    // and the standings count round 3 in full, nothing of round 4.
    const home = homeResponseSchema.parse((await t.app.inject('/api/public/home')).json());
    expect(home.currentRound.round).toMatchObject({ number: 4, status: 'upcoming' });
    expect(home.currentRound.boards.map((board) => board.isStarted)).toEqual([false]);
    const leaderboard = leaderboardResponseSchema.parse(
      (await t.app.inject('/api/public/leaderboard')).json(),
    );
    expect(leaderboard.standingsHeading).toBe('After round 3');
  });
});
