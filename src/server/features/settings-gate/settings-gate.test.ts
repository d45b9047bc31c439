import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_GATE_MESSAGES } from '../../../contracts/settings-gate';
import type { App } from '../../app';
import { protectedPasswords, securityAuditLog } from '../../db/schema/accounts';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';
import { buildTestApp, createTestAuth, signIn, TEST_PUBLIC_URL } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { requireSettingsUnlock, SETTINGS_SECTION_ACCESS } from './settings-gate.routes';

describe('settings password gate', () => {
  let testDatabase: TestDatabase;
  let app: App;
  let clock = Date.parse('2026-11-22T10:00:00Z');

  beforeAll(async () => {
    testDatabase = await createTestDatabase('pglite');
    await seedDemoAccounts(testDatabase.database.db, createTestAuth(testDatabase.database));
    app = await buildTestApp(testDatabase.database, { now: () => clock });
    // A stand-in for a gated section's API (the settings pages come with their own issue).
    app.get(
      '/api/test-gated',
      {
        config: { access: SETTINGS_SECTION_ACCESS },
        preHandler: requireSettingsUnlock(testDatabase.database.db, () => new Date(clock)),
      },
      async () => ({ secret: 'settings' }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await testDatabase.drop();
  });

  const signInAsSuperadmin = async () => (await signIn(app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_PUBLIC_URL },
      ...(payload ? { payload: payload as object } : {}),
    });

  it('says protection is not configured until a password is set', async () => {
    const cookie = await signInAsSuperadmin();
    expect((await call('GET', '/api/settings-gate', cookie)).json()).toEqual({
      configured: false,
      unlocked: false,
    });
    const response = await call('POST', '/api/settings-gate/unlock', cookie, { password: 'anything' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(SETTINGS_GATE_MESSAGES.notConfigured);
  });

  it('stores the password hashed and unlocks the sections for this session only, comparing trimmed', async () => {
    const cookie = await signInAsSuperadmin();
    expect(
      (await call('PUT', '/api/settings-gate/password', cookie, { newPassword: ' board-room-42 ' })).json(),
    ).toEqual({
      message: SETTINGS_GATE_MESSAGES.saved,
    });
    const [stored] = await testDatabase.database.db.select().from(protectedPasswords);
    expect(stored?.hash).not.toContain('board-room-42');

    const locked = await call('GET', '/api/test-gated', cookie);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error).toBe(SETTINGS_GATE_MESSAGES.locked);
    const granted = await call('POST', '/api/settings-gate/unlock', cookie, {
      password: '  board-room-42\n',
    });
    expect(granted.json()).toEqual({ message: SETTINGS_GATE_MESSAGES.granted });
    expect((await call('GET', '/api/test-gated', cookie)).json()).toEqual({ secret: 'settings' });

    const otherDevice = await signInAsSuperadmin();
    expect((await call('GET', '/api/test-gated', otherDevice)).statusCode).toBe(403);
    clock += 11 * 60_000;
    expect((await call('GET', '/api/test-gated', cookie)).statusCode).toBe(403);
  });

  it('refuses the sixth attempt after five wrong passwords, logging each', async () => {
    const cookie = await signInAsSuperadmin();
    for (let i = 0; i < 5; i++) {
      const wrong = await call('POST', '/api/settings-gate/unlock', cookie, { password: `wrong-${i}` });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().error).toBe(SETTINGS_GATE_MESSAGES.incorrect);
    }
    const sixth = await call('POST', '/api/settings-gate/unlock', cookie, { password: 'board-room-42' });
    expect(sixth.statusCode).toBe(429);
    const events = (await testDatabase.database.db.select().from(securityAuditLog)).map(
      (row) => row.eventType,
    );
    expect(events.filter((type) => type === 'settings_password_failed')).toHaveLength(5);
    expect(events).toContain('settings_password_locked');
    expect(JSON.stringify(await testDatabase.database.db.select().from(securityAuditLog))).not.toContain(
      'wrong-',
    );
    clock += 11 * 60_000;
    expect(
      (await call('POST', '/api/settings-gate/unlock', cookie, { password: 'board-room-42' })).statusCode,
    ).toBe(200);
  });

  it('changes the password only with the current one', async () => {
    const cookie = await signInAsSuperadmin();
    expect(
      (await call('PUT', '/api/settings-gate/password', cookie, { newPassword: 'new-password-9' }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call('PUT', '/api/settings-gate/password', cookie, {
          newPassword: 'new-password-9',
          currentPassword: 'board-room-42',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('answers after about half a second', async () => {
    const slow = await buildTestApp(testDatabase.database, { settingsGateDelayMs: 500, now: () => clock });
    await slow.ready();
    const cookie = await signInAsSuperadmin();
    const started = Date.now();
    const response = await slow.inject({
      method: 'POST',
      url: '/api/settings-gate/unlock',
      headers: { cookie, origin: TEST_PUBLIC_URL },
      payload: { password: 'not-it' },
    });
    expect(response.statusCode).toBe(403);
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    await slow.close();
  });
});
