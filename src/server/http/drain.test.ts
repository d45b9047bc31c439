import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../tests/support/server/test-app';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/server/test-database';
import type { App } from '../app';
import { DRAINING_MESSAGE, drainAndClose } from './drain';

/** An app with one extra page that answers after `delayMs`, listening on a free port. */
async function appWithSlowPage(
  delayMs: number,
): Promise<{ app: App; base: string; testDatabase: TestDatabase }> {
  const testDatabase = await createTestDatabase('pglite');
  const app = await buildTestApp(testDatabase.database);
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return { done: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return {
    app,
    base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    testDatabase,
  };
}

/** Resolves once the app is handling a request. */
async function untilRunning(app: App): Promise<void> {
  while (app.drain.inFlight === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('draining a server', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  it('lets a running request finish on a closing connection and answers the next one 503', async () => {
    const { app, base, testDatabase } = await appWithSlowPage(300);
    cleanup = () => testDatabase.drop();
    const running = fetch(`${base}/slow`);
    await untilRunning(app);
    const closed = drainAndClose(app, app.drain, { timeoutMs: 5_000, lingerMs: 50 });
    const refused = await app.inject('/api/public/home');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers.connection).toBe('close');
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.headers['content-security-policy']).toBeDefined();
    // Every route, the readiness check included (its own 503 has another shape, which once made this a 500).
    for (const url of ['/api/ready', '/api/health', '/api/openapi.json', '/']) {
      const during = await app.inject(url);
      expect(during.statusCode, url).toBe(503);
      expect(during.json(), url).toEqual({
        error: DRAINING_MESSAGE,
        requestId: during.headers['x-request-id'],
      });
    }
    const finished = await running;
    expect(finished.status).toBe(200);
    expect(await finished.json()).toEqual({ done: true });
    expect(finished.headers.get('connection')).toBe('close');
    expect(await closed).toBe(true);
  });

  it('gives up on requests still running at the time-out, so a hung request cannot stall the shutdown', async () => {
    const { app, base, testDatabase } = await appWithSlowPage(60_000);
    cleanup = () => testDatabase.drop();
    const hung = fetch(`${base}/slow`).catch((error: Error) => error);
    await untilRunning(app);
    const started = Date.now();
    expect(await drainAndClose(app, app.drain, { timeoutMs: 300, lingerMs: 50 })).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await hung).toBeInstanceOf(Error);
  });
});
