import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, register, send } from '../../../../tests/support/server/registration-fixtures';
import { type RosterTest, startRosterTest } from '../../../../tests/support/server/roster-fixtures';
import { eventually, TEST_PUBLIC_URL, type TestApp } from '../../../../tests/support/server/test-app';
import { CRM_ROSTER_CHANGE_ACTION } from '../../../contracts/crm';
import type { LeaderboardResponse } from '../../../contracts/leaderboard';
import { ROSTER_CHANGE_MESSAGES } from '../../../contracts/roster-change-messages';
import type { RosterChanges, RosterPupil, RosterRequests } from '../../../contracts/roster-changes';
import { ELIGIBILITY_MESSAGES } from '../../../domain/registration';
import { DEFAULT_ROSTER_RULES } from '../../../domain/roster-changes';
import { crmActivity } from '../../db/schema/crm';
import { registrations, registrationTeamPlayers, rosterRequests } from '../../db/schema/registrations';
import { systemLogs } from '../../db/schema/settings';
import { matches, players, roundByes, rounds, tournaments } from '../../db/schema/tournaments';

/**
 * Substitutes and the arbiter's queue (issue #30), on the demo tournament: rounds 1–2 complete, round 3 in
 * play, rounds 4–5 not paired (no start time set, so the names lock is open until round 4 is paired).
 */
