import { desc } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLogger, sessionTokenOf } from '../../../tests/support/server/captured-log';
import { botProof } from '../../../tests/support/server/registration-fixtures';
import {
  buildTestApp,
  createTestAuth,
  sessionCookieFrom,
  signIn,
  TEST_PUBLIC_URL,
} from '../../../tests/support/server/test-app';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/server/test-database';
import type { App } from '../app';
import { mailOutbox } from '../db/schema/mail';
import { DEMO_PASSWORD, seedDemoAccounts } from '../db/seed/demo-accounts';
import { QUERY_PARAMETERS_REDACTED, REDACTED, redactLogText } from '../logger';
import { createOutboxMailer } from '../mail/mailer';

/** T20: whatever happens, the logs never hold a password, a one-time code, a reset token or a session token. */
describe('logs hold no secrets', () => {
  const { logger, lines } = capturedLogger();
  let testDatabase: TestDatabase;
  let app: App;
  const secrets: string[] = [];

  beforeAll(async () => {
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

/** The redaction itself (src/server/logger.ts), on values made up to look like what the server logs. */
describe('the logger leaves secrets out', () => {
  const sessionQuery =
    'select "id", "expires_at", "token", "user_id" from "session" where "session"."token" = $1';
  const failedQuery = () =>
    new DrizzleQueryError(
      sessionQuery,
      ['synthetic-session-token-1', 'me@example.org'],
      Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' }),
    );

  it("keeps a failed query's SQL and cause but none of its parameters: message, stack, wrapped errors, the line's text", () => {
    const { logger, lines, text } = capturedLogger();
    const error = failedQuery();
    logger.warn({ err: error }, 'database unavailable');
    logger.error(error);
    logger.error({ err: new Error('Failed to get session', { cause: error }) });
    logger.info({ failure: error, attempts: [error] }, 'retrying');
    // better-auth's own logger hands over the message text alone (auth.ts).
    logger.error({ component: 'auth' }, error.message);
    logger.warn('query failed: %s', error.message);

    expect(lines).toHaveLength(6);
    const log = text();
    expect(log).not.toContain('synthetic-session-token-1');
    expect(log).not.toContain('me@example.org');
    expect(log).not.toMatch(/params:|"params"/);
    // What is needed to understand the failure is still there.
    const first = JSON.parse(lines[0]!) as {
      err: { type: string; message: string; stack: string };
      msg: string;
    };
    expect(first.msg).toBe('database unavailable');
    expect(first.err.type).toBe('DrizzleQueryError');
    expect(first.err.message).toBe(
      `Failed query: ${sessionQuery}\n${QUERY_PARAMETERS_REDACTED}: Connection terminated unexpectedly`,
    );
    expect(first.err.stack).toContain('caused by: Error: Connection terminated unexpectedly');
    expect((JSON.parse(lines[1]!) as { msg: string }).msg).toBe(
      `Failed query: ${sessionQuery}\n${QUERY_PARAMETERS_REDACTED}`,
    );
    // The error object itself is left as it was (it may still be handled after being logged).
    expect(error.params).toEqual(['synthetic-session-token-1', 'me@example.org']);
  });

  it('redacts passwords, tokens, cookies, credentials and the tokens of reset, verify and unsubscribe links', () => {
    const { logger, lines, text } = capturedLogger();
    const secrets = [
      'pw-secret-1',
      'pw-secret-2',
      'hash$secret-3',
      'token-secret-4',
      'cookie-secret-5',
      'bearer-secret-6',
      'reset-secret-7',
      'verify-secret-8',
      'unsubscribe-secret-9',
      'session-secret-10',
      'otp-secret-11',
      'invite-secret-12',
      'binding-secret-13',
    ];
    logger.info(
      {
        email: 'kept@example.org',
        password: 'pw-secret-1',
        body: { newPassword: 'pw-secret-2', user: { password_hash: 'hash$secret-3' } },
        token: 'token-secret-4',
        headers: { cookie: 'known_device=cookie-secret-5', Authorization: 'Bearer bearer-secret-6' },
        links: [
          'https://chess.example.org/api/auth/reset-password/reset-secret-7?callbackURL=%2Freset-password',
          'https://chess.example.org/api/auth/verify-email?token=verify-secret-8&callbackURL=/',
        ],
        otp: 'otp-secret-11',
      },
      'mail sent',
    );
    logger.warn(
      'unsubscribe at https://chess.example.org/api/crm/unsubscribe/unsubscribe-secret-9 failed for better-auth.session_token=session-secret-10.sig',
    );
    logger.info({ req: { url: '/api/invites/invite-secret-12' } }, 'request completed');
    // A child logger's bindings (as Fastify's per-request logger has) reach only the written line's pass.
    logger.child({ url: '/api/crm/unsubscribe/binding-secret-13' }).info('request completed');

    const log = text();
    for (const secret of secrets) expect(log, secret).not.toContain(secret);
    const first = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(first).toMatchObject({
      email: 'kept@example.org',
      password: REDACTED,
      body: { newPassword: REDACTED, user: { password_hash: REDACTED } },
      token: REDACTED,
      headers: { cookie: REDACTED, Authorization: REDACTED },
      links: [
        `https://chess.example.org/api/auth/reset-password/${REDACTED}?callbackURL=%2Freset-password`,
        `https://chess.example.org/api/auth/verify-email?token=${REDACTED}&callbackURL=/`,
      ],
      otp: REDACTED,
      msg: 'mail sent',
    });
    expect(redactLogText(`Failed query: ${sessionQuery}\nparams: a,b`)).toBe(
      `Failed query: ${sessionQuery}\n${QUERY_PARAMETERS_REDACTED}`,
    );
    expect(redactLogText('Key (token)=(abc123) already exists.')).toBe(
      `Key (token)=(${REDACTED}) already exists.`,
    );
  });
});

/**
 * A session query that fails because the database is gone (here an embedded database closed under the app; a
 * real PostgreSQL restart is src/server/http/postgres-restart.test.ts): Drizzle's error carries the session token
 * as the query's parameter, and the request's failure is logged.
 */
describe('a failed session query', () => {
  it('is answered with 503 and logged without the session token or the query parameters', async () => {
    const { logger, text } = capturedLogger();
    const testDatabase = await createTestDatabase('pglite');
    await seedDemoAccounts(testDatabase.database.db, createTestAuth(testDatabase.database));
    const app = await buildTestApp(testDatabase.database, { logger });
    try {
      await app.ready();
      const signedIn = await signIn(app, 'arbiter@demo.test', DEMO_PASSWORD);
      expect(signedIn.status).toBe(200);
      const token = sessionTokenOf(signedIn.cookie);
      await testDatabase.database.close();
      for (const url of ['/api/me', '/api/auth/get-session', '/api/admin/match-results']) {
        const response = await app.inject({ method: 'GET', url, headers: { cookie: signedIn.cookie } });
        expect(response.statusCode, url).toBe(503);
      }
      const log = text();
      expect(log, 'the failed session query was logged').toContain(QUERY_PARAMETERS_REDACTED);
      expect(log).toContain('where \\"session\\".\\"token\\" = $1');
      expect(log).not.toContain(token);
      expect(log).not.toMatch(/params:|"params"/);
    } finally {
      await app.close();
    }
  });
});
