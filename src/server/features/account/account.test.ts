import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseCommitsWriting } from '../../../../tests/support/server/refuse-commits';
import {
  createTestAuth,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { ACCOUNT_MESSAGES, preferencesSchema, profileSchema } from '../../../contracts/account';
import { SECURITY_EVENTS } from '../../audit/events';
import { securityAuditLog } from '../../db/schema/accounts';
import { user } from '../../db/schema/auth';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

describe('my account', () => {
  let t: TestApp;
  const signInAs = async (email: string, password = DEMO_PASSWORD) =>
    (await signIn(t.app, email, password)).cookie;
  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_PUBLIC_URL },
      ...(payload ? { payload: payload as object } : {}),
    });

  beforeAll(async () => {
    t = await startTestApp('pglite');
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
  });
  afterAll(async () => t?.close());

  it('reads and updates my profile; my name follows everywhere', async () => {
    const cookie = await signInAs('player@demo.test');
    expect(profileSchema.parse((await call('GET', '/api/account/profile', cookie)).json())).toEqual({
      fullName: 'Judit Polgár',
      username: null,
      email: 'player@demo.test',
    });
    const updated = await call('PUT', '/api/account/profile', cookie, {
      fullName: 'Judit P.',
      username: 'Judit_P',
    });
    expect(updated.json()).toEqual({ fullName: 'Judit P.', username: 'judit_p', email: 'player@demo.test' });
    expect((await call('GET', '/api/me', cookie)).json().user.name).toBe('Judit P.');
  });

  it('keeps usernames unique and well-formed', async () => {
    const cookie = await signInAs('admin@demo.test');
    const taken = await call('PUT', '/api/account/profile', cookie, { fullName: 'A', username: 'JUDIT_P' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(ACCOUNT_MESSAGES.usernameTaken);
    expect(
      (await call('PUT', '/api/account/profile', cookie, { fullName: 'A', username: 'no spaces' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call('PUT', '/api/account/profile', cookie, {
          fullName: 'A',
          username: null,
          role: 'superadmin',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('has preferences that default to off and change one at a time', async () => {
    const cookie = await signInAs('admin@demo.test');
    expect(preferencesSchema.parse((await call('GET', '/api/account/preferences', cookie)).json())).toEqual({
      twoFactorEnabled: false,
      roundNotifications: false,
    });
    expect(
      (await call('PUT', '/api/account/preferences', cookie, { roundNotifications: true })).json(),
    ).toEqual({
      twoFactorEnabled: false,
      roundNotifications: true,
    });
    expect(
      (await call('PUT', '/api/account/preferences', cookie, { twoFactorEnabled: true })).json(),
    ).toEqual({
      twoFactorEnabled: true,
      roundNotifications: true,
    });
  });

  it('exports my data as a JSON download without secrets', async () => {
    const cookie = await signInAs('player@demo.test');
    const response = await call('GET', '/api/account/export', cookie);
    expect(response.headers['content-disposition']).toContain('attachment');
    const data = response.json();
    expect(data.account.email).toBe('player@demo.test');
    expect(data.tournamentPlayers.map((p: { name: string }) => p.name)).toEqual(['Judit Polgár']);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(response.body).not.toMatch(/password|token|secret/i);
  });

  it('deletes my account only with my password, together with its audit row or not at all (ADR 019)', async () => {
    const cookie = await signInAs('arbiter@demo.test');
    const arbiterId = (await call('GET', '/api/me', cookie)).json().user.id;
    const rowsOf = async (type: string) =>
      (await t.database.db.select().from(securityAuditLog).where(eq(securityAuditLog.eventType, type)))
        .filter((row) => row.userId === arbiterId)
        .map((row) => row.severity);
    const wrong = await call('DELETE', '/api/account', cookie, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe(ACCOUNT_MESSAGES.wrongPassword);
    expect((await call('GET', '/api/me', cookie)).statusCode).toBe(200);
    expect(await rowsOf('account_delete_refused')).toEqual([SECURITY_EVENTS.account_delete_refused.severity]);

    const allow = await refuseCommitsWriting(
      t.database.db,
      'security_audit_log',
      "NEW.event_type = 'account_deleted_by_owner'",
    );
    try {
      expect((await call('DELETE', '/api/account', cookie, { password: DEMO_PASSWORD })).statusCode).toBe(
        500,
      );
    } finally {
      await allow();
    }
    // Neither the deletion nor a row claiming it.
    expect((await call('GET', '/api/me', cookie)).statusCode).toBe(200);
    expect(await rowsOf('account_deleted_by_owner')).toEqual([]);

    const done = await call('DELETE', '/api/account', cookie, { password: DEMO_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect((await call('GET', '/api/me', cookie)).statusCode).toBe(401);
    expect(await t.database.db.select().from(user).where(eq(user.email, 'arbiter@demo.test'))).toEqual([]);
    expect(await rowsOf('account_deleted_by_owner')).toEqual([
      SECURITY_EVENTS.account_deleted_by_owner.severity,
    ]);
  });

  it('counts wrong passwords given to delete the account toward the sign-in lock (ADR 015)', async () => {
    const cookie = await signInAs('player@demo.test');
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        call('DELETE', '/api/account', cookie, { password: `guess-${i}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(403), ...Array(5).fill(429)]);
    const retryAfter = Number(answers.find((answer) => answer.statusCode === 429)?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // The account is locked for signing in too; the stolen session learnt nothing.
    expect((await signIn(t.app, 'player@demo.test', DEMO_PASSWORD)).status).toBe(429);
    expect((await call('DELETE', '/api/account', cookie, { password: DEMO_PASSWORD })).statusCode).toBe(429);
    expect(await t.database.db.select().from(user).where(eq(user.email, 'player@demo.test'))).toHaveLength(1);
  });

  it('does not let the last superadmin delete their account', async () => {
    const cookie = await signInAs('superadmin@demo.test');
    const response = await call('DELETE', '/api/account', cookie, { password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(ACCOUNT_MESSAGES.lastSuperadmin);
  });
});
