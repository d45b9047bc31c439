import { expect } from 'vitest';
import { REGISTRATION_TOKEN_HEADER } from '../../../src/contracts/registrations';
import type { RosterChanges } from '../../../src/contracts/roster-changes';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../../src/server/db/seed/demo-accounts';
import { openRegistration, register, send, teamOf } from './registration-fixtures';
import { createTestAuth, signIn, startTestApp, TEST_PUBLIC_URL } from './test-app';

/**
 * The teacher's roster page's API tests (issue #30) on the demo tournament (rounds 1–2 complete, round 3 in play):
 * a school with one team, and another school with one, both paid and added by staff. `call` speaks as the
 * first school's teacher, through its mailed link's token.
 */
export async function startRosterTest(
  school: { name: string; teams: string[] },
  other: { name: string; team: string },
) {
  const t = await startTestApp('pglite', { registrationPowBits: 4 });
  const db = t.database.db;
  await seedDemoAccounts(db, createTestAuth(t.database));
  const staff = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
  await openRegistration(db);
  const created = await register(t.app, {
    schoolName: school.name,
    teams: school.teams.map((team) => teamOf(team)),
  });
  const theirs = await register(t.app, {
    schoolName: other.name,
    registrantEmail: `office@${other.name.toLowerCase().replaceAll(' ', '-')}.example`,
    teams: [teamOf(other.team)],
  });
  for (const id of [created.registration.id, theirs.registration.id]) {
    const admin = (path: string, body: unknown) =>
      send(t.app, 'POST', `/api/admin/registrations${path}`, body, staff);
    expect((await admin(`/${id}/mark-paid`, { via: 'cash', note: 'Desk' })).statusCode).toBe(200);
    expect((await admin('/promote', { registrationIds: [id] })).statusCode).toBe(200);
  }
  const registrationId = created.registration.id;
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    t.app.inject({
      method,
      url: `/api/roster-changes/${registrationId}${path}`,
      headers: { origin: TEST_PUBLIC_URL, [REGISTRATION_TOKEN_HEADER]: created.accessToken },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const roster = async (): Promise<RosterChanges> => (await call('GET', '')).json();
  return { t, staff, registrationId, call, roster };
}
export type RosterTest = Awaited<ReturnType<typeof startRosterTest>>;
