import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseCommitsWriting } from '../../../../tests/support/server/refuse-commits';
import {
  buildTestApp,
  createTestAuth,
  signIn,
  TEST_PUBLIC_URL,
} from '../../../../tests/support/server/test-app';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/server/test-database';
import { INVITE_MESSAGES } from '../../../contracts/invites';
import type { App } from '../../app';
import { SECURITY_EVENTS } from '../../audit/events';
import { invites, securityAuditLog } from '../../db/schema/accounts';
import { user } from '../../db/schema/auth';
import { mailOutbox } from '../../db/schema/mail';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

describe('invitations', () => {
  let testDatabase: TestDatabase;
  let app: App;
  let clock = Date.parse('2026-11-22T10:00:00Z');
  let superadmin: string;

  const post = (url: string, payload: unknown, cookie?: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { origin: TEST_PUBLIC_URL, ...(cookie ? { cookie } : {}) },
      payload: payload as object,
    });
  const signInAs = (email: string, password: string) => signIn(app, email, password);
  const latestToken = async () => {
    const [mail] = await testDatabase.database.db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const match = mail?.text.match(/http:\/\/127\.0\.0\.1:3000\/onboard\/([\w-]+)/);
    return match?.[1] ?? '';
  };

  beforeAll(async () => {
    testDatabase = await createTestDatabase('pglite');
    await seedDemoAccounts(testDatabase.database.db, createTestAuth(testDatabase.database));
    app = await buildTestApp(testDatabase.database, { now: () => clock });
    await app.ready();
    superadmin = (await signInAs('superadmin@demo.test', DEMO_PASSWORD)).cookie;
  });
  afterAll(async () => {
    await app.close();
    await testDatabase.drop();
  });

  it('mails a single-use link; the invitee joins with the invited role', async () => {
    const invited = await post(
      '/api/admin/invites',
      { email: 'Coach@Example.org', role: 'admin' },
      superadmin,
    );
    expect(invited.statusCode).toBe(201);
    expect(invited.json().message).toBe('Invitation sent to coach@example.org');
    const token = await latestToken();
    expect(token.length).toBeGreaterThan(30);
    expect(JSON.stringify(await testDatabase.database.db.select().from(invites))).not.toContain(token);

    expect((await app.inject(`/api/invites/${token}`)).json()).toMatchObject({
      email: 'coach@example.org',
      roleLabel: 'admin',
    });
    const accepted = await post(`/api/invites/${token}/accept`, {
      fullName: 'Coach',
      password: 'coach-password-1',
    });
    expect(accepted.json().message).toBe(INVITE_MESSAGES.accepted);
    const { cookie } = await signInAs('coach@example.org', 'coach-password-1');
    expect((await app.inject({ url: '/api/me', headers: { cookie } })).json().role).toBe('admin');

    const again = await post(`/api/invites/${token}/accept`, {
      fullName: 'Someone',
      password: 'other-password-2',
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(INVITE_MESSAGES.invalid);
    expect((await app.inject(`/api/invites/${token}`)).statusCode).toBe(404);
  });

  it('keeps the link working when the chosen password is refused', async () => {
    await post('/api/admin/invites', { email: 'careful@example.org' }, superadmin);
    const token = await latestToken();
    const refused = await post(`/api/invites/${token}/accept`, {
      fullName: 'Careful',
      password: 'password123',
    });
    expect(refused.statusCode).toBe(400);
    expect((await app.inject(`/api/invites/${token}`)).statusCode).toBe(200);
    const accepted = await post(`/api/invites/${token}/accept`, {
      fullName: 'Careful',
      password: 'a-much-better-pass',
    });
    expect(accepted.statusCode).toBe(200);
  });

  it('expires after seven days', async () => {
    await post('/api/admin/invites', { email: 'late@example.org' }, superadmin);
    const token = await latestToken();
    clock += 8 * 24 * 60 * 60_000;
    expect((await app.inject(`/api/invites/${token}`)).statusCode).toBe(404);
    expect(
      (await post(`/api/invites/${token}/accept`, { fullName: 'Late', password: 'late-password-1' }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses an address that already has an account, and a made-up token', async () => {
    expect((await post('/api/admin/invites', { email: 'admin@demo.test' }, superadmin)).statusCode).toBe(409);
    expect((await app.inject('/api/invites/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).statusCode).toBe(
      404,
    );
  });

  it('lists invitations for user managers', async () => {
    const list = (await app.inject({ url: '/api/admin/invites', headers: { cookie: superadmin } })).json()
      .invites;
    expect(list.map((invite: { email: string }) => invite.email)).toEqual([
      'late@example.org',
      'careful@example.org',
      'coach@example.org',
    ]);
    expect(list[2].acceptedAt).not.toBeNull();
  });

  it('joins with the account, the accepted link and the audit row together, or not at all (ADR 019)', async () => {
    const { db } = testDatabase.database;
    await post('/api/admin/invites', { email: 'steady@example.org' }, superadmin);
    const token = await latestToken();
    const acceptedRows = async () =>
      db.select().from(securityAuditLog).where(eq(securityAuditLog.eventType, 'invite_accepted'));
    const before = (await acceptedRows()).length;
    const join = () =>
      post(`/api/invites/${token}/accept`, { fullName: 'Steady', password: 'steady-pass-12' });

    const allow = await refuseCommitsWriting(db, 'security_audit_log', "NEW.event_type = 'invite_accepted'");
    try {
      expect((await join()).statusCode).toBe(500);
    } finally {
      await allow();
    }
    // No account, no row, and the link still works.
    expect(await db.select().from(user).where(eq(user.email, 'steady@example.org'))).toEqual([]);
    expect((await signInAs('steady@example.org', 'steady-pass-12')).status).toBe(401);
    expect(await acceptedRows()).toHaveLength(before);
    expect((await app.inject(`/api/invites/${token}`)).statusCode).toBe(200);

    expect((await join()).statusCode).toBe(200);
    expect((await signInAs('steady@example.org', 'steady-pass-12')).status).toBe(200);
    const rows = (await acceptedRows()).slice(before);
    expect(rows.map((row) => row.severity)).toEqual([SECURITY_EVENTS.invite_accepted.severity]);
  });
});
