import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAuth,
  eventually,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { databaseTargets } from '../../../../tests/support/server/test-database';
import { leaderboardResponseSchema } from '../../../contracts/leaderboard';
import { PRIZE_MESSAGES, type PrizeConfig } from '../../../contracts/prizes';
import { currentRoundResponseSchema } from '../../../contracts/tournament';
import {
  adminScreenResponseSchema,
  adminScreensResponseSchema,
  type ScreenDisplay,
  type ScreenInput,
  screenDisplaySchema,
  VENUE_SCREEN_MESSAGES,
} from '../../../contracts/venue-screens';
import { formatScreenCode, NAMES_PER_PAGE, pagesOf } from '../../../domain/venue-screens';
import { systemLogs } from '../../db/schema/settings';
import { tournaments } from '../../db/schema/tournaments';
import { venueScreens } from '../../db/schema/venue-screens';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

describe.each(databaseTargets)('venue screens on %s', (target) => {
  let t: TestApp;
  let arbiter: string;
  let player: string;

  beforeAll(async () => {
    t = await startTestApp(target);
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    arbiter = (await signIn(t.app, 'arbiter@demo.test', DEMO_PASSWORD)).cookie;
    player = (await signIn(t.app, 'player@demo.test', DEMO_PASSWORD)).cookie;
  });
  afterAll(async () => t?.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    cookie = arbiter,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { origin: TEST_PUBLIC_URL, cookie },
      ...(payload ? { payload } : {}),
    });
  const add = async (body: ScreenInput) => {
    const response = await call('POST', '/api/admin/venue-screens', body);
    expect(response.statusCode, response.body).toBe(201);
    return adminScreenResponseSchema.parse(response.json()).screen;
  };
  const display = async (code: string): Promise<ScreenDisplay> => {
    const response = await t.app.inject({ method: 'GET', url: `/api/screens/${code}` });
    expect(response.statusCode, response.body).toBe(200);
    return screenDisplaySchema.parse(response.json());
  };
  const namesOf = (shown: ScreenDisplay) => {
    const view = shown.views.find((candidate) => candidate.kind === 'pairings-by-name');
    if (view?.kind !== 'pairings-by-name') throw new Error('no pairings by name');
    return view;
  };

  it('splits round 3 by the alphabet across the screens that share it: everyone once, in order', async () => {
    const screens = [];
    for (const name of ['Hall 1', 'Hall 2', 'Hall 3']) {
      screens.push(await add({ name, programme: ['pairings-by-name'] }));
    }
    const shown = await Promise.all(screens.map((screen) => display(screen.code!)));
    const current = currentRoundResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/public/rounds/current' })).json(),
    );
    const expected = [
      ...current.boards.flatMap((board) => [board.white?.name, board.black?.name]),
      ...current.byes.map((bye) => bye.player.name),
    ].filter((name): name is string => Boolean(name));
    const listed = shown.flatMap((screen) => namesOf(screen).lines.map((line) => line.name));
    expect(listed).toHaveLength(expected.length);
    expect([...listed].sort()).toEqual([...expected].sort());
    // Each slice is balanced (the demo's 56 names over 3 screens: none more than half as full again as 19).
    for (const screen of shown) expect(namesOf(screen).lines.length).toBeLessThanOrEqual(28);
    // The ranges follow the alphabet from screen to screen, and the admin page states each.
    const ranges = shown.map((screen) => namesOf(screen).range!);
    expect(ranges[0]!.to < ranges[1]!.from && ranges[1]!.to < ranges[2]!.from).toBe(true);
    const listedForStaff = adminScreensResponseSchema.parse(
      (await call('GET', '/api/admin/venue-screens')).json(),
    );
    expect(listedForStaff.screens.map((screen) => screen.namesRange)).toEqual(
      ranges.map((range) => VENUE_SCREEN_MESSAGES.namesRange(range.from, range.to)),
    );
    // A line says where to go: a board and a colour, or the bye.
    const board1 = current.boards.find((board) => board.board === 1)!;
    const line = shown
      .flatMap((screen) => namesOf(screen).lines)
      .find((entry) => entry.name === board1.white!.name);
    expect(line).toMatchObject({ board: 1, colour: 'white', bye: null });
    // A screen that shows all names lists everyone, paged by NAMES_PER_PAGE.
    const all = await add({
      name: 'Entrance',
      group: 'Entrance',
      programme: ['pairings-by-name'],
      allNames: true,
    });
    const everyone = namesOf(await display(all.code!));
    expect(everyone.range).toBeNull();
    expect(everyone.lines).toHaveLength(expected.length);
    expect(pagesOf(everyone.lines, NAMES_PER_PAGE)).toHaveLength(Math.ceil(expected.length / NAMES_PER_PAGE));
  });

  it('switches every screen, or one group, and back to their programmes', async () => {
    const everyScreen = async () => {
      const rows = await t.database.db.select().from(venueScreens);
      return Promise.all(rows.map(async (row) => (await display(row.code!)).views.map((view) => view.kind)));
    };
    let response = await call('POST', '/api/admin/venue-screens/switch', {
      group: null,
      view: 'leaderboard',
    });
    expect(response.json()).toEqual({
      switched: 4,
      message: VENUE_SCREEN_MESSAGES.switched(4, 'leaderboard'),
    });
    expect(await everyScreen()).toEqual([['leaderboard'], ['leaderboard'], ['leaderboard'], ['leaderboard']]);

    response = await call('POST', '/api/admin/venue-screens/switch', { group: 'Entrance', view: 'clock' });
    expect(response.json()).toMatchObject({ switched: 1 });
    expect((await everyScreen()).sort()).toEqual([
      ['clock'],
      ['leaderboard'],
      ['leaderboard'],
      ['leaderboard'],
    ]);

    response = await call('POST', '/api/admin/venue-screens/switch', { group: 'Nowhere', view: 'clock' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(VENUE_SCREEN_MESSAGES.noScreens);

    await call('POST', '/api/admin/venue-screens/switch', { group: null, view: null });
    expect(await everyScreen()).toEqual([
      ['pairings-by-name'],
      ['pairings-by-name'],
      ['pairings-by-name'],
      ['pairings-by-name'],
    ]);
    const logged = await t.database.db
      .select()
      .from(systemLogs)
      .where(eq(systemLogs.actionType, 'switch_screens'));
    expect(logged).toHaveLength(3);
  });

  it('shows nothing for a revoked or replaced code, and accepts the code as typed', async () => {
    const screen = await add({ name: 'Corridor', programme: ['clock'] });
    const typed = formatScreenCode(screen.code!).toLowerCase();
    expect((await display(typed)).screen.name).toBe('Corridor');

    const renewed = adminScreenResponseSchema.parse(
      (await call('POST', `/api/admin/venue-screens/${screen.id}/code`)).json(),
    ).screen;
    expect(renewed.code).not.toBe(screen.code);
    const old = await t.app.inject({ method: 'GET', url: `/api/screens/${screen.code}` });
    expect(old.statusCode).toBe(404);
    expect(old.json().error).toBe(VENUE_SCREEN_MESSAGES.unknownCode);
    expect((await display(renewed.code!)).screen.name).toBe('Corridor');

    const revoked = adminScreenResponseSchema.parse(
      (await call('DELETE', `/api/admin/venue-screens/${screen.id}/code`)).json(),
    );
    expect(revoked.screen.code).toBeNull();
    expect(revoked.message).toBe(VENUE_SCREEN_MESSAGES.codeRevoked('Corridor'));
    expect((await t.app.inject({ method: 'GET', url: `/api/screens/${renewed.code}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/screens/not-a-code' })).statusCode).toBe(404);
  });

  it('refuses bad input with the reason and changes nothing', async () => {
    const before = await t.database.db.select({ n: count() }).from(venueScreens);
    const cases: [unknown, number, string | RegExp][] = [
      [{ name: 'Empty', programme: [] }, 400, VENUE_SCREEN_MESSAGES.programmeRequired],
      [{ name: ' ', programme: ['clock'] }, 400, VENUE_SCREEN_MESSAGES.nameRequired],
      [{ name: 'hall 1', programme: ['clock'] }, 409, VENUE_SCREEN_MESSAGES.nameTaken],
      [{ name: 'Odd', programme: ['weather'] }, 400, /options offered/],
      [{ name: 'Fast', programme: ['clock'], pageSeconds: 1 }, 400, /5 or more/],
      [{ name: 'Extra', programme: ['clock'], code: 'ABCD' }, 400, /code/],
    ];
    for (const [body, status, error] of cases) {
      const response = await call('POST', '/api/admin/venue-screens', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().error).toMatch(error);
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      (await call('PUT', `/api/admin/venue-screens/${missing}`, { name: 'X', programme: ['clock'] }))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/admin/venue-screens/${missing}`)).statusCode).toBe(404);
    expect(await t.database.db.select({ n: count() }).from(venueScreens)).toEqual(before);
    // A player may not define or switch screens.
    expect(
      (await call('POST', '/api/admin/venue-screens/switch', { group: null, view: 'clock' }, player))
        .statusCode,
    ).toBe(403);
  });

  it('a display reads only: its requests change no row, and the short address leads to "find my board"', async () => {
    const [screen] = await t.database.db.select().from(venueScreens).where(eq(venueScreens.name, 'Hall 1'));
    const tables = async () =>
      JSON.stringify(
        await Promise.all([
          t.database.db.select().from(venueScreens),
          t.database.db.select({ n: count() }).from(systemLogs),
        ]),
      );
    const before = await tables();
    for (let i = 0; i < 5; i++) await display(screen!.code!);
    const cached = await t.app.inject({ method: 'GET', url: `/api/screens/${screen!.code}` });
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/screens/${screen!.code}`,
      headers: { 'if-none-match': String(cached.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(await tables()).toBe(before);
    const shown = await display(screen!.code!);
    expect(shown.findAddress).toBe(`${TEST_PUBLIC_URL}/find`);
    const find = await t.app.inject({ method: 'GET', url: '/find' });
    expect(find.statusCode).toBe(302);
    expect(find.headers.location).toBe('/player-lookup');
  });

  it('shows the prize winners at the ceremony: hidden during the embargo, on screen once it is lifted', async () => {
    const screen = await add({ name: 'Stage', group: 'Stage', programme: ['prizes'] });
    const prizes = async () => {
      const view = (await display(screen.code!)).views[0]!;
      if (view.kind !== 'prizes') throw new Error('no prizes view');
      return view;
    };
    expect(await prizes()).toEqual({ kind: 'prizes', notice: PRIZE_MESSAGES.noPrizes, rows: [] });
    const config: PrizeConfig = {
      brackets: [
        {
          id: 'cash',
          name: 'Prizes',
          priority: 'place-first',
          sharing: 'none',
          categories: [
            {
              id: 'overall',
              name: 'Overall',
              criterion: { kind: 'overall' },
              places: [
                { kind: 'cash', value: 5000 },
                { kind: 'medal', value: 10 },
              ],
            },
          ],
        },
      ],
      bestSchool: null,
      ageCutOff: null,
    };
    const setPrizes = (values: { prizes?: PrizeConfig; prizesEmbargoed?: boolean }) =>
      t.database.db.update(tournaments).set(values).where(eq(tournaments.active, true));
    await setPrizes({ prizes: config, prizesEmbargoed: true });
    await t.app.inject({ method: 'GET', url: '/api/public/prizes' }); // the change feed clears the snapshot
    await eventually(async () => ((await prizes()).notice === PRIZE_MESSAGES.embargoed ? true : undefined));
    await setPrizes({ prizesEmbargoed: false });
    const shown = await eventually(async () => {
      const view = await prizes();
      return view.rows.length > 0 ? view : undefined;
    });
    const leaderboard = leaderboardResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/public/leaderboard' })).json(),
    );
    expect(shown).toEqual({
      kind: 'prizes',
      notice: null,
      rows: [
        { category: 'Overall', place: '1st', name: leaderboard.players[0]!.name, prize: '€50' },
        { category: 'Overall', place: '2nd', name: leaderboard.players[1]!.name, prize: 'Medal' },
      ],
    });
  });
});
