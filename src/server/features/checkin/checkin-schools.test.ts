import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveTeamToNewSchool } from '../../../../tests/support/server/school-fixtures';
import {
  createTestAuth,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { checkinOverviewSchema, checkinSearchResponseSchema } from '../../../contracts/checkin';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

/** Check-in shows the school record's name, never one parsed from the team name (issue #10 item 2, ADR 012). */
describe('check-in: schools are records', () => {
  let t: TestApp;
  let cookie: string;
  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie, origin: TEST_PUBLIC_URL } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    t = await startTestApp('pglite');
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    cookie = (await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD)).cookie;
    await moveTeamToNewSchool(t.database.db, "St Kevin's B", "St Kevin's College");
  });
  afterAll(async () => t?.close());

  it('counts two schools whose teams share a name pattern apart, each under its own name', async () => {
    const overview = checkinOverviewSchema.parse(await get('/api/admin/checkin/overview'));
    expect(overview.schools.filter((school) => school.name?.startsWith("St Kevin's"))).toEqual([
      { name: "St Kevin's", checkedIn: 0, total: 4 },
      { name: "St Kevin's College", checkedIn: 0, total: 4 },
    ]);
    expect(overview.schools).toHaveLength(9);
    expect(
      overview.teams
        .filter((team) => team.name?.startsWith("St Kevin's"))
        .map((team) => [team.name, team.schoolName]),
    ).toEqual([
      ["St Kevin's A", "St Kevin's"],
      ["St Kevin's B", "St Kevin's College"],
    ]);
  });

  it("gives each player found at the desk their school record's name", async () => {
    const found = checkinSearchResponseSchema.parse(
      await get(`/api/admin/checkin/players?${new URLSearchParams({ search: "kevin's" })}`),
    );
    const schoolOfTeam = new Map(found.players.map((player) => [player.team, player.schoolName]));
    expect(Object.fromEntries(schoolOfTeam)).toEqual({
      "St Kevin's A": "St Kevin's",
      "St Kevin's B": "St Kevin's College",
    });
  });
});
