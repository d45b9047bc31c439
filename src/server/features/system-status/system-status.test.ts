import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SseClient } from '../../../../tests/support/server/sse-client';
import {
  createTestAuth,
  eventually,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { databaseTargets } from '../../../../tests/support/server/test-database';
import {
  RECENT_ACTIVITY_LIMIT,
  systemStatusSchema,
  userActivitySchema,
} from '../../../contracts/system-status';
import { saveSetting } from '../../core/settings/settings.repo';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';
import { STATUS_SETTING_KEYS } from './system-status.service';

describe.each(databaseTargets)('system status on %s', (target) => {
  let t: TestApp;
  let superadmin: string;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(target);
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    superadmin = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    admin = (await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD)).cookie;
  });
  afterAll(async () => t?.close());

  const get = (url: string, cookie = superadmin) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('tells the superadmin how the system is: uptime, version, database, users, the last hour', async () => {
    await get('/api/no-such-route');
    const before = systemStatusSchema.parse((await get('/api/admin/system-status')).json());
    expect(before.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(before.database.kind).toBe(target === 'pglite' ? 'pglite' : 'postgres');
    expect(before.database.sizeBytes).toBeGreaterThan(1_000_000);
    expect(before.database.limitBytes).toBeNull();
    expect(before.lastBackupAt).toBeNull();
    // The demo's arbiter is a player with a custom role.
    expect(before.usersByRole).toEqual({ player: 2, admin: 1, superadmin: 1 });
    expect(before.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(before.lastHour.requests).toBeGreaterThanOrEqual(3);
    await saveSetting(t.database.db, STATUS_SETTING_KEYS.storageLimit, 2_000_000_000);
    await saveSetting(t.database.db, STATUS_SETTING_KEYS.lastBackup, '2026-11-26T22:00:00Z');
    for (let i = 0; i < 5; i++) await get('/api/health');
    const after = systemStatusSchema.parse((await get('/api/admin/system-status')).json());
    expect(after.database.limitBytes).toBe(2_000_000_000);
    expect(after.lastBackupAt).toBe('2026-11-26T22:00:00.000Z');
    // The five health checks and the status read in between were counted.
    expect(after.lastHour.requests).toBeGreaterThanOrEqual(before.lastHour.requests + 6);
  });

  it('lists the last 10 things people did, newest first, with who did them', async () => {
    const { activity } = userActivitySchema.parse((await get('/api/admin/system-status/activity')).json());
    expect(activity.length).toBeGreaterThanOrEqual(2);
    expect(activity.length).toBeLessThanOrEqual(RECENT_ACTIVITY_LIMIT);
    expect(activity[0]?.description).toBe('Sign in succeeded');
    expect(activity.map((entry) => entry.userName)).toContain('Demo Admin');
    const times = activity.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('is for superadmins only', async () => {
    expect((await get('/api/admin/system-status', admin)).statusCode).toBe(403);
    expect((await get('/api/admin/system-status/activity', admin)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/system-status' })).statusCode).toBe(401);
  });

  it('counts open pages and shows the safe-control switches that are on', async () => {
    const status = async () => systemStatusSchema.parse((await get('/api/admin/system-status')).json());
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = new SseClient(`${base}/api/live`);
    await stream.waitUntilConnected();
    expect((await status()).liveConnections).toBe(1);
    stream.close();
    await eventually(async () => ((await status()).liveConnections === 0 ? true : undefined));

    const flip = (on: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/safe-control/mail_paused',
        headers: { cookie: superadmin, origin: TEST_PUBLIC_URL },
        payload: { on, reason: 'Dashboard test' },
      });
    expect((await status()).safeControlOn).toEqual([]);
    await flip(true);
    expect((await status()).safeControlOn).toEqual(['mail_paused']);
    await flip(false);
    expect((await status()).safeControlOn).toEqual([]);
  });
});
