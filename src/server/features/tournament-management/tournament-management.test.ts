import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAuth,
  eventually,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { homeResponseSchema } from '../../../contracts/home';
import { leaderboardResponseSchema } from '../../../contracts/leaderboard';
import { RICH_TEXT_LIMITS } from '../../../contracts/rich-text';
import {
  adminAnnouncementsResponseSchema,
  createTournamentResponseSchema,
  TOURNAMENT_MESSAGES,
  templatesResponseSchema,
  tournamentsResponseSchema,
} from '../../../contracts/tournament-management';
import { DEFAULT_TIEBREAK_ORDER, FIDE_TIEBREAK_ORDER } from '../../../domain/scoring/tiebreak-keys';
import { Audit } from '../../audit/audit';
import { createClock } from '../../clock';
import { user } from '../../db/schema/auth';
import { systemLogs } from '../../db/schema/settings';
import {
  announcements,
  players,
  roundByes,
  rounds,
  tournaments,
  tournamentTemplates,
} from '../../db/schema/tournaments';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';
import { createTournament } from './tournament-management.service';

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

describe('tournament management', () => {
  let t: TestApp;
  let superadmin: string;
  let superadminId: string;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: superadmin, origin: TEST_PUBLIC_URL },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const list = async () =>
    tournamentsResponseSchema.parse((await call('GET', '/api/admin/tournaments')).json()).tournaments;
  const byName = async (name: string) => (await list()).find((tournament) => tournament.name === name);
  const allTournamentRows = () => t.database.db.select().from(tournaments).orderBy(asc(tournaments.name));
  const logsOf = (actionType: string) =>
    t.database.db.select().from(systemLogs).where(eq(systemLogs.actionType, actionType));
  const publicHome = async () =>
    homeResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/public/home' })).json());
  const create = async (body: Record<string, unknown>) => {
    const response = await call('POST', '/api/admin/tournaments', body);
    expect(response.statusCode, response.body).toBe(201);
    return createTournamentResponseSchema.parse(response.json());
  };

  beforeAll(async () => {
    t = await startTestApp('pglite');
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    superadmin = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    [{ id: superadminId }] = (await t.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, 'superadmin@demo.test'))) as [{ id: string }];
  });
  afterAll(async () => t?.close());

  it('lists every tournament with its active flag, rounds and player count', async () => {
    const [demo] = await list();
    expect(demo).toMatchObject({
      name: 'Schools Team Chess Championship 2025',
      active: true,
      archivedAt: null,
      currentRound: 3,
      totalRounds: 5,
      playerCount: 56,
    });
  });

  it('creates a tournament with 5 upcoming rounds by default, inactive, with the required message and a log row', async () => {
    const { message, tournament } = await create({
      name: '  Autumn Rapid  ',
      venue: 'Library',
      description: 'Seven minutes each',
      startDate: '2026-10-03',
      endDate: '2026-10-04',
    });
    expect(message).toBe('Tournament "Autumn Rapid" created successfully with 5 rounds');
    expect(tournament).toMatchObject({
      name: 'Autumn Rapid',
      active: false,
      totalRounds: 5,
      currentRound: 0,
    });
    const roundRows = await t.database.db
      .select({ number: rounds.number, status: rounds.status })
      .from(rounds)
      .where(eq(rounds.tournamentId, tournament.id))
      .orderBy(asc(rounds.number));
    expect(roundRows).toEqual([1, 2, 3, 4, 5].map((number) => ({ number, status: 'upcoming' })));
    const [row] = await t.database.db.select().from(tournaments).where(eq(tournaments.id, tournament.id));
    expect(row?.createdBy).toBe(superadminId);
    const [log] = await logsOf('create_tournament');
    expect(log).toMatchObject({ eventType: 'tournament_management', userId: superadminId });
    expect(log?.metadata).toMatchObject({ tournamentId: tournament.id, totalRounds: 5 });
    expect(await byName('Autumn Rapid')).toMatchObject({ playerCount: 0, active: false });
  });

  it("creates templates, lists and loads them, and a tournament takes the template's default rounds", async () => {
    const created = await call('POST', '/api/admin/tournament-templates', {
      name: 'Weekend Swiss',
      defaultRounds: 7,
    });
    expect(created.statusCode).toBe(201);
    const templateId = created.json().template.id as string;
    expect(created.json().message).toBe('Tournament template "Weekend Swiss" created');
    const listed = templatesResponseSchema.parse(
      (await call('GET', '/api/admin/tournament-templates')).json(),
    );
    expect(listed.templates.map((template) => [template.name, template.defaultRounds])).toEqual([
      ['Weekend Swiss', 7],
    ]);
    const loaded = await call('GET', `/api/admin/tournament-templates/${templateId}`);
    expect(loaded.json().template).toMatchObject({ id: templateId, name: 'Weekend Swiss', defaultRounds: 7 });
    expect((await call('GET', `/api/admin/tournament-templates/${NO_SUCH_ID}`)).statusCode).toBe(404);
    expect((await logsOf('create_tournament_template')).map((log) => log.userId)).toEqual([superadminId]);

    const fromTemplate = await create({ name: 'Winter Swiss', templateId });
    expect(fromTemplate.message).toBe('Tournament "Winter Swiss" created successfully with 7 rounds');
    const chosen = await create({ name: 'Spring Swiss', templateId, totalRounds: 3 });
    expect(chosen.message).toBe('Tournament "Spring Swiss" created successfully with 3 rounds');
    const roundCount = async (id: string) =>
      (await t.database.db.select().from(rounds).where(eq(rounds.tournamentId, id))).length;
    expect(await roundCount(fromTemplate.tournament.id)).toBe(7);
    expect(await roundCount(chosen.tournament.id)).toBe(3);

    const missing = await call('POST', '/api/admin/tournaments', { name: 'Ghost', templateId: NO_SUCH_ID });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(TOURNAMENT_MESSAGES.templateNotFound);
  });

  it('refuses invalid tournaments and templates with 400, creating nothing', async () => {
    const tournamentsBefore = await allTournamentRows();
    const roundsBefore = await t.database.db.select().from(rounds);
    const invalid: [Record<string, unknown>, string][] = [
      [{ name: '   ' }, 'Enter the tournament name'],
      [{ name: 'x'.repeat(201) }, 'The name is at most 200 characters'],
      [{ name: 'Zero', totalRounds: 0 }, 'A tournament has at least 1 round'],
      [{ name: 'Many', totalRounds: 31 }, 'A tournament has at most 30 rounds'],
      [{ name: 'Half', totalRounds: 2.5 }, 'The number of rounds is a whole number'],
      [
        { name: 'Backwards', startDate: '2026-05-02', endDate: '2026-05-01' },
        'The end date cannot be before the start date',
      ],
      [{ name: 'Bad date', startDate: '2026-13-45x' }, 'Enter a date as YYYY-MM-DD.'],
      [{ name: 'Sneaky', active: true }, 'Unrecognized field: active.'],
    ];
    for (const [body, error] of invalid) {
      const response = await call('POST', '/api/admin/tournaments', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error, JSON.stringify(body)).toContain(error);
    }
    const badTemplates = [
      { name: '', defaultRounds: 5 },
      { name: 'Long', defaultRounds: 31 },
      { name: 'None' },
    ];
    for (const body of badTemplates) {
      expect((await call('POST', '/api/admin/tournament-templates', body)).statusCode).toBe(400);
    }
    expect(await allTournamentRows()).toEqual(tournamentsBefore);
    expect(await t.database.db.select().from(rounds)).toHaveLength(roundsBefore.length);
    expect(await t.database.db.select().from(tournamentTemplates)).toHaveLength(1);
  });

  it('refuses to create a tournament without a signed-in user (the service on its own)', async () => {
    const before = await allTournamentRows();
    await expect(
      createTournament({ db: t.database.db, audit: new Audit(createClock()) }, null, '127.0.0.1', {
        name: 'Anonymous',
      } as never),
    ).rejects.toThrow('User must be logged in to create a tournament');
    expect(await allTournamentRows()).toEqual(before);
  });

  it('edits name, venue, description and dates but not the round count', async () => {
    const target = (await byName('Autumn Rapid'))!;
    const response = await call('PUT', `/api/admin/tournaments/${target.id}`, {
      name: 'Autumn Rapid Open',
      venue: '',
      description: 'Ten minutes each',
      startDate: '2026-10-10',
      endDate: '2026-10-10',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Tournament updated successfully');
    expect(await byName('Autumn Rapid Open')).toMatchObject({
      venue: null,
      description: 'Ten minutes each',
      startDate: '2026-10-10',
      endDate: '2026-10-10',
      totalRounds: 5,
    });
    const [log] = await logsOf('update_tournament');
    expect(log).toMatchObject({ userId: superadminId });
    expect(log?.metadata).toMatchObject({
      changed: ['name', 'venue', 'description', 'startDate', 'endDate'],
    });

    const before = await allTournamentRows();
    for (const body of [
      { name: 'Rounds', totalRounds: 9 },
      { name: '' },
      { name: 'Backwards', startDate: '2026-10-10', endDate: '2026-10-09' },
    ]) {
      expect((await call('PUT', `/api/admin/tournaments/${target.id}`, body)).statusCode).toBe(400);
    }
    expect(await allTournamentRows()).toEqual(before);
    const missing = await call('PUT', `/api/admin/tournaments/${NO_SUCH_ID}`, { name: 'Nobody' });
    expect(missing.statusCode).toBe(404);
    expect((await call('PUT', '/api/admin/tournaments/not-a-uuid', { name: 'Nobody' })).statusCode).toBe(400);
  });

  it('stores the tie-break order chosen at creation (default otherwise) and refuses a bad one with 400', async () => {
    const { tournament: chosen } = await create({
      name: 'Blitz by rating',
      tiebreakOrder: ['sonneborn_berger', 'direct_encounter', 'rating'],
    });
    expect(chosen).toMatchObject({
      tiebreakOrder: ['sonneborn_berger', 'direct_encounter', 'rating'],
      tiebreakOrderEditable: true,
    });
    // Without a choice: points, then rating (docs/requirements.md §2 "ties broken by rating").
    const { tournament: plain } = await create({ name: 'Plain order' });
    expect(plain.tiebreakOrder).toEqual(['rating']);
    const { tournament: fide } = await create({
      name: 'FIDE order',
      tiebreakOrder: [...FIDE_TIEBREAK_ORDER],
    });
    expect(fide.tiebreakOrder).toEqual(FIDE_TIEBREAK_ORDER);
    const before = await allTournamentRows();
    for (const [order, reason] of [
      [['buchholz', 'koya'], 'Choose tie-breaks from the list'],
      [['buchholz', 'buchholz'], 'The tie-break BH is listed twice.'],
      ['buchholz', ''],
    ] as const) {
      const response = await call('POST', '/api/admin/tournaments', {
        name: 'Bad order',
        tiebreakOrder: order,
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(reason);
    }
    expect(await allTournamentRows()).toEqual(before);
  });

  it('changes the order until round 1 is paired, then refuses with 409 and the reason', async () => {
    const target = (await byName('Plain order'))!;
    const edit = (tiebreakOrder: readonly string[], id = target.id) =>
      call('PUT', `/api/admin/tournaments/${id}`, { name: 'Plain order', tiebreakOrder });
    const changed = await edit(['wins', 'buchholz']);
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await byName('Plain order'))?.tiebreakOrder).toEqual(['wins', 'buchholz']);
    const [log] = (await logsOf('update_tournament')).filter(
      (row) => (row.metadata as { tournamentId?: string }).tournamentId === target.id,
    );
    expect(log?.metadata).toMatchObject({
      changed: ['tiebreakOrder'],
      tiebreakOrder: { from: DEFAULT_TIEBREAK_ORDER, to: ['wins', 'buchholz'] },
    });

    // The demo tournament has played rounds: its order is fixed. The same order again is no change.
    const demo = (await byName('Schools Team Chess Championship 2025'))!;
    expect(demo.tiebreakOrderEditable).toBe(false);
    const demoEdit = (tiebreakOrder: readonly string[]) =>
      call('PUT', `/api/admin/tournaments/${demo.id}`, { name: demo.name, tiebreakOrder });
    const before = await allTournamentRows();
    const refused = await demoEdit(FIDE_TIEBREAK_ORDER);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(TOURNAMENT_MESSAGES.tiebreakOrderLocked);
    expect(await allTournamentRows()).toEqual(before);
    expect((await demoEdit(DEFAULT_TIEBREAK_ORDER)).statusCode).toBe(200);
  });

  it("a requested bye for round 1 leaves the order editable; the engine's bye of round 1 fixes it", async () => {
    const { tournament } = await create({ name: 'Bye before round 1' });
    const [round1] = await t.database.db
      .select()
      .from(rounds)
      .where(and(eq(rounds.tournamentId, tournament.id), eq(rounds.number, 1)));
    const [entrant] = await t.database.db
      .insert(players)
      .values({ tournamentId: tournament.id, name: 'Entrant One' })
      .returning();
    const bye = (kind: 'half' | 'pairing') =>
      t.database.db.insert(roundByes).values({
        tournamentId: tournament.id,
        roundId: round1!.id,
        roundNumber: 1,
        playerId: entrant!.id,
        kind,
      });
    await bye('half');
    expect((await byName('Bye before round 1'))?.tiebreakOrderEditable).toBe(true);
    await t.database.db.delete(roundByes).where(eq(roundByes.roundId, round1!.id));
    await bye('pairing');
    expect((await byName('Bye before round 1'))?.tiebreakOrderEditable).toBe(false);
    const refused = await call('PUT', `/api/admin/tournaments/${tournament.id}`, {
      name: 'Bye before round 1',
      tiebreakOrder: [...FIDE_TIEBREAK_ORDER],
    });
    expect(refused.statusCode).toBe(409);
  });

  it('lists a tournament whose stored order holds a key it does not know, without that key', async () => {
    const { tournament } = await create({ name: 'Hand-edited order' });
    // As if someone edited the row by hand (the API refuses unknown keys).
    await t.database.db
      .update(tournaments)
      .set({ tiebreakOrder: ['buchholz', 'koya', 'rating'] as never })
      .where(eq(tournaments.id, tournament.id));
    const response = await call('GET', '/api/admin/tournaments');
    expect(response.statusCode, response.body).toBe(200);
    expect((await byName('Hand-edited order'))?.tiebreakOrder).toEqual(['buchholz', 'rating']);
  });

  it("ranks the public leaderboard in the tournament's stored order: by default points, then rating", async () => {
    const demo = (await byName('Schools Team Chess Championship 2025'))!;
    const leaderboard = async () =>
      leaderboardResponseSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/public/leaderboard' })).json(),
      );
    // The demo ranks as the spec says: on equal points the higher rating first (a 1608 above a 1542).
    const byRating = await leaderboard();
    expect(byRating.tiebreakOrder).toEqual(['rating']);
    let levelPairs = 0;
    for (let i = 1; i < byRating.players.length; i++) {
      const [above, below] = [byRating.players[i - 1]!, byRating.players[i]!];
      if (above.halfPoints !== below.halfPoints) continue;
      levelPairs += 1;
      expect(above.rating ?? 0, `${above.name} above ${below.name}`).toBeGreaterThanOrEqual(
        below.rating ?? 0,
      );
    }
    expect(levelPairs).toBeGreaterThan(0);
    expect(Object.keys(byRating.players[0]!.tiebreaks)).toEqual(['rating']);
    // As if the FIDE Swiss order had been chosen at creation (the database only: the API refuses it now).
    await t.database.db
      .update(tournaments)
      .set({ tiebreakOrder: [...FIDE_TIEBREAK_ORDER] })
      .where(eq(tournaments.id, demo.id));
    try {
      // The change feed invalidates the public cache.
      const byFide = await eventually(async () => {
        const value = await leaderboard();
        return value.tiebreakOrder.join() === FIDE_TIEBREAK_ORDER.join() ? value : undefined;
      });
      // Its values are shown, and the ranking follows them: BH-C1 first among players level on points.
      expect(Object.keys(byFide.players[0]!.tiebreaks)).toEqual([...FIDE_TIEBREAK_ORDER]);
      for (let i = 1; i < byFide.players.length; i++) {
        const [above, below] = [byFide.players[i - 1]!, byFide.players[i]!];
        if (above.halfPoints === below.halfPoints)
          expect(above.tiebreaks.buchholz_cut1 ?? 0).toBeGreaterThanOrEqual(
            below.tiebreaks.buchholz_cut1 ?? 0,
          );
      }
      expect(byFide.players.map((player) => player.name)).not.toEqual(
        byRating.players.map((player) => player.name),
      );
    } finally {
      await t.database.db
        .update(tournaments)
        .set({ tiebreakOrder: [...DEFAULT_TIEBREAK_ORDER] })
        .where(eq(tournaments.id, demo.id));
    }
  });

  it('activates one tournament and leaves exactly one active; the public pages switch in one step', async () => {
    const winter = (await byName('Winter Swiss'))!;
    // The public pages hold a snapshot of the event active before.
    expect((await publicHome()).tournament?.name).not.toBe('Winter Swiss');
    const response = await call('POST', `/api/admin/tournaments/${winter.id}/activate`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Tournament activated successfully');
    const active = (await allTournamentRows()).filter((row) => row.active);
    expect(active.map((row) => row.name)).toEqual(['Winter Swiss']);
    // The very next read shows the new event: the activation invalidates this process's snapshot itself
    // instead of waiting for the change feed (issue 36: the old event showed for 0.05–0.2 s).
    const home = await publicHome();
    expect(home.tournament?.name).toBe('Winter Swiss');
    expect(home.tournament?.totalRounds).toBe(7);
    expect((await logsOf('activate_tournament')).map((log) => log.metadata)).toEqual([
      { tournamentId: winter.id },
    ]);

    // Two activations at once still leave one active tournament.
    const spring = (await byName('Spring Swiss'))!;
    const demo = (await byName('Schools Team Chess Championship 2025'))!;
    const both = await Promise.all([
      call('POST', `/api/admin/tournaments/${spring.id}/activate`),
      call('POST', `/api/admin/tournaments/${demo.id}/activate`),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    // Which of the two lands last is up to the database (PostgreSQL runs them side by side): one of them, alone.
    const activeNow = (await allTournamentRows()).filter((row) => row.active).map((row) => row.name);
    expect(activeNow).toHaveLength(1);
    expect(['Spring Swiss', 'Schools Team Chess Championship 2025']).toContain(activeNow[0]);
    expect((await call('POST', `/api/admin/tournaments/${NO_SUCH_ID}/activate`)).statusCode).toBe(404);
    expect((await allTournamentRows()).filter((row) => row.active)).toHaveLength(1);
  });

  it('archives a tournament: archived_at set, no longer active, still listed; activating restores it', async () => {
    const spring = (await byName('Spring Swiss'))!;
    await call('POST', `/api/admin/tournaments/${spring.id}/activate`);
    const response = await call('POST', `/api/admin/tournaments/${spring.id}/archive`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Tournament archived successfully');
    const archived = await byName('Spring Swiss');
    expect(archived?.active).toBe(false);
    expect(archived?.archivedAt).not.toBeNull();
    expect((await list()).at(-1)?.name).toBe('Spring Swiss');
    expect((await allTournamentRows()).filter((row) => row.active)).toHaveLength(0);
    await eventually(async () => ((await publicHome()).tournament === null ? true : undefined));
    expect((await logsOf('archive_tournament'))[0]?.metadata).toMatchObject({ wasActive: true });

    const again = await call('POST', `/api/admin/tournaments/${spring.id}/archive`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(TOURNAMENT_MESSAGES.alreadyArchived);

    const demo = (await byName('Schools Team Chess Championship 2025'))!;
    await call('POST', `/api/admin/tournaments/${demo.id}/activate`);
    await call('POST', `/api/admin/tournaments/${spring.id}/activate`);
    expect(await byName('Spring Swiss')).toMatchObject({ active: true, archivedAt: null });
    await call('POST', `/api/admin/tournaments/${demo.id}/activate`);
  });

  describe('announcements', () => {
    const listAnnouncements = async (query = '') =>
      adminAnnouncementsResponseSchema.parse((await call('GET', `/api/admin/announcements${query}`)).json());

    it('lists the active tournament’s announcements, newest first', async () => {
      const { tournamentId, announcements: listed } = await listAnnouncements();
      expect(tournamentId).toBe((await byName('Schools Team Chess Championship 2025'))?.id);
      expect(listed.length).toBeGreaterThan(0);
      const times = listed.map((announcement) => announcement.createdAt);
      expect(times).toEqual([...times].sort().reverse());
      const winter = (await byName('Winter Swiss'))!;
      expect((await listAnnouncements(`?tournamentId=${winter.id}`)).announcements).toEqual([]);
      expect((await call('GET', `/api/admin/announcements?tournamentId=${NO_SUCH_ID}`)).statusCode).toBe(404);
    });

    it('publishes an announcement that the public home page shows, edits it and deletes it', async () => {
      const created = await call('POST', '/api/admin/announcements', {
        content: '  Prize giving at 17:00 in the main hall  ',
      });
      expect(created.statusCode, created.body).toBe(201);
      const { id, content } = created.json().announcement as { id: string; content: string };
      expect(content).toBe('<p>Prize giving at 17:00 in the main hall</p>');
      const shown = await eventually(async () => {
        const home = await publicHome();
        return home.announcements[0]?.content === content ? home : undefined;
      });
      expect(shown.announcements.length).toBeLessThanOrEqual(5);

      const edited = await call('PUT', `/api/admin/announcements/${id}`, {
        content: 'Prize giving moved to 17:30',
      });
      expect(edited.statusCode, edited.body).toBe(200);
      await eventually(async () =>
        (await publicHome()).announcements[0]?.content === '<p>Prize giving moved to 17:30</p>'
          ? true
          : undefined,
      );

      const deleted = await call('DELETE', `/api/admin/announcements/${id}`);
      expect(deleted.json().message).toBe(TOURNAMENT_MESSAGES.announcementDeleted);
      await eventually(async () =>
        (await publicHome()).announcements.some((a) => a.content === '<p>Prize giving moved to 17:30</p>')
          ? undefined
          : true,
      );
      expect((await call('DELETE', `/api/admin/announcements/${id}`)).statusCode).toBe(404);

      const logs = await t.database.db
        .select()
        .from(systemLogs)
        .where(eq(systemLogs.eventType, 'tournament_management'));
      const actions = logs.map((log) => log.actionType);
      expect(actions).toEqual(
        expect.arrayContaining(['create_announcement', 'update_announcement', 'delete_announcement']),
      );
      expect(new Set(logs.map((log) => log.userId))).toEqual(new Set([superadminId]));
    });

    it('adds to a named tournament, and refuses when there is no such tournament', async () => {
      const winter = (await byName('Winter Swiss'))!;
      const created = await call('POST', '/api/admin/announcements', {
        content: 'Pairings at 9',
        tournamentId: winter.id,
      });
      expect(created.statusCode).toBe(201);
      expect(
        (await listAnnouncements(`?tournamentId=${winter.id}`)).announcements.map((a) => a.content),
      ).toEqual(['<p>Pairings at 9</p>']);
      const missing = await call('POST', '/api/admin/announcements', {
        content: 'Nowhere',
        tournamentId: NO_SUCH_ID,
      });
      expect(missing.statusCode).toBe(404);
    });

    it('refuses empty, too long or unknown-field announcements with 400, changing nothing', async () => {
      const before = await t.database.db.select().from(announcements).orderBy(asc(announcements.id));
      const [first] = before;
      for (const body of [
        { content: '   ' },
        { content: 'x'.repeat(RICH_TEXT_LIMITS.announcement.characters + 1) },
        { content: '<script>alert(1)</script>' },
        { content: 'ok', pinned: true },
        {},
      ]) {
        expect((await call('POST', '/api/admin/announcements', body)).statusCode, JSON.stringify(body)).toBe(
          400,
        );
        expect((await call('PUT', `/api/admin/announcements/${first!.id}`, body)).statusCode).toBe(400);
      }
      const longest = await call('POST', '/api/admin/announcements', {
        content: 'x'.repeat(RICH_TEXT_LIMITS.announcement.characters),
      });
      expect(longest.statusCode).toBe(201);
      await call('DELETE', `/api/admin/announcements/${longest.json().announcement.id}`);
      expect(await t.database.db.select().from(announcements).orderBy(asc(announcements.id))).toEqual(before);
    });

    it('answers "No active tournament" when there is none to add to', async () => {
      await t.database.db.update(tournaments).set({ active: false });
      const response = await call('POST', '/api/admin/announcements', { content: 'Anyone there?' });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe('No active tournament');
      expect(await listAnnouncements()).toEqual({ tournamentId: null, announcements: [] });
    });
  });
});
