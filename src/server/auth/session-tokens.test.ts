import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionTokenOf } from '../../../tests/support/server/captured-log';
import {
  createTestAuth,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../tests/support/server/test-app';
import { DEMO_PASSWORD, seedDemoAccounts } from '../db/seed/demo-accounts';

/**
 * The session token is the session: its cookie is HttpOnly so that no script in the page can read it, and no
 * answer of /api/auth hands it to the page either (docs/security.md T08). better-auth puts it into the JSON of
 * `list-sessions`, `get-session` and a sign-in; auth.routes.ts takes it out.
 */
describe('session tokens never reach the browser in a JSON answer', () => {
  let t: TestApp;
  let phone: { status: number; cookie: string };
  let laptop: { status: number; cookie: string };

  beforeAll(async () => {
    t = await startTestApp('pglite', { seed: false });
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    phone = await signIn(t.app, 'arbiter@demo.test', DEMO_PASSWORD);
    laptop = await signIn(t.app, 'arbiter@demo.test', DEMO_PASSWORD);
  });
  afterAll(async () => t?.close());

  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('list-sessions lists every session of the account by id, without any token', async () => {
    expect([phone.status, laptop.status]).toEqual([200, 200]);
    const tokens = [sessionTokenOf(phone.cookie), sessionTokenOf(laptop.cookie)];
    const response = await get('/api/auth/list-sessions', phone.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const sessions = response.json() as Record<string, unknown>[];
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    for (const session of sessions) {
      expect(session).not.toHaveProperty('token');
      expect(session).toMatchObject({ id: expect.any(String), userId: expect.any(String) });
    }
    for (const token of tokens) expect(response.body).not.toContain(token);
    // The answer is still what better-auth says otherwise, and its length matches the new body.
    expect(Number(response.headers['content-length'] ?? response.rawPayload.length)).toBe(
      response.rawPayload.length,
    );
  });

  it('get-session and the sign-in answer hold no token either, and the session still works', async () => {
    const session = await get('/api/auth/get-session', laptop.cookie);
    expect(session.statusCode).toBe(200);
    const body = session.json() as { session: Record<string, unknown>; user: { email: string } };
    expect(body.user.email).toBe('arbiter@demo.test');
    expect(body.session).not.toHaveProperty('token');
    expect(session.body).not.toContain(sessionTokenOf(laptop.cookie));

    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_PUBLIC_URL },
      payload: { email: 'arbiter@demo.test', password: DEMO_PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).not.toHaveProperty('token');
    expect(signedIn.json()).toMatchObject({ user: { email: 'arbiter@demo.test' } });
    const cookie = signedIn.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
    expect(signedIn.body).not.toContain(sessionTokenOf(cookie));
    expect((await get('/api/me', cookie)).statusCode).toBe(200);
  });
});
