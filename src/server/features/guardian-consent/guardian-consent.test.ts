import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADULT,
  openRegistration,
  register,
  send,
  teamOf,
} from '../../../../tests/support/server/registration-fixtures';
import { mailText, startSmtpSink } from '../../../../tests/support/server/smtp-sink';
import {
  createTestAuth,
  signIn,
  startTestApp,
  TEST_AUTH_SECRET,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { GUARDIAN_CONSENT_MESSAGES } from '../../../contracts/guardian-consent';
import type { RegistrationPlayerInput } from '../../../contracts/registrations';
import { RETENTION_SETTING_KEY } from '../../../contracts/retention';
import { GUARDIAN_CONSENT_POLICY_VERSION } from '../../../domain/registration';
import { DEFAULT_RETENTION } from '../../../domain/retention';
import { Audit } from '../../audit/audit';
import { createClock } from '../../clock';
import { requestGuardianConsent } from '../../core/registrations/guardian-consent';
import { RegistrationKeys } from '../../core/registrations/registration-security';
import { loadRegistration } from '../../core/registrations/registrations.repo';
import { saveSetting } from '../../core/settings/settings.repo';
import { registrations, registrationTeamPlayers } from '../../db/schema/registrations';
import { systemLogs } from '../../db/schema/settings';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';
import { createSmtpMailer } from '../../mail/mailer';

const LINK = /\/registration\/consent\/([0-9a-f-]{36})#token=([A-Za-z0-9_-]+)/g;

const minor = (guardian: string, email: string, extra: Partial<RegistrationPlayerInput> = {}) => ({
  name: 'Young',
  dateOfBirth: '2011-01-15',
  guardianConsent: { by: guardian, email, confirmed: true as const },
  ...extra,
});

describe('guardian consent by e-mail link (T25)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let clock = Date.parse('2025-11-22T12:00:00Z');
  const db = () => t.database.db;
  const consentLogs = async (playerId: string) =>
    (
      await db().select().from(systemLogs).where(eq(systemLogs.actionType, 'guardian_consent_confirmed'))
    ).filter((row) => row.metadata.playerId === playerId);
  const confirmedAt = async (playerId: string) =>
    (
      await db()
        .select({ at: registrationTeamPlayers.guardianConfirmedAt })
        .from(registrationTeamPlayers)
        .where(eq(registrationTeamPlayers.id, playerId))
    )[0]?.at ?? null;
  const read = (playerId: string, token: string) =>
    t.app.inject({ url: `/api/registrations/consent/${playerId}`, headers: { 'x-consent-token': token } });
  const confirm = (playerId: string, token: string) =>
    send(t.app, 'POST', `/api/registrations/consent/${playerId}`, { token });

  /** The mails the SMTP server received for an address, as plain text, with the consent links in them. */
  const mailsFor = (address: string) =>
    smtp.mails
      .filter((mail) => mail.to.includes(address))
      .map((mail) => {
        const text = mailText(mail.raw);
        const links = [...new Map([...text.matchAll(LINK)].map((m) => [m[1]!, m[2]!])).entries()];
        return { text, links: links.map(([playerId, token]) => ({ playerId, token })) };
      });

  beforeAll(async () => {
    smtp = await startSmtpSink();
    const mailer = createSmtpMailer(smtp.url, 'Chess <no-reply@test>');
    t = await startTestApp('pglite', { now: () => clock, registrationPowBits: 4, mailer });
    await seedDemoAccounts(db(), createTestAuth(t.database));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    // A new rate-limit window for each test (the limit itself has its own test).
    clock += 11 * 60_000;
    await openRegistration(db());
  });

  it('mails each guardian once, with a working link per child, saying who registered, what is kept and for how long', async () => {
    const { registration } = await register(t.app, {
      registrantName: 'Teacher Example',
      schoolName: 'Example Community School',
      teams: [
        teamOf('Links A', [minor('Parent One', 'Parent.One@Family.example'), ADULT, ADULT, ADULT]),
        teamOf('Links B', [
          minor('Parent One', 'parent.one@family.example'),
          minor('Parent Two', 'parent.two@family.example', { dateOfBirth: null, schoolYear: '5th Year' }),
          ADULT,
          ADULT,
        ]),
      ],
    });
    const first = mailsFor('parent.one@family.example');
    const second = mailsFor('parent.two@family.example');
    // One mail per address, however many children it covers.
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    const [mail] = first;
    expect(mail!.links).toHaveLength(2);
    expect(second[0]!.links).toHaveLength(1);
    expect(mail!.text).toContain('Hello Parent One');
    expect(mail!.text).toContain('Teacher Example (Example Community School) has registered these players');
    expect(mail!.text).toContain('Schools Team Chess Championship 2025');
    expect(mail!.text).toContain(registration.reference);
    expect(mail!.text).toContain('Young Links A 1 (team Links A)');
    expect(mail!.text).toContain('Young Links B 1 (team Links B)');
    expect(mail!.text).toContain('kept for 2 years after the tournament, then deleted');
    expect(mail!.text).toContain('effective 16/06/2025');
    expect(mail!.text).toContain(`terms (${GUARDIAN_CONSENT_POLICY_VERSION})`);
    expect(mail!.text).toContain('I consent for Young Links A 1');
    expect(mail!.text).not.toContain('Young Links B 2');

    // The link opens the player's first name, team and school, pending; nothing more about the entry.
    const link = mail!.links[0]!;
    const opened = await read(link.playerId, link.token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({
      playerFirstName: 'Young',
      teamName: 'Links A',
      schoolName: 'Example Community School',
      eventName: 'Schools Team Chess Championship 2025',
      status: 'pending',
      confirmedAt: null,
      policyVersion: GUARDIAN_CONSENT_POLICY_VERSION,
    });
    expect(opened.headers['cache-control']).toBe('no-store');
    const [log] = (
      await db().select().from(systemLogs).where(eq(systemLogs.actionType, 'guardian_consent_requested'))
    ).filter((row) => row.metadata.registrationId === registration.id);
    expect(log?.metadata).toMatchObject({ mails: 2 });
    expect(JSON.stringify(log)).not.toContain('family.example');
  });

  it('answers the same 404 to a wrong, forged or outdated token, and changes nothing', async () => {
    const { registration, accessToken } = await register(t.app, {
      teams: [
        teamOf('Forged A', [
          minor('Parent Three', 'parent.three@family.example'),
          minor('Parent Four', 'parent.four@family.example'),
          ADULT,
          ADULT,
        ]),
      ],
    });
    const [own] = mailsFor('parent.three@family.example').at(-1)!.links;
    const [other] = mailsFor('parent.four@family.example').at(-1)!.links;
    const adultId = (await loadRegistration(db(), registration.id))!.teams[0]!.players[2]!.id;
    const ownName = (await loadRegistration(db(), registration.id))!.teams[0]!.players[0]!.name;
    // The same construction with a key that is not the site's.
    const forgedKeys = new RegistrationKeys('another-secret-that-is-at-least-32-characters');
    const attempts = [
      { playerId: own!.playerId, token: other!.token },
      { playerId: own!.playerId, token: `${own!.token.slice(0, -2)}AA` },
      { playerId: own!.playerId, token: accessToken },
      {
        playerId: own!.playerId,
        token: forgedKeys.consentToken(own!.playerId, 'parent.three@family.example', ownName),
      },
      { playerId: adultId, token: own!.token },
      { playerId: '00000000-0000-4000-8000-000000000000', token: own!.token },
      { playerId: 'not-a-uuid', token: own!.token },
    ];
    for (const attempt of attempts) {
      for (const response of [
        await read(attempt.playerId, attempt.token),
        await confirm(attempt.playerId, attempt.token),
      ]) {
        expect(response.statusCode, JSON.stringify(attempt)).toBe(404);
        expect(Object.keys(response.json()).sort()).toEqual(['error', 'requestId']);
        expect(response.json().error).toBe(GUARDIAN_CONSENT_MESSAGES.invalidLink);
      }
    }
    expect(await confirmedAt(own!.playerId)).toBeNull();
    expect(await consentLogs(own!.playerId)).toEqual([]);

    // The token is bound to the guardian's address: once it is corrected, a link to the old one is dead.
    await db()
      .update(registrationTeamPlayers)
      .set({ guardianEmail: 'parent.three@corrected.example' })
      .where(eq(registrationTeamPlayers.id, own!.playerId));
    expect((await confirm(own!.playerId, own!.token)).statusCode).toBe(404);
    expect(await confirmedAt(own!.playerId)).toBeNull();
    const keys = new RegistrationKeys(TEST_AUTH_SECRET);
    const fresh = keys.consentToken(own!.playerId, 'parent.three@corrected.example', ownName);
    expect((await read(own!.playerId, fresh)).statusCode).toBe(200);
  });

  it('confirms once: the time is kept, a second confirmation changes nothing, and the player is no longer pending', async () => {
    const { registration, accessToken } = await register(t.app, {
      teams: [
        teamOf('Confirm A', [
          minor('Parent Five', 'parent.five@family.example'),
          minor('Parent Six', 'parent.six@family.example'),
          ADULT,
          ADULT,
        ]),
      ],
    });
    const teams = async () =>
      (
        await t.app.inject({
          url: `/api/registrations/${registration.id}/teams`,
          headers: { 'x-registration-token': accessToken },
        })
      ).json().registration;
    const before = await teams();
    expect(before.pendingConsentCount).toBe(2);
    expect(before.teams[0].players.map((p: { consentPending: boolean }) => p.consentPending)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    // Payment stays possible while consent is pending (ADR 008): the school pays for the team place.
    expect(before.canPay).toBe(true);

    const [link] = mailsFor('parent.five@family.example').at(-1)!.links;
    const confirmedTime = new Date(clock).toISOString();
    const first = await confirm(link!.playerId, link!.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'confirmed', confirmedAt: confirmedTime });

    clock += 60_000;
    const again = await confirm(link!.playerId, link!.token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'confirmed', confirmedAt: confirmedTime });
    expect((await read(link!.playerId, link!.token)).json().status).toBe('confirmed');
    expect((await confirmedAt(link!.playerId))?.toISOString()).toBe(confirmedTime);
    const logs = await consentLogs(link!.playerId);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ eventType: 'registration', userId: null });
    expect(logs[0]!.metadata).toMatchObject({
      registrationId: registration.id,
      policyVersion: GUARDIAN_CONSENT_POLICY_VERSION,
    });

    const after = await teams();
    expect(after.pendingConsentCount).toBe(1);
    const [confirmedPlayer, stillPending] = after.teams[0].players;
    expect(confirmedPlayer).toMatchObject({ guardianConfirmedAt: confirmedTime, consentPending: false });
    expect(confirmedPlayer.guardianConsent).toMatchObject({
      by: 'Parent Five',
      email: 'parent.five@family.example',
      policyVersion: GUARDIAN_CONSENT_POLICY_VERSION,
    });
    expect(stillPending).toMatchObject({ guardianConfirmedAt: null, consentPending: true });
  });

  it('shows a cancelled registration as such and does not confirm it', async () => {
    const { registration } = await register(t.app, {
      teams: [
        teamOf('Cancelled A', [minor('Parent Seven', 'parent.seven@family.example'), ADULT, ADULT, ADULT]),
      ],
    });
    const [link] = mailsFor('parent.seven@family.example').at(-1)!.links;
    await db()
      .update(registrations)
      .set({ paymentStatus: 'cancelled', cancelledAt: new Date(clock) })
      .where(eq(registrations.id, registration.id));
    expect((await read(link!.playerId, link!.token)).json().status).toBe('cancelled');
    const refused = await confirm(link!.playerId, link!.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(GUARDIAN_CONSENT_MESSAGES.cancelled);
    expect(await confirmedAt(link!.playerId)).toBeNull();
  });

  it('limits link attempts per address like the status lookup', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const response = await t.app.inject({
        url: '/api/registrations/consent/00000000-0000-4000-8000-000000000000',
        headers: { 'x-consent-token': `guess-${i}` },
        remoteAddress: '198.51.100.20',
      });
      statuses.push(response.statusCode);
    }
    expect(new Set(statuses.slice(0, 30))).toEqual(new Set([404]));
    expect(statuses[30]).toBe(429);
  });

  it("puts the consent records of the user's own registrations in their data export", async () => {
    const player = (await signIn(t.app, 'player@demo.test', DEMO_PASSWORD)).cookie;
    const admin = (await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD)).cookie;
    const { registration } = await register(
      t.app,
      {
        registrantEmail: 'elsewhere@school.example',
        teams: [
          teamOf('Export A', [minor('Parent Eight', 'parent.eight@family.example'), ADULT, ADULT, ADULT]),
        ],
      },
      player,
    );
    const [link] = mailsFor('parent.eight@family.example').at(-1)!.links;
    await confirm(link!.playerId, link!.token);
    const exported = async (cookie: string) =>
      (
        await t.app.inject({ url: '/api/account/export', headers: { cookie, origin: TEST_PUBLIC_URL } })
      ).json();

    const records = (await exported(player)).guardianConsents;
    expect(records).toContainEqual({
      reference: registration.reference,
      schoolName: 'Example Community School',
      teamName: 'Export A',
      playerName: 'Young Export A 1',
      guardianName: 'Parent Eight',
      guardianEmail: 'parent.eight@family.example',
      declaredAt: expect.any(String),
      confirmedAt: new Date(clock).toISOString(),
      policyVersion: GUARDIAN_CONSENT_POLICY_VERSION,
    });
    // Adults have no consent record; another user's export holds none of this registration's.
    expect(records.filter((row: { teamName: string }) => row.teamName === 'Export A')).toHaveLength(1);
    expect(JSON.stringify((await exported(admin)).guardianConsents)).not.toContain('parent.eight');
  });

  it('keeps the registration and logs it when a guardian mail cannot be sent', async () => {
    const { registration } = await register(t.app, {
      teams: [teamOf('Bounce A', [minor('Parent Nine', 'parent.nine@family.example'), ADULT, ADULT, ADULT])],
    });
    const row = (await loadRegistration(db(), registration.id))!;
    const sent = await requestGuardianConsent(
      {
        db: db(),
        audit: new Audit(createClock()),
        mailer: {
          send: async () => {
            throw new Error('mail server down');
          },
        },
        publicUrl: TEST_PUBLIC_URL,
        keys: new RegistrationKeys(TEST_AUTH_SECRET),
        now: () => new Date(clock),
      },
      row,
      { actorId: null, eventName: null },
    );
    expect(sent).toBe(0);
    const failures = await db()
      .select()
      .from(systemLogs)
      .where(and(eq(systemLogs.actionType, 'guardian_consent_mail_failed')));
    expect(failures.filter((log) => log.metadata.registrationId === registration.id)).toHaveLength(1);
  });

  it('asks the guardian again when a confirmed child is renamed: it may be another child now', async () => {
    const { registration, accessToken } = await register(t.app, {
      teams: [teamOf('Rename A', [minor('Parent Nine', 'parent.nine@family.example'), ADULT, ADULT, ADULT])],
    });
    const [link] = mailsFor('parent.nine@family.example').at(-1)!.links;
    expect((await confirm(link!.playerId, link!.token)).statusCode).toBe(200);
    expect(await confirmedAt(link!.playerId)).not.toBeNull();

    const mailsBefore = mailsFor('parent.nine@family.example').length;
    const teamsUrl = `/api/registrations/${registration.id}/teams`;
    const current = (
      await t.app.inject({ url: teamsUrl, headers: { 'x-registration-token': accessToken } })
    ).json().registration;
    const renamed = await send(t.app, 'PUT', teamsUrl, {
      token: accessToken,
      teams: current.teams.map(
        (team: { id: string; name: string; players: { id: string; name: string }[] }) => ({
          id: team.id,
          name: team.name,
          players: team.players.map((player) => ({
            id: player.id,
            name: player.id === link!.playerId ? 'Another Young' : player.name,
          })),
        }),
      ),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().registration.pendingConsentCount).toBe(1);
    expect(await confirmedAt(link!.playerId)).toBeNull();
    const mails = mailsFor('parent.nine@family.example');
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)!.text).toContain('Another Young');
    expect(mails.at(-1)!.links.map((fresh) => fresh.playerId)).toEqual([link!.playerId]);
    // The first mail's link named the first child: it no longer confirms anyone.
    expect((await confirm(link!.playerId, link!.token)).statusCode).toBe(404);
    expect(await confirmedAt(link!.playerId)).toBeNull();
    expect((await confirm(link!.playerId, mails.at(-1)!.links[0]!.token)).statusCode).toBe(200);

    // Renaming a child whose guardian has not confirmed yet mails nobody (no way to mail strangers at will).
    const again = (
      await t.app.inject({ url: teamsUrl, headers: { 'x-registration-token': accessToken } })
    ).json().registration;
    await db()
      .update(registrationTeamPlayers)
      .set({ guardianConfirmedAt: null })
      .where(eq(registrationTeamPlayers.id, link!.playerId));
    const before = mailsFor('parent.nine@family.example').length;
    const quiet = await send(t.app, 'PUT', teamsUrl, {
      token: accessToken,
      teams: again.teams.map(
        (team: { id: string; name: string; players: { id: string; name: string }[] }) => ({
          id: team.id,
          name: team.name,
          players: team.players.map((player) => ({
            id: player.id,
            name: player.id === link!.playerId ? 'Third Young' : player.name,
          })),
        }),
      ),
    });
    expect(quiet.statusCode, quiet.body).toBe(200);
    expect(mailsFor('parent.nine@family.example')).toHaveLength(before);
    // Renaming an adult asks nobody.
    expect(
      renamed
        .json()
        .registration.teams[0].players.filter((p: { consentPending: boolean }) => p.consentPending),
    ).toHaveLength(1);
  });

  it('states the registration period the superadmin set, not a fixed one', async () => {
    await saveSetting(db(), RETENTION_SETTING_KEY, { ...DEFAULT_RETENTION, registrationYears: 3 });
    try {
      await register(t.app, {
        teams: [teamOf('Period A', [minor('Parent Ten', 'parent.ten@family.example'), ADULT, ADULT, ADULT])],
      });
      const [mail] = mailsFor('parent.ten@family.example');
      expect(mail!.text).toContain('Registration records are kept for 3 years after the tournament');
    } finally {
      await saveSetting(db(), RETENTION_SETTING_KEY, DEFAULT_RETENTION);
    }
  });
});

// The token is an HMAC under a key derived from the site secret, never the secret itself.
it('derives the consent key from the site secret with its own label', () => {
  const keys = new RegistrationKeys(TEST_AUTH_SECRET);
  const direct = createHmac('sha256', TEST_AUTH_SECRET)
    .update('id\nparent@family.example')
    .digest('base64url');
  expect(keys.consentToken('id', 'parent@family.example', 'Young')).not.toBe(direct);
  expect(keys.consentToken('id', ' Parent@Family.example ', 'Young')).toBe(
    keys.consentToken('id', 'parent@family.example', 'Young'),
  );
  expect(keys.isConsentToken('id', null, 'Young', keys.consentToken('id', '', 'Young'))).toBe(false);
});
