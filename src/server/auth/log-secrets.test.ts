import { Writable } from 'node:stream';
import { desc } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botProof } from '../../../tests/support/server/registration-fixtures';
import {
  buildTestApp,
  createTestAuth,
  sessionCookieFrom,
  TEST_PUBLIC_URL,
} from '../../../tests/support/server/test-app';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/server/test-database';
import type { App } from '../app';
import { mailOutbox } from '../db/schema/mail';
import { createOutboxMailer } from '../mail/mailer';

/** T20: whatever happens, the logs never hold a password, a one-time code, a reset token or a session token. */
describe('logs hold no secrets', () => {
  const lines: string[] = [];
  let testDatabase: TestDatabase;
  let app: App;
  const secrets: string[] = [];

  beforeAll(async () => {
    const logger = pino(
      { level: 'trace' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    testDatabase = await createTestDatabase('pglite');
    const mailer = createOutboxMailer(testDatabase.database.db, logger);
    app = await buildTestApp(testDatabase.database, {
      logger,
      mailer,
      auth: createTestAuth(testDatabase.database, { mailer }),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await testDatabase.drop();
  });

  const post = (url: string, payload: unknown, cookie = '') =>
    app.inject({
      method: 'POST',
      url,
      headers: { origin: TEST_PUBLIC_URL, ...(cookie ? { cookie } : {}) },
      payload: payload as object,
    });
  const latestMail = async () =>
    (await testDatabase.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1))[0]!;

  it('after sign-up, failed and good sign-ins, a reset and a two-factor sign-in', async () => {
    const password = 'logging-secret-password-1';
    secrets.push(password, 'wrong-secret-password-2', 'reset-secret-password-3');
    await post('/api/auth/sign-up/email', { email: 'logged@example.org', password, name: 'Logged' });
    await post('/api/auth/sign-in/email', {
      email: 'logged@example.org',
      password: 'wrong-secret-password-2',
    });
    const good = await post('/api/auth/sign-in/email', { email: 'logged@example.org', password });
    const session = sessionCookieFrom(good.headers);
    secrets.push(...session.split('; ').map((pair) => pair.split('=')[1]!.split('.')[0]!));

    await post('/api/auth/request-password-reset', {
      email: 'logged@example.org',
      redirectTo: '/reset-password',
      botProof: await botProof(app),
    });
    const token = (await latestMail()).text.match(/reset-password\/([\w-]+)/)![1]!;
    secrets.push(token);
    await post('/api/auth/reset-password', { token, newPassword: 'reset-secret-password-3' });

    const signedIn = sessionCookieFrom(
      (
        await post('/api/auth/sign-in/email', {
          email: 'logged@example.org',
          password: 'reset-secret-password-3',
        })
      ).headers,
    );
    await app.inject({
      method: 'PUT',
      url: '/api/account/preferences',
      headers: { cookie: signedIn, origin: TEST_PUBLIC_URL },
      payload: { twoFactorEnabled: true },
    });
    const pending = sessionCookieFrom(
      (
        await post('/api/auth/sign-in/email', {
          email: 'logged@example.org',
          password: 'reset-secret-password-3',
        })
      ).headers,
    );
    await post('/api/auth/two-factor/send-otp', {}, pending);
    const code = (await latestMail()).text.match(/is:\s+(\d{6})/)![1]!;
    secrets.push(code);
    expect((await post('/api/auth/two-factor/verify-otp', { code }, pending)).statusCode).toBe(200);

    expect(lines.length).toBeGreaterThan(10);
    const log = lines.join('');
    for (const secret of secrets) expect(log, `a secret reached the logs`).not.toContain(secret);
    expect(log).not.toMatch(/"cookie"|set-cookie|"password"/i);
  });
});
