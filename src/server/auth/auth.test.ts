import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botProof } from '../../../tests/support/server/registration-fixtures';
import { mailText, startSmtpSink } from '../../../tests/support/server/smtp-sink';
import {
  buildTestApp,
  createTestAuth,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../tests/support/server/test-app';
import { createTestDatabase } from '../../../tests/support/server/test-database';
import { meResponseSchema } from '../../contracts/account';
import { ACCESS_MESSAGES } from '../../contracts/common';
import { userRoles, userStatus } from '../db/schema/accounts';
import { user } from '../db/schema/auth';
import { createSmtpMailer } from '../mail/mailer';
import { COMMON_PASSWORD_MESSAGE } from './password-policy';

const origin = { origin: TEST_PUBLIC_URL };

describe('accounts: sign-up, sign-in, sign-out, reset', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    const testDatabase = await createTestDatabase('pglite');
    const auth = createTestAuth(testDatabase.database, {
      mailer: createSmtpMailer(smtp.url, 'Chess <no-reply@test>'),
    });
    const app = await buildTestApp(testDatabase.database, { auth });
    await app.ready();
    t = {
      app,
      database: testDatabase.database,
      testDatabase,
      close: async () => {
        await app.close();
        await testDatabase.drop();
      },
    };
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...origin, ...headers } });
  const signUp = (email: string, password = 'a-long-enough-password', name = 'Test User') =>
    post('/api/auth/sign-up/email', { email, password, name });
  const signIn = async (email: string, password = 'a-long-enough-password') => {
    const response = await post('/api/auth/sign-in/email', { email, password });
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    return { response, cookie: cookies.map((value) => value.split(';')[0]).join('; '), cookies };
  };
  const me = (cookie: string) => t.app.inject({ url: '/api/me', headers: { cookie } });

  it('creates an account, signs in with an HttpOnly SameSite cookie, and knows the user as a player', async () => {
    expect((await signUp('pupil@example.org')).statusCode).toBe(200);
    const { response, cookie, cookies } = await signIn('pupil@example.org');
    expect(response.statusCode).toBe(200);
    const session = cookies.find((value) => value.includes('session_token'))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    const body = meResponseSchema.parse((await me(cookie)).json());
    expect(body).toMatchObject({
      user: { email: 'pupil@example.org' },
      role: 'player',
      customRoleName: null,
      permissions: [],
    });
  });

  it('does not reveal whether an address has an account: sign-up twice answers alike', async () => {
    const first = await signUp('twice@example.org');
    const second = await signUp('twice@example.org');
    expect(second.statusCode).toBe(first.statusCode);
    expect(Object.keys(second.json()).sort()).toEqual(Object.keys(first.json()).sort());
  });

  it('answers a wrong password and an unknown address identically', async () => {
    await signUp('known@example.org');
    const wrong = await post('/api/auth/sign-in/email', {
      email: 'known@example.org',
      password: 'wrong-password-123',
    });
    const unknown = await post('/api/auth/sign-in/email', {
      email: 'nobody@example.org',
      password: 'wrong-password-123',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses passwords shorter than 8 characters and common ones; accepts long passphrases', async () => {
    expect((await signUp('short@example.org', 'seven77')).statusCode).toBe(400);
    for (const common of ['password', 'Password1', 'qwertyuiop', 'iloveyou']) {
      const response = await signUp(`common-${common}@example.org`, common);
      expect(response.statusCode, common).toBe(400);
      expect(response.json().message).toBe(COMMON_PASSWORD_MESSAGE);
    }
    const passphrase = 'correct horse battery staple on a chess board '.repeat(2);
    expect((await signUp('long@example.org', passphrase)).statusCode).toBe(200);
    expect((await signIn('long@example.org', passphrase)).response.statusCode).toBe(200);
  });

  it('refuses a common password on reset and change too', async () => {
    await signUp('changer@example.org', 'a-perfectly-fine-pass');
    const { cookie } = await signIn('changer@example.org', 'a-perfectly-fine-pass');
    const change = await post(
      '/api/auth/change-password',
      { currentPassword: 'a-perfectly-fine-pass', newPassword: 'football', revokeOtherSessions: true },
      { cookie },
    );
    expect(change.statusCode).toBe(400);
    expect((await signIn('changer@example.org', 'a-perfectly-fine-pass')).response.statusCode).toBe(200);
  });

  it('ends the session on sign-out: the old cookie no longer works', async () => {
    await signUp('leaver@example.org');
    const { cookie } = await signIn('leaver@example.org');
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await post('/api/auth/sign-out', {}, { cookie })).statusCode).toBe(200);
    const after = await me(cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe(ACCESS_MESSAGES.signInRequired);
  });

  it('resets a password by mail through SMTP, with the site’s own address in the link, and signs out other devices', async () => {
    await signUp('forgetful@example.org', 'the-old-password-1');
    const { cookie: otherDevice } = await signIn('forgetful@example.org', 'the-old-password-1');
    const request = await post(
      '/api/auth/request-password-reset',
      { email: 'forgetful@example.org', redirectTo: '/reset-password', botProof: await botProof(t.app) },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    );
    expect(request.statusCode).toBe(200);
    const deadline = Date.now() + 5_000;
    while (!smtp.mails.some((mail) => mail.to.includes('forgetful@example.org')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const mail = smtp.mails.find((m) => m.to.includes('forgetful@example.org'));
    expect(mail).toBeDefined();
    const text = mailText(mail!.raw);
    expect(text).toContain('Subject: Reset your password');
    expect(text).not.toContain('evil.example');
    const link = text.match(/http:\/\/127\.0\.0\.1:3000\/api\/auth\/reset-password\/([\w-]+)/);
    expect(link).not.toBeNull();
    const reset = await post('/api/auth/reset-password', {
      token: link![1],
      newPassword: 'the-new-password-2',
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await signIn('forgetful@example.org', 'the-old-password-1')).response.statusCode).toBe(401);
    expect((await signIn('forgetful@example.org', 'the-new-password-2')).response.statusCode).toBe(200);
  });

  it('answers a reset request for an unknown address like a known one', async () => {
    const response = await post('/api/auth/request-password-reset', {
      email: 'ghost@example.org',
      redirectTo: '/reset-password',
      botProof: await botProof(t.app),
    });
    expect(response.statusCode).toBe(200);
  });

  it('reads roles and custom roles from the database on every request', async () => {
    await signUp('staff@example.org');
    const { cookie } = await signIn('staff@example.org');
    const [row] = await t.database.db.select().from(user).where(eq(user.email, 'staff@example.org'));
    await t.database.db.insert(userRoles).values({ userId: row!.id, role: 'admin' });
    const body = meResponseSchema.parse((await me(cookie)).json());
    expect(body.role).toBe('admin');
    expect(body.permissions).toContain('view_admin_result_input');
    await t.database.db.update(userRoles).set({ role: 'player' }).where(eq(userRoles.userId, row!.id));
    expect(meResponseSchema.parse((await me(cookie)).json()).permissions).toEqual([]);
  });

  it('shuts a frozen account out at its next request', async () => {
    await signUp('frozen@example.org');
    const { cookie } = await signIn('frozen@example.org');
    const [row] = await t.database.db.select().from(user).where(eq(user.email, 'frozen@example.org'));
    await t.database.db.insert(userStatus).values({ userId: row!.id, isFrozen: true, frozenReason: 'test' });
    const response = await me(cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: ACCESS_MESSAGES.frozen,
      requestId: response.headers['x-request-id'],
    });
  });
});

