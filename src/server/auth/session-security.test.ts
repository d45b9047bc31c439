import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createTestAuth,
  SEED_TIME,
  sessionCookieFrom,
  TEST_AUTH_SECRET,
  TEST_PUBLIC_URL,
} from '../../../tests/support/server/test-app';
import {
  createTestDatabase,
  silentLogger,
  type TestDatabase,
} from '../../../tests/support/server/test-database';
import { session as sessionTable, user } from '../db/schema/auth';
import { seedDemoTournament } from '../db/seed/demo-seed';
import { createOutboxMailer } from '../mail/mailer';
import { createAuth, SESSION_ABSOLUTE_MAX_MS } from './auth';

const PASSWORD = 'a-long-enough-password';
const SESSION_COOKIE = 'better-auth.session_token';

/** The token part of the session cookie in a `cookie` header value. */
function sessionToken(cookie: string): string | undefined {
  const pair = cookie.split('; ').find((value) => value.startsWith(`${SESSION_COOKIE}=`));
  return pair ? decodeURIComponent(pair.split('=')[1]!).split('.')[0] : undefined;
}

/**
 * Session cookies made the way better-auth signs them (HMAC-SHA256 of the token), for sessions inserted
 * straight into the database: 400 real sign-ins would spend a minute hashing passwords.
 */
