import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createTestAuth,
  signIn,
  TEST_PUBLIC_URL,
} from '../../../../tests/support/server/test-app';
import {
  createTestDatabase,
  databaseTargets,
  type TestDatabase,
} from '../../../../tests/support/server/test-database';
import { signInLocksResponseSchema, USER_MESSAGES } from '../../../contracts/users';
import type { App } from '../../app';
import { SIGN_IN_FAILURE_LIMIT } from '../../auth/sign-in-limit';
import { securityAuditLog } from '../../db/schema/accounts';
import { user } from '../../db/schema/auth';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

describe.each(databaseTargets)('sign-in locks in user management (ADR 015), on %s', (target) => {
  let testDatabase: TestDatabase;
  let app: App;
  let superadmin: string;
  let playerId: string;
  const clock = Date.parse('2026-11-22T10:00:00Z');

  beforeAll(async () => {
    testDatabase = await createTestDatabase(target);
    await seedDemoAccounts(testDatabase.database.db, createTestAuth(testDatabase.database));
    app = await buildTestApp(testDatabase.database, { now: () => clock });
    await app.ready();
    superadmin = (await signIn(app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    const [player] = await testDatabase.database.db
      .select()
      .from(user)
      .where(eq(user.email, 'player@demo.test'));
    playerId = player!.id;
  });
  afterAll(async () => {
    await app.close();
    await testDatabase.drop();
  });

  let address = 1;
  const attempt = (password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_PUBLIC_URL },
      remoteAddress: `10.3.0.${address++}`,
      payload: { email: 'player@demo.test', password },
    });
  const call = (method: 'GET' | 'DELETE', url: string, cookie: string) =>
    app.inject({ method, url, headers: { cookie, origin: TEST_PUBLIC_URL } });
  const locks = async () =>
    signInLocksResponseSchema.parse((await call('GET', '/api/admin/users/sign-in-locks', superadmin)).json())
      .locks;

  it('lists no lock while failures stay under the limit, and refuses to lift it without changing anything', async () => {
    for (let i = 0; i < SIGN_IN_FAILURE_LIMIT - 1; i++)
      expect((await attempt(`wrong-${i}`)).statusCode).toBe(401);
    expect(await locks()).toEqual([]);
    const refused = await call('DELETE', `/api/admin/users/${playerId}/sign-in-lock`, superadmin);
    expect(refused.statusCode).toBe(409);
    // The failures were not forgotten: one more still locks the account (checked by the next test).
  });

  it('shows a locked account with its unlock time and failures, and lifting the lock lets the owner in at once', async () => {
    expect((await attempt('wrong-last')).statusCode).toBe(401);
    expect((await attempt(DEMO_PASSWORD)).statusCode).toBe(429);
    expect(await locks()).toEqual([
      {
        userId: playerId,
        lockedUntil: new Date(clock + 15 * 60_000).toISOString(),
        failures: SIGN_IN_FAILURE_LIMIT,
        lockedDevices: 0,
      },
    ]);

    const lifted = await call('DELETE', `/api/admin/users/${playerId}/sign-in-lock`, superadmin);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toEqual({ message: USER_MESSAGES.lockLifted });
    expect(await locks()).toEqual([]);
    expect((await attempt(DEMO_PASSWORD)).statusCode).toBe(200);

    const again = await call('DELETE', `/api/admin/users/${playerId}/sign-in-lock`, superadmin);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(USER_MESSAGES.notLocked);
    const [audit] = await testDatabase.database.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.eventType, 'sign_in_lock_lifted'));
    expect(audit?.details).toEqual({ targetUserId: playerId });
    expect(audit?.userId).toBeTruthy();
  });

  it('answers 404 for an unknown user and refuses staff without user management', async () => {
    expect((await call('DELETE', '/api/admin/users/no-such-user/sign-in-lock', superadmin)).statusCode).toBe(
      404,
    );
    const admin = (await signIn(app, 'admin@demo.test', DEMO_PASSWORD)).cookie;
    expect((await call('GET', '/api/admin/users/sign-in-locks', admin)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/admin/users/${playerId}/sign-in-lock`, admin)).statusCode).toBe(403);
  });

  it('lists a known device locked by its own failures, and lifting the lock frees it too', async () => {
    const signInFrom = (password: string, cookie?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_PUBLIC_URL, ...(cookie ? { cookie } : {}) },
        remoteAddress: `10.3.1.${address++}`,
        payload: { email: 'arbiter@demo.test', password },
      });
    const visit = await signInFrom(DEMO_PASSWORD);
    expect(visit.statusCode).toBe(200);
    const setCookies = ([] as string[]).concat(visit.headers['set-cookie'] ?? []);
    const device = setCookies.find((cookie) => cookie.startsWith('known_device='))!.split(';')[0]!;
    for (let i = 0; i < SIGN_IN_FAILURE_LIMIT; i++)
      expect((await signInFrom(`lost-phone-${i}`, device)).statusCode).toBe(401);
    expect((await signInFrom(DEMO_PASSWORD, device)).statusCode).toBe(429);
    const [arbiter] = await testDatabase.database.db
      .select()
      .from(user)
      .where(eq(user.email, 'arbiter@demo.test'));
    expect(await locks()).toEqual([
      {
        userId: arbiter!.id,
        lockedUntil: new Date(clock + 15 * 60_000).toISOString(),
        failures: 0,
        lockedDevices: 1,
      },
    ]);
    expect(
      (await call('DELETE', `/api/admin/users/${arbiter!.id}/sign-in-lock`, superadmin)).statusCode,
    ).toBe(200);
    expect(await locks()).toEqual([]);
    expect((await signInFrom(DEMO_PASSWORD, device)).statusCode).toBe(200);
  });
});
