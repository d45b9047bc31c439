import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientFixture } from '../../../../tests/support/server/client-fixture';
import {
  createTestAuth,
  eventually,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { databaseTargets } from '../../../../tests/support/server/test-database';
import { SETTINGS_GATE_MESSAGES } from '../../../contracts/settings-gate';
import { ANALYTICS_MESSAGES, GEOLOCATION_URL_SETTING_KEY } from '../../../contracts/visitor-analytics';
import { NEW_VISIT_SESSIONS_PER_ADDRESS, VISITS_PER_ADDRESS } from '../../../domain/visitor-analytics';
import { saveSetting } from '../../core/settings/settings.repo';
import { systemLogs } from '../../db/schema/settings';
import { pageViewCounts, visitorLocations } from '../../db/schema/tracking';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';
import { OutboundClient, type OutboundRequest, type OutboundResponse } from '../../http/outbound';
import { OfflineGeolocation } from './geolocation';
import { readAnalytics, siteDay } from './visitor-analytics.repo';

/** An address DB-IP Lite places in Dublin, Ireland. */
const IRISH_IP = '86.43.12.9';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

describe('the offline geolocation database (ADR 034)', () => {
  it('places an Irish address in Ireland, and never looks up a private one', async () => {
    const geo = new OfflineGeolocation();
    expect(await geo.lookup(IRISH_IP)).toMatchObject({ country: 'IE', city: 'Dublin' });
    expect(await geo.lookup('2a02:8084::1')).toMatchObject({ country: 'IE' });
    expect(await geo.lookup('127.0.0.1')).toBeNull();
    expect(await geo.lookup('192.168.1.20')).toBeNull();
  });
});

describe.each(databaseTargets)('visits and page views on %s (ADR 034)', (target) => {
  let t: TestApp;
  let fixture: ReturnType<typeof createClientFixture>;
  let millis = Date.parse('2026-03-14T09:30:00Z');
  beforeAll(async () => {
    fixture = createClientFixture();
    t = await startTestApp(target, {
      clientDir: fixture.clientDir,
      // As behind the production proxy: the client's address comes from X-Forwarded-For.
      env: { NODE_ENV: 'test', TRUST_PROXY_HOPS: 1 },
      now: () => millis,
    });
  });
  afterAll(async () => {
    await t?.close();
    fixture?.remove();
  });

  const visit = (sessionId: string, path = '/leaderboard?x=1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/visits',
      headers: { 'x-forwarded-for': IRISH_IP, 'user-agent': IPHONE, origin: 'http://127.0.0.1:3000' },
      payload: { path, referrer: 'https://www.google.ie/search?q=chess', sessionId },
    });

  it('records one visit per 10 minutes per session, located offline, the address cut to its /24', async () => {
    expect((await visit('session-aaaa-1')).json()).toEqual({ recorded: true });
    millis += 9 * 60_000;
    expect((await visit('session-aaaa-1', '/')).json()).toEqual({ recorded: false });
    expect((await visit('session-bbbb-2', '/')).json()).toEqual({ recorded: true });
    millis += 2 * 60_000;
    expect((await visit('session-aaaa-1', '/home')).json()).toEqual({ recorded: true });
    const rows = await t.database.db.select().from(visitorLocations).orderBy(visitorLocations.id);
    expect(rows.map((row) => [row.sessionId, row.userData.page])).toEqual([
      ['session-aaaa-1', '/leaderboard'],
      ['session-bbbb-2', '/'],
      ['session-aaaa-1', '/home'],
    ]);
    expect(rows[0]).toMatchObject({
      ipAddress: '86.43.12.0',
      country: 'IE',
      city: 'Dublin',
      connectionType: 'visit',
      referrer: 'google.ie',
      userData: { anonymous: true, page: '/leaderboard' },
    });
    expect(rows[0]!.latitude).toBeCloseTo(53.3, 0);
    expect(JSON.stringify(rows)).not.toContain(IRISH_IP);
  });

  it('refuses a malformed visit with a 400 and stores nothing', async () => {
    const before = (await t.database.db.select().from(visitorLocations)).length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/visits',
      headers: { origin: 'http://127.0.0.1:3000' },
      payload: { path: '/', sessionId: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(await t.database.db.select().from(visitorLocations)).toHaveLength(before);
  });

  it('counts page views without consent: path, referrer domain, country and device only', async () => {
    for (const url of ['/leaderboard?name=a', '/leaderboard', '/']) {
      const page = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'x-forwarded-for': IRISH_IP, 'user-agent': IPHONE, referer: 'https://www.google.ie/' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['set-cookie']).toBeUndefined();
    }
    await t.app.inject({ method: 'GET', url: '/api/public/leaderboard' });
    const counted = await eventually(async () => {
      const rows = await t.database.db.select().from(pageViewCounts);
      return rows.reduce((sum, row) => sum + row.views, 0) >= 3 ? rows : undefined;
    }, 5_000);
    expect(
      counted
        .map(({ path, views, country, device, referrerDomain }) => ({
          path,
          views,
          country,
          device,
          referrerDomain,
        }))
        .sort((a, b) => a.path.localeCompare(b.path)),
    ).toEqual([
      { path: '/', views: 1, country: 'IE', device: 'mobile', referrerDomain: 'google.ie' },
      { path: '/leaderboard', views: 2, country: 'IE', device: 'mobile', referrerDomain: 'google.ie' },
    ]);
    const analytics = await readAnalytics(
      t.database.db,
      siteDay(new Date(millis)),
      siteDay(new Date(millis)),
    );
    expect(analytics.byCountry[0]).toEqual({ country: 'IE', pageViews: 3, visits: 3 });
    expect(analytics.byCity).toEqual([{ country: 'IE', city: 'Dublin', visits: 3 }]);
    expect(analytics.byConnection).toEqual([
      { type: 'visit', visits: 3 },
      { type: 'login', visits: 0 },
    ]);
    expect(analytics.byDevice).toEqual([{ device: 'mobile', pageViews: 3 }]);
    expect(analytics.peakMinutes.day).toBe('2026-03-14');
    expect(analytics.peakMinutes.minutes[0]).toEqual({ minute: '09:30', visits: 1 });
  });
});

