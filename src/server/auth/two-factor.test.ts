import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailText, startSmtpSink } from '../../../tests/support/server/smtp-sink';
import {
  buildTestApp,
  createTestAuth,
  mergeCookies,
  sessionCookieFrom,
  signIn,
  TEST_PUBLIC_URL,
} from '../../../tests/support/server/test-app';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/server/test-database';
import type { App } from '../app';
import { securityAuditLog } from '../db/schema/accounts';
import { verification } from '../db/schema/auth';
import { DEMO_PASSWORD, seedDemoAccounts } from '../db/seed/demo-accounts';
import { createSmtpMailer } from '../mail/mailer';

describe('two-factor device check (T13, T14)', () => {
  let testDatabase: TestDatabase;
  let app: App;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    testDatabase = await createTestDatabase('pglite');
    await seedDemoAccounts(testDatabase.database.db, createTestAuth(testDatabase.database));
    const mailer = createSmtpMailer(smtp.url, 'Chess <no-reply@test>');
    app = await buildTestApp(testDatabase.database, {
      mailer,
      auth: createTestAuth(testDatabase.database, { mailer }),
    });
    await app.ready();
    for (const email of ['admin@demo.test', 'player@demo.test']) {
      const { cookie } = await signIn(app, email, DEMO_PASSWORD);
      const turnedOn = await call('PUT', '/api/account/preferences', cookie, { twoFactorEnabled: true });
      expect(turnedOn.json().twoFactorEnabled).toBe(true);
    }
  });
  afterAll(async () => {
    await app.close();
    await testDatabase.drop();
    await smtp.close();
  });

  function call(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    cookie: string,
    payload?: unknown,
    extra: Record<string, string> = {},
  ) {
    return app.inject({
      method,
      url,
      headers: { origin: TEST_PUBLIC_URL, ...(cookie ? { cookie } : {}), ...extra },
      ...(payload ? { payload: payload as object } : {}),
    });
  }
  async function startSignIn(email: string, trustCookie = '') {
    const response = await call('POST', '/api/auth/sign-in/email', trustCookie, {
      email,
      password: DEMO_PASSWORD,
    });
    return { response, cookie: sessionCookieFrom(response.headers) };
  }
  async function mailedCode(to: string, after: number): Promise<string> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const mail = smtp.mails.slice(after).find((m) => m.to.includes(to));
      const code = mail && mailText(mail.raw).match(/Your code to verify this device is:\s+(\d{6})/)?.[1];
      if (code) return code;
      if (Date.now() > deadline) throw new Error('no code mail');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('gives no session until the mailed 6-digit code is verified, then trusts the device', async () => {
    const { response, cookie: pending } = await startSignIn('admin@demo.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ twoFactorRedirect: true });
    expect((await call('GET', '/api/me', pending)).statusCode).toBe(401);

    const before = smtp.mails.length;
    const sent = await call(
      'POST',
      '/api/auth/two-factor/send-otp',
      pending,
      {},
      { 'x-device-fingerprint': 'ab12cd34' },
    );
    expect(sent.statusCode).toBe(200);
    const code = await mailedCode('admin@demo.test', before);
    expect(mailText(smtp.mails.at(-1)!.raw)).toContain('Device: ab12cd34');
    // Stored hashed: the code itself is nowhere in the database.
    expect(JSON.stringify(await testDatabase.database.db.select().from(verification))).not.toContain(code);

    const verified = await call('POST', '/api/auth/two-factor/verify-otp', pending, {
      code,
      trustDevice: true,
    });
    expect(verified.statusCode).toBe(200);
    // T08: the password step gave no session token; verifying the code issues a new one.
    expect(pending).not.toContain('session_token=');
    expect(sessionCookieFrom(verified.headers)).toContain('session_token=');
    const session = mergeCookies(pending, sessionCookieFrom(verified.headers));
    expect((await call('GET', '/api/me', session)).json().user.email).toBe('admin@demo.test');
    // Single use.
    expect((await call('POST', '/api/auth/two-factor/verify-otp', pending, { code })).statusCode).not.toBe(
      200,
    );

    // The trusted device signs in straight away next time.
    const trust = sessionCookieFrom(verified.headers)
      .split('; ')
      .filter((c) => c.includes('trust_device'))
      .join('; ');
    expect(trust).not.toBe('');
    const again = await startSignIn('admin@demo.test', trust);
    expect(again.response.json().twoFactorRedirect).toBeUndefined();
    expect((await call('GET', '/api/me', again.cookie)).statusCode).toBe(200);

    // …but that trust belongs to this user only.
    const other = await startSignIn('player@demo.test', trust);
    expect(other.response.json()).toMatchObject({ twoFactorRedirect: true });
  });

  it('stops a code after 5 wrong tries; a new code is needed', async () => {
    const { cookie: pending } = await startSignIn('player@demo.test');
    const before = smtp.mails.length;
    await call('POST', '/api/auth/two-factor/send-otp', pending, {});
    const code = await mailedCode('player@demo.test', before);
    const wrong = code === '000000' ? '111111' : '000000';
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await call('POST', '/api/auth/two-factor/verify-otp', pending, { code: wrong })).statusCode,
      );
    expect(statuses.every((status) => status >= 400)).toBe(true);
    const right = await call('POST', '/api/auth/two-factor/verify-otp', pending, { code });
    expect(right.statusCode).toBeGreaterThanOrEqual(400);
    expect(right.body).toMatch(/TOO_MANY_ATTEMPTS/);
    const next = smtp.mails.length;
    await call('POST', '/api/auth/two-factor/send-otp', pending, {});
    const fresh = await mailedCode('player@demo.test', next);
    expect((await call('POST', '/api/auth/two-factor/verify-otp', pending, { code: fresh })).statusCode).toBe(
      200,
    );
  });

  it('re-challenges every device after a freeze', async () => {
    const superadmin = (await signIn(app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    const rows = await testDatabase.database.db.select().from(verification);
    expect(rows.some((row) => row.identifier.startsWith('trust-device-'))).toBe(true);
    const me = await call('GET', '/api/admin/users?search=admin@demo', superadmin);
    const adminId = me.json().users[0].id;
    await call('POST', `/api/admin/users/${adminId}/freeze`, superadmin, { reason: 'test' });
    await call('DELETE' as never, `/api/admin/users/${adminId}/freeze`, superadmin);
    const trusted = await testDatabase.database.db
      .select()
      .from(verification)
      .where(eq(verification.value, adminId));
    expect(trusted.filter((row) => row.identifier.startsWith('trust-device-'))).toEqual([]);
  });

  it('audits every step without codes', async () => {
    const rows = await testDatabase.database.db.select().from(securityAuditLog);
    const types = new Set(rows.map((row) => row.eventType));
    for (const type of [
      'sign_in_two_factor_required',
      'two_factor_code_sent',
      'two_factor_verified',
      'two_factor_failed',
    ]) {
      expect(types.has(type), type).toBe(true);
    }
    for (const mail of smtp.mails) {
      const code = mailText(mail.raw).match(/Your code to verify this device is:\s+(\d{6})/)?.[1];
      if (code) expect(JSON.stringify(rows)).not.toContain(code);
    }
  });
});
