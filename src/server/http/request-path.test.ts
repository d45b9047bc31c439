import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAuth,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../tests/support/server/test-app';
import { ACCESS_MESSAGES } from '../../contracts/common';
import { SAFE_SWITCH_INFO } from '../../contracts/safe-control';
import { DEMO_PASSWORD, seedDemoAccounts } from '../db/seed/demo-accounts';
import { canonicalPath, NON_CANONICAL_PATH_MESSAGE } from './request-path';

describe('canonicalPath: one spelling per path', () => {
  it('keeps plain paths, decoded once', () => {
    expect(canonicalPath('/api/admin/announcements?x=/../y')).toBe('/api/admin/announcements');
    expect(canonicalPath('/')).toBe('/');
    expect(canonicalPath('/leaderboard/')).toBe('/leaderboard/');
    expect(canonicalPath('/api/schools/St%20Mary%C3%A9')).toBe('/api/schools/St Maryé');
    expect(canonicalPath('/api/public/players/a.b')).toBe('/api/public/players/a.b');
  });

  it('refuses every other spelling of a path', () => {
    for (const url of [
      '/%61pi/admin/announcements',
      '/ap%49/admin',
      '/api%2fadmin',
      '/api/%2e/admin',
      '/api/%2E%2E/admin',
      '/api/./admin',
      '/api/x/../admin',
      '/api/x/..',
      '//api/admin',
      '/api//admin',
      '/api\\admin',
      '/api/%5cadmin',
      '/api/%252e%252e/admin',
      '/api/%zz',
      '/api/%00',
      '/api/a%0d%0ab',
      'api/admin',
      '/api/%7e',
      '/api/%5F',
    ]) {
      expect(canonicalPath(url), url).toBeNull();
    }
  });
});

/** A sample value for each `{param}` of an OpenAPI path: the refusal comes before any validation. */
const sampleValue = '00000000-0000-4000-8000-000000000001';

/** better-auth's state-changing routes, mounted under one wildcard the OpenAPI document shows once. */
const AUTH_WRITE_PATHS = [
  '/api/auth/sign-up/email',
  '/api/auth/sign-in/email',
  '/api/auth/sign-out',
  '/api/auth/update-user',
  '/api/auth/change-password',
  '/api/auth/change-email',
  '/api/auth/delete-user',
  '/api/auth/revoke-session',
  '/api/auth/revoke-sessions',
  '/api/auth/revoke-other-sessions',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  '/api/auth/two-factor/enable',
  '/api/auth/two-factor/disable',
];

/** Other spellings of `/api/<rest>` that a router, a proxy or better-auth could read as the same path. */
function spellings(path: string): { url: string; kind: 'non-canonical' | 'letter-case' }[] {
  const rest = path.slice('/api/'.length);
  const segments = rest.split('/');
  const last = segments.length - 1;
  const mixedCase = segments.map((segment, i) =>
    i === last && !segment.includes(sampleValue) ? segment.toUpperCase() : segment,
  );
  return [
    { url: `/%61pi/${rest}`, kind: 'non-canonical' },
    { url: `/ap%69/${rest}`, kind: 'non-canonical' },
    { url: `//api/${rest}`, kind: 'non-canonical' },
    { url: `/api/./${rest}`, kind: 'non-canonical' },
    { url: `/api/x/../${rest}`, kind: 'non-canonical' },
    { url: `/api/%2e/${rest}`, kind: 'non-canonical' },
    { url: `/api%2f${rest}`, kind: 'non-canonical' },
    { url: `/api/${[...segments.slice(0, last), '.', segments[last]].join('/')}`, kind: 'non-canonical' },
    { url: `/API/${rest}`, kind: 'letter-case' },
    { url: `/api/${mixedCase.join('/')}`, kind: 'letter-case' },
  ];
}

