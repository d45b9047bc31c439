import { createHash } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADULT,
  botProof,
  MINOR_WITH_CONSENT,
  mailsTo,
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
import { REGISTRATION_MESSAGES } from '../../../contracts/registrations';
import { SETTING_KEYS } from '../../../contracts/settings';
import {
  ELIGIBILITY_MESSAGES,
  GUARDIAN_CONSENT_POLICY_VERSION,
  meetsDifficulty,
  REFERENCE_PATTERN,
} from '../../../domain/registration';
import { solveChallenge } from '../../core/registrations/registration-security';
import { saveSetting } from '../../core/settings/settings.repo';
import { user } from '../../db/schema/auth';
import { registrations, registrationTeamPlayers, registrationTeams } from '../../db/schema/registrations';
import { systemLogs } from '../../db/schema/settings';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

describe('registrations', () => {
  let t: TestApp;
  let clock = Date.parse('2025-11-22T12:00:00Z');
  let superadmin: string;
  let admin: string;
  let player: string;
  const db = () => t.database.db;
  const registrationCount = async () => (await db().select({ n: count() }).from(registrations))[0]!.n;
  const logsOf = (actionType: string) =>
    db().select().from(systemLogs).where(eq(systemLogs.actionType, actionType));

  beforeAll(async () => {
    t = await startTestApp('pglite', { now: () => clock, registrationPowBits: 4 });
    await seedDemoAccounts(db(), createTestAuth(t.database));
    superadmin = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    admin = (await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD)).cookie;
    player = (await signIn(t.app, 'player@demo.test', DEMO_PASSWORD)).cookie;
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    clock = Date.parse('2025-11-22T12:00:00Z');
    await openRegistration(db());
  });

  describe('creating', () => {
    it('is refused while registration is closed, and nothing is stored', async () => {
      await saveSetting(db(), SETTING_KEYS.registration, { is_enabled: false, team_price: 6000 });
      const before = await registrationCount();
      const response = await send(t.app, 'POST', '/api/registrations', await registrationBody(t.app));
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe(REGISTRATION_MESSAGES.closed);
      expect(await registrationCount()).toBe(before);
    });

    it('is refused after the closing date with a clear message', async () => {
      await openRegistration(db(), { closes_at: '2025-11-22T11:59:00Z' });
      const response = await send(t.app, 'POST', '/api/registrations', await registrationBody(t.app));
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe(REGISTRATION_MESSAGES.closedAt);
    });

    it('stores the teams, the server amount and the guardian consent, mails a confirmation and logs it', async () => {
      const body = await registrationBody(t.app, {
        registrantEmail: 'Head.Teacher@School.Example',
        teams: [teamOf('Example A', [ADULT, MINOR_WITH_CONSENT, ADULT, ADULT]), teamOf('Example B')],
      });
      const response = await send(t.app, 'POST', '/api/registrations', { ...body, amountCents: 1 });
      // Unknown fields are refused outright: the amount is never the client's.
      expect(response.statusCode).toBe(400);

      const created = await send(t.app, 'POST', '/api/registrations', body);
      expect(created.statusCode).toBe(201);
      const { registration, accessToken } = created.json();
      expect(registration.reference).toMatch(REFERENCE_PATTERN);
      expect(registration).toMatchObject({
        registrantEmail: 'head.teacher@school.example',
        teamCount: 2,
        amountCents: 12_000,
        currency: 'eur',
        paymentStatus: 'unpaid',
        canPay: true,
        canEditTeams: true,
      });
      expect(registration.teams.map((team: { name: string }) => team.name)).toEqual([
        'Example A',
        'Example B',
      ]);
      const minor = registration.teams[0].players[1];
      expect(minor.guardianConsent).toEqual({
        by: 'Parent of Player Two',
        email: 'parent.two@family.example',
        at: '2025-11-22T12:00:00.000Z',
        policyVersion: GUARDIAN_CONSENT_POLICY_VERSION,
      });
      // Pending until the guardian confirms by the e-mailed link (T25); adults never are.
      expect(minor).toMatchObject({ guardianConfirmedAt: null, consentPending: true });
      expect(registration.teams[0].players[0]).toMatchObject({
        guardianConsent: null,
        guardianConfirmedAt: null,
        consentPending: false,
      });
      expect(registration.pendingConsentCount).toBe(1);

      const [mail] = await mailsTo(db(), 'head.teacher@school.example');
      expect(mail?.subject).toBe(`Registration ${registration.reference} received`);
      expect(mail?.text).toContain('€120.00');
      expect(mail?.text).toContain(`/registration/teams/${registration.id}#token=${accessToken}`);
      expect(mail?.text).toContain('1 player is under 18: we e-mailed each parent or guardian');
      const [log] = (await logsOf('registration_created')).filter(
        (row) => row.metadata.registrationId === registration.id,
      );
      expect(log).toMatchObject({ userId: null, eventType: 'registration' });
    });

    it('refuses ineligible players with the field of each problem, keeps nothing, and lets the same proof be resent', async () => {
      const before = await registrationCount();
      const body = await registrationBody(t.app, {
        teams: [
          teamOf('Example A', [
            { name: 'Too Young', dateOfBirth: '2013-01-01' },
            { name: 'No Consent', dateOfBirth: '2010-01-01' },
            {
              name: 'First Year',
              schoolYear: '1st Year',
              guardianConsent: { by: 'Parent', email: 'parent@family.example', confirmed: true },
            },
            {
              name: 'No Guardian Email',
              schoolYear: '3rd Year',
              guardianConsent: { by: 'Parent', confirmed: true },
            },
          ]),
        ],
      });
      const refused = await send(t.app, 'POST', '/api/registrations', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().issues).toEqual([
        { path: 'teams.0.players.0.dateOfBirth', message: ELIGIBILITY_MESSAGES.tooYoung },
        { path: 'teams.0.players.1.guardianConsent', message: ELIGIBILITY_MESSAGES.consentNeeded },
        {
          path: 'teams.0.players.1.guardianConsent.email',
          message: ELIGIBILITY_MESSAGES.guardianEmailNeeded,
        },
        { path: 'teams.0.players.2.schoolYear', message: ELIGIBILITY_MESSAGES.firstYear },
        {
          path: 'teams.0.players.3.guardianConsent.email',
          message: ELIGIBILITY_MESSAGES.guardianEmailNeeded,
        },
      ]);
      expect(await registrationCount()).toBe(before);
      expect(
        await db()
          .select()
          .from(registrationTeamPlayers)
          .where(eq(registrationTeamPlayers.name, 'Too Young 1')),
      ).toEqual([]);

      // Corrected, with the same proof of work: accepted. A 2nd Year pupil with consent is eligible.
      const corrected = await send(t.app, 'POST', '/api/registrations', {
        ...body,
        teams: [
          teamOf('Example A', [
            MINOR_WITH_CONSENT,
            {
              name: 'Second Year',
              schoolYear: '2nd Year',
              guardianConsent: { by: 'Guardian', email: 'guardian@family.example', confirmed: true },
            },
            ADULT,
            ADULT,
          ]),
        ],
      });
      expect(corrected.statusCode).toBe(201);
      expect(corrected.json().registration.teams[0].players[1]).toMatchObject({
        schoolYear: '2nd Year',
        dateOfBirth: null,
      });
    });

    it('needs exactly 4 players per team and at most the configured number of teams', async () => {
      const three = await send(t.app, 'POST', '/api/registrations', {
        ...(await registrationBody(t.app)),
        teams: [{ name: 'Short', players: [ADULT, ADULT, ADULT] }],
      });
      expect(three.statusCode).toBe(400);
      expect(three.json().error).toBe('Each team needs exactly 4 players');

      await openRegistration(db(), { max_teams_per_registration: 2 });
      const tooMany = await send(
        t.app,
        'POST',
        '/api/registrations',
        await registrationBody(t.app, { teams: [teamOf('A'), teamOf('B'), teamOf('C')] }),
      );
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().error).toBe(REGISTRATION_MESSAGES.tooManyTeams(2));
    });

    it('stops at the total team limit', async () => {
      const [row] = await db()
        .select({ n: count() })
        .from(registrationTeams)
        .innerJoin(registrations, eq(registrations.id, registrationTeams.registrationId));
      await openRegistration(db(), { max_teams_total: row!.n + 1 });
      expect(
        (await send(t.app, 'POST', '/api/registrations', await registrationBody(t.app))).json().error,
      ).toBe(REGISTRATION_MESSAGES.full);
      await register(t.app, { teams: [teamOf('Last')] });
    });
  });

  describe('bot protection', () => {
    it('refuses a wrong answer, a forged or expired challenge, and a challenge used twice', async () => {
      const body = await registrationBody(t.app);
      const post = (botProofValue: unknown) =>
        send(t.app, 'POST', '/api/registrations', { ...body, botProof: botProofValue });

      const { challenge } = (await t.app.inject('/api/registrations/challenge')).json();
      let badNonce = 0;
      while (meetsDifficulty(createHash('sha256').update(`${challenge}${badNonce}`).digest(), 4))
        badNonce += 1;
      const wrong = await post({ challenge, nonce: String(badNonce) });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toBe(REGISTRATION_MESSAGES.botCheckFailed);

      const forgedChallenge = challenge.replace(/\.(\d+)\.4\./, '.9999999999999.4.');
      expect(
        (await post({ challenge: forgedChallenge, nonce: solveChallenge(forgedChallenge, 4) })).statusCode,
      ).toBe(400);
      const easier = challenge.replace(/\.4\.([^.]+)$/, '.0.$1');
      expect((await post({ challenge: easier, nonce: '0' })).statusCode).toBe(400);

      const fresh = await botProof(t.app);
      clock += 16 * 60_000;
      expect((await post(fresh)).json().error).toBe(REGISTRATION_MESSAGES.botCheckFailed);

      const good = await botProof(t.app);
      expect((await post(good)).statusCode).toBe(201);
      const replay = await post(good);
      expect(replay.statusCode).toBe(400);
      expect(replay.json().error).toBe(REGISTRATION_MESSAGES.botCheckFailed);
    });

    it('limits registrations per address generously, then answers 429', async () => {
      const body = {
        ...(await registrationBody(t.app)),
        botProof: { challenge: 'x'.repeat(20), nonce: '1' },
      };
      const statuses: number[] = [];
      for (let i = 0; i < 41; i += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/registrations',
          remoteAddress: '198.51.100.7',
          headers: { origin: TEST_PUBLIC_URL },
          payload: body,
        });
        statuses.push(response.statusCode);
      }
      expect(new Set(statuses.slice(0, 40))).toEqual(new Set([400]));
      expect(statuses[40]).toBe(429);
      // Another address is unaffected.
      expect(
        (await send(t.app, 'POST', '/api/registrations', await registrationBody(t.app))).statusCode,
      ).toBe(201);
    });
  });

  describe('status lookup', () => {
    it('finds a registration by reference and e-mail, in any case and spacing', async () => {
      const { registration, accessToken } = await register(t.app, {
        registrantEmail: 'lookup@school.example',
      });
      const compact = registration.reference.replaceAll('-', ' ').toLowerCase();
      const found = await t.app.inject({
        method: 'POST',
        url: '/api/registrations/status',
        headers: { origin: TEST_PUBLIC_URL },
        payload: { reference: compact, email: ' LOOKUP@school.example ' },
      });
      expect(found.statusCode).toBe(200);
      expect(found.json().registration.id).toBe(registration.id);
      expect(found.json().accessToken).toBe(accessToken);
    });

    it('answers the same 404 for a wrong e-mail and for an unknown reference', async () => {
      const { registration } = await register(t.app, { registrantEmail: 'private@school.example' });
      const wrongEmail = await t.app.inject({
        method: 'POST',
        url: '/api/registrations/status',
        headers: { origin: TEST_PUBLIC_URL },
        payload: { reference: registration.reference, email: 'someone@else.example' },
      });
      const wrongReference = await t.app.inject({
        method: 'POST',
        url: '/api/registrations/status',
        headers: { origin: TEST_PUBLIC_URL },
        payload: { reference: 'REG-AAAA-AA', email: 'private@school.example' },
      });
      expect(wrongEmail.statusCode).toBe(404);
      expect(wrongReference.statusCode).toBe(404);
      expect(wrongEmail.json().error).toBe(REGISTRATION_MESSAGES.notFound);
      expect(wrongReference.json().error).toBe(wrongEmail.json().error);
      expect(wrongEmail.body).not.toContain('private');
    });

    it('is rate limited per address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/registrations/status',
          headers: { origin: TEST_PUBLIC_URL },
          remoteAddress: '198.51.100.8',
          payload: { reference: `REG-AAAA-A${i % 9}`, email: 'guess@example.org' },
        });
        statuses.push(response.statusCode);
      }
      expect(new Set(statuses.slice(0, 30))).toEqual(new Set([404]));
      expect(statuses[30]).toBe(429);
    });
  });

  describe('teams', () => {
    it('opens with the access token or to the signed-in owner, and is the same 404 for anyone else', async () => {
      const { registration, accessToken } = await register(t.app, {}, player);
      const url = `/api/registrations/${registration.id}/teams`;
      expect((await t.app.inject({ url, headers: { 'x-registration-token': accessToken } })).statusCode).toBe(
        200,
      );
      expect((await t.app.inject({ url, headers: { cookie: player } })).statusCode).toBe(200);
      const anonymous = await t.app.inject({ url });
      const wrongToken = await t.app.inject({ url, headers: { 'x-registration-token': 'a'.repeat(43) } });
      const otherUser = await t.app.inject({ url, headers: { cookie: admin } });
      for (const response of [anonymous, wrongToken, otherUser]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toBe(REGISTRATION_MESSAGES.accessDenied);
      }
      const otherToken = (await register(t.app)).accessToken;
      expect((await t.app.inject({ url, headers: { 'x-registration-token': otherToken } })).statusCode).toBe(
        404,
      );
    });

    it('renames teams and players until the closing date, logs it, and refuses foreign ids', async () => {
      const { registration, accessToken } = await register(t.app);
      const url = `/api/registrations/${registration.id}/teams`;
      const current = (await t.app.inject({ url, headers: { 'x-registration-token': accessToken } })).json()
        .registration;
      const edit = (teams: unknown, token = accessToken) => send(t.app, 'PUT', url, { token, teams });
      const renamed = current.teams.map((team: { id: string; name: string; players: { id: string }[] }) => ({
        id: team.id,
        name: `${team.name} (edited)`,
        players: team.players.map((p, i) => ({ id: p.id, name: `Renamed ${i + 1}` })),
      }));

      const foreign = structuredClone(renamed);
      foreign[0].players[0].id = '00000000-0000-4000-8000-000000000000';
      const refused = await edit(foreign);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe(REGISTRATION_MESSAGES.teamsMismatch);
      expect((await edit(renamed, 'b'.repeat(43))).statusCode).toBe(404);

      const saved = await edit(renamed);
      expect(saved.statusCode).toBe(200);
      expect(saved.json().registration.teams[0].name).toBe('Example A (edited)');
      expect(saved.json().registration.teams[1].players[3].name).toBe('Renamed 4');
      // Nothing but names changes: dates of birth stay.
      expect(saved.json().registration.teams[0].players[0].dateOfBirth).toBe(ADULT.dateOfBirth);
      const [log] = (await logsOf('registration_teams_updated')).filter(
        (row) => row.metadata.registrationId === registration.id,
      );
      expect(log?.metadata.changes).toHaveLength(10);

      await openRegistration(db(), { closes_at: '2025-11-23T00:00:00Z' });
      clock = Date.parse('2025-11-23T00:00:01Z');
      const late = await edit(renamed.map((team: { name: string }) => ({ ...team, name: `${team.name}!` })));
      expect(late.statusCode).toBe(409);
      expect(late.json().error).toBe(REGISTRATION_MESSAGES.editClosed);
      const [team] = await db()
        .select()
        .from(registrationTeams)
        .where(eq(registrationTeams.id, renamed[0].id));
      expect(team?.name).toBe('Example A (edited)');
    });
  });

  describe('my registrations', () => {
    it("lists the user's own registrations and those under the user's verified e-mail, no one else's", async () => {
      const mine = await register(t.app, { registrantEmail: 'elsewhere@school.example' }, player);
      const byEmail = await register(t.app, { registrantEmail: 'player@demo.test' });
      const notMine = await register(t.app, { registrantEmail: 'stranger@school.example' });
      const list = async (cookie: string) =>
        (await t.app.inject({ url: '/api/me/registrations', headers: { cookie } }))
          .json()
          .registrations.map((row: { id: string }) => row.id);

      // An unverified address is not proof of owning it.
      await db().update(user).set({ emailVerified: false }).where(eq(user.email, 'player@demo.test'));
      expect(await list(player)).toContain(mine.registration.id);
      expect(await list(player)).not.toContain(byEmail.registration.id);
      await db().update(user).set({ emailVerified: true }).where(eq(user.email, 'player@demo.test'));
      const ids = await list(player);
      expect(ids).toContain(byEmail.registration.id);
      expect(ids).not.toContain(notMine.registration.id);
      expect(await list(admin)).not.toContain(mine.registration.id);
      expect((await t.app.inject('/api/me/registrations')).statusCode).toBe(401);

      const [linked] = await db()
        .select({ userId: registrations.userId })
        .from(registrations)
        .where(eq(registrations.id, mine.registration.id));
      expect(linked?.userId).not.toBeNull();
    });
  });

  describe('settings', () => {
    it('lets registration managers open registration with a closing date and limits, live and logged', async () => {
      const body = {
        is_enabled: true,
        team_price: 5500,
        closes_at: '2026-01-31T17:00:00Z',
        max_teams_per_registration: 6,
        max_teams_total: 120,
      };
      expect((await send(t.app, 'PUT', '/api/admin/registration-settings', body, admin)).statusCode).toBe(
        403,
      );
      const bad = await send(
        t.app,
        'PUT',
        '/api/admin/registration-settings',
        { ...body, team_price: 10 },
        superadmin,
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe('The team price must be at least €0.50');

      const saved = await send(t.app, 'PUT', '/api/admin/registration-settings', body, superadmin);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual(body);
      await eventually(async () => {
        const value = (await t.app.inject('/api/public/settings/registration')).json();
        return value.team_price === 5500 ? value : undefined;
      }).then((value) => expect(value).toEqual(body));
      const logs = await db()
        .select()
        .from(systemLogs)
        .where(and(eq(systemLogs.actionType, 'registration_settings_updated')));
      expect(logs.at(-1)?.userId).not.toBeNull();

      const created = await register(t.app, { teams: [teamOf('Priced')] });
      expect(created.registration.amountCents).toBe(5500);
    });

    it('reads a stored record with only is_enabled and team_price as before', async () => {
      await saveSetting(db(), SETTING_KEYS.registration, {
        is_enabled: true,
        team_price: 4000,
        closes_at: 'soon',
      });
      const value = await eventually(async () => {
        const read = (await t.app.inject('/api/public/settings/registration')).json();
        return read.team_price === 4000 ? read : undefined;
      });
      expect(value).toEqual({ is_enabled: true, team_price: 4000 });
    });
  });
});
