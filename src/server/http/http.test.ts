import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app';

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
      url: '/api/registrations/status',
      query: { reference: 'REG-\u0000', email: 'teacher@example.org' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('The request contains a character that cannot be stored.');
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
      expect(headers['content-security-policy']).not.toContain('unsafe-eval');
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

  it('caches hashed assets for a year and sends pre-compressed files', async () => {
    const asset = await t.app.inject('/assets/app-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const index = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(index.headers['content-encoding']).toBe('gzip');
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
