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
import { ANALYTICS_MESSAGES } from '../../../contracts/visitor-analytics';
import { systemLogs } from '../../db/schema/settings';
import { pageViewCounts, visitorLocations } from '../../db/schema/tracking';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';
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
  const cookies = { superadmin: '', admin: '' };
  beforeAll(async () => {
    t = await startTestApp('pglite');
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    cookies.superadmin = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    cookies.admin = (await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD)).cookie;
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

  it('is the superadmin’s alone', async () => {
    expect((await read(cookies.admin)).statusCode).toBe(403);
    expect((await save('', cookies.admin)).statusCode).toBe(403);
  });
});
