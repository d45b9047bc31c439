import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAuth,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../tests/support/server/test-app';
import { DEMO_PASSWORD, seedDemoAccounts } from '../db/seed/demo-accounts';
import { exceedsJsonDepth, JSON_NOT_UTF8_MESSAGE, JSON_TOO_DEEP_MESSAGE, MAX_JSON_DEPTH } from './json-body';

function fakeClientBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'client-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Chess</title><div id="root"></div>');
  writeFileSync(
    join(dir, 'index.html.gz'),
    gzipSync('<!doctype html><title>Chess</title><div id="root"></div>'),
  );
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  return dir;
}

describe('HTTP behaviour', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { seed: false, clientDir: fakeClientBuild() });
  });
  afterAll(async () => t?.close());

  it('answers text the database cannot store (a NUL byte) with a 400, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/registrations/status',
      headers: { origin: TEST_PUBLIC_URL },
      payload: { reference: 'REG-\u0000', email: 'teacher@example.org' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('The request contains a character that cannot be stored.');
  });

  it('refuses a JSON body that is not UTF-8 with a 400, storing nothing', async () => {
    // "Caf\xe9" in Latin-1: once read as U+FFFD and stored; a lone continuation byte and a cut sequence too.
    for (const bytes of [[0x43, 0x61, 0x66, 0xe9], [0x80], [0xe2, 0x82]]) {
      const payload = Buffer.concat([
        Buffer.from('{"reference":"REG-1","email":"'),
        Buffer.from(bytes),
        Buffer.from('@example.org"}'),
      ]);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/registrations/status',
        headers: { origin: TEST_PUBLIC_URL, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(JSON_NOT_UTF8_MESSAGE);
    }
    const valid = await t.app.inject({
      method: 'POST',
      url: '/api/registrations/status',
      headers: { origin: TEST_PUBLIC_URL, 'content-type': 'application/json' },
      payload: Buffer.from('{"reference":"REG-1","email":"café@example.org"}'),
    });
    expect(valid.json().error).not.toBe(JSON_NOT_UTF8_MESSAGE);
  });

  it('reports the process up and the database reachable', async () => {
    expect((await t.app.inject('/api/health')).json()).toMatchObject({ status: 'ok' });
    expect((await t.app.inject('/api/ready')).json()).toEqual({ status: 'ready', database: 'ok' });
  });

  it('describes every API route in the OpenAPI document', async () => {
    const document = (await t.app.inject('/api/openapi.json')).json();
    expect(document.openapi).toMatch(/^3\./);
    const documented = Object.keys(document.paths);
    const apiRoutes = t.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((line) => line.replace(/^[\s│├└─]+/, '').split(' (')[0] ?? '')
      .filter((path) => path.startsWith('/api/') && path !== '/api/openapi.json')
      .map((path) => path.replace(/:(\w+)/g, '{$1}'));
    expect(apiRoutes.length).toBeGreaterThan(10);
    for (const path of apiRoutes) expect(documented).toContain(path);
  });

  it('sends the security headers on every response', async () => {
    for (const url of ['/api/health', '/', '/leaderboard', '/api/nope', '/api/me']) {
      const { headers } = await t.app.inject(url);
      expect(headers['content-security-policy']).toContain("script-src 'self'");
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      // WebAssembly may compile (the kiosk's QR decoder, ADR 031); eval() of script may not.
      expect(headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(headers['content-security-policy']).not.toContain("'unsafe-eval'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['strict-transport-security']).toContain('max-age=31536000');
      expect(headers['x-frame-options']).toBe('DENY');
    }
  });

  it('serves the SPA for client routes and a JSON 404 for unknown API paths', async () => {
    const page = await t.app.inject('/player-lookup?name=x');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');

    const api = await t.app.inject('/api/does-not-exist');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'Not found', requestId: api.headers['x-request-id'] });
  });

  it('answers HEAD wherever it answers GET: same status and headers, no body', async () => {
    for (const url of [
      '/',
      '/leaderboard',
      '/api/public/leaderboard',
      '/api/health',
      '/assets/app-abc123.js',
    ]) {
      const get = await t.app.inject({ method: 'GET', url });
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(get.statusCode);
      expect(get.statusCode, url).toBe(200);
      expect(head.body, url).toBe('');
      for (const name of ['content-type', 'cache-control', 'etag', 'content-security-policy']) {
        expect(head.headers[name], `${url} ${name}`).toBe(get.headers[name]);
      }
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/api/nope' })).statusCode).toBe(404);
  });

  it('answers HEAD on the live stream at once, without holding a stream open', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/api/live' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/event-stream');
    expect(head.body).toBe('');
  });

  it('refuses JSON nested deeper than the limit with a 400 that says so, on better-auth routes too', async () => {
    const signIn = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_PUBLIC_URL, 'content-type': 'application/json' },
        payload,
      });
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    // The case that gave a 500: a deeply nested value in the sign-in body.
    for (const body of [
      `{"email":${nested(10_000)},"password":"x"}`,
      `{"email":"a@example.org","password":"x","extra":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
      nested(120_000),
      nested(MAX_JSON_DEPTH + 1),
    ]) {
      const response = await signIn(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: JSON_TOO_DEEP_MESSAGE,
        requestId: response.headers['x-request-id'],
      });
    }
    // A megabyte of brackets is refused for its size before anything reads it.
    expect((await signIn(nested(500_000))).statusCode).toBe(413);
    // At the limit, the body is parsed and judged on its content (here: not a valid sign-in).
    const atLimit = await signIn(
      `{"email":"a@example.org","password":"x","extra":${nested(MAX_JSON_DEPTH - 1)}}`,
    );
    expect(atLimit.statusCode).not.toBe(500);
    expect(atLimit.body).not.toContain(JSON_TOO_DEEP_MESSAGE);
    // Brackets inside strings are text, not nesting.
    expect(exceedsJsonDepth(`{"a":"${'['.repeat(100)}\\"]"}`, 2)).toBe(false);
    expect(exceedsJsonDepth('{"a":[[1]]}', 2)).toBe(true);
    // Other JSON routes use the same parser, and broken JSON is still a plain 400.
    const registration = await t.app.inject({
      method: 'POST',
      url: '/api/registrations',
      headers: { origin: TEST_PUBLIC_URL, 'content-type': 'application/json' },
      payload: `{"schoolName":${nested(1_000)}}`,
    });
    expect(registration.statusCode).toBe(400);
    expect(registration.json().error).toBe(JSON_TOO_DEEP_MESSAGE);
    const broken = await signIn('{"email":');
    expect(broken.statusCode).toBe(400);
    const poisoned = await signIn('{"email":"a@example.org","password":"x","__proto__":{"admin":true}}');
    expect(poisoned.statusCode).toBe(400);
  });

  it('caches hashed assets for a year and sends pre-compressed files', async () => {
    const asset = await t.app.inject('/assets/app-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const index = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(index.headers['content-encoding']).toBe('gzip');
  });
});

