import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, openRegistration, send } from '../../../../tests/support/server/registration-fixtures';
import { type RosterTest, startRosterTest } from '../../../../tests/support/server/roster-fixtures';
import type { TestApp } from '../../../../tests/support/server/test-app';
import { CRM_ROSTER_CHANGE_ACTION } from '../../../contracts/crm';
import { REGISTRATION_MESSAGES, REGISTRATION_TOKEN_HEADER } from '../../../contracts/registrations';
import { ROSTER_CHANGE_MESSAGES } from '../../../contracts/roster-change-messages';
import type { RosterChanges, RosterRequests } from '../../../contracts/roster-changes';
import { DEFAULT_ROSTER_RULES } from '../../../domain/roster-changes';
import { crmActivity } from '../../db/schema/crm';
import { registrations, registrationTeamPlayers, rosterRequests } from '../../db/schema/registrations';
import { players, roundByes, rounds } from '../../db/schema/tournaments';

/**
 * A late team of four (issue #30) on the demo tournament: rounds 1–2 complete, round 3 in play, so a late team
 * joins at round 4 — past the default late-entry round (3) until the arbiters allow round 4.
 */
describe("a school's teacher enters a late team", () => {
  let t: TestApp;
  let staff: string;
  let registrationId: string;
  let call: RosterTest['call'];
  let roster: RosterTest['roster'];
  const db = () => t.database.db;
  const GUARDIAN = 'guardian.late@family.example';
  const adult = (name: string) => ({ name, dateOfBirth: '2001-03-03' });
  const lateTeam = (name: string, names: string[]) => ({ name, players: names.map(adult) });

  const setRules = async (rules: object) =>
    expect((await send(t.app, 'PUT', '/api/admin/roster-rules', rules, staff)).statusCode).toBe(200);

  /** Every row a late team could add, to show that a refused one added none. */
  const snapshot = async () =>
    JSON.stringify([
      await db().select().from(registrations).orderBy(asc(registrations.id)),
      await db().select().from(registrationTeamPlayers).orderBy(asc(registrationTeamPlayers.id)),
      await db().select().from(players).orderBy(asc(players.id)),
      await db().select().from(roundByes).orderBy(asc(roundByes.id)),
      await db().select().from(rosterRequests).orderBy(asc(rosterRequests.id)),
      (await db().select().from(crmActivity).where(eq(crmActivity.action, CRM_ROSTER_CHANGE_ACTION))).length,
    ]);

  beforeAll(async () => {
    ({ t, staff, registrationId, call, roster } = await startRosterTest(
      { name: 'Late School', teams: ['Late A'] },
      { name: 'Other School', team: 'Other A' },
    ));
  });
  afterAll(async () => t?.close());

  it('is refused after the late-entry round, and bad teams change nothing', async () => {
    expect((await roster()).lateTeam).toMatchObject({ open: false, joinsRound: null, priceCents: 6000 });
    const before = await snapshot();
    const closed = await call('POST', '/late-teams', { team: lateTeam('Late B', ['B1', 'B2', 'B3', 'B4']) });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toBe('Late entries are taken until round 3 is paired.');
    expect(await snapshot()).toBe(before);

    await setRules({ ...DEFAULT_ROSTER_RULES, lateEntryUntilRound: 4 });
    expect((await roster()).lateTeam).toEqual({ open: true, joinsRound: 4, priceCents: 6000 });
    const cases: [unknown, number, string][] = [
      [lateTeam('Late B', ['Same', 'Same', 'Same', 'Same']), 400, REGISTRATION_MESSAGES.identicalPlayers],
      [lateTeam('Late A', ['B1', 'B2', 'B3', 'B4']), 409, REGISTRATION_MESSAGES.duplicateTeamName],
      [
        lateTeam('Other A', ['B1', 'B2', 'B3', 'B4']),
        409,
        REGISTRATION_MESSAGES.teamNameTaken('Other A', 'Other A (Late School)'),
      ],
      [
        {
          name: 'Late B',
          players: [
            { name: 'Player One Other A 1', dateOfBirth: '2000-05-01' },
            ...['B2', 'B3', 'B4'].map(adult),
          ],
        },
        409,
        'Player One Other A 1: This pupil already plays for another school.',
      ],
      [
        {
          name: 'Late B',
          players: [
            { name: 'Player One Late A 2', dateOfBirth: '2000-05-01' },
            ...['B2', 'B3', 'B4'].map(adult),
          ],
        },
        409,
        'Player One Late A 2: This pupil is already entered for your school.',
      ],
    ];
    for (const [team, status, error] of cases) {
      const response = await call('POST', '/late-teams', { team });
      expect(response.statusCode, JSON.stringify(team)).toBe(status);
      expect(response.json().error).toBe(error);
    }
    // A full event stays full on the day: the late team counts towards the total, as on the public form.
    await openRegistration(db(), { max_teams_total: 2 });
    const full = await call('POST', '/late-teams', { team: lateTeam('Late B', ['B1', 'B2', 'B3', 'B4']) });
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toBe(REGISTRATION_MESSAGES.full);
    await openRegistration(db());
    expect(await snapshot()).toBe(before);
  });

  it('enters the team as its own unpaid registration, in the tournament from round 4', async () => {
    const team = {
      name: 'Late B',
      players: [
        adult('Ada Late'),
        adult('Ben Late'),
        adult('Cy Late'),
        {
          name: 'Dee Late',
          schoolYear: '3rd Year',
          guardianConsent: { by: 'Parent of Dee', email: GUARDIAN, confirmed: true },
        },
      ],
    };
    const response = await call('POST', '/late-teams', { team });
    expect(response.statusCode).toBe(201);
    const { lateTeam: created, message } = response.json();
    expect(message).toMatch(
      /^Late B joins the tournament from round 4 \(registration REG-[A-Z0-9-]+, €60\.00 to pay now or later\)\. One pupil plays once/,
    );
    const [row] = await db().select().from(registrations).where(eq(registrations.id, created.registrationId));
    expect(row).toMatchObject({
      schoolId: (await db().select().from(registrations).where(eq(registrations.id, registrationId)))[0]!
        .schoolId,
      registrantEmail: 'teacher@school.example',
      teamCount: 1,
      amountCents: 6000,
      paymentStatus: 'unpaid',
    });
    expect(row!.promotedAt).not.toBeNull();
    const entered = await db().select().from(players).where(eq(players.groupName, 'Late B'));
    expect(entered.map((player) => player.name).sort()).toEqual(['Ada Late', 'Ben Late', 'Cy Late']);
    // Pay now or later: the contact gets the new registration's link; the guardian gets theirs.
    const [mail] = await mailsTo(db(), 'teacher@school.example');
    expect(mail?.subject).toBe(`Registration ${created.reference} received`);
    expect(mail?.text).toContain(
      `/registration/teams/${created.registrationId}#token=${created.accessToken}`,
    );
    const [consentMail] = await mailsTo(db(), GUARDIAN);
    const link = /\/registration\/consent\/([0-9a-f-]+)#token=([\w-]+)/.exec(consentMail!.text);
    expect(
      (await send(t.app, 'POST', `/api/registrations/consent/${link![1]}`, { token: link![2] })).statusCode,
    ).toBe(200);
    const [dee] = await db().select().from(players).where(eq(players.name, 'Dee Late'));
    expect(dee).toMatchObject({ groupName: 'Late B', active: true });
    // The team's own page opens with its link, like any registration.
    const own = await t.app.inject({
      url: `/api/roster-changes/${created.registrationId}`,
      headers: { [REGISTRATION_TOKEN_HEADER]: created.accessToken },
    });
    expect((own.json() as RosterChanges).teams[0]!.pupils.map((pupil) => pupil.name)).toHaveLength(4);
  });

  it('after the lock waits for an arbiter, who enters it', async () => {
    await db()
      .update(rounds)
      .set({ startTime: new Date(Date.now() + 5 * 60_000) })
      .where(eq(rounds.number, 4));
    const team = lateTeam('Late C', ['Cal One', 'Cal Two', 'Cal Three', 'Cal Four']);
    const before = await snapshot();
    const noReason = await call('POST', '/late-teams', { team });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe(ROSTER_CHANGE_MESSAGES.reasonNeeded);
    expect(await snapshot()).toBe(before);
    const asked = await call('POST', '/late-teams', { team, reason: 'The bus was late' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().lateTeam).toBeNull();
    expect(await db().select().from(players).where(eq(players.groupName, 'Late C'))).toEqual([]);

    const queue = (
      await t.app.inject({ url: '/api/admin/roster-requests', headers: { cookie: staff } })
    ).json() as RosterRequests;
    const [request] = queue.pending;
    expect(request).toMatchObject({
      kind: 'team',
      summary: ROSTER_CHANGE_MESSAGES.lateTeamAsked('Late C'),
      pupilDetails: 'Cal One, Cal Two, Cal Three, Cal Four',
    });
    const accepted = await send(
      t.app,
      'POST',
      `/api/admin/roster-requests/${request!.id}/decision`,
      { decision: 'accept' },
      staff,
    );
    expect(accepted.statusCode).toBe(200);
    const entered = await db().select().from(players).where(eq(players.groupName, 'Late C'));
    expect(entered).toHaveLength(4);
    const [answer] = await mailsTo(db(), 'teacher@school.example');
    expect(answer?.subject).toBe('Your roster request for Late School was accepted');
  });
});
