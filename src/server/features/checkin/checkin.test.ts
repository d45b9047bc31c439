import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAuth,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import {
  CHECKIN_MESSAGES,
  CHECKIN_SEARCH_LIMIT,
  checkinActionResponseSchema,
  checkinOverviewSchema,
  checkinSearchResponseSchema,
} from '../../../contracts/checkin';
import { SETTING_KEYS } from '../../../contracts/settings';
import { deleteSetting, readSetting, saveSetting } from '../../core/settings/settings.repo';
import { user } from '../../db/schema/auth';
import { systemLogs } from '../../db/schema/settings';
import { players, tournaments } from '../../db/schema/tournaments';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

describe('check-in', () => {
  let t: TestApp;
  let clock = Date.parse('2026-11-22T08:30:00Z');
  const cookies: Record<'superadmin' | 'admin' | 'arbiter' | 'player', string> = {
    superadmin: '',
    admin: '',
    arbiter: '',
    player: '',
  };

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_PUBLIC_URL },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const db = () => t.database.db;
  const search = async (text: string, cookie = cookies.admin) => {
    const response = await call(
      'GET',
      `/api/admin/checkin/players?${new URLSearchParams({ search: text })}`,
      cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    return checkinSearchResponseSchema.parse(response.json());
  };
  const playerNamed = async (name: string) =>
    (await db().select().from(players).where(eq(players.name, name)))[0]!;
  const setOpen = (open: boolean) => call('PUT', '/api/admin/checkin/state', cookies.superadmin, { open });
  const state = async (cookie = cookies.admin) =>
    (await call('GET', '/api/admin/checkin/state', cookie)).json();
  const checkIn = (id: string, cookie = cookies.admin) =>
    call('POST', `/api/admin/checkin/players/${id}`, cookie);
  const undo = (id: string, cookie = cookies.admin) =>
    call('DELETE', `/api/admin/checkin/players/${id}`, cookie);
  const logsOf = async (actionType: string) =>
    (await db().select().from(systemLogs)).filter((row) => row.actionType === actionType);

  beforeAll(async () => {
    t = await startTestApp('pglite', { now: () => clock });
    await seedDemoAccounts(db(), createTestAuth(t.database));
    for (const [who, email] of [
      ['superadmin', 'superadmin@demo.test'],
      ['admin', 'admin@demo.test'],
      ['arbiter', 'arbiter@demo.test'],
      ['player', 'player@demo.test'],
    ] as const) {
      cookies[who] = (await signIn(t.app, email, DEMO_PASSWORD)).cookie;
    }
  });
  afterAll(async () => t?.close());

  describe('open and closed', () => {
    it('is closed when the setting is missing, malformed or false, and open only when it says so', async () => {
      expect(await readSetting(db(), SETTING_KEYS.checkinOpen)).toBe(false); // the demo seed
      expect(await state()).toEqual({ open: false });
      await deleteSetting(db(), SETTING_KEYS.checkinOpen);
      expect(await state()).toEqual({ open: false });
      await saveSetting(db(), SETTING_KEYS.checkinOpen, 'yes');
      expect(await state()).toEqual({ open: false });
      await saveSetting(db(), SETTING_KEYS.checkinOpen, { open: true });
      expect(await state()).toEqual({ open: true });
      await saveSetting(db(), SETTING_KEYS.checkinOpen, false);
      expect(await state()).toEqual({ open: false });
    });

    it('is opened and closed from the settings page, with a system log row naming who did it', async () => {
      const opened = await setOpen(true);
      expect(opened.json()).toEqual({ open: true, message: 'Check-in opened' });
      expect(await state(cookies.arbiter)).toEqual({ open: true });
      const closed = await setOpen(false);
      expect(closed.json()).toEqual({ open: false, message: 'Check-in closed' });
      expect(await state()).toEqual({ open: false });

      const [superadminId] = await db()
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, 'superadmin@demo.test'));
      const openLogs = await logsOf('open_checkin');
      expect(openLogs).toHaveLength(1);
      expect(openLogs[0]).toMatchObject({
        eventType: 'checkin',
        description: 'Check-in opened',
        userId: superadminId!.id,
      });
      expect(await logsOf('close_checkin')).toHaveLength(1);
    });

    it('refuses a malformed change, and anyone without access_checkin_settings, changing nothing', async () => {
      for (const body of [{}, { open: 'yes' }, { open: true, extra: 1 }]) {
        expect((await call('PUT', '/api/admin/checkin/state', cookies.superadmin, body)).statusCode).toBe(
          400,
        );
      }
      expect((await call('PUT', '/api/admin/checkin/state', cookies.admin, { open: true })).statusCode).toBe(
        403,
      );
      expect(
        (await call('PUT', '/api/admin/checkin/state', cookies.arbiter, { open: true })).statusCode,
      ).toBe(403);
      expect(await state()).toEqual({ open: false });
      expect(await logsOf('open_checkin')).toHaveLength(1);
    });
  });

  describe('the desk', () => {
    it('finds players by name or team without case or accents, and finds nobody for an empty search', async () => {
      const byName = await search('POLGAR');
      expect(byName.players.map((p) => p.name)).toEqual(['Judit Polgár', 'Susan Polgar']);
      expect(byName.players[0]).toMatchObject({
        team: "St Kevin's A",
        schoolName: "St Kevin's",
        isWithdrawn: false,
        checkedInAt: null,
      });
      expect(byName.tournament?.name).toBe('Schools Team Chess Championship 2025');
      expect(byName.counts).toEqual({ checkedIn: 0, total: 56 });

      const byTeam = await search('kevins a');
      expect(byTeam.players.map((p) => p.name).sort()).toEqual(
        ['Garry Kasparov', 'Judit Polgár', 'Magnus Carlsen', 'Vera Menchik'].sort(),
      );
      expect((await search('colaiste bride')).players).toHaveLength(8);
      expect((await search('polgar kevin')).players.map((p) => p.name)).toEqual(['Judit Polgár']);
      expect((await search('   ')).players).toEqual([]);
      expect((await search('nobody-by-this-name')).players).toEqual([]);
    });

    it('sends at most one page of players for a broad search and says more matched', async () => {
      const [tournament] = await db().select().from(tournaments).where(eq(tournaments.active, true));
      const extra = await db()
        .insert(players)
        .values(
          Array.from({ length: CHECKIN_SEARCH_LIMIT + 5 }, (_, index) => ({
            tournamentId: tournament!.id,
            name: `Pupil ${String(index + 1).padStart(3, '0')}`,
            groupName: 'Overflow A',
          })),
        )
        .returning({ id: players.id });
      const broad = await search('overflow');
      expect(broad.players).toHaveLength(CHECKIN_SEARCH_LIMIT);
      expect(broad.isTruncated).toBe(true);
      expect(broad.counts.total).toBe(56 + CHECKIN_SEARCH_LIMIT + 5);
      expect((await search('pupil 055')).isTruncated).toBe(false);
      await db()
        .delete(players)
        .where(
          inArray(
            players.id,
            extra.map((row) => row.id),
          ),
        );
    });

    it('refuses to check in or undo while check-in is closed', async () => {
      const judit = await playerNamed('Judit Polgár');
      const refused = await checkIn(judit.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe(CHECKIN_MESSAGES.closed);
      expect(refused.json().error).toMatch(/^Check-in is closed/);
      expect((await playerNamed('Judit Polgár')).checkedInAt).toBeNull();
      expect((await undo(judit.id)).statusCode).toBe(409);
    });

    it('checks a player in at the server time, idempotently, and undoes it; the counts follow', async () => {
      await setOpen(true);
      const judit = await playerNamed('Judit Polgár');
      const first = await checkIn(judit.id);
      expect(first.statusCode, first.body).toBe(200);
      const body = checkinActionResponseSchema.parse(first.json());
      expect(body.message).toBe('Judit Polgár checked in');
      expect(body.player.checkedInAt).toBe('2026-11-22T08:30:00.000Z');
      expect((await playerNamed('Judit Polgár')).checkedInAt?.toISOString()).toBe('2026-11-22T08:30:00.000Z');

      clock += 60_000;
      const again = await checkIn(judit.id, cookies.arbiter);
      expect(again.statusCode).toBe(200);
      expect(again.json().message).toBe('Judit Polgár was already checked in');
      expect(again.json().player.checkedInAt).toBe('2026-11-22T08:30:00.000Z');
      expect((await search('polgar')).counts).toEqual({ checkedIn: 1, total: 56 });
      // A row keeps its place when its player is checked in.
      expect((await search('polgar')).players.map((p) => p.name)).toEqual(['Judit Polgár', 'Susan Polgar']);

      const undone = await undo(judit.id);
      expect(undone.json()).toMatchObject({
        message: 'Check-in undone for Judit Polgár',
        player: { checkedInAt: null },
      });
      expect((await playerNamed('Judit Polgár')).checkedInAt).toBeNull();
      expect((await undo(judit.id)).statusCode).toBe(200);
      expect((await search('polgar')).counts).toEqual({ checkedIn: 0, total: 56 });

      expect((await checkIn(judit.id)).json().player.checkedInAt).toBe('2026-11-22T08:31:00.000Z');
    });

    it('refuses a withdrawn player, whom the desk lists as withdrawn and the counts leave out', async () => {
      const vera = await playerNamed('Vera Menchik');
      await db().update(players).set({ active: false }).where(eq(players.id, vera.id));
      const found = await search('menchik');
      expect(found.players[0]).toMatchObject({ name: 'Vera Menchik', isWithdrawn: true });
      expect(found.counts.total).toBe(55);
      const refused = await checkIn(vera.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe(CHECKIN_MESSAGES.withdrawn);
      expect((await playerNamed('Vera Menchik')).checkedInAt).toBeNull();
      await db().update(players).set({ active: true }).where(eq(players.id, vera.id));
    });

    it('only touches players of the active tournament, and refuses an id that is not one', async () => {
      const [other] = await db().insert(tournaments).values({ name: 'Last year', active: false }).returning();
      const [stranger] = await db()
        .insert(players)
        .values({ tournamentId: other!.id, name: 'Pupil Elsewhere', groupName: 'Elsewhere A' })
        .returning();
      const refused = await checkIn(stranger!.id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error).toBe('Player not found');
      expect((await search('elsewhere')).players).toEqual([]);
      expect((await checkIn('not-a-uuid')).statusCode).toBe(400);
      expect(
        (await db().select().from(players).where(eq(players.id, stranger!.id)))[0]?.checkedInAt,
      ).toBeNull();
    });

    it('corrects a name at the desk, even while closed, trimmed, logged with the old and new name', async () => {
      const tal = await playerNamed('Mikhail Tal');
      await setOpen(false);
      const renamed = await call('PUT', `/api/admin/checkin/players/${tal.id}/name`, cookies.arbiter, {
        name: '  Mikhail   Nekhemevich Tal ',
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({
        message: 'Name changed to Mikhail Nekhemevich Tal',
        player: { name: 'Mikhail Nekhemevich Tal' },
      });
      expect((await db().select().from(players).where(eq(players.id, tal.id)))[0]?.name).toBe(
        'Mikhail Nekhemevich Tal',
      );
      const [log] = await logsOf('rename_player');
      expect(log?.metadata).toEqual({ playerId: tal.id, from: 'Mikhail Tal', to: 'Mikhail Nekhemevich Tal' });

      for (const body of [{ name: '   ' }, { name: 'x'.repeat(101) }, { name: 'Tal', team: 'B' }, {}]) {
        const refused = await call('PUT', `/api/admin/checkin/players/${tal.id}/name`, cookies.admin, body);
        expect(refused.statusCode).toBe(400);
      }
      expect((await db().select().from(players).where(eq(players.id, tal.id)))[0]?.name).toBe(
        'Mikhail Nekhemevich Tal',
      );
      expect(await logsOf('rename_player')).toHaveLength(1);
      await setOpen(true);
    });

    it('is closed to players and to staff without the desk permission', async () => {
      const judit = await playerNamed('Susan Polgar');
      expect((await checkIn(judit.id, cookies.player)).statusCode).toBe(403);
      expect((await call('GET', '/api/admin/checkin/players?search=polgar', cookies.player)).statusCode).toBe(
        403,
      );
      expect((await call('GET', '/api/admin/checkin/overview', cookies.arbiter)).statusCode).toBe(403);
      expect((await playerNamed('Susan Polgar')).checkedInAt).toBeNull();
    });
  });

  describe('the overview', () => {
    it('counts checked-in and total players by school and team and lists who is missing', async () => {
      const kevinsA = await search("St Kevin's A");
      for (const player of kevinsA.players) await checkIn(player.id);
      await checkIn((await playerNamed('Susan Polgar')).id);
      const response = await call('GET', '/api/admin/checkin/overview', cookies.admin);
      expect(response.statusCode).toBe(200);
      const overview = checkinOverviewSchema.parse(response.json());
      expect(overview.counts).toEqual({ checkedIn: 5, total: 56, inHall: 5 });
      expect(overview.schools.find((s) => s.name === "St Kevin's")).toEqual({
        name: "St Kevin's",
        checkedIn: 4,
        total: 8,
      });
      expect(overview.schools.find((s) => s.name === 'Coláiste Bríde')).toMatchObject({
        checkedIn: 1,
        total: 8,
      });
      expect(overview.schools).toHaveLength(8);
      expect(overview.teams.find((team) => team.name === "St Kevin's A")).toEqual({
        name: "St Kevin's A",
        schoolName: "St Kevin's",
        checkedIn: 4,
        total: 4,
      });
      expect(overview.teams).toHaveLength(14);
      expect(overview.missing).toHaveLength(51);
      expect(overview.missing.map((p) => p.name)).not.toContain('Susan Polgar');
      expect(overview.missing.every((p) => p.checkedInAt === null)).toBe(true);
    });
  });

  describe('without an active tournament', () => {
    it('shows empty counts and refuses check-in with the required message', async () => {
      const susan = await playerNamed('Susan Polgar');
      await db().update(tournaments).set({ active: false });
      const found = await search('polgar');
      expect(found).toEqual({
        tournament: null,
        counts: { checkedIn: 0, total: 0 },
        players: [],
        isTruncated: false,
      });
      const refused = await undo(susan.id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error).toBe('No active tournament');
      expect((await call('GET', '/api/admin/checkin/overview', cookies.admin)).json()).toMatchObject({
        tournament: null,
        missing: [],
      });
    });
  });
});
