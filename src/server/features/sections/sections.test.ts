import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAuth,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { leaderboardResponseSchema } from '../../../contracts/leaderboard';
import { playerLookupResponseSchema } from '../../../contracts/player-lookup';
import { prizesViewSchema } from '../../../contracts/prizes';
import { adminSectionsResponseSchema, SECTION_MESSAGES } from '../../../contracts/sections';
import { adminScreenResponseSchema, screenDisplaySchema } from '../../../contracts/venue-screens';
import {
  matches,
  players,
  roundByes,
  rounds,
  tournamentSections,
  tournaments,
} from '../../db/schema/tournaments';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

/**
 * Sections (issue 32, ADR 044) on a fresh event of 15 rated and unrated pupils: staff split it by rating, the
 * pupils are placed by the rule or by hand, each section is paired on its own with boards numbered through the
 * hall, and the standings and prizes are each section's.
 */
describe('sections', () => {
  let t: TestApp;
  let staff: string;
  let tournamentId: string;
  const db = () => t.database.db;
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { origin: TEST_PUBLIC_URL, cookie: staff },
      ...(method === 'GET' ? {} : { payload: payload ?? {} }),
    });
  const sections = async () =>
    adminSectionsResponseSchema.parse((await call('GET', '/api/admin/sections')).json());
  // 8 pupils rated 1200 and over, 4 under, 3 unrated.
  const ratings = [1900, 1800, 1700, 1600, 1500, 1400, 1300, 1200, 1100, 1000, 900, 800, null, null, null];
  const nameOf = (index: number) => `Pupil ${String(index + 1).padStart(2, '0')}`;

  beforeAll(async () => {
    t = await startTestApp('pglite');
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    staff = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    await db().update(tournaments).set({ active: false });
    const [tournament] = await db()
      .insert(tournaments)
      .values({ name: 'Sections Cup', active: true, totalRounds: 3, startDate: '2026-03-01' })
      .returning();
    tournamentId = tournament!.id;
    await db()
      .insert(rounds)
      .values([1, 2, 3].map((number) => ({ tournamentId, number })));
    await db()
      .insert(players)
      .values(ratings.map((rating, index) => ({ tournamentId, name: nameOf(index), rating })));
  });
  afterAll(async () => t?.close());

  const seniors = { name: 'Seniors', rule: { kind: 'rating', min: 1200, max: null, unrated: false } };
  const juniors = { name: 'Juniors', rule: { kind: 'all' } };

  it('refuses overlapping rating bands with a clear message and stores nothing', async () => {
    const response = await call('PUT', '/api/admin/sections', {
      sections: [seniors, { name: 'Middle', rule: { kind: 'rating', min: 1000, max: 1300, unrated: false } }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('The rating bands of Seniors and Middle overlap');
    expect(await db().select().from(tournamentSections)).toEqual([]);
  });

  it('places every pupil by the rules, staff placing one by hand', async () => {
    expect((await call('PUT', '/api/admin/sections', { sections: [seniors, juniors] })).json()).toEqual({
      message: SECTION_MESSAGES.saved,
    });
    let body = await sections();
    expect(body.sections.map((section) => [section.name, section.slug, section.players])).toEqual([
      ['Seniors', 'seniors', 8],
      ['Juniors', 'juniors', 7],
    ]);
    expect(body.problems).toEqual([]);
    const [seniorId, juniorId] = body.sections.map((section) => section.id);
    // The 1100-rated pupil plays up, placed by hand; saving the sections again keeps them there.
    const pupil = body.players.find((player) => player.name === nameOf(8))!;
    expect(pupil.sectionId).toBe(juniorId);
    expect(
      (await call('PUT', `/api/admin/sections/players/${pupil.id}`, { sectionId: seniorId })).statusCode,
    ).toBe(200);
    const again = body.sections.map(({ id, name, rule }) => ({ id, name, rule }));
    await call('PUT', '/api/admin/sections', { sections: again });
    body = await sections();
    expect(body.players.find((player) => player.id === pupil.id)).toMatchObject({
      sectionId: seniorId,
      byHand: true,
    });
    expect(body.sections.map((section) => section.players)).toEqual([9, 6]);
  });

  it('refuses to pair a section of one player, naming it, and writes no board', async () => {
    const body = await sections();
    const juniorsId = body.sections[1]!.id;
    // Every junior but one withdrawn: the section cannot be paired.
    const others = body.players.filter((player) => player.sectionId === juniorsId).slice(1);
    await db()
      .update(players)
      .set({ active: false })
      .where(
        inArray(
          players.id,
          others.map((player) => player.id),
        ),
      );
    const response = await call('POST', '/api/admin/rounds/1/pairings');
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('Juniors has one player: a section needs two to be paired');
    expect(await db().select().from(matches).where(eq(matches.tournamentId, tournamentId))).toEqual([]);
    await db().update(players).set({ active: true }).where(eq(players.tournamentId, tournamentId));
  });

  it('pairs each section on its own, boards numbered through the hall, a bye in each odd section', async () => {
    const body = await sections();
    const sectionOf = new Map(body.players.map((player) => [player.id, player.sectionId]));
    const response = await call('POST', '/api/admin/rounds/1/pairings');
    expect(response.statusCode).toBe(200);
    const boards = await db()
      .select()
      .from(matches)
      .where(eq(matches.tournamentId, tournamentId))
      .orderBy(matches.boardNumber);
    expect(boards.map((board) => board.boardNumber)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const board of boards) {
      expect(sectionOf.get(board.whitePlayerId)).toBe(sectionOf.get(board.blackPlayerId));
    }
    // Seniors (9 players) take boards 1–4, Juniors (6) boards 5–7.
    expect(
      boards.slice(0, 4).every((board) => sectionOf.get(board.whitePlayerId) === body.sections[0]!.id),
    ).toBe(true);
    const byes = await db().select().from(roundByes).where(eq(roundByes.tournamentId, tournamentId));
    expect(byes.map((bye) => sectionOf.get(bye.playerId))).toEqual([body.sections[0]!.id]);
    expect((await sections()).fixed).toBe(true);
    const change = await call('PUT', '/api/admin/sections', { sections: [juniors] });
    expect(change.statusCode).toBe(409);
    expect(change.json().error).toBe(SECTION_MESSAGES.fixed);
  });

  it("ranks each section from 1 and awards each section's prizes from its own standings", async () => {
    await db().update(matches).set({ result: 'white' }).where(eq(matches.tournamentId, tournamentId));
    await call('POST', '/api/admin/rounds/1/start');
    await call('POST', '/api/admin/rounds/1/complete');
    const { sections: list } = await sections();
    const prizes = {
      brackets: [
        {
          id: 'main',
          name: 'Medals',
          priority: 'place-first',
          sharing: 'none',
          categories: [
            {
              id: 'top',
              name: 'Top 3',
              criterion: { kind: 'overall' },
              places: [{ kind: 'medal', value: 3 }],
            },
          ],
        },
      ],
      bestSchool: null,
      ageCutOff: null,
    };
    expect((await call('PUT', `/api/admin/prizes?section=${list[1]!.id}`, prizes)).statusCode).toBe(200);
    const leaderboard = leaderboardResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/public/leaderboard' })).json(),
    );
    expect(leaderboard.sections).toEqual([
      { name: 'Seniors', slug: 'seniors' },
      { name: 'Juniors', slug: 'juniors' },
    ]);
    const firsts = leaderboard.players.filter((row) => row.rank === 1);
    expect(new Set(firsts.map((row) => row.section))).toEqual(new Set(['seniors', 'juniors']));
    const juniorsRows = leaderboard.players.filter((row) => row.section === 'juniors');
    expect(juniorsRows).toHaveLength(6);
    // The lookup names the section and gives the rank the section's standings give.
    for (const row of juniorsRows) {
      const found = playerLookupResponseSchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/public/players?name=${encodeURIComponent(row.name)}`,
          })
        ).json(),
      ).players[0]!;
      expect([found.section, found.rank]).toEqual(['Juniors', row.rank]);
    }
    const public_ = prizesViewSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/public/prizes' })).json(),
    );
    expect(public_.sections?.map((section) => section.name)).toEqual(['Seniors', 'Juniors']);
    expect(public_.sections?.[0]?.brackets).toEqual([]);
    const junior = public_.sections![1]!.brackets[0]!.categories[0]!.awards[0]!;
    expect(juniorsRows.find((row) => row.rank === 1)?.name).toBe(junior.name);
  });

  it('exports each section as a TRF tournament of its own: its players, its games', async () => {
    const { sections: list } = await sections();
    const trf = await call('GET', `/api/admin/player-management/export.trf?section=${list[1]!.id}`);
    expect(trf.statusCode).toBe(200);
    expect(trf.body).toContain('012 Sections Cup — Juniors');
    const players = trf.body.split('\n').filter((line) => line.startsWith('001'));
    expect(players).toHaveLength(6);
    expect(
      (
        await call(
          'GET',
          '/api/admin/player-management/export.trf?section=00000000-0000-4000-8000-000000000000',
        )
      ).statusCode,
    ).toBe(404);
  });

  it("names each row's section on a hall screen, where every section ranks from 1", async () => {
    const created = await call('POST', '/api/admin/venue-screens', {
      name: 'Hall',
      programme: ['leaderboard', 'prizes'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { code } = adminScreenResponseSchema.parse(created.json()).screen;
    const shown = screenDisplaySchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/screens/${code}` })).json(),
    );
    const standings = shown.views.find((view) => view.kind === 'leaderboard');
    if (standings?.kind !== 'leaderboard') throw new Error('no standings on the screen');
    expect(standings.rows.filter((row) => row.team?.startsWith('Seniors'))).toHaveLength(9);
    expect(standings.rows.filter((row) => row.team?.startsWith('Juniors'))).toHaveLength(6);
    const prizes = shown.views.find((view) => view.kind === 'prizes');
    if (prizes?.kind !== 'prizes') throw new Error('no prizes on the screen');
    expect(prizes.rows.length).toBeGreaterThan(0);
    expect(prizes.rows.every((row) => row.category === 'Juniors · Top 3')).toBe(true);
  });
});