describe('route guards', () => {
  it('refuses to start when an API route declares no access rule', async () => {
    const testDatabase = await createTestDatabase('pglite');
    const app = await buildTestApp(testDatabase.database);
    expect(() => app.get('/api/undeclared', async () => 'oops')).toThrow(/declares no access rule/);
    await app.close();
    await testDatabase.drop();
  });

  it('refuses a state-changing request from another site, even with a valid session', async () => {
    const testDatabase = await createTestDatabase('pglite');
    const app = await buildTestApp(testDatabase.database);
    let writes = 0;
    app.post('/api/test-write', { config: { access: 'signed-in' } }, async () => {
      writes += 1;
      return { ok: true };
    });
    await app.ready();
    await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: origin,
      payload: { email: 'csrf@example.org', password: 'a-long-enough-password', name: 'C' },
    });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: origin,
      payload: { email: 'csrf@example.org', password: 'a-long-enough-password' },
    });
    const cookie = ([] as string[])
      .concat(signIn.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const forged = await app.inject({
      method: 'POST',
      url: '/api/test-write',
      headers: { cookie, origin: 'https://evil.example' },
      payload: {},
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error).toBe(ACCESS_MESSAGES.crossOrigin);
    const noOrigin = await app.inject({
      method: 'POST',
      url: '/api/test-write',
      headers: { cookie },
      payload: {},
    });
    expect(noOrigin.statusCode).toBe(403);
    expect(writes).toBe(0);
    const own = await app.inject({
      method: 'POST',
      url: '/api/test-write',
      headers: { cookie, ...origin },
      payload: {},
    });
    expect(own.statusCode).toBe(200);
    expect(writes).toBe(1);
    // better-auth guards its own routes the same way.
    const forgedAuth = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: 'https://evil.example' },
      payload: {},
    });
    expect(forgedAuth.statusCode).toBe(403);
    await app.close();
    await testDatabase.drop();
  });

  it('limits sign-in attempts per address, but never reading the session', async () => {
    const testDatabase = await createTestDatabase('pglite');
    const app = await buildTestApp(testDatabase.database, {
      auth: createTestAuth(testDatabase.database, { rateLimit: true }),
    });
    await app.ready();
    const attempt = (headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { ...origin, ...headers },
        payload: { email: 'someone@example.org', password: 'not-the-password' },
      });
    const statuses = [];
    // A client inventing X-Forwarded-For values gets no fresh bucket (T03): without a trusted proxy the
    // socket address is the client.
    for (let i = 0; i < 4; i++) {
      statuses.push((await attempt({ 'x-forwarded-for': `6.6.6.${i}, 127.0.0.1` })).statusCode);
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses[3]).toBe(429);
    // A whole school on one address reads its session freely.
    for (let i = 0; i < 150; i++) expect((await app.inject('/api/auth/get-session')).statusCode).toBe(200);
    await app.close();
    await testDatabase.drop();
  });

  it('behind a trusted proxy, gives two client addresses two buckets (T03)', async () => {
    const testDatabase = await createTestDatabase('pglite');
    const app = await buildTestApp(testDatabase.database, {
      auth: createTestAuth(testDatabase.database, { rateLimit: true }),
      env: { NODE_ENV: 'test', TRUST_PROXY_HOPS: 1 },
    });
    await app.ready();
    const attempt = (client: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { ...origin, 'x-forwarded-for': client },
        payload: { email: 'someone@example.org', password: 'not-the-password' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt('203.0.113.7')).statusCode).toBe(401);
    expect((await attempt('203.0.113.7')).statusCode).toBe(429);
    expect((await attempt('198.51.100.9')).statusCode).toBe(401);
    await app.close();
    await testDatabase.drop();
  });
});

describe('better-auth configuration (T12)', () => {
  it('keeps its CSRF and origin checks on, and a fixed base URL', async () => {
    const testDatabase = await createTestDatabase('pglite');
    const auth = createTestAuth(testDatabase.database);
    const advanced = auth.options.advanced ?? {};
    expect((advanced as { disableCSRFCheck?: boolean }).disableCSRFCheck ?? false).toBe(false);
    expect((advanced as { disableOriginCheck?: boolean }).disableOriginCheck ?? false).toBe(false);
    expect(auth.options.baseURL).toBe(TEST_PUBLIC_URL);
    expect(auth.options.trustedOrigins).toEqual([TEST_PUBLIC_URL]);
    expect(auth.options.session?.cookieCache?.enabled).toBe(false);
    await testDatabase.drop();
  });
});