describe('every write route, in every other spelling (issue 27)', () => {
  let t: TestApp;
  let superadmin: string;
  let writes: { method: string; path: string }[];

  /** Rows in every table: a refused request changes none of them. */
  const rowCounts = async (): Promise<Record<string, number>> => {
    const rows = async <Row>(query: SQL) => ((await t.database.db.execute(query)) as { rows: Row[] }).rows;
    const tables = await rows<{ name: string }>(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const [count] = await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(name)}`);
      counts[name] = Number(count?.n);
    }
    return counts;
  };

  let port: number;
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  /**
   * Sent over a socket with the path exactly as written: `inject()` and `fetch` resolve dot segments first,
   * as a browser would, but an attacker's client need not. A body-less text form, as a cross-site page sends.
   */
  const send = (method: string, path: string, origin: string) =>
    new Promise<{ statusCode: number; json(): { error?: string } }>((resolve, reject) => {
      const outgoing = httpRequest(
        {
          agent,
          host: '127.0.0.1',
          port,
          method,
          path,
          headers: { origin, cookie: superadmin, 'content-type': 'text/plain', 'content-length': '0' },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ statusCode: response.statusCode ?? 0, json: () => JSON.parse(text) });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end();
    });

  const flipReadOnly = async (on: boolean) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/safe-control/read_only',
      headers: { origin: TEST_PUBLIC_URL, cookie: superadmin },
      payload: on ? { on, reason: 'Spelling test', banner: '' } : { on, reason: 'Spelling test over' },
    });
    expect(response.statusCode).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestApp('pglite');
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    superadmin = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
    const document = (await t.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
        .filter(() => path.startsWith('/api/') && !path.includes('*'))
        .map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, sampleValue) })),
    );
    writes = [...documented, ...AUTH_WRITE_PATHS.map((path) => ({ method: 'POST', path }))];
  });
  afterAll(async () => {
    agent.destroy();
    await t?.close();
  });

  it('finds the write routes in the OpenAPI document', () => {
    // The document lists well over a hundred; a broken read of it would leave the checks below with nothing.
    expect(writes.length).toBeGreaterThan(100);
  });

  it('refuses each one, spelled otherwise, from a foreign site and under read-only, and changes nothing', async () => {
    // The switch's own settings row exists from here on.
    await flipReadOnly(true);
    await flipReadOnly(false);
    const before = await rowCounts();
    const failures: string[] = [];
    for (const readOnly of [false, true]) {
      if (readOnly) await flipReadOnly(true);
      const origin = readOnly ? TEST_PUBLIC_URL : 'https://attacker.example';
      for (const { method, path } of writes) {
        for (const { url, kind } of spellings(path)) {
          const response = await send(method, url, origin);
          const refused =
            kind === 'non-canonical'
              ? response.statusCode === 400 && response.json().error === NON_CANONICAL_PATH_MESSAGE
              : response.statusCode >= 400 && response.statusCode !== 500;
          if (!refused)
            failures.push(
              `${method} ${url} (${readOnly ? 'read-only' : 'cross-site'}) → ${response.statusCode}`,
            );
        }
      }
      if (readOnly) await flipReadOnly(false);
    }
    expect(failures).toEqual([]);
    const after = await rowCounts();
    // Audit rows of the flips themselves are the only writes allowed.
    expect({ ...after, system_logs: 0 }).toEqual({ ...before, system_logs: 0 });
  });

  it('refuses the plain spelling the same way, so the check above is the guards at work, not a 404', async () => {
    const announcement = writes.find((w) => w.path === '/api/admin/announcements');
    expect(announcement).toBeDefined();
    const crossSite = await send('POST', '/api/admin/announcements', 'https://attacker.example');
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error).toBe(ACCESS_MESSAGES.crossOrigin);
    await flipReadOnly(true);
    try {
      const readOnly = await send('POST', '/api/admin/announcements', TEST_PUBLIC_URL);
      expect(readOnly.statusCode).toBe(503);
      expect(readOnly.json().error).toBe(SAFE_SWITCH_INFO.read_only.refusal);
      const dotted = await send('POST', '/api/auth/sign-in/../update-user', TEST_PUBLIC_URL);
      expect(dotted.statusCode).toBe(400);
    } finally {
      await flipReadOnly(false);
    }
  });
});
