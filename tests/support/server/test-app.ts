import { type App, type AppDeps, buildApp } from '../../../src/server/app';
import { type Auth, type AuthConfig, createAuth } from '../../../src/server/auth/auth';
import type { Database } from '../../../src/server/db/client';
import { seedDemoTournament } from '../../../src/server/db/seed/demo-seed';
import { createOutboxMailer, type Mailer } from '../../../src/server/mail/mailer';
import { createTestDatabase, type DatabaseTarget, silentLogger, type TestDatabase } from './test-database';

export const SEED_TIME = new Date('2025-11-22T12:00:00Z');

export interface TestApp {
  app: App;
  database: Database;
  testDatabase: TestDatabase;
  close(): Promise<void>;
}

export const TEST_PUBLIC_URL = 'http://127.0.0.1:3000';
export const TEST_AUTH_SECRET = 'test-secret-that-is-at-least-32-characters-long';

/** better-auth on the test database, with mail kept in the outbox table unless a mailer is given. */
export function createTestAuth(
  database: Database,
  options: {
    mailer?: Mailer;
    rateLimit?: boolean;
    verifyPassword?: AuthConfig['verifyPassword'];
    /** better-auth's own log lines; silent unless a test reads them. */
    logger?: AuthConfig['logger'];
  } = {},
): Auth {
  return createAuth({
    db: database.db,
    baseURL: TEST_PUBLIC_URL,
    secret: TEST_AUTH_SECRET,
    mailer: options.mailer ?? createOutboxMailer(database.db, silentLogger),
    logger: options.logger ?? silentLogger,
    isProduction: false,
    rateLimit: options.rateLimit ?? false,
    ...(options.verifyPassword ? { verifyPassword: options.verifyPassword } : {}),
  });
}

export async function buildTestApp(database: Database, overrides: Partial<AppDeps> = {}): Promise<App> {
  const mailer = overrides.mailer ?? createOutboxMailer(database.db, silentLogger);
  return buildApp({
    env: { NODE_ENV: 'test', TRUST_PROXY_HOPS: 0 },
    database,
    mailer,
    auth: overrides.auth ?? createTestAuth(database, { mailer }),
    publicUrl: TEST_PUBLIC_URL,
    logger: silentLogger,
    clientDir: null,
    random: () => 0,
    liveCoalesceMs: 5,
    settingsGateDelayMs: 0,
    ...overrides,
  });
}

/** An app on a fresh database, with the demo tournament unless `seed` is false. */
export async function startTestApp(
  target: DatabaseTarget,
  options: { seed?: boolean } & Partial<AppDeps> = {},
): Promise<TestApp> {
  const testDatabase = await createTestDatabase(target);
  const { database } = testDatabase;
  if (options.seed !== false) await seedDemoTournament(database.db, SEED_TIME);
  const app = await buildTestApp(database, options);
  await app.ready();
  return {
    app,
    database,
    testDatabase,
    close: async () => {
      await app.close();
      await testDatabase.drop();
    },
  };
}

/** Resolves with the next value `probe` returns that is not undefined, polling until `timeoutMs`. */
export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 3_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The `cookie` header value that carries the cookies a response set (cleared ones left out). */
export function sessionCookieFrom(headers: Record<string, unknown>): string {
  return ([] as string[])
    .concat((headers['set-cookie'] as string | string[] | undefined) ?? [])
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** Combines cookie header values as a browser's jar would: a later cookie of the same name wins. */
export function mergeCookies(...values: string[]): string {
  const jar = new Map<string, string>();
  for (const pair of values.flatMap((value) => value.split('; ')).filter(Boolean)) {
    jar.set(pair.slice(0, pair.indexOf('=')), pair);
  }
  return [...jar.values()].join('; ');
}

/** Signs in through the real better-auth route, from this site's own origin. */
export async function signIn(
  app: App,
  email: string,
  password: string,
): Promise<{ status: number; cookie: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_PUBLIC_URL },
    payload: { email, password },
  });
  return { status: response.statusCode, cookie: sessionCookieFrom(response.headers) };
}
