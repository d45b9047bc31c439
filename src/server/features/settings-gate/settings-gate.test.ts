import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseCommitsWriting } from '../../../../tests/support/server/refuse-commits';
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
import { SETTINGS_GATE_MESSAGES } from '../../../contracts/settings-gate';
import type { App } from '../../app';
import { SECURITY_EVENTS } from '../../audit/events';
import { requireSettingsUnlock } from '../../core/settings-unlock';
import { protectedPasswords, securityAuditLog } from '../../db/schema/accounts';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

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
        config: { access: 'settingsSection' },
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

  it('stores a new password and its audit row together, or neither (ADR 019)', async () => {
    const cookie = await signInAsSuperadmin();
    const changeRows = async () =>
      (await testDatabase.database.db.select().from(securityAuditLog)).filter(
        (row) => row.eventType === 'settings_password_changed',
      );
    const before = (await changeRows()).length;
    const allow = await refuseCommitsWriting(
      testDatabase.database.db,
      'security_audit_log',
      "NEW.event_type = 'settings_password_changed'",
    );
    try {
      const refused = await call('PUT', '/api/settings-gate/password', cookie, {
        newPassword: 'never-stored-7',
        currentPassword: 'new-password-9',
      });
      expect(refused.statusCode).toBe(500);
    } finally {
      await allow();
    }
    // Neither the new password nor a row saying it changed: the old one still unlocks, the new one does not.
    expect(await changeRows()).toHaveLength(before);
    const withRefused = await call('POST', '/api/settings-gate/unlock', cookie, {
      password: 'never-stored-7',
    });
    expect(withRefused.statusCode).toBe(403);
    const withOld = await call('POST', '/api/settings-gate/unlock', cookie, { password: 'new-password-9' });
    expect(withOld.statusCode).toBe(200);

    const changed = await call('PUT', '/api/settings-gate/password', cookie, {
      newPassword: 'stored-at-last-8',
      currentPassword: 'new-password-9',
    });
    expect(changed.statusCode).toBe(200);
    const rows = (await changeRows()).slice(before);
    expect(rows.map((row) => [row.severity, row.ipAddress !== null])).toEqual([
      [SECURITY_EVENTS.settings_password_changed.severity, true],
    ]);
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

describe.each(databaseTargets)('settings password attempts under a burst (ADR 015), on %s', (target) => {
  let testDatabase: TestDatabase;
  let app: App;
  let baseUrl: string;
  let clock = Date.parse('2026-11-22T10:00:00Z');

  beforeAll(async () => {
    testDatabase = await createTestDatabase(target);
    await seedDemoAccounts(testDatabase.database.db, createTestAuth(testDatabase.database));
    // The pause before every answer lets the whole burst be in flight at once.
    app = await buildTestApp(testDatabase.database, { now: () => clock, settingsGateDelayMs: 100 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app.close();
    await testDatabase.drop();
  });

  const send = (method: 'POST' | 'PUT', url: string, cookie: string, payload: object) =>
    fetch(`${baseUrl}${url}`, {
      method,
      headers: { cookie, origin: TEST_PUBLIC_URL, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
  /** Each check of the settings password leaves exactly one audit row: accepted or failed. */
  const checksSoFar = async () =>
    (await testDatabase.database.db.select().from(securityAuditLog)).filter(
      (row) => row.eventType === 'settings_password_failed' || row.eventType === 'settings_password_accepted',
    ).length;

  it('checks at most 5 of 30 concurrent attempts, refuses the rest with Retry-After, then lets the right one in after the window', async () => {
    const cookie = (await signIn(app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    expect(
      (await send('PUT', '/api/settings-gate/password', cookie, { newPassword: 'board-room-42' })).status,
    ).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        send('POST', '/api/settings-gate/unlock', cookie, { password: `guess-${i}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    const checks = await checksSoFar();
    expect(checks).toBeGreaterThan(0);
    expect(checks).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 403)).toHaveLength(checks);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - checks);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toBe(SETTINGS_GATE_MESSAGES.tooMany);

    // Changing the password is a check of the current one too: no way around the limit.
    const change = await send('PUT', '/api/settings-gate/password', cookie, {
      newPassword: 'taken-over-99',
      currentPassword: 'board-room-42',
    });
    expect(change.status).toBe(429);
    expect(await checksSoFar()).toBe(checks);

    clock += 11 * 60_000;
    expect(
      (await send('POST', '/api/settings-gate/unlock', cookie, { password: 'board-room-42' })).status,
    ).toBe(200);
  });
});
