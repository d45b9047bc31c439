/**
 * Schools as records (docs/decisions/012-school-identity.md): registration refusals, promotion into school and
 * team records, the pairing rule by school identity and the school standings, through the real HTTP API on
 * PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openRegistration,
  register,
  registrationBody,
  send,
  teamOf,
} from '../../../../tests/support/server/registration-fixtures';
import {
  createTestAuth,
  eventually,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { databaseTargets } from '../../../../tests/support/server/test-database';
import { REGISTRATION_MESSAGES } from '../../../contracts/registrations';
import { registrations, registrationTeamPlayers, registrationTeams } from '../../db/schema/registrations';
import { schools } from '../../db/schema/schools';
import { players, rounds, teams, tournaments } from '../../db/schema/tournaments';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

describe.each(databaseTargets)('schools as records (%s)', (target) => {
  let t: TestApp;
  let admin: string;
  const db = () => t.database.db;
  const post = (url: string, payload: unknown = {}) => send(t.app, 'POST', url, payload, admin);

  beforeAll(async () => {
    t = await startTestApp(target, {
      seed: false,
      now: () => Date.parse('2025-11-22T12:00:00Z'),
      registrationPowBits: 4,
    });
    await seedDemoAccounts(db(), createTestAuth(t.database));
    admin = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    await openRegistration(db());
    const [tournament] = await db()
      .insert(tournaments)
      .values({ name: 'Schools Cup', totalRounds: 3, active: true, startDate: '2025-11-29' })
      .returning();
    await db()
      .insert(rounds)
      .values([1, 2, 3].map((number) => ({ tournamentId: tournament!.id, number })));
  });
  afterAll(async () => t?.close());

  it('refuses a team name another school uses, with a free name to take, and four identical player names', async () => {
    const first = await register(t.app, {
      schoolName: 'Gaelcholáiste Mhuire',
      registrantEmail: 'office@gcm-cork.example',
      teams: [teamOf('Gaelcholáiste Mhuire A')],
    });
    // The same school typed differently is the same school record.
    const again = await register(t.app, {
      schoolName: '  gaelcholáiste   MHUIRE ',
      registrantEmail: 'office@gcm-cork.example',
      teams: [teamOf('Gaelcholáiste Mhuire C')],
    });
    const [a, b] = await Promise.all(
      [first, again].map(
        async ({ registration }) =>
          (await db().select().from(registrations).where(eq(registrations.id, registration.id)))[0]!,
      ),
    );
    expect(a?.schoolId).toBe(b?.schoolId);
    const [school] = await db().select().from(schools).where(eq(schools.id, a!.schoolId));
    expect(school).toMatchObject({ name: 'Gaelcholáiste Mhuire', teacherEmail: 'office@gcm-cork.example' });

    const countBefore = (await db().select().from(registrations)).length;
    const taken = await send(
      t.app,
      'POST',
      '/api/registrations',
      await registrationBody(t.app, {
        schoolName: 'Gaelcholáiste Mhuire AG',
        registrantEmail: 'office@gcm-cobh.example',
        teams: [teamOf(' gaelcholáiste mhuire a ')],
      }),
    );
    expect(taken.statusCode).toBe(400);
    expect(JSON.stringify(taken.json())).toContain(
      REGISTRATION_MESSAGES.teamNameTaken(
        'gaelcholáiste mhuire a',
        'gaelcholáiste mhuire a (Gaelcholáiste Mhuire AG)',
      ).replace(/"/g, '\\"'),
    );

    const clones = await send(
      t.app,
      'POST',
      '/api/registrations',
      await registrationBody(t.app, {
        schoolName: 'Clone School',
        registrantEmail: 'office@clone.example',
        teams: [
          {
            name: 'Clone A',
            players: [1, 2, 3, 4].map(() => ({ name: 'Sam Same', dateOfBirth: '2000-01-01' })),
          },
        ],
      }),
    );
    expect(clones.statusCode).toBe(400);
    expect(JSON.stringify(clones.json())).toContain(
      REGISTRATION_MESSAGES.identicalPlayers.replace(/"/g, '\\"'),
    );
    // Nothing was written by either refusal.
    expect((await db().select().from(registrations)).length).toBe(countBefore);
    expect((await db().select().from(schools)).map((row) => row.name)).not.toContain('Clone School');
  });

  it('keeps two schools whose team names read as one school apart: pairing and school standings', async () => {
    // A second school takes the letter the first did not use: by the name rule both would be one school.
    const other = await register(t.app, {
      schoolName: 'Gaelcholáiste Mhuire AG',
      registrantEmail: 'office@gcm-cobh.example',
      teams: [teamOf('Gaelcholáiste Mhuire B')],
    });
    expect(other.registration.teamCount).toBe(1);
    // Promotion takes only paid registrations unless they are named: name them all.
    const all = await db().select().from(registrations);
    const byIds = await post('/api/admin/registrations/promote', {
      registrationIds: all.map((row) => row.id),
    });
    expect(byIds.statusCode, byIds.body).toBe(200);

    const teamRows = await db().select().from(teams);
    expect(teamRows.map((team) => team.name).sort()).toEqual([
      'Gaelcholáiste Mhuire A',
      'Gaelcholáiste Mhuire B',
      'Gaelcholáiste Mhuire C',
    ]);
    const schoolOfTeam = new Map(teamRows.map((team) => [team.name, team.schoolId]));
    expect(schoolOfTeam.get('Gaelcholáiste Mhuire A')).toBe(schoolOfTeam.get('Gaelcholáiste Mhuire C'));
    expect(schoolOfTeam.get('Gaelcholáiste Mhuire B')).not.toBe(schoolOfTeam.get('Gaelcholáiste Mhuire A'));
    const playerRows = await db().select().from(players);
    expect(playerRows).toHaveLength(12);
    for (const player of playerRows) {
      expect(player.teamId).toBe(teamRows.find((team) => team.name === player.groupName)?.id);
      expect(player.schoolId).toBe(schoolOfTeam.get(player.groupName!));
    }

    // 12 players, 8 of one school and 4 of the other: the 4 of the second school meet 4 of the first, and
    // the other 4 of the first school can only meet each other (2 boards the rule could not avoid).
    const pairing = await post('/api/admin/rounds/1/pairings');
    expect(pairing.statusCode, pairing.body).toBe(200);
    const schoolOf = new Map(playerRows.map((player) => [player.id, player.schoolId]));
    const stored = await db().query.matches.findMany();
    expect(stored).toHaveLength(6);
    const mixed = stored.filter(
      (game) => schoolOf.get(game.whitePlayerId) !== schoolOf.get(game.blackPlayerId),
    );
    expect(mixed).toHaveLength(4);

    // The public snapshot is renewed when the change notice arrives: a few milliseconds after the commit.
    const listed = await eventually(async () => {
      const leaderboard = await t.app.inject({
        url: '/api/public/leaderboard',
        headers: { origin: TEST_PUBLIC_URL },
      });
      expect(leaderboard.statusCode).toBe(200);
      const rows = (leaderboard.json().teams as { team: string; school: string }[]).map((row) => [
        row.team,
        row.school,
      ]);
      return rows.length > 0 ? rows : undefined;
    });
    expect(listed.sort()).toEqual([
      ['Gaelcholáiste Mhuire A', 'Gaelcholáiste Mhuire'],
      ['Gaelcholáiste Mhuire B', 'Gaelcholáiste Mhuire AG'],
      ['Gaelcholáiste Mhuire C', 'Gaelcholáiste Mhuire'],
    ]);
  });

  it('lets staff rename a promoted team (its record follows) but not to a name of another school', async () => {
    const [cobh] = await db()
      .select()
      .from(registrations)
      .where(eq(registrations.registrantEmail, 'office@gcm-cobh.example'));
    const teamRows = await db()
      .select()
      .from(registrationTeams)
      .where(eq(registrationTeams.registrationId, cobh!.id));
    const body = async (name: string) => ({
      teams: await Promise.all(
        teamRows.map(async (team) => ({
          id: team.id,
          name,
          players: (
            await db()
              .select()
              .from(registrationTeamPlayers)
              .where(eq(registrationTeamPlayers.teamId, team.id))
          ).map((player) => ({ id: player.id, name: player.name })),
        })),
      ),
    });
    const url = `/api/admin/registrations/${cobh!.id}/teams`;
    const refused = await send(t.app, 'PUT', url, await body('gaelcholáiste mhuire c'), admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      REGISTRATION_MESSAGES.teamNameTaken(
        'gaelcholáiste mhuire c',
        'gaelcholáiste mhuire c (Gaelcholáiste Mhuire AG)',
      ),
    );
    const renamed = await send(t.app, 'PUT', url, await body('GM Cobh A'), admin);
    expect(renamed.statusCode, renamed.body).toBe(200);
    const names = (await db().select().from(teams)).map((team) => team.name).sort();
    expect(names).toEqual(['GM Cobh A', 'Gaelcholáiste Mhuire A', 'Gaelcholáiste Mhuire C']);
  });

  it('shows the schools a CSV import infers from team names, new or known, and creates the new ones on import', async () => {
    const csv =
      'name,team\nCsv One,Gaelcholáiste Mhuire D\nCsv Two,Harbour School A\nCsv Three,Harbour School B\nCsv Four,\n';
    const preview = await post('/api/admin/player-management/import/preview', { csv });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().schools).toEqual([
      { school: 'Gaelcholáiste Mhuire', isNew: false, teams: ['Gaelcholáiste Mhuire D'] },
      { school: 'Harbour School', isNew: true, teams: ['Harbour School A', 'Harbour School B'] },
    ]);
    expect((await db().select().from(schools)).map((row) => row.name)).not.toContain('Harbour School');

    expect((await post('/api/admin/player-management/import', { csv })).statusCode).toBe(201);
    const [harbour] = await db().select().from(schools).where(eq(schools.name, 'Harbour School'));
    const imported = await db().select().from(players);
    const schoolOfPlayer = (name: string) => imported.find((player) => player.name === name)?.schoolId;
    expect(schoolOfPlayer('Csv Two')).toBe(harbour!.id);
    expect(schoolOfPlayer('Csv Three')).toBe(harbour!.id);
    expect(schoolOfPlayer('Csv Four')).toBeNull();
    const [known] = await db().select().from(schools).where(eq(schools.name, 'Gaelcholáiste Mhuire'));
    expect(schoolOfPlayer('Csv One')).toBe(known!.id);
  });
});
