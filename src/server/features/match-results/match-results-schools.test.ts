import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveTeamToNewSchool } from '../../../../tests/support/server/school-fixtures';
import {
  createTestAuth,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { resultEntryResponseSchema } from '../../../contracts/match-results';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

/** The result desk shows the school record's name, never one parsed from the team name (ADR 012). */
describe('match results: schools are records', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    await moveTeamToNewSchool(t.database.db, "St Kevin's B", "St Kevin's College");
  });
  afterAll(async () => t?.close());

  it("names each player's own school though the two schools' teams share a name pattern", async () => {
    const { cookie } = await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/match-results',
      headers: { cookie, origin: TEST_PUBLIC_URL },
    });
    expect(response.statusCode, response.body).toBe(200);
    const players = resultEntryResponseSchema
      .parse(response.json())
      .boards.flatMap((b) => [b.white, b.black]);
    const schoolsOf = (team: string) =>
      new Set(players.filter((player) => player.groupName === team).map((player) => player.schoolName));
    expect(schoolsOf("St Kevin's A")).toEqual(new Set(["St Kevin's"]));
    expect(schoolsOf("St Kevin's B")).toEqual(new Set(["St Kevin's College"]));
  });
});