describe('the external geolocation service setting (ADR 034)', () => {
  let t: TestApp;
  const cookies = { superadmin: '', admin: '', locked: '' };
  const SETTINGS_PASSWORD = 'board-room-42';
  const send = (method: 'POST' | 'PUT', url: string, cookie: string, payload: Record<string, string>) =>
    t.app.inject({ method, url, headers: { cookie, origin: TEST_PUBLIC_URL }, payload });
  beforeAll(async () => {
    t = await startTestApp('pglite');
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    cookies.superadmin = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    cookies.admin = (await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD)).cookie;
    // A second session of the superadmin that never enters the settings password.
    cookies.locked = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    const password = { newPassword: SETTINGS_PASSWORD };
    expect((await send('PUT', '/api/settings-gate/password', cookies.superadmin, password)).statusCode).toBe(
      200,
    );
    const unlock = { password: SETTINGS_PASSWORD };
    expect((await send('POST', '/api/settings-gate/unlock', cookies.superadmin, unlock)).statusCode).toBe(
      200,
    );
  });
  afterAll(async () => t?.close());

  const PATH = '/api/admin/analytics/geolocation';
  const read = (cookie = cookies.superadmin) =>
    t.app.inject({ method: 'GET', url: PATH, headers: { cookie } });
  const save = (url: string, cookie = cookies.superadmin) =>
    t.app.inject({
      method: 'PUT',
      url: PATH,
      headers: { cookie, origin: TEST_PUBLIC_URL },
      payload: { url },
    });

  it('needs the settings password: a session that has not entered it gets 403 and changes nothing', async () => {
    const refused = await save('https://geo.example.org/json/{ip}', cookies.locked);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(SETTINGS_GATE_MESSAGES.locked);
    // Not even an invalid value is judged before the password.
    expect((await save('not an address', cookies.locked)).statusCode).toBe(403);
    expect((await read()).json()).toEqual({ url: '' });
  });

  it('is off by default, takes an https address with {ip}, logs the change and turns off again', async () => {
    expect((await read()).json()).toEqual({ url: '' });
    const service = 'https://geo.example.org/json/{ip}';
    const saved = await save(service);
    expect(saved.json()).toEqual({ message: ANALYTICS_MESSAGES.geolocationSaved(service) });
    expect((await read()).json()).toEqual({ url: service });
    const [logged] = await t.database.db
      .select()
      .from(systemLogs)
      .where(eq(systemLogs.actionType, 'update_geolocation_service'));
    expect(logged?.description).toBe('Visits located by geo.example.org');

    expect((await save('')).json()).toEqual({ message: ANALYTICS_MESSAGES.geolocationSaved('') });
    expect((await read()).json()).toEqual({ url: '' });
  });

  it('names the service’s host, never its address, to the public privacy page', async () => {
    const service = async () => (await t.app.inject({ url: '/api/public/home' })).json().geolocationService;
    // Off (the earlier test turned it off again): addresses never leave the server.
    await eventually(async () => ((await service()) === null ? true : undefined));
    await save('https://geo.example.org/json/{ip}?key=s3cret-key');
    // The public snapshot reloads on the settings change (the notify trigger).
    const named = await eventually(async () => {
      const response = await t.app.inject({ url: '/api/public/home' });
      return response.json().geolocationService === 'geo.example.org' ? response : undefined;
    });
    expect(named.body).not.toContain('s3cret-key');
    await save('');
  });

  it('refuses an address without {ip} or over plain http with the reason, changing nothing', async () => {
    for (const [url, reason] of [
      ['https://geo.example.org/json', 'The address must contain {ip}'],
      ['http://geo.example.org/{ip}', 'Enter an https address containing {ip}, or leave it empty'],
    ] as const) {
      const refused = await save(url);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(reason);
    }
    expect((await read()).json()).toEqual({ url: '' });
  });

  it('refuses an internal address, however it is spelled, with the reason (400), changing nothing', async () => {
    for (const [url, host, reason] of [
      ['https://127.0.0.1/json/{ip}', '127.0.0.1', 'loopback'],
      ['https://2130706433/json/{ip}', '127.0.0.1', 'loopback'],
      ['https://0x7f000001/json/{ip}', '127.0.0.1', 'loopback'],
      ['https://0177.0.0.1/json/{ip}', '127.0.0.1', 'loopback'],
      ['https://127.1:8443/json/{ip}', '127.0.0.1', 'loopback'],
      ['https://localhost/json/{ip}', 'localhost', 'loopback'],
      ['https://[::1]/json/{ip}', '[::1]', 'loopback'],
      ['https://[::ffff:127.0.0.1]/json/{ip}', '[::ffff:7f00:1]', 'loopback (IPv4 inside IPv6)'],
      ['https://0.0.0.0/json/{ip}', '0.0.0.0', 'unspecified'],
      ['https://10.0.0.8/json/{ip}', '10.0.0.8', 'private'],
      ['https://172.20.1.1/json/{ip}', '172.20.1.1', 'private'],
      ['https://192.168.1.1/json/{ip}', '192.168.1.1', 'private'],
      ['https://169.254.169.254/latest/{ip}', '169.254.169.254', 'link-local'],
      ['https://[fe80::1]/json/{ip}', '[fe80::1]', 'link-local'],
      ['https://[fd00::1]/json/{ip}', '[fd00::1]', 'unique-local'],
      ['https://100.64.0.1/json/{ip}', '100.64.0.1', 'carrier-grade NAT'],
    ] as const) {
      const refused = await save(url);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().error, url).toBe(ANALYTICS_MESSAGES.geolocationInternalAddress(host, reason));
    }
    expect((await read()).json()).toEqual({ url: '' });
    // A public address is still taken.
    expect((await save('https://8.8.8.8/json/{ip}')).statusCode).toBe(200);
    expect((await save('')).statusCode).toBe(200);
  });

  it('is the superadmin’s alone', async () => {
    expect((await read(cookies.admin)).statusCode).toBe(403);
    expect((await save('', cookies.admin)).statusCode).toBe(403);
  });
});