async function mintSessions(testDatabase: TestDatabase, userId: string, count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, () => ({
    id: randomUUID(),
    token: randomBytes(24).toString('base64url'),
    userId,
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    updatedAt: new Date(),
  }));
  await testDatabase.database.db.insert(sessionTable).values(rows);
  return rows.map((row) => {
    const signature = createHmac('sha256', TEST_AUTH_SECRET).update(row.token).digest('base64');
    return `${SESSION_COOKIE}=${encodeURIComponent(`${row.token}.${signature}`)}`;
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

describe('sessions and sign-in under load and scrutiny (T04, T07, T08)', () => {
  let testDatabase: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let baseUrl: string;

  beforeAll(async () => {
    testDatabase = await createTestDatabase('pglite');
    await seedDemoTournament(testDatabase.database.db, SEED_TIME);
    // Rate limiting on, as in production: the point of T04 is that it does not hurt a school on one address.
    // Behind one proxy hop, so each helper request below can come from an address of its own.
    app = await buildTestApp(testDatabase.database, {
      auth: createTestAuth(testDatabase.database, { rateLimit: true }),
      env: { NODE_ENV: 'test', TRUST_PROXY_HOPS: 1 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app.close();
    await testDatabase.drop();
  });

  let nextAddress = 0;
  /** Each setup step from its own address, so the per-address limits (T02) stay out of these tests. */
  const post = (url: string, payload: object, cookie?: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: {
        origin: TEST_PUBLIC_URL,
        'x-forwarded-for': `10.1.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`,
        ...(cookie ? { cookie } : {}),
      },
      payload,
    });
  const signUp = (email: string) =>
    post('/api/auth/sign-up/email', { email, password: PASSWORD, name: 'Test User' });
  const signIn = async (email: string, cookie?: string) =>
    sessionCookieFrom((await post('/api/auth/sign-in/email', { email, password: PASSWORD }, cookie)).headers);

  it('T04: 400 signed-in phones behind one school address read the leaderboard and their session, with no 429 or 5xx', async () => {
    await signUp('school-phones@example.org');
    const [account] = await testDatabase.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, 'school-phones@example.org'));
    const cookies = await mintSessions(testDatabase, account!.id, 400);
    // The minted cookies are real sessions.
    const probe = await app.inject({ url: '/api/me', headers: { cookie: cookies[0]! } });
    expect(probe.statusCode).toBe(200);

    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const started = Date.now();
    // Over real HTTP, all from the school's one public address, 50 phones at a time.
    const school = { 'x-forwarded-for': '203.0.113.50' };
    for (let batch = 0; batch < cookies.length; batch += 50) {
      await Promise.all(
        cookies.slice(batch, batch + 50).map(async (cookie) => {
          const [board, session] = await Promise.all([
            fetch(`${baseUrl}/api/public/leaderboard`, { headers: { cookie, ...school } }),
            fetch(`${baseUrl}/api/auth/get-session`, { headers: { cookie, ...school } }),
          ]);
          count(board.status);
          count(session.status);
          const body = (await session.json()) as { session?: { userId: string } } | null;
          expect(body?.session?.userId).toBe(account!.id);
          await board.arrayBuffer();
        }),
      );
    }
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(Object.fromEntries(statuses)).toEqual({ 200: 800 });
  }, 120_000);

  it('T07: a wrong password and an unknown address take the same time (median of 50 each)', async () => {
    // Ten accounts, five wrong tries each: under the per-account lock of ten failures (T01).
    const known = Array.from({ length: 10 }, (_, i) => `timing-${i}@example.org`);
    for (const email of known) expect((await signUp(email)).statusCode).toBe(200);
    const attempt = async (email: string) => {
      const started = process.hrtime.bigint();
      const response = await post('/api/auth/sign-in/email', { email, password: 'not-the-password-at-all' });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      return { ms, status: response.statusCode, body: response.body };
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    const bodies = new Set<string>();
    for (let i = 0; i < 50; i++) {
      // Interleaved, so a slow moment of the machine affects both sides alike.
      const a = await attempt(known[i % known.length]!);
      const b = await attempt(`nobody-${i}@example.org`);
      expect([a.status, b.status]).toEqual([401, 401]);
      bodies.add(a.body).add(b.body);
      wrong.push(a.ms);
      unknown.push(b.ms);
    }
    expect(bodies.size).toBe(1);
    expect(Math.abs(median(wrong) - median(unknown))).toBeLessThan(50);
  }, 120_000);

  it('T08: every sign-in issues a new session token, even when the browser still holds one', async () => {
    await signUp('rotation@example.org');
    const first = await signIn('rotation@example.org');
    const firstToken = sessionToken(first);
    expect(firstToken).toBeDefined();
    const secondToken = sessionToken(await signIn('rotation@example.org', first));
    expect(secondToken).toBeDefined();
    expect(secondToken).not.toBe(firstToken);
  });

  it('T08: a session in daily use still ends 30 days after sign-in', async () => {
    await signUp('long-lived@example.org');
    const cookie = await signIn('long-lived@example.org');
    expect((await app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    // As if signed in 31 days ago and used every day since: the sliding expiry is still in the future.
    const token = sessionToken(cookie)!;
    await testDatabase.database.db
      .update(sessionTable)
      .set({ createdAt: new Date(Date.now() - SESSION_ABSOLUTE_MAX_MS - 24 * 60 * 60 * 1000) })
      .where(eq(sessionTable.token, token));
    const refused = await app.inject({ url: '/api/me', headers: { cookie } });
    expect(refused.statusCode).toBe(401);
    // The session is gone, so better-auth's own read no longer returns it either.
    const read = await app.inject({ url: '/api/auth/get-session', headers: { cookie } });
    expect(read.json()).toBeNull();
  });
});

describe('cookies in production (T11)', () => {
  it('are Secure, HttpOnly, SameSite=Lax and carry the __Secure- prefix; responses carry HSTS', async () => {
    const testDatabase = await createTestDatabase('pglite');
    const publicUrl = 'https://chess.example.org';
    const mailer = createOutboxMailer(testDatabase.database.db, silentLogger);
    const auth = createAuth({
      db: testDatabase.database.db,
      baseURL: publicUrl,
      secret: TEST_AUTH_SECRET,
      mailer,
      logger: silentLogger,
      isProduction: true,
      rateLimit: false,
    });
    const app = await buildTestApp(testDatabase.database, {
      auth,
      mailer,
      publicUrl,
      env: { NODE_ENV: 'production', TRUST_PROXY_HOPS: 0 },
    });
    await app.ready();
    const post = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: { origin: publicUrl }, payload });
    expect(
      (await post('/api/auth/sign-up/email', { email: 'prod@example.org', password: PASSWORD, name: 'P' }))
        .statusCode,
    ).toBe(200);
    const response = await post('/api/auth/sign-in/email', { email: 'prod@example.org', password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const session = cookies.find((value) => value.startsWith(`__Secure-${SESSION_COOKIE}=`));
    expect(session).toBeDefined();
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    const health = await app.inject('/api/health');
    expect(
      Number(/max-age=(\d+)/.exec(String(health.headers['strict-transport-security']))?.[1]),
    ).toBeGreaterThanOrEqual(31_536_000);
    await app.close();
    await testDatabase.drop();
  });
});

describe('the per-address sign-in limit (T02)', () => {
  it('is kept in the database: a restarted server still refuses the 4th attempt within 10 s', async () => {
    const testDatabase = await createTestDatabase('pglite');
    const start = async () => {
      const app = await buildTestApp(testDatabase.database, {
        auth: createTestAuth(testDatabase.database, { rateLimit: true }),
      });
      await app.ready();
      return app;
    };
    const attempt = (app: Awaited<ReturnType<typeof start>>) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_PUBLIC_URL },
        payload: { email: 'someone@example.org', password: 'not-the-password' },
      });
    const first = await start();
    for (let i = 0; i < 3; i++) expect((await attempt(first)).statusCode).toBe(401);
    await first.close();
    const second = await start();
    const refused = await attempt(second);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['x-retry-after']).toBeDefined();
    await second.close();
    await testDatabase.drop();
  });
});