describe('the app shell of a staff page', () => {
  let t: TestApp;
  const theme = "document.documentElement.dataset.theme='dark';";
  beforeAll(async () => {
    const dir = fakeClientBuild();
    writeFileSync(
      join(dir, 'index.html'),
      // As long as a built shell (over the 1 kB below which nothing is compressed).
      `<!doctype html><head><meta name="description" content="${'x'.repeat(1200)}">` +
        '<script src="/theme-init.js"></script></head><div id="root"></div>',
    );
    writeFileSync(join(dir, 'theme-init.js'), theme);
    t = await startTestApp('pglite', { seed: false, clientDir: dir });
  });
  afterAll(async () => t?.close());

  it('carries the theme script inline, allowed by its hash alone, so no request holds up the page', async () => {
    const page = await t.app.inject('/admin/checkin-desk');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<script>${theme}</script>`);
    expect(page.body).not.toContain('src="/theme-init.js"');
    const hash = `'sha256-${createHash('sha256').update(theme).digest('base64')}'`;
    const scriptSrc = String(page.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc).toContain(hash);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const zipped = await t.app.inject({ url: '/admin/checkin-desk', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(page.body);
  });
});

describe('a CRM page for someone with CRM access (ADR 030)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { seed: false, clientDir: fakeClientBuild() });
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
  });
  afterAll(async () => t?.close());

  const linkFor = async (path: string, email?: string) => {
    const cookie = email ? (await signIn(t.app, email, DEMO_PASSWORD)).cookie : undefined;
    const page = await t.app.inject({ url: path, headers: cookie ? { cookie } : {} });
    expect(page.statusCode).toBe(200);
    return page.headers.link;
  };

  it('names the session’s reads and the page’s read as preloads, so they start with the HTML', async () => {
    expect(await linkFor('/crm', 'admin@demo.test')).toBe(
      '</api/auth/get-session>; rel=preload; as=fetch; crossorigin, ' +
        '</api/me>; rel=preload; as=fetch; crossorigin, ' +
        '</api/crm/overview>; rel=preload; as=fetch; crossorigin',
    );
    expect(await linkFor('/crm/tasks/', 'admin@demo.test')).toContain('</api/crm/tasks>; rel=preload');
  });

  it('names nothing to anyone who would be refused the read, nor on other pages', async () => {
    expect(await linkFor('/crm')).toBeUndefined();
    expect(await linkFor('/crm', 'player@demo.test')).toBeUndefined();
    expect(await linkFor('/admin/checkin-desk', 'admin@demo.test')).toBeUndefined();
  });
});

describe('when the database is gone', () => {
  it('answers 503 with {error, requestId} and no stack, and readiness says so', async () => {
    const t = await startTestApp('pglite', { seed: false });
    await t.database.close();
    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
    const response = await t.app.inject('/api/public/leaderboard');
    expect(response.statusCode).toBeGreaterThanOrEqual(500);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['error', 'requestId']);
    expect(response.body).not.toMatch(/at |\.ts:|select |PGlite/i);
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    await t.app.close();
  });
});
