import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAuth,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { silentLogger } from '../../../../tests/support/server/test-database';
import { BADGE_MESSAGES, type BadgeHolder, badgeListSchema } from '../../../contracts/badges';
import {
  CHECKIN_MESSAGES,
  checkinOverviewSchema,
  schoolActionResponseSchema,
} from '../../../contracts/checkin';
import { KIOSK_MESSAGES, kioskScanResponseSchema } from '../../../contracts/kiosk';
import { DEFAULT_TEAM_PRICE_CENTS, SETTING_KEYS } from '../../../contracts/settings';
import { formatBadgeCode } from '../../../domain/badges';
import { createClock } from '../../clock';
import { saveSetting } from '../../core/settings/settings.repo';
import { securityAuditLog } from '../../db/schema/accounts';
import { crmTasks } from '../../db/schema/crm';
import { registrations } from '../../db/schema/registrations';
import { players } from '../../db/schema/tournaments';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';
import { CrmSync } from '../crm/crm-sync';

/** Badge tokens, the door kiosk, whole-school check-in and sign-out (issue #16, ADR 031). */
describe('badges and the kiosk', () => {
  let t: TestApp;
  let clock = Date.parse('2026-11-22T08:30:00Z');
  const cookies = { superadmin: '', admin: '', player: '' };
  const db = () => t.database.db;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_PUBLIC_URL },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const setOpen = (open: boolean) => saveSetting(db(), SETTING_KEYS.checkinOpen, open, null);
  const scan = (payload: object, cookie = cookies.admin) => call('POST', '/api/kiosk/scan', cookie, payload);
  const list = async () => {
    const response = await call('GET', '/api/admin/badges', cookies.superadmin);
    expect(response.statusCode, response.body).toBe(200);
    return badgeListSchema.parse(response.json());
  };
  const holder = async (name: string): Promise<BadgeHolder> => {
    const { players: found, schools } = await list();
    return [...found, ...schools].find((entry) => entry.name === name)!;
  };
  const playerRow = async (name: string) =>
    (await db().select().from(players).where(eq(players.name, name)))[0]!;

  beforeAll(async () => {
    t = await startTestApp('pglite', { now: () => clock });
    await seedDemoAccounts(db(), createTestAuth(t.database));
    cookies.superadmin = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    cookies.admin = (await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD)).cookie;
    cookies.player = (await signIn(t.app, 'player@demo.test', DEMO_PASSWORD)).cookie;
    await setOpen(true);
  });
  afterAll(async () => t?.close());

  it('issues an opaque token and a short code to every player and school, once', async () => {
    const before = await list();
    expect(before.players.length).toBeGreaterThan(20);
    expect(before.players.every((entry) => entry.badge === null)).toBe(true);
    const issued = await call('POST', '/api/admin/badges/issue', cookies.superadmin);
    expect(issued.json()).toEqual({
      issued: before.players.length + before.schools.length,
      message: BADGE_MESSAGES.issued(before.players.length + before.schools.length),
    });
    const after = await list();
    const badges = [...after.players, ...after.schools].map((entry) => entry.badge!);
    expect(badges.every((badge) => /^[a-z2-7]{26}$/.test(badge.token))).toBe(true);
    expect(badges.every((badge) => /^[0-9A-HJKMNP-TV-Z]{8}$/.test(badge.code))).toBe(true);
    expect(new Set(badges.map((badge) => badge.token)).size).toBe(badges.length);
    expect(new Set(badges.map((badge) => badge.code)).size).toBe(badges.length);
    // Never a name or an id in the token.
    const first = after.players[0]!;
    expect(first.badge!.token).not.toContain(first.id.slice(0, 8));
    const again = await call('POST', '/api/admin/badges/issue', cookies.superadmin);
    expect(again.json().issued).toBe(0);
  });

  it('refuses the badge routes to staff without the check-in settings permission', async () => {
    const someone = (await list()).players[0]!;
    for (const cookie of [cookies.admin, cookies.player]) {
      expect((await call('GET', '/api/admin/badges', cookie)).statusCode).toBe(403);
      expect((await call('POST', '/api/admin/badges/issue', cookie)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/admin/badges/player/${someone.id}`, cookie)).statusCode).toBe(403);
    }
    expect((await call('POST', '/api/kiosk/scan', cookies.player, { code: 'ABCD2345' })).statusCode).toBe(
      403,
    );
    expect((await call('POST', '/api/kiosk/scan', '', { code: 'ABCD2345' })).statusCode).toBe(401);
  });

  it('checks a pupil in from their token and shows their board in the round under way', async () => {
    const pupil = (await list()).players.find((entry) => entry.team !== null)!;
    const response = await scan({ token: pupil.badge!.token });
    expect(response.statusCode, response.body).toBe(200);
    const body = kioskScanResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      kind: 'player',
      outcome: 'checked-in',
      message: KIOSK_MESSAGES.welcome(pupil.name),
      player: { name: pupil.name, source: 'kiosk', signedOutAt: null },
    });
    // The demo tournament's round 3 is under way: the pupil has a board, a colour and an opponent.
    if (body.kind !== 'player') throw new Error('expected a player');
    expect(body.pairing).toMatchObject({ roundNumber: 3 });
    expect(body.pairing?.board ?? body.pairing?.bye).toBeTruthy();
    expect((await playerRow(pupil.name)).checkinSource).toBe('kiosk');

    // The same badge again is "already checked in", keeping the first time.
    clock += 60_000;
    const again = kioskScanResponseSchema.parse((await scan({ token: pupil.badge!.token })).json());
    expect(again).toMatchObject({
      outcome: 'already-checked-in',
      message: KIOSK_MESSAGES.alreadyCheckedIn(pupil.name),
    });
    expect(again.kind === 'player' && again.player.checkedInAt).toBe(body.player.checkedInAt);
  });

  it('takes the typed code however it is typed, with O for 0 and I or L for 1', async () => {
    const [, second] = (await list()).players;
    const typed = formatBadgeCode(second!.badge!.code)
      .toLowerCase()
      .replace('-', ' ')
      .replaceAll('0', 'o')
      .replaceAll('1', 'l');
    expect((await scan({ code: typed })).json()).toMatchObject({ outcome: 'checked-in' });
  });

  it('says only "unknown badge" for a token or code that names nothing', async () => {
    for (const body of [
      { token: 'a'.repeat(26) },
      { token: 'not a token' },
      { code: 'ZZZZ-ZZZZ' },
      { code: 'x' },
    ]) {
      const response = await scan(body);
      expect(response.statusCode).toBe(404);
      expect(Object.keys(response.json()).sort()).toEqual(['code', 'error', 'requestId']);
      expect(response.json()).toMatchObject({ error: KIOSK_MESSAGES.unknownBadge, code: 'unknown-badge' });
    }
    // Neither or both of token and code is a bad request.
    expect((await scan({})).statusCode).toBe(400);
    expect((await scan({ token: 'a'.repeat(26), code: 'ABCD2345' })).statusCode).toBe(400);
  });

  it('refuses a revoked badge, and a reissue makes the old token revoked and the new one work', async () => {
    const pupil = (await list()).players[5]!;
    const old = pupil.badge!;
    const reissued = await call('POST', `/api/admin/badges/player/${pupil.id}/reissue`, cookies.superadmin);
    expect(reissued.statusCode, reissued.body).toBe(200);
    expect(reissued.json()).toMatchObject({
      message: BADGE_MESSAGES.reissued(pupil.name),
      holder: { revokedCount: 1 },
    });
    const fresh = (await holder(pupil.name)).badge!;
    expect(fresh.token).not.toBe(old.token);
    for (const body of [{ token: old.token }, { code: old.code }]) {
      const refused = await scan(body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: KIOSK_MESSAGES.revokedBadge, code: 'revoked-badge' });
    }
    expect((await playerRow(pupil.name)).checkedInAt).toBeNull();
    expect((await scan({ token: fresh.token })).json()).toMatchObject({ outcome: 'checked-in' });

    const revoked = await call('DELETE', `/api/admin/badges/player/${pupil.id}`, cookies.superadmin);
    expect(revoked.json()).toMatchObject({ holder: { badge: null, revokedCount: 2 } });
    expect((await scan({ token: fresh.token })).statusCode).toBe(409);
    expect((await call('DELETE', '/api/admin/badges/player/not-a-uuid', cookies.superadmin)).statusCode).toBe(
      400,
    );
  });

  it('refuses while check-in is closed and changes nothing', async () => {
    const pupil = (await list()).players[8]!;
    await setOpen(false);
    const refused = await scan({ token: pupil.badge!.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(KIOSK_MESSAGES.closed);
    expect((await playerRow(pupil.name)).checkedInAt).toBeNull();
    await setOpen(true);
  });

  it('checks a whole school in from its badge, leaving the pupils ticked absent, and the CRM ticks "arrived"', async () => {
    const school = (await list()).schools.find((entry) => entry.name === 'Loreto College')!;
    // The CRM follows a school with a registration.
    await db()
      .insert(registrations)
      .values({
        reference: 'REG-KIOSK-01',
        registrantName: 'Teacher',
        registrantEmail: 'teacher@school.example',
        schoolName: school.name,
        schoolId: school.id,
        teamCount: 2,
        amountCents: 2 * DEFAULT_TEAM_PRICE_CENTS,
      });
    const sync = new CrmSync({
      db: db(),
      clock: createClock(() => clock),
      logger: silentLogger,
      isPaused: () => false,
    });
    const arrived = async () =>
      (
        await db()
          .select({ state: crmTasks.state })
          .from(crmTasks)
          .where(and(eq(crmTasks.schoolId, school.id), eq(crmTasks.kind, 'arrived')))
      )[0]?.state;
    await sync.syncAll();
    expect(await arrived()).not.toBe('done');

    const scanned = kioskScanResponseSchema.parse((await scan({ token: school.badge!.token })).json());
    if (scanned.kind !== 'school') throw new Error('expected a school');
    expect(scanned.message).toBe(KIOSK_MESSAGES.schoolFound(school.name));
    expect(scanned.players.length).toBe(8);
    const absent = scanned.players.find((p) => p.checkedInAt === null);
    const before = scanned.players.filter((p) => p.checkedInAt !== null).length;
    const url = `/api/admin/checkin/schools/${school.id}`;
    const done = await call('POST', url, cookies.admin, {
      action: 'check-in',
      absentPlayerIds: [absent!.id],
    });
    expect(done.statusCode, done.body).toBe(200);
    const result = schoolActionResponseSchema.parse(done.json());
    const changed = 7 - before;
    expect(result).toMatchObject({
      changed,
      message: CHECKIN_MESSAGES.schoolCheckedIn(changed, school.name),
    });
    expect(result.players.filter((p) => p.source === 'school')).toHaveLength(changed);
    expect(result.players.find((p) => p.id === absent!.id)?.checkedInAt).toBeNull();
    await sync.syncAll();
    expect(await arrived()).not.toBe('done');

    // The late pupil arrives: now every pupil is in, and the CRM's "arrived" follows.
    expect((await call('POST', url, cookies.admin, { action: 'check-in' })).json().changed).toBe(1);
    await sync.syncAll();
    expect(await arrived()).toBe('done');

    // A pupil of another school ticked absent is refused and nothing changes.
    const other = (await list()).players.find((p) => p.schoolName !== school.name)!;
    const wrong = await call('POST', url, cookies.admin, { action: 'sign-out', absentPlayerIds: [other.id] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(CHECKIN_MESSAGES.absentNotInSchool);
  });

  it('signs pupils out at pick-up and the overview shows who is still in the hall and each source', async () => {
    const school = (await list()).schools.find((entry) => entry.name === 'Loreto College')!;
    const url = `/api/admin/checkin/schools/${school.id}`;
    const pupils = schoolActionResponseSchema.parse(
      (await call('POST', url, cookies.admin, { action: 'check-in' })).json(),
    ).players;
    const staying = pupils[1]!;
    const badge = (await holder(pupils[2]!.name)).badge!;
    await setOpen(false); // sign-out works after check-in has closed
    clock += 6 * 3600_000;
    const goodbye = kioskScanResponseSchema.parse(
      (await scan({ token: badge.token, action: 'sign-out' })).json(),
    );
    expect(goodbye).toMatchObject({
      outcome: 'signed-out',
      message: KIOSK_MESSAGES.goodbye(pupils[2]!.name),
      player: { signedOutAt: new Date(clock).toISOString() },
    });
    const rest = schoolActionResponseSchema.parse(
      (await call('POST', url, cookies.admin, { action: 'sign-out', absentPlayerIds: [staying.id] })).json(),
    );
    expect(rest.changed).toBe(6); // 8 pupils, one signed out at the kiosk, one staying
    expect((await scan({ token: badge.token, action: 'sign-out' })).json()).toMatchObject({
      outcome: 'already-signed-out',
    });

    // A pupil never checked in cannot be signed out.
    const notYetIn = await db()
      .select({ name: players.name })
      .from(players)
      .where(isNull(players.checkedInAt));
    const absentee = (await list()).players.find(
      (p) => p.badge !== null && notYetIn.some((row) => row.name === p.name),
    )!;
    const notIn = await scan({ token: absentee.badge!.token, action: 'sign-out' });
    expect(notIn.statusCode).toBe(409);
    expect(notIn.json().error).toBe(KIOSK_MESSAGES.notCheckedIn(absentee.name));
    expect((await playerRow(absentee.name)).signedOutAt).toBeNull();

    const overview = checkinOverviewSchema.parse(
      (await call('GET', '/api/admin/checkin/overview', cookies.admin)).json(),
    );
    const loreto = overview.arrivals.filter((p) => p.schoolName === school.name);
    expect(loreto.filter((p) => p.signedOutAt === null).map((p) => p.name)).toEqual([staying.name]);
    expect(new Set(overview.arrivals.map((p) => p.source))).toEqual(new Set(['kiosk', 'school']));
    expect(overview.counts.inHall).toBe(overview.counts.checkedIn - 7);
  });

  it('records the source the desk and an offline replay send', async () => {
    await setOpen(true);
    const notYetIn = await db().select({ id: players.id }).from(players).where(isNull(players.checkedInAt));
    const [first, second] = notYetIn;
    const desk = await call('POST', `/api/admin/checkin/players/${first!.id}`, cookies.admin);
    expect(desk.json().player.source).toBe('desk');
    const replay = await call('POST', `/api/admin/checkin/players/${second!.id}`, cookies.admin, {
      source: 'offline',
    });
    expect(replay.json().player.source).toBe('offline');
    const bad = await call('POST', `/api/admin/checkin/players/${second!.id}`, cookies.admin, {
      source: 'magic',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('takes a scan kept offline once however often it arrives, dated when it was scanned', async () => {
    await setOpen(true);
    const [pupil, another] = await db()
      .select({ id: players.id, name: players.name })
      .from(players)
      .where(isNull(players.checkedInAt));
    const badge = (await holder(pupil!.name)).badge!;
    const scannedAt = new Date(clock - 7 * 60_000).toISOString();
    const kept = { token: badge.token, source: 'offline', clientId: crypto.randomUUID(), madeAt: scannedAt };
    const first = await scan(kept);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(KIOSK_MESSAGES.welcome(pupil!.name));
    // The answer was lost on the way: the device sends it again and gets the same answer, not "already".
    const again = await scan(kept);
    expect(again.json()).toEqual(first.json());
    const row = await playerRow(pupil!.name);
    expect(row.checkedInAt?.toISOString()).toBe(scannedAt);
    expect(row.checkinSource).toBe('offline');
    // The same client id for another badge is refused and changes nothing.
    const reused = await scan({ ...kept, token: (await holder(another!.name)).badge!.token });
    expect(reused.statusCode).toBe(422);
    expect((await playerRow(another!.name)).checkedInAt).toBeNull();
  });

  it('leaves kiosk mode only with the staff password, and logs a wrong one', async () => {
    const wrong = await call('POST', '/api/kiosk/unlock', cookies.admin, { password: 'not the password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe(KIOSK_MESSAGES.wrongPassword);
    const logged = await db()
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.eventType, 'kiosk_unlock_refused'));
    expect(logged).toHaveLength(1);
    const right = await call('POST', '/api/kiosk/unlock', cookies.admin, { password: DEMO_PASSWORD });
    expect(right.json()).toEqual({ message: KIOSK_MESSAGES.exited });
  });
});

describe('kiosk scan limit', () => {
  it('refuses scans beyond the limit with 429 and Retry-After', async () => {
    const t = await startTestApp('pglite', { kioskScanLimit: { limit: 3, windowMs: 60_000 } });
    try {
      await seedDemoAccounts(t.database.db, createTestAuth(t.database));
      const { cookie } = await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD);
      const statuses: number[] = [];
      let retryAfter: unknown;
      for (let i = 0; i < 5; i += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/kiosk/scan',
          headers: { cookie, origin: TEST_PUBLIC_URL },
          payload: { code: 'ABCD2345' },
        });
        statuses.push(response.statusCode);
        retryAfter ??= response.headers['retry-after'];
      }
      expect(statuses).toEqual([404, 404, 404, 429, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});

/** ADR 031: wrong exit passwords are counted per device, so a pupil at one kiosk cannot lock staff out elsewhere. */
describe('kiosk unlock limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { seed: false });
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
  });
  afterAll(async () => t?.close());

  /** A staff sign-in on a device of its own (its own session), as a kiosk tablet has. */
  const device = async (email = 'admin@demo.test') => {
    const { status, cookie } = await signIn(t.app, email, DEMO_PASSWORD);
    expect(status).toBe(200);
    return cookie;
  };
  const unlock = (cookie: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/kiosk/unlock',
      headers: { cookie, origin: TEST_PUBLIC_URL },
      payload: { password },
    });

  it('locks the device after five wrong passwords, while the same account still unlocks on another device', async () => {
    const kioskA = await device();
    const kioskB = await device();
    for (let i = 0; i < 5; i += 1) {
      expect((await unlock(kioskA, `pupil guess ${i}`)).statusCode).toBe(403);
    }
    const locked = await unlock(kioskA, 'pupil guess 5');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(KIOSK_MESSAGES.tooManyUnlocks);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(500);
    // Even the right password waits on kiosk A…
    expect((await unlock(kioskA, DEMO_PASSWORD)).statusCode).toBe(429);
    // …but on kiosk B the staff member is not locked out: a wrong try is just wrong, the right one unlocks.
    expect((await unlock(kioskB, 'a typo')).statusCode).toBe(403);
    const unlocked = await unlock(kioskB, DEMO_PASSWORD);
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json()).toEqual({ message: KIOSK_MESSAGES.exited });
  });

  it('keeps a ceiling per account: six devices at their limit within ten minutes pause the others too', async () => {
    const staff = 'superadmin@demo.test';
    const statuses: number[] = [];
    for (let kiosk = 0; kiosk < 6; kiosk += 1) {
      const cookie = await device(staff);
      for (let i = 0; i < 5; i += 1) statuses.push((await unlock(cookie, `guess ${i}`)).statusCode);
    }
    expect(statuses).toEqual(Array.from({ length: 30 }, () => 403));
    const fresh = await unlock(await device(staff), DEMO_PASSWORD);
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json().error).toBe(KIOSK_MESSAGES.tooManyUnlocksOnAccount);
  });
});
