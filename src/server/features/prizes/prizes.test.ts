import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openRegistration,
  register,
  send,
  teamOf,
} from '../../../../tests/support/server/registration-fixtures';
import {
  createTestAuth,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { databaseTargets } from '../../../../tests/support/server/test-database';
import { leaderboardResponseSchema } from '../../../contracts/leaderboard';
import {
  adminPrizesResponseSchema,
  PRIZE_MESSAGES,
  type PrizeConfig,
  prizesViewSchema,
} from '../../../contracts/prizes';
import { tournaments } from '../../db/schema/tournaments';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

const cash = (...euros: number[]) => euros.map((value) => ({ kind: 'cash' as const, value: value * 100 }));

describe.each(databaseTargets)('prizes on %s', (target) => {
  let t: TestApp;
  let superadmin: string;

  beforeAll(async () => {
    t = await startTestApp(target);
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    superadmin = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { origin: TEST_PUBLIC_URL, cookie: superadmin },
      ...(payload === undefined ? {} : { payload }),
    });
  const publicList = async () =>
    prizesViewSchema.parse((await t.app.inject({ method: 'GET', url: '/api/public/prizes' })).json());

  const config: PrizeConfig = {
    brackets: [
      {
        id: 'cash',
        name: 'Cash',
        priority: 'place-first',
        sharing: 'hort',
        categories: [
          { id: 'overall', name: 'Overall', criterion: { kind: 'overall' }, places: cash(100, 60, 40) },
          {
            id: 'u1200',
            name: 'Under 1200',
            criterion: { kind: 'rating', min: null, max: 1199 },
            places: cash(30),
          },
          { id: 'unrated', name: 'Best unrated', criterion: { kind: 'unrated' }, places: cash(20) },
        ],
      },
    ],
    bestSchool: { name: 'Best school', places: [{ kind: 'trophy', value: 5000 }] },
    ageCutOff: null,
  };

  it('lists the winners the leaderboard gives, and the best school from the school standings', async () => {
    expect((await call('PUT', '/api/admin/prizes', config)).json()).toEqual({
      message: PRIZE_MESSAGES.saved,
    });
    const list = await publicList();
    const leaderboard = leaderboardResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/public/leaderboard' })).json(),
    );
    const [overall, u1200, unrated] = list.brackets[0]!.categories;
    // Overall goes down the leaderboard (a player taking the richer overall prize is not also under 1200).
    const top = leaderboard.players.slice(0, 3).map((player) => player.name);
    expect(overall!.awards.map((award) => award.name)).toEqual(
      expect.arrayContaining(top.filter((name) => overall!.awards.some((award) => award.name === name))),
    );
    expect(overall!.awards[0]!.name).toBe(leaderboard.players[0]!.name);
    const winners = list.brackets[0]!.categories.flatMap((category) =>
      category.awards.map((award) => award.name),
    );
    expect(new Set(winners).size).toBe(winners.length);
    // The demo rates every pupil: nobody can win "best unrated", and the list says so.
    expect(unrated).toMatchObject({ awards: [], hasNoEligible: true });
    const rated = new Map(leaderboard.players.map((player) => [player.name, player.rating]));
    for (const award of u1200!.awards) expect(rated.get(award.name)!).toBeLessThan(1200);
    expect(list.bestSchool?.awards[0]?.name).toBe(leaderboard.teams[0]!.team);
    expect(list.isFinal).toBe(false);
  });

  it('hides the winners from the public during the embargo, not from staff', async () => {
    const shown = (await publicList()).brackets[0]!.categories[0]!.awards;
    expect(shown.length).toBeGreaterThanOrEqual(3);
    expect((await call('PUT', '/api/admin/prizes/embargo', { embargoed: true })).json()).toEqual({
      message: PRIZE_MESSAGES.embargoOn,
    });
    const hidden = await publicList();
    expect(hidden.embargoed).toBe(true);
    expect(hidden.brackets[0]!.categories.every((category) => category.awards.length === 0)).toBe(true);
    expect(hidden.brackets[0]!.categories[0]!.places).toEqual(cash(100, 60, 40));
    const staff = adminPrizesResponseSchema.parse((await call('GET', '/api/admin/prizes')).json());
    expect(staff.embargoed).toBe(true);
    expect(staff.view.brackets[0]!.categories[0]!.awards).toEqual(shown);
    await call('PUT', '/api/admin/prizes/embargo', { embargoed: false });
    expect((await publicList()).brackets[0]!.categories[0]!.awards).toEqual(shown);
  });

  it('refuses overlapping bands and bad prizes with the reason, and keeps what was saved', async () => {
    const before = (await t.database.db.select().from(tournaments).where(eq(tournaments.active, true)))[0]!
      .prizes;
    const overlapping = structuredClone(config);
    overlapping.brackets[0]!.categories.push({
      id: 'u1400',
      name: 'Under 1400',
      criterion: { kind: 'rating', min: 1000, max: 1399 },
      places: cash(10),
    });
    const refused = await call('PUT', '/api/admin/prizes', overlapping);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('Rating bands Under 1200 and Under 1400 overlap');
    const empty = await call('PUT', '/api/admin/prizes', {
      ...config,
      brackets: [
        { ...config.brackets[0], categories: [{ ...config.brackets[0]!.categories[0], places: [] }] },
      ],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch('Give the category at least one prize');
    const upsideDown = await call('PUT', '/api/admin/prizes', {
      ...config,
      bestSchool: { name: 'Best school', places: cash(10, 50) },
    });
    expect(upsideDown.statusCode).toBe(400);
    expect(upsideDown.json().error).toBe('Best school: 2nd is worth more than 1st');
    const after = (await t.database.db.select().from(tournaments).where(eq(tournaments.active, true)))[0]!
      .prizes;
    expect(after).toEqual(before);
  });

  it('prints a certificate page per winner and per participant, with full names', async () => {
    const list = adminPrizesResponseSchema.parse((await call('GET', '/api/admin/prizes')).json()).view;
    const winners =
      list.brackets
        .flatMap((bracket) => bracket.categories)
        .reduce((sum, category) => sum + category.awards.length, 0) + (list.bestSchool?.awards.length ?? 0);
    const participants = leaderboardResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/public/leaderboard' })).json(),
    ).players.length;
    const pages = (body: Buffer) => body.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
    for (const [scope, expected] of [
      ['winners', winners],
      ['participants', participants],
      ['all', winners + participants],
    ] as const) {
      const response = await call('GET', `/api/admin/prizes/certificates?scope=${scope}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(new RegExp(`certificates-${scope}-`));
      expect(pages(response.rawPayload)).toBe(expected);
    }
    // One category's winners in one click: a page per award of that category, no participation pages.
    for (const category of [...list.brackets.flatMap((bracket) => bracket.categories), list.bestSchool!]) {
      const response = await call(
        'GET',
        `/api/admin/prizes/certificates?scope=winners&category=${encodeURIComponent(category.key)}`,
      );
      if (category.awards.length === 0) expect(response.statusCode).toBe(404);
      else expect(pages(response.rawPayload)).toBe(category.awards.length);
    }
    expect((await call('GET', '/api/admin/prizes/certificates?category=cash/nothing')).json()).toMatchObject({
      error: PRIZE_MESSAGES.noCertificates,
    });
    expect((await call('GET', '/api/admin/prizes/certificates?scope=everyone')).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/prizes/certificates' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('decides age and school-year categories from the registrations, on the cut-off day', async () => {
    await openRegistration(t.database.db);
    const registered = await register(t.app, {
      schoolName: 'Prize Test College',
      teams: [teamOf('Prize Test College A')],
    });
    for (const path of [`/${registered.registration.id}/mark-paid`, '/promote']) {
      const body =
        path === '/promote'
          ? { registrationIds: [registered.registration.id] }
          : { via: 'cash', note: 'Desk' };
      expect(
        (await send(t.app, 'POST', `/api/admin/registrations${path}`, body, superadmin)).statusCode,
      ).toBe(200);
    }
    // The details as a registration holds them (the fixture's pupils are adults): one born on 2 September 2012,
    // one in 3rd Year born in June 2011.
    const entry = (position: number) =>
      sql`(select id from registration_team_players where name = ${`Player One Prize Test College A ${position}`})`;
    await t.database.db.execute(
      sql`update registration_team_players set date_of_birth = '2012-09-02' where id = ${entry(1)}`,
    );
    await t.database.db.execute(
      sql`update registration_team_players set date_of_birth = '2011-06-01', school_year = '3rd Year' where id = ${entry(2)}`,
    );
    const withAges: PrizeConfig = {
      brackets: [
        {
          id: 'young',
          name: 'Young players',
          priority: 'place-first',
          sharing: 'none',
          categories: [
            { id: 'u14', name: 'Under 14', criterion: { kind: 'age', min: null, max: 13 }, places: cash(10) },
            {
              id: 'y3',
              name: 'Best 3rd Year',
              criterion: { kind: 'class', classes: ['3rd Year'] },
              places: cash(5),
            },
          ],
        },
      ],
      bestSchool: null,
      ageCutOff: '2026-09-01',
    };
    expect((await call('PUT', '/api/admin/prizes', withAges)).statusCode).toBe(200);
    const [u14, y3] = (await publicList()).brackets[0]!.categories;
    // Born 2 September 2012: 13 on 1 September 2026; born June 2011: 15, but in 3rd Year.
    expect(u14!.awards.map((award) => award.name)).toEqual(['Player One Prize Test College A 1']);
    expect(y3!.awards.map((award) => award.name)).toEqual(['Player One Prize Test College A 2']);
    // A day later the first pupil is 14 and no longer under 14: nobody is.
    await call('PUT', '/api/admin/prizes', { ...withAges, ageCutOff: '2026-09-02' });
    expect((await publicList()).brackets[0]!.categories[0]).toMatchObject({
      awards: [],
      hasNoEligible: true,
    });
  });
});
