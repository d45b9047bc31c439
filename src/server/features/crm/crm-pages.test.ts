import { rmSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientFixture } from '../../../../tests/support/server/client-fixture';
import { openRegistration, register, teamOf } from '../../../../tests/support/server/registration-fixtures';
import {
  createTestAuth,
  signIn,
  startTestApp,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { crmBoardSchema, crmOverviewSchema } from '../../../contracts/crm';
import { CRM_PAGE_STATE_ID, type CrmPageState } from '../../../contracts/crm-pages';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

function stateOf(html: string): CrmPageState | null {
  const match = new RegExp(`<script type="application/json" id="${CRM_PAGE_STATE_ID}">(.*?)</script>`).exec(
    html,
  );
  return match?.[1] ? (JSON.parse(match[1]) as CrmPageState) : null;
}

const count = (html: string, text: string) => html.split(text).length - 1;

describe('the CRM matrix and board drawn on the server for their staff (ADR 037)', () => {
  let t: TestApp;
  let fixture: ReturnType<typeof createClientFixture>;
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    fixture = createClientFixture();
    t = await startTestApp('pglite', { clientDir: fixture.clientDir, registrationPowBits: 4 });
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    // Three schools register: each gets its row of tasks.
    await openRegistration(t.database.db);
    for (const n of [1, 2, 3]) {
      await register(t.app, {
        schoolName: `Drawn School ${n}`,
        registrantEmail: `teacher${n}@school.example`,
        teams: [teamOf(`D${n} A`)],
      });
    }
    for (const email of ['admin@demo.test', 'player@demo.test']) {
      cookies[email] = (await signIn(t.app, email, DEMO_PASSWORD)).cookie;
    }
  });
  afterAll(async () => {
    await t?.close();
    fixture?.remove();
  });

  const get = (url: string, email?: string) =>
    t.app.inject({ method: 'GET', url, headers: email ? { cookie: cookies[email] as string } : {} });

  it('arrives with a row per school, drawn from the same answers the API gives that staff member', async () => {
    const page = await get('/crm', 'admin@demo.test');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    // One user's data: no shared cache may keep it.
    expect(page.headers['cache-control']).toBe('private, no-cache');
    const overview = crmOverviewSchema.parse((await get('/api/crm/overview', 'admin@demo.test')).json());
    expect(overview.schools.length).toBe(3);
    expect(count(page.body, 'data-testid="crm-matrix-row"')).toBe(overview.schools.length);
    for (const school of overview.schools) expect(page.body).toContain(`data-school="${school.name}"`);
    // Drawn for the signed-in user: their menu's place, not the sign-in link.
    expect(page.body).toContain('Team tasks');

    const state = stateOf(page.body);
    expect(Object.keys(state?.reads ?? {}).sort()).toEqual([
      '/api/auth/get-session',
      '/api/crm/overview',
      '/api/me',
    ]);
    expect(crmOverviewSchema.parse(JSON.parse(state?.reads['/api/crm/overview'] ?? 'null'))).toEqual(
      overview,
    );
    expect(JSON.parse(state?.reads['/api/me'] ?? 'null')).toEqual(
      (await get('/api/me', 'admin@demo.test')).json(),
    );
    // The matrix's code is preloaded; its two inline scripts are allowed by hash, nothing inline else.
    expect(page.body).toContain('/assets/crm-overview-page-test.js');
    const scriptSrc = String(page.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc).toMatch(/'sha256-/);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  it('is sent compressed as the browser accepts, the page whole once decompressed', async () => {
    const plain = await get('/crm', 'admin@demo.test');
    for (const [encoding, unzip] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const page = await t.app.inject({
        method: 'GET',
        url: '/crm',
        headers: { cookie: cookies['admin@demo.test'] as string, 'accept-encoding': `${encoding}, deflate` },
      });
      expect(page.headers['content-encoding']).toBe(encoding);
      const body = unzip(page.rawPayload).toString();
      expect(count(body, 'data-testid="crm-matrix-row"')).toBe(
        count(plain.body, 'data-testid="crm-matrix-row"'),
      );
      expect(body.endsWith('</html>')).toBe(true);
    }
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/crm',
      headers: { cookie: cookies['admin@demo.test'] as string },
    });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('keeps the filters of the address: the drawn rows are the filtered ones', async () => {
    const overview = crmOverviewSchema.parse((await get('/api/crm/overview', 'admin@demo.test')).json());
    const first = overview.schools[0];
    if (!first) throw new Error('the demo has no school');
    const page = await get(`/crm?q=${encodeURIComponent(first.name)}`, 'admin@demo.test');
    expect(page.statusCode).toBe(200);
    const rows = count(page.body, 'data-testid="crm-matrix-row"');
    expect(rows).toBeGreaterThanOrEqual(1);
    expect(rows).toBeLessThan(overview.schools.length);
    expect(page.body).toContain(`data-school="${first.name}"`);
  });

  it('draws nothing for anyone the API would refuse: they get the app’s shell, with no data in it', async () => {
    for (const email of [undefined, 'player@demo.test']) {
      const page = await get('/crm', email);
      expect(page.statusCode, email).toBe(200);
      expect(stateOf(page.body), email).toBeNull();
      expect(page.body, email).not.toContain('crm-matrix-row');
      expect(page.body, email).toContain('<div id="root"></div>');
    }
  });

  it('draws the board too, its first lanes with their cards and every lane’s heading with its count', async () => {
    const page = await get('/crm/tasks', 'admin@demo.test');
    expect(page.statusCode).toBe(200);
    const board = crmBoardSchema.parse((await get('/api/crm/tasks', 'admin@demo.test')).json());
    const state = stateOf(page.body);
    expect(crmBoardSchema.parse(JSON.parse(state?.reads['/api/crm/tasks'] ?? 'null'))).toEqual(board);
    expect(count(page.body, 'data-testid="crm-lane"')).toBe(3);
    // Each school's lane with its count; the first screen's lanes with their cards, the rest as placeholders
    // of their height, drawn by the browser as they come near.
    const perSchool = board.tasks.length / 3;
    expect(count(page.body, `(<!-- -->${perSchool}<!-- -->)`)).toBe(3);
    const cards = count(page.body, 'data-testid="crm-task-card"');
    expect(cards).toBeGreaterThanOrEqual(perSchool);
    expect(cards < board.tasks.length).toBe(page.body.includes('data-testid="crm-placeholder"'));
  });

  it('names the reads and chunks of a page the browser draws as preloads (ADR 030)', async () => {
    // Without the server build, the board is the app's shell: its reads and code start with the headers.
    const shellOnly = createClientFixture();
    rmSync(`${shellOnly.clientDir}-ssr`, { recursive: true });
    const bare = await startTestApp('pglite', { clientDir: shellOnly.clientDir, seed: false });
    try {
      await seedDemoAccounts(bare.database.db, createTestAuth(bare.database));
      const cookie = (await signIn(bare.app, 'admin@demo.test', DEMO_PASSWORD)).cookie;
      const page = await bare.app.inject({ method: 'GET', url: '/crm/tasks', headers: { cookie } });
      expect(page.statusCode).toBe(200);
      expect(stateOf(page.body)).toBeNull();
      const link = String(page.headers.link);
      expect(link).toContain('</api/crm/tasks>; rel=preload; as=fetch; crossorigin');
      for (const chunk of [
        'crm-early-test.js',
        'crm-routes-test.js',
        'table-test.js',
        'crm-tasks-page-test.js',
      ]) {
        expect(link).toContain(`</assets/${chunk}>; rel=modulepreload`);
      }
      // The entry is in the page already.
      expect(link).not.toContain('index-test.js');
    } finally {
      await bare.close();
      shellOnly.remove();
    }
  });
});
