import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openRegistration,
  register,
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
import type { LeaderboardResponse } from '../../../contracts/leaderboard';
import { REGISTRATION_TOKEN_HEADER } from '../../../contracts/registrations';
import { ROSTER_CHANGE_MESSAGES } from '../../../contracts/roster-change-messages';
import type {
  DayRulesResponse,
  RosterChanges,
  RosterPupil,
  RosterRulesResponse,
} from '../../../contracts/roster-changes';
import { DEFAULT_ROSTER_RULES } from '../../../domain/roster-changes';
import { systemLogs } from '../../db/schema/settings';
import { matches, players, roundByes } from '../../db/schema/tournaments';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

describe("a school's teacher changes the roster (issue #30)", () => {
  let t: TestApp;
  let staff: string;
  let registrationId: string;
  let token: string;
  const db = () => t.database.db;

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    key: string | null = token,
  ) =>
    t.app.inject({
      method,
      url: `/api/roster-changes/${registrationId}${path}`,
      headers: { origin: TEST_PUBLIC_URL, ...(key ? { [REGISTRATION_TOKEN_HEADER]: key } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const roster = async (): Promise<RosterChanges> => {
    const response = await call('GET', '');
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const pupil = (view: RosterChanges, team: number, board: number): RosterPupil =>
    view.teams[team]!.pupils.find((entry) => entry.board === board)!;
  const staffCall = (method: 'POST', url: string) =>
    t.app.inject({ method, url, headers: { origin: TEST_PUBLIC_URL, cookie: staff }, payload: {} });
  const byesOf = (playerId: string) => db().select().from(roundByes).where(eq(roundByes.playerId, playerId));

  beforeAll(async () => {
    t = await startTestApp('pglite', { registrationPowBits: 4 });
    await seedDemoAccounts(db(), createTestAuth(t.database));
    staff = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    await openRegistration(db());
    const created = await register(t.app, {
      schoolName: 'Roster Test School',
      teams: [teamOf('Roster A'), teamOf('Roster B')],
    });
    registrationId = created.registration.id;
    token = created.accessToken;
  });
  afterAll(async () => t?.close());

  it('says the teams are not in the tournament until staff add them, and takes no change before', async () => {
    const before = await roster();
    expect(before).toMatchObject({
      schoolName: 'Roster Test School',
      notice: ROSTER_CHANGE_MESSAGES.notAdded,
    });
    expect(before.teams).toEqual([]);
    const refused = await call('POST', '/withdrawals', { playerId: crypto.randomUUID() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(ROSTER_CHANGE_MESSAGES.notAdded);

    const admin = (path: string, body: unknown) =>
      send(t.app, 'POST', `/api/admin/registrations${path}`, body, staff);
    expect((await admin(`/${registrationId}/mark-paid`, { via: 'cash', note: 'Desk' })).statusCode).toBe(200);
    expect((await admin('/promote', { registrationIds: [registrationId] })).statusCode).toBe(200);
  });

  it("gives the teacher the school's results and certificates as one PDF, to no one else", async () => {
    const view = await roster();
    const pupils = view.teams.flatMap((team) => team.pupils).filter((entry) => entry.active);
    expect(pupils.length).toBe(8); // two teams of four
    const pack = await call('GET', '/pack');
    expect(pack.statusCode).toBe(200);
    expect(pack.headers['content-type']).toBe('application/pdf');
    const body = pack.rawPayload.toString('latin1');
    // The results sheet, then a participation certificate per pupil (no prizes are set in this test).
    expect(body.match(/\/Type \/Page\b/g)).toHaveLength(1 + pupils.length);
    expect((await call('GET', '/pack', undefined, null)).statusCode).toBe(404);
  });

  it('is the same 404 as an unknown registration without the link or with a wrong one', async () => {
    for (const key of [null, 'x'.repeat(40)]) {
      const response = await call('GET', '', undefined, key);
      expect(response.statusCode).toBe(404);
    }
  });

  it('opens for the account that made the registration without the link, and for no other account', async () => {
    const teacher = (await signIn(t.app, 'player@demo.test', DEMO_PASSWORD)).cookie;
    const own = await register(
      t.app,
      {
        schoolName: 'Signed In School',
        registrantEmail: 'office@signed-in.example',
        teams: [teamOf('Signed A')],
      },
      teacher,
    );
    const open = (cookie: string) =>
      t.app.inject({ url: `/api/roster-changes/${own.registration.id}`, headers: { cookie } });
    const seen = await open(teacher);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      schoolName: 'Signed In School',
      notice: ROSTER_CHANGE_MESSAGES.notAdded,
    });
    // Staff are not the school's teacher: they change players on the players page.
    expect((await open(staff)).statusCode).toBe(404);
  });

  it('lists each team and pupil with the byes the rules still allow', async () => {
    const view = await roster();
    expect(view.notice).toBeNull();
    expect(view.teams.map((team) => [team.name, team.pupils.length])).toEqual([
      ['Roster A', 4],
      ['Roster B', 4],
    ]);
    // The demo tournament: rounds 1–2 complete, round 3 being played, 4 and 5 not paired.
    expect(view.nextRound).toBe(4);
    expect(view.rounds.filter((round) => round.isOpen).map((round) => round.number)).toEqual([4, 5]);
    // No half-point bye in the final round once round 1 has started.
    expect(pupil(view, 0, 1).byeOptions).toEqual([
      { roundNumber: 4, kinds: ['half', 'zero'] },
      { roundNumber: 5, kinds: ['zero'] },
    ]);
    expect(pupil(view, 0, 1)).toMatchObject({ active: true, canWithdraw: true, canReturn: false, byes: [] });
  });

  it('takes a half-point bye once per pupil, refuses the final round and a second one by their rules', async () => {
    const first = pupil(await roster(), 0, 1);
    const taken = await call('POST', '/byes', { playerId: first.id, roundNumber: 4, kind: 'half' });
    expect(taken.statusCode).toBe(201);
    expect(taken.json().message).toBe(ROSTER_CHANGE_MESSAGES.byeRequested(first.name, 4, 'half'));
    const after = pupil(taken.json().roster, 0, 1);
    expect(after.byes).toEqual([{ roundNumber: 4, kind: 'half', canTakeBack: true }]);
    expect(after.byeOptions).toEqual([{ roundNumber: 5, kinds: ['zero'] }]);

    const finalRound = await call('POST', '/byes', { playerId: first.id, roundNumber: 5, kind: 'half' });
    expect(finalRound.statusCode).toBe(409);
    expect(finalRound.json().error).toBe(
      'No half-point bye can be requested for the final round once round 1 has started.',
    );
    const twice = await call('POST', '/byes', { playerId: first.id, roundNumber: 4, kind: 'zero' });
    expect(twice.json().error).toBe('A bye is already requested for round 4.');
    // Nothing changed by the refusals; the teacher's request is an audit row naming the school.
    expect((await byesOf(first.id)).map((bye) => [bye.roundNumber, bye.kind])).toEqual([[4, 'half']]);
    const [log] = await db().select().from(systemLogs).where(eq(systemLogs.actionType, 'request_bye'));
    expect(log?.metadata).toMatchObject({ by: 'teacher', registrationId, roundNumber: 4, kind: 'half' });
    expect(log?.userId).toBeNull();
    // The school's CRM card shows it as the teacher's change, in the teacher's words.
    const card = await t.app.inject({
      url: `/api/crm/schools/${log?.metadata.schoolId}`,
      headers: { cookie: staff },
    });
    expect(card.statusCode).toBe(200);
    expect(card.json().activity).toContainEqual(
      expect.objectContaining({ action: 'roster_change', actorId: null, to: taken.json().message }),
    );
  });

  it("follows the rules arbiters set: the teacher's page and the public page change, bad values change nothing", async () => {
    const rulesCall = (method: 'GET' | 'PUT' | 'DELETE', payload?: object) =>
      t.app.inject({
        method,
        url: '/api/admin/roster-rules',
        headers: { origin: TEST_PUBLIC_URL, cookie: staff },
        ...(payload ? { payload } : {}),
      });
    const before = (await rulesCall('GET')).json() as RosterRulesResponse;
    expect(before).toMatchObject({ stored: false, totalRounds: 5, rules: DEFAULT_ROSTER_RULES });
    expect(before.sentences).toContain(
      'No half-point bye can be requested for the final round once round 1 has started.',
    );

    const tooMany = await rulesCall('PUT', { ...before.rules, halfPointByesPerPlayer: 9 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toContain('The half-point byes per pupil can be at most 5');
    expect((await rulesCall('GET')).json()).toEqual(before);

    const saved = await rulesCall('PUT', {
      ...before.rules,
      finalRoundByeAfterStart: true,
      lateEntryMissedRound: 'half',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ message: ROSTER_CHANGE_MESSAGES.rulesSaved, stored: true });
    const [log] = await db()
      .select()
      .from(systemLogs)
      .where(
        and(eq(systemLogs.actionType, 'update_setting'), eq(systemLogs.description, 'Roster rules changed')),
      );
    expect(log?.metadata).toMatchObject({ after: { finalRoundByeAfterStart: true } });
    // The teacher may now ask for a half-point bye in the final round; the public page says the new rules.
    expect(pupil(await roster(), 1, 2).byeOptions).toContainEqual({
      roundNumber: 5,
      kinds: ['half', 'zero'],
    });
    const publicRules = await eventually(async () => {
      const body = (await t.app.inject({ url: '/api/public/day-rules' })).json() as DayRulesResponse;
      return body.sentences.some((sentence) => sentence.endsWith('each round missed scores ½ point.'))
        ? body
        : undefined;
    });
    expect(publicRules.sentences.join(' ')).not.toContain('final round');

    const reset = await rulesCall('DELETE');
    expect(reset.json()).toMatchObject({ message: ROSTER_CHANGE_MESSAGES.rulesReset, stored: false });
    expect(pupil(await roster(), 1, 2).byeOptions).toContainEqual({ roundNumber: 5, kinds: ['zero'] });
  });

  it('refuses bad input with a clear error and a pupil of another school with a 404', async () => {
    const first = pupil(await roster(), 0, 2);
    const fullBye = await call('POST', '/byes', { playerId: first.id, roundNumber: 4, kind: 'full' });
    expect(fullBye.statusCode).toBe(400);
    const [stranger] = await db().select().from(players).where(eq(players.active, true)).limit(1);
    const foreign = await call('POST', '/byes', { playerId: stranger!.id, roundNumber: 4, kind: 'zero' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe(ROSTER_CHANGE_MESSAGES.unknownPupil);
    expect(await byesOf(first.id)).toEqual([]);
    expect(await byesOf(stranger!.id)).toEqual([]);
  });

  it('withdraws a pupil from the next round and undoes it until that round is paired', async () => {
    const leaving = pupil(await roster(), 1, 4);
    const withdrawn = await call('POST', '/withdrawals', { playerId: leaving.id });
    expect(withdrawn.statusCode).toBe(201);
    expect(withdrawn.json().message).toBe(ROSTER_CHANGE_MESSAGES.withdrawn(leaving.name, 4));
    expect(pupil(withdrawn.json().roster, 1, 4)).toMatchObject({
      active: false,
      withdrawnFromRound: 4,
      canReturn: true,
      canWithdraw: false,
      byeOptions: [],
    });
    const back = await call('DELETE', `/withdrawals/${leaving.id}`);
    expect(back.statusCode).toBe(200);
    expect(pupil(back.json().roster, 1, 4)).toMatchObject({ active: true, withdrawnFromRound: null });
    expect((await call('POST', '/withdrawals', { playerId: leaving.id })).statusCode).toBe(201);
  });

  it('leaves both out of the pairing, then refuses to take either back once the round is paired', async () => {
    const view = await roster();
    const onBye = pupil(view, 0, 1);
    const leaving = pupil(view, 1, 4);
    // Round 3 finished (every game drawn) and completed; then round 4 is paired.
    await db()
      .update(matches)
      .set({ result: 'draw' })
      .where(and(eq(matches.roundNumber, 3), isNull(matches.result)));
    expect((await staffCall('POST', '/api/admin/rounds/3/complete')).statusCode).toBe(200);
    expect((await staffCall('POST', '/api/admin/rounds/4/pairings')).statusCode).toBe(200);

    const paired = await db().select().from(matches).where(eq(matches.roundNumber, 4));
    const seated = new Set(paired.flatMap((match) => [match.whitePlayerId, match.blackPlayerId]));
    expect(seated.has(onBye.id)).toBe(false);
    expect(seated.has(leaving.id)).toBe(false);
    expect(seated.has(pupil(view, 0, 2).id)).toBe(true);

    const bye = await call('DELETE', `/byes/${onBye.id}/4`);
    expect(bye.statusCode).toBe(409);
    expect(bye.json().error).toBe('Changes for round 4 were possible until it was paired. Ask an arbiter.');
    const undo = await call('DELETE', `/withdrawals/${leaving.id}`);
    expect(undo.statusCode).toBe(409);
    expect(undo.json().error).toBe(
      'The withdrawal can be undone by the teacher until round 4 is paired. Ask an arbiter.',
    );
    const after = await roster();
    expect(after.nextRound).toBe(5);
    expect(pupil(after, 0, 1).byes).toEqual([{ roundNumber: 4, kind: 'half', canTakeBack: false }]);
    expect(pupil(after, 1, 4)).toMatchObject({ active: false, canReturn: false });
    // The team joined at round 4: the pupil withdrawn before playing any game is not on the leaderboard, the one
    // on a requested bye is. (A pupil withdrawn after playing stays, tagged: tests/e2e/public-pages.spec.ts.)
    const board = (await t.app.inject({ url: '/api/public/leaderboard' })).json() as LeaderboardResponse;
    expect(board.players.filter((row) => row.withdrawn)).toEqual([]);
    expect(board.players.map((row) => row.name)).not.toContain(leaving.name);
    expect(board.players.find((row) => row.name === onBye.name)).toMatchObject({ withdrawn: false });
  });
});
