import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAuth,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { tutorialProgressSchema } from '../../../contracts/account';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

describe('my admin tutorial progress', () => {
  let t: TestApp;
  const signInAs = async (email: string) => (await signIn(t.app, email, DEMO_PASSWORD)).cookie;
  const call = (method: 'GET' | 'PUT', cookie: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: '/api/account/tutorial',
      headers: { cookie, origin: TEST_PUBLIC_URL },
      ...(payload ? { payload: payload as object } : {}),
    });

  beforeAll(async () => {
    t = await startTestApp('pglite');
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
  });
  afterAll(async () => t?.close());

  it('is not started until the user skips it, and then stays skipped for them only', async () => {
    const admin = await signInAs('admin@demo.test');
    const superadmin = await signInAs('superadmin@demo.test');
    expect((await call('GET', admin)).json()).toEqual({ status: 'not_started', completedAt: null });

    const skipped = await call('PUT', admin, { status: 'skipped' });
    expect(skipped.statusCode).toBe(200);
    expect(tutorialProgressSchema.parse(skipped.json()).status).toBe('skipped');
    const again = tutorialProgressSchema.parse((await call('GET', admin)).json());
    expect(again.status).toBe('skipped');
    expect(again.completedAt).not.toBeNull();

    expect((await call('GET', superadmin)).json().status).toBe('not_started');
  });

  it('records a completion', async () => {
    const superadmin = await signInAs('superadmin@demo.test');
    expect((await call('PUT', superadmin, { status: 'completed' })).json().status).toBe('completed');
    expect((await call('GET', superadmin)).json().status).toBe('completed');
  });

  it('refuses other states and extra fields, and changes nothing', async () => {
    const arbiter = await signInAs('arbiter@demo.test');
    for (const body of [{ status: 'not_started' }, { status: 'active' }, {}, { status: 'skipped', x: 1 }]) {
      const refused = await call('PUT', arbiter, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.json())).toContain('error');
    }
    expect((await call('GET', arbiter)).json().status).toBe('not_started');
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/account/tutorial' })).statusCode).toBe(401);
  });
});