/**
 * The outbound client of the app under test: it answers for `geo.example.org` itself (no test reaches the
 * internet) and counts every call; anything else goes through the real client, whose resolver knows only
 * `inside.test` (a loopback address it is not told to allow).
 */
class CountingOutbound extends OutboundClient {
  readonly calls: string[] = [];
  constructor() {
    super({ resolve: async (host) => (host === 'inside.test' ? [{ address: '127.0.0.1', family: 4 }] : []) });
  }
  override async request(url: string, init?: OutboundRequest): Promise<OutboundResponse> {
    this.calls.push(url);
    if (new URL(url).hostname !== 'geo.example.org') return super.request(url, init);
    const body = Buffer.from(
      JSON.stringify({
        ip: '198.51.100.7',
        latitude: 52.66,
        longitude: -8.63,
        country_code: 'IE',
        city: 'Limerick',
      }),
    );
    return {
      url,
      status: 200,
      ok: true,
      headers: { 'content-type': 'application/json' },
      body,
      text: () => body.toString(),
      json: () => JSON.parse(body.toString()) as unknown,
    };
  }
}

describe('visits and the external geolocation service: one lookup per session, limits per address (ADR 034, 038)', () => {
  let t: TestApp;
  let millis = Date.parse('2026-05-02T08:00:00Z');
  const outbound = new CountingOutbound();
  beforeAll(async () => {
    t = await startTestApp('pglite', {
      env: { NODE_ENV: 'test', TRUST_PROXY_HOPS: 1 },
      now: () => millis,
      outbound,
    });
  });
  afterAll(async () => t?.close());
  const setService = (url: string) => saveSetting(t.database.db, GEOLOCATION_URL_SETTING_KEY, url);
  const visit = (sessionId: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/visits',
      headers: { 'x-forwarded-for': ip, origin: TEST_PUBLIC_URL },
      payload: { path: '/leaderboard', sessionId },
    });
  const rowsFrom = async (truncated: string) =>
    (await t.database.db.select().from(visitorLocations)).filter((row) => row.ipAddress === truncated);

  it('asks the service once per visit session, however often the session posts', async () => {
    await setService('https://geo.example.org/json/{ip}');
    outbound.calls.length = 0;
    let recorded = 0;
    for (let post = 0; post < 100; post++) {
      // Every fifth post comes 11 minutes after the one before (a new visit); the others inside the cool-down.
      if (post % 5 === 0) millis += 11 * 60_000;
      const answer = await visit('session-once-0001', '198.51.100.7');
      expect(answer.statusCode).toBe(200);
      if (answer.json().recorded) recorded += 1;
    }
    expect(recorded).toBe(20);
    expect(outbound.calls).toEqual(['https://geo.example.org/json/198.51.100.7']);
    const rows = await rowsFrom('198.51.100.0');
    expect(rows).toHaveLength(20);
    // Every visit of the session keeps the place its first visit was given.
    expect(new Set(rows.map((row) => `${row.country} ${row.city}`))).toEqual(new Set(['IE Limerick']));
  });

  it('records at most 30 new sessions per address per hour: 300 forged sessions are refused with 429', async () => {
    millis += 2 * 60 * 60_000;
    outbound.calls.length = 0;
    const statuses = new Map<number, number>();
    let retryAfter = '';
    for (let session = 0; session < 300; session++) {
      const answer = await visit(`forged-${String(session).padStart(4, '0')}`, '203.0.113.50');
      statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
      if (answer.statusCode === 429) retryAfter = String(answer.headers['retry-after']);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: NEW_VISIT_SESSIONS_PER_ADDRESS.limit, 429: 270 });
    expect(Number(retryAfter)).toBeGreaterThan(3_000);
    expect(await rowsFrom('203.0.113.0')).toHaveLength(NEW_VISIT_SESSIONS_PER_ADDRESS.limit);
    expect(outbound.calls).toHaveLength(NEW_VISIT_SESSIONS_PER_ADDRESS.limit);
    // The analytics page shows no more than were allowed.
    const day = siteDay(new Date(millis));
    const analytics = await readAnalytics(t.database.db, day, day);
    expect(analytics.byConnection.find((row) => row.type === 'visit')?.visits).toBeLessThanOrEqual(
      20 + NEW_VISIT_SESSIONS_PER_ADDRESS.limit,
    );
    // Another address is not affected; the same address may start sessions again an hour later.
    expect((await visit('neighbour-0001', '198.51.100.99')).json()).toEqual({ recorded: true });
    millis += 60 * 60_000 + 1_000;
    expect((await visit('forged-next-hour', '203.0.113.50')).json()).toEqual({ recorded: true });
  });

  it('records at most 120 visits per address per hour, returning sessions included', async () => {
    millis += 2 * 60 * 60_000;
    const sessions = Array.from(
      { length: NEW_VISIT_SESSIONS_PER_ADDRESS.limit },
      (_, i) => `returning-${i}-xxxx`,
    );
    let recorded = 0;
    let refused = 0;
    for (let round = 0; round < 5; round++) {
      for (const session of sessions) {
        const answer = await visit(session, '192.0.2.77');
        if (answer.statusCode === 429) refused += 1;
        else if (answer.json().recorded) recorded += 1;
      }
      millis += 10 * 60_000 + 1_000;
    }
    expect(recorded).toBe(VISITS_PER_ADDRESS.limit);
    expect(refused).toBe(5 * sessions.length - VISITS_PER_ADDRESS.limit);
  });

  it('checks the address again at call time: a name that resolves inside is never called', async () => {
    const connections: number[] = [];
    const inside = createServer((_request, response) =>
      response.end('{"ip":"x","latitude":1,"longitude":2,"country_code":"ZZ"}'),
    );
    inside.on('connection', () => connections.push(1));
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
    try {
      const port = (inside.address() as AddressInfo).port;
      // Saved through the API, a name is taken (it is judged when it is resolved), so store it as the API would.
      await setService(`https://inside.test:${port}/json/{ip}`);
      millis += 2 * 60 * 60_000;
      expect((await visit('inside-session-1', '198.51.100.31')).json()).toEqual({ recorded: true });
      const [row] = await rowsFrom('198.51.100.0').then((rows) =>
        rows.filter((r) => r.sessionId === 'inside-session-1'),
      );
      expect(row).toMatchObject({ country: null, city: null, latitude: null, longitude: null });
      expect(outbound.calls.at(-1)).toBe(`https://inside.test:${port}/json/198.51.100.31`);
      expect(connections).toHaveLength(0);
    } finally {
      inside.closeAllConnections();
      await new Promise((resolve) => inside.close(resolve));
      await setService('');
    }
  });
});
