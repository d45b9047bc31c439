import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTHORIZATION_MATRIX,
  PERSONAS,
  type Persona,
} from '../../../tests/support/server/authorization-matrix';
import {
  buildTestApp,
  createTestAuth,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../tests/support/server/test-app';
import type { App } from '../app';
import { userStatus } from '../db/schema/accounts';
import { user } from '../db/schema/auth';
import { seedDemoAccounts } from '../db/seed/demo-accounts';

const PERSONA_EMAILS: Record<Exclude<Persona, 'anonymous' | 'frozen' | 'player-other'>, string> = {
  player: 'player@demo.test',
  admin: 'admin@demo.test',
  superadmin: 'superadmin@demo.test',
  'custom-role': 'arbiter@demo.test',
};

describe('authorization matrix', () => {
  let t: TestApp;
  let app: App;
  let base: string;
  const cookies = new Map<Persona, string>();

  async function signInAs(email: string, password: string): Promise<string> {
    const { status, cookie } = await signIn(app, email, password);
    expect(status, `sign-in as ${email}`).toBe(200);
    return cookie;
  }

  beforeAll(async () => {
    t = await startTestApp('pglite');
    app = t.app;
    const auth = createTestAuth(t.database);
    await seedDemoAccounts(t.database.db, auth);
    for (const [persona, email] of Object.entries(PERSONA_EMAILS)) {
      cookies.set(persona as Persona, await signInAs(email, 'demo-pass-2025'));
    }
    for (const [persona, email] of [
      ['player-other', 'other@example.org'],
      ['frozen', 'frozen@example.org'],
    ] as const) {
      await auth.api.signUpEmail({ body: { email, password: 'demo-pass-2025', name: persona } });
      cookies.set(persona, await signInAs(email, 'demo-pass-2025'));
    }
    const [frozen] = await t.database.db.select().from(user).where(eq(user.email, 'frozen@example.org'));
    await t.database.db.insert(userStatus).values({ userId: frozen!.id, isFrozen: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => t?.close());

  it('has a row for every registered route, and every row names a registered route', async () => {
    const registered = new Set(
      app.registeredRoutes
        .filter((route) => route.url.startsWith('/api') && route.method !== 'HEAD')
        .map((route) => `${route.method} ${route.url}`),
    );
    const missing = [...registered].filter((route) => !(route in AUTHORIZATION_MATRIX));
    expect(missing, 'routes without a row in the authorization matrix').toEqual([]);
    expect(Object.keys(AUTHORIZATION_MATRIX).filter((route) => !registered.has(route))).toEqual([]);
  });

  it('declares an access rule on every route', () => {
    const undeclared = app.registeredRoutes.filter(
      (route) => route.url.startsWith('/api') && route.access === undefined,
    );
    expect(undeclared).toEqual([]);
  });

  for (const [route, row] of Object.entries(AUTHORIZATION_MATRIX)) {
    for (const persona of PERSONAS) {
      const isAllowed = row.allowed.includes(persona);
      it(`${route} as ${persona}: ${isAllowed ? 'allowed' : 'denied'}`, async () => {
        const [method, url] = route.split(' ') as [string, string];
        const path = row.path ?? url;
        const headers: Record<string, string> = { origin: TEST_PUBLIC_URL };
        const cookie = cookies.get(persona);
        if (cookie) headers.cookie = cookie;
        if (row.isStream) {
          const controller = new AbortController();
          const response = await fetch(`${base}${path}`, { headers, signal: controller.signal });
          controller.abort();
          expect(response.status < 400).toBe(isAllowed);
          return;
        }
        const response = await app.inject({
          method: method as 'GET' | 'POST' | 'PUT' | 'DELETE',
          url: path,
          headers,
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        if (isAllowed) {
          expect([401, 403], response.body).not.toContain(response.statusCode);
        } else {
          expect(response.statusCode).toBe(persona === 'anonymous' ? 401 : 403);
          expect(Object.keys(response.json()).sort()).toEqual(['error', 'requestId']);
        }
      });
    }
  }
});

describe('a second app instance', () => {
  it('registers the same routes (the matrix does not depend on start-up order)', async () => {
    const t = await startTestApp('pglite', { seed: false });
    const other = await buildTestApp(t.database);
    const list = (a: App) => a.registeredRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(list(other)).toEqual(list(t.app));
    await other.close();
    await t.close();
  });
});