describe("a school's teacher names a substitute; after the lock an arbiter decides", () => {
  let t: TestApp;
  let staff: string;
  let registrationId: string;
  let call: RosterTest['call'];
  let roster: RosterTest['roster'];
  const db = () => t.database.db;
  const GUARDIAN = 'guardian.sub@family.example';

  const pupil = (view: RosterChanges, team: number, board: number): RosterPupil =>
    view.teams[team]!.pupils.find((entry) => entry.board === board)!;
  const staffGet = (url: string) => t.app.inject({ url, headers: { cookie: staff } });
  const decide = (requestId: string, body: unknown) =>
    send(t.app, 'POST', `/api/admin/roster-requests/${requestId}/decision`, body, staff);
  const adult = (name: string) => ({ name, dateOfBirth: '2000-02-02' });

  /** Every row a roster change could touch, to show that a refused change touched none. */
  const snapshot = async () =>
    JSON.stringify([
      await db().select().from(players).orderBy(asc(players.id)),
      await db().select().from(roundByes).orderBy(asc(roundByes.id)),
      await db().select().from(registrationTeamPlayers).orderBy(asc(registrationTeamPlayers.id)),
      await db().select().from(rosterRequests).orderBy(asc(rosterRequests.id)),
      (await db().select().from(systemLogs)).length,
      // The school's CRM card (other activity there, such as tasks the CRM keeps up to date, is not a change).
      (await db().select().from(crmActivity).where(eq(crmActivity.action, CRM_ROSTER_CHANGE_ACTION))).length,
    ]);

  beforeAll(async () => {
    ({ t, staff, registrationId, call, roster } = await startRosterTest(
      { name: 'Substitute School', teams: ['Subs A', 'Subs B'] },
      { name: 'Neighbour School', team: 'Neighbour A' },
    ));
  });
  afterAll(async () => t?.close());

  it('offers a substitute for each pupil while names are open', async () => {
    const view = await roster();
    expect(view.namesLock).toEqual({ open: true, until: null, since: null });
    expect(pupil(view, 0, 2)).toMatchObject({
      canSubstitute: true,
      canAskReturn: false,
      pendingRequest: null,
    });
  });

  it('refuses bad input with the rule and changes nothing', async () => {
    const view = await roster();
    const leaving = pupil(view, 0, 2);
    const before = await snapshot();
    const cases: [unknown, number, string][] = [
      // The same details and consent as at registration.
      [{ name: 'Minor Sub', schoolYear: '3rd Year' }, 400, ELIGIBILITY_MESSAGES.consentNeeded],
      [
        { name: 'Minor Sub', schoolYear: '3rd Year', guardianConsent: { by: 'A Parent', confirmed: true } },
        400,
        ELIGIBILITY_MESSAGES.guardianEmailNeeded,
      ],
      [{ name: 'Young Sub', dateOfBirth: '2020-01-01' }, 400, ELIGIBILITY_MESSAGES.tooYoung],
      // A pupil already playing for another school, or already in the team.
      [
        { name: 'player one  neighbour a 1', dateOfBirth: '2000-05-01' },
        409,
        'This pupil already plays for another school.',
      ],
      [
        { name: pupil(view, 0, 3).name, dateOfBirth: '2000-05-01' },
        409,
        'This pupil is already in the team.',
      ],
    ];
    for (const [incoming, status, error] of cases) {
      const response = await call('POST', '/substitutions', { playerId: leaving.id, pupil: incoming });
      expect(response.statusCode, JSON.stringify(incoming)).toBe(status);
      expect(response.json().error).toBe(error);
    }
    // A pupil of another school, and a body that is not a pupil at all.
    const [stranger] = await db().select().from(players).where(eq(players.groupName, 'Neighbour A'));
    const foreign = await call('POST', '/substitutions', { playerId: stranger!.id, pupil: adult('New One') });
    expect(foreign.statusCode).toBe(404);
    expect((await call('POST', '/substitutions', { playerId: leaving.id })).statusCode).toBe(400);
    expect(await snapshot()).toBe(before);
  });

  it('before the lock: the substitute plays from the next round, the pupil leaving keeps their games', async () => {
    const leaving = pupil(await roster(), 0, 2);
    const response = await call('POST', '/substitutions', {
      playerId: leaving.id,
      pupil: adult('Sam Substitute'),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(
      ROSTER_CHANGE_MESSAGES.substituted('Sam Substitute', leaving.name, 4, false),
    );
    const view: RosterChanges = response.json().roster;
    expect(pupil(view, 0, 2)).toMatchObject({ name: 'Sam Substitute', active: true });
    expect(view.teams[0]!.replaced).toEqual([{ name: leaving.name }]);

    const [incoming] = await db().select().from(players).where(eq(players.name, 'Sam Substitute'));
    const [old] = await db().select().from(players).where(eq(players.id, leaving.id));
    expect(old).toMatchObject({ active: false, withdrawnFromRound: 4 });
    expect(incoming).toMatchObject({
      active: true,
      groupName: 'Subs A',
      teamId: old!.teamId,
      schoolId: old!.schoolId,
    });
    // Rounds 1–3 were paired before the substitute came: by default a missed round scores 0, with no bye row.
    expect(await db().select().from(roundByes).where(eq(roundByes.playerId, incoming!.id))).toEqual([]);
    // The check-in list and the school standings show the new pupil; the audit and the CRM card say who did it.
    const checkin = await staffGet('/api/admin/checkin/players?search=Sam%20Substitute');
    expect(JSON.stringify(checkin.json())).toContain('Sam Substitute');
    const team = await eventually(async () => {
      const board = (await t.app.inject({ url: '/api/public/leaderboard' })).json() as LeaderboardResponse;
      const row = board.teams.find((entry) => entry.team === 'Subs A');
      return row?.members.some((member) => member.name === 'Sam Substitute') ? row : undefined;
    });
    // The team joined at round 4, so the pupil replaced never played: not listed (withdrawn before playing).
    expect(team.members.map((member) => member.name)).not.toContain(leaving.name);
    const [log] = await db().select().from(systemLogs).where(eq(systemLogs.actionType, 'substitute_pupil'));
    expect(log?.metadata).toMatchObject({ by: 'teacher', registrationId });
    const card = await db()
      .select()
      .from(crmActivity)
      .where(eq(crmActivity.toValue, response.json().message));
    expect(card).toHaveLength(1);
  });

  it('takes a pupil who played for another school in an earlier year', async () => {
    // Another school's registration names the pupil.
    const moved = { name: 'Morgan Moved', dateOfBirth: '2000-03-03' };
    const earlier = await register(t.app, {
      schoolName: 'Former School',
      registrantEmail: 'office@former-school.example',
      teams: [{ name: 'Former A', players: [moved, adult('F Two'), adult('F Three'), adult('F Four')] }],
    });
    const leaving = pupil(await roster(), 0, 1);
    const substitute = () => call('POST', '/substitutions', { playerId: leaving.id, pupil: moved });
    // While that entry is this year's, the pupil plays for the other school and is refused…
    const refused = await substitute();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('This pupil already plays for another school.');
    // …but an entry added to an earlier tournament does not count: pupils change school between years.
    const [tournament] = await db().select().from(tournaments).where(eq(tournaments.active, true));
    const lastYear = new Date(tournament!.createdAt.getTime() - 365 * 24 * 3600_000);
    await db()
      .update(registrations)
      .set({ promotedAt: lastYear, createdAt: lastYear })
      .where(eq(registrations.id, earlier.registration.id));
    const response = await substitute();
    expect(response.statusCode, response.body).toBe(201);
    expect(pupil(await roster(), 0, 1)).toMatchObject({ name: 'Morgan Moved', active: true });
  });

  it('a minor substitute plays once their guardian confirms, with ½ per missed round as configured', async () => {
    const rules = await send(
      t.app,
      'PUT',
      '/api/admin/roster-rules',
      { ...DEFAULT_ROSTER_RULES, lateEntryMissedRound: 'half' },
      staff,
    );
    expect(rules.statusCode).toBe(200);
    const leaving = pupil(await roster(), 1, 3);
    const response = await call('POST', '/substitutions', {
      playerId: leaving.id,
      pupil: {
        name: 'Mia Minor',
        schoolYear: '3rd Year',
        guardianConsent: { by: 'Parent of Mia', email: GUARDIAN, confirmed: true },
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(
      ROSTER_CHANGE_MESSAGES.substituted('Mia Minor', leaving.name, 4, true),
    );
    const view: RosterChanges = response.json().roster;
    expect(view.teams[1]!.waiting).toEqual([{ name: 'Mia Minor', replaces: leaving.name }]);
    expect(await db().select().from(players).where(eq(players.name, 'Mia Minor'))).toEqual([]);

    const [mail] = await mailsTo(db(), GUARDIAN);
    const link = /\/registration\/consent\/([0-9a-f-]+)#token=([\w-]+)/.exec(mail!.text);
    expect(link).not.toBeNull();
    const confirmed = await send(t.app, 'POST', `/api/registrations/consent/${link![1]}`, {
      token: link![2],
    });
    expect(confirmed.statusCode).toBe(200);
    const [entered] = await db().select().from(players).where(eq(players.name, 'Mia Minor'));
    expect(entered).toMatchObject({ active: true, groupName: 'Subs B' });
    const missed = await db().select().from(roundByes).where(eq(roundByes.playerId, entered!.id));
    expect(missed.map((bye) => [bye.roundNumber, bye.kind]).sort()).toEqual([
      [1, 'half'],
      [2, 'half'],
      [3, 'half'],
    ]);
    // The public standings follow once the snapshot is rebuilt: three missed rounds at ½ each.
    const mia = await eventually(async () => {
      const board = (await t.app.inject({ url: '/api/public/leaderboard' })).json() as LeaderboardResponse;
      return board.players.find((row) => row.name === 'Mia Minor');
    });
    expect(mia).toMatchObject({ halfPoints: 3, byes: 3 });
    expect(
      (await send(t.app, 'PUT', '/api/admin/roster-rules', DEFAULT_ROSTER_RULES, staff)).statusCode,
    ).toBe(200);
    expect(pupil(await roster(), 1, 3)).toMatchObject({ name: 'Mia Minor', active: true });
  });

  it('after the lock the change waits for an arbiter, who accepts it; the teacher is e-mailed', async () => {
    // Round 4 is due in 10 minutes: names locked 15 minutes before it.
    await db()
      .update(rounds)
      .set({ startTime: new Date(Date.now() + 10 * 60_000) })
      .where(eq(rounds.number, 4));
    const view = await roster();
    expect(view.namesLock.open).toBe(false);
    const leaving = pupil(view, 0, 4);
    const body = { playerId: leaving.id, pupil: adult('Late Lou') };
    const before = await snapshot();
    const noReason = await call('POST', '/substitutions', body);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe(ROSTER_CHANGE_MESSAGES.reasonNeeded);
    expect(await snapshot()).toBe(before);

    const asked = await call('POST', '/substitutions', { ...body, reason: 'Sick this morning' });
    expect(asked.statusCode).toBe(202);
    const summary = ROSTER_CHANGE_MESSAGES.substitutionAsked('Late Lou', leaving.name);
    expect(asked.json().message).toBe(ROSTER_CHANGE_MESSAGES.requestSent(summary));
    expect(pupil(asked.json().roster, 0, 4)).toMatchObject({
      active: true,
      canSubstitute: false,
      pendingRequest: summary,
    });
    expect(await db().select().from(players).where(eq(players.name, 'Late Lou'))).toEqual([]);
    // The school's CRM card records what was asked and why, not the teacher's own confirmation.
    const asking = ROSTER_CHANGE_MESSAGES.requestActivity(summary, 'Sick this morning');
    expect(await db().select().from(crmActivity).where(eq(crmActivity.toValue, asking))).toHaveLength(1);
    const again = await call('POST', '/substitutions', { ...body, reason: 'Still sick' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ROSTER_CHANGE_MESSAGES.requestPending);

    const queue = (await staffGet('/api/admin/roster-requests')).json() as RosterRequests;
    expect(queue.pending).toHaveLength(1);
    const [request] = queue.pending;
    expect(request).toMatchObject({
      kind: 'substitution',
      schoolName: 'Substitute School',
      summary,
      reason: 'Sick this morning',
      pupilDetails: 'born 2000-02-02; no guardian consent needed',
    });
    const noNote = await decide(request!.id, { decision: 'refuse' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error).toBe(ROSTER_CHANGE_MESSAGES.refusalNoteNeeded);

    const accepted = await decide(request!.id, { decision: 'accept' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      message: ROSTER_CHANGE_MESSAGES.requestAccepted(summary),
      pending: [],
    });
    const [lou] = await db().select().from(players).where(eq(players.name, 'Late Lou'));
    expect(lou).toMatchObject({ active: true, groupName: 'Subs A' });
    const [mail] = await mailsTo(db(), 'teacher@school.example');
    expect(mail?.subject).toBe('Your roster request for Substitute School was accepted');
    expect(mail?.text).toContain(summary);
    const twice = await decide(request!.id, { decision: 'refuse', note: 'No' });
    expect(twice.statusCode).toBe(409);
    expect((await roster()).requests[0]).toMatchObject({ summary, status: 'accepted' });
  });

  it('a refused request changes nothing but the request, and says why to the teacher', async () => {
    const leaving = pupil(await roster(), 1, 1);
    const asked = await call('POST', '/substitutions', {
      playerId: leaving.id,
      pupil: adult('Refused Rory'),
      reason: 'Wants to play',
    });
    expect(asked.statusCode).toBe(202);
    const [request] = ((await staffGet('/api/admin/roster-requests')).json() as RosterRequests).pending;
    const refused = await decide(request!.id, { decision: 'refuse', note: 'Round 4 is about to be paired.' });
    expect(refused.statusCode).toBe(200);
    expect(await db().select().from(players).where(eq(players.name, 'Refused Rory'))).toEqual([]);
    const refusal = ROSTER_CHANGE_MESSAGES.refusalActivity(
      request!.summary,
      'Round 4 is about to be paired.',
    );
    expect(await db().select().from(crmActivity).where(eq(crmActivity.toValue, refusal))).toHaveLength(1);
    expect(pupil(await roster(), 1, 1)).toMatchObject({
      active: true,
      canSubstitute: true,
      pendingRequest: null,
    });
    const [mail] = await mailsTo(db(), 'teacher@school.example');
    expect(mail?.subject).toBe('Your roster request for Substitute School was refused');
    expect(mail?.text).toContain("The arbiter's note: Round 4 is about to be paired.");
  });

  it('a late entry into a withdrawn pupil’s place is refused after the late-entry round', async () => {
    const leaving = pupil(await roster(), 1, 2);
    expect((await call('POST', '/withdrawals', { playerId: leaving.id })).statusCode).toBe(201);
    const before = await snapshot();
    const late = await call('POST', '/substitutions', {
      playerId: leaving.id,
      pupil: adult('Too Late'),
      reason: 'Arrived',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('Late entries are taken until round 3 is paired.');
    expect(await snapshot()).toBe(before);
  });

  it('a late entry before the limit is in the next pairing, with the configured points for rounds missed', async () => {
    const rules = { ...DEFAULT_ROSTER_RULES, lateEntryUntilRound: 4, lateEntryMissedRound: 'half' };
    expect((await send(t.app, 'PUT', '/api/admin/roster-rules', rules, staff)).statusCode).toBe(200);
    // Round 4 has no start time again: names are open until it is paired.
    await db().update(rounds).set({ startTime: null }).where(eq(rounds.number, 4));
    const place = pupil(await roster(), 1, 2);
    expect(place.active).toBe(false);
    const entered = await call('POST', '/substitutions', { playerId: place.id, pupil: adult('Lena Late') });
    expect(entered.statusCode).toBe(201);
    const [lena] = await db().select().from(players).where(eq(players.name, 'Lena Late'));

    // Round 3 finished (every game drawn) and completed; round 4 is paired with the late entrant on a board.
    await db()
      .update(matches)
      .set({ result: 'draw' })
      .where(and(eq(matches.roundNumber, 3), isNull(matches.result)));
    const staffPost = (url: string) =>
      t.app.inject({ method: 'POST', url, headers: { origin: TEST_PUBLIC_URL, cookie: staff }, payload: {} });
    expect((await staffPost('/api/admin/rounds/3/complete')).statusCode).toBe(200);
    expect((await staffPost('/api/admin/rounds/4/pairings')).statusCode).toBe(200);
    const paired = await db().select().from(matches).where(eq(matches.roundNumber, 4));
    expect(paired.some((match) => [match.whitePlayerId, match.blackPlayerId].includes(lena!.id))).toBe(true);
    const missed = await db().select().from(roundByes).where(eq(roundByes.playerId, lena!.id));
    expect(missed.map((bye) => bye.roundNumber).sort()).toEqual([1, 2, 3]);
  });
});
