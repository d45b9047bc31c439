import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZATION_MATRIX } from '../../../tests/support/server/authorization-matrix';
import {
  createTestAuth,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../tests/support/server/test-app';
import { type DatabaseTarget, databaseTargets } from '../../../tests/support/server/test-database';
import { seedDemoAccounts } from '../db/seed/demo-accounts';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './database-unavailable';

/** Takes the test's own database away: PGlite closes; on PostgreSQL the database refuses every connection. */
async function loseDatabase(t: TestApp): Promise<{ restore: () => Promise<void> }> {
  if (t.database.kind === 'pglite') {
    await t.database.close();
    return { restore: async () => undefined };
  }
  const result = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const name = result.rows[0]?.name as string;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`alter database ${pg.escapeIdentifier(name)} allow_connections false`);
  await admin.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [name],
  );
  return {
    restore: async () => {
      await admin.query(`alter database ${pg.escapeIdentifier(name)} allow_connections true`);
      await admin.end();
    },
  };
}

function expectUnavailable(response: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toMatch(/^\d+$/);
  const body = JSON.parse(response.body);
  expect(Object.keys(body).sort()).toEqual(['error', 'requestId']);
  expect(body.error).toBe(DATABASE_UNAVAILABLE_MESSAGE);
}

describe.each(databaseTargets)('when the database is lost (%s)', (target: DatabaseTarget) => {
  let t: TestApp;
  let superadmin: string;
  let arbiter: string;
  let leaderboardBefore: string;
  let lost: { restore: () => Promise<void> } | undefined;

  beforeAll(async () => {
    t = await startTestApp(target);
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    superadmin = (await signIn(t.app, 'superadmin@demo.test', 'demo-pass-2025')).cookie;
    arbiter = (await signIn(t.app, 'arbiter@demo.test', 'demo-pass-2025')).cookie;
    // A phone has read the leaderboard: the process holds a snapshot of the public data.
    leaderboardBefore = (await t.app.inject('/api/public/leaderboard')).body;
    lost = await loseDatabase(t);
  }, 60_000);
  afterAll(async () => {
    await lost?.restore();
    await t?.close();
  });

  it('answers every staff and signed-in route 503 with Retry-After, never 500 and never 401/403', async () => {
    const failures: string[] = [];
    for (const [route, row] of Object.entries(AUTHORIZATION_MATRIX)) {
      if (row.isStream) continue;
      const [method, url] = route.split(' ') as [string, string];
      for (const cookie of [superadmin, arbiter]) {
        const response = await t.app.inject({
          method: method as 'GET',
          url: row.path ?? url,
          headers: { cookie, origin: TEST_PUBLIC_URL },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        const status = response.statusCode;
        const isPublic = row.allowed.includes('anonymous');
        if (status === 500 || status === 401 || status === 403) failures.push(`${route}: ${status}`);
        else if (status >= 500 && (status !== 503 || !response.headers['retry-after'])) {
          failures.push(`${route}: ${status} without Retry-After`);
        } else if (!isPublic && status !== 503) failures.push(`${route}: ${status}, expected 503`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers the sign-in steps of better-auth 503 too', async () => {
    expectUnavailable(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_PUBLIC_URL },
        payload: { email: 'arbiter@demo.test', password: 'demo-pass-2025' },
      }),
    );
    expectUnavailable(await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: arbiter } }));
    expectUnavailable(await t.app.inject({ url: '/api/me', headers: { cookie: arbiter } }));
  });

  it('keeps serving the public pages from the last snapshot, and public reads it does not cover get 503', async () => {
    const leaderboard = await t.app.inject('/api/public/leaderboard');
    expect(leaderboard.statusCode).toBe(200);
    expect(leaderboard.body).toBe(leaderboardBefore);
    expect((await t.app.inject('/api/public/home')).statusCode).toBe(200);
    expectUnavailable(await t.app.inject('/api/registrations/challenge'));
    expectUnavailable(await t.app.inject(AUTHORIZATION_MATRIX['GET /api/invites/:token']?.path ?? ''));
    expect((await t.app.inject('/api/ready')).statusCode).toBe(503);
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
  });

  it.runIf(target === 'postgres')('serves staff again once the database is back', async () => {
    await lost?.restore();
    lost = undefined;
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await t.app.inject({ url: '/api/admin/match-results', headers: { cookie: arbiter } }))
        .statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
  });
});

describe('a process that never reached the database', () => {
  it('answers the public pages 503 (it has no snapshot to show)', async () => {
    const t = await startTestApp('pglite', { seed: false });
    await t.database.close();
    expectUnavailable(await t.app.inject('/api/public/leaderboard'));
    await t.app.close();
  });
});

describe('telling a lost database from other errors', () => {
  it('sees the driver error through the wrappers around it', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused], 'all addresses failed'))).toBe(true);
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: shutdown }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('PGlite is closed'))).toBe(true);
  });

  it('does not call a wrong query or a constraint a lost database', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      false,
    );
    const loop: { message: string; cause?: unknown } = { message: 'loop' };
    loop.cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });
});
