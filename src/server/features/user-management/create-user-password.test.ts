/**
 * issue #10 item 5: creating a user with a common password says so (docs/security.md T06), and creates
 * nothing; it is not mistaken for a taken e-mail address.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAuth,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { databaseTargets } from '../../../../tests/support/server/test-database';
import { COMMON_PASSWORD_MESSAGE } from '../../auth/password-policy';
import { user } from '../../db/schema/auth';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

describe.each(databaseTargets)('creating a user with a common password (%s)', (target) => {
  let t: TestApp;
  let superadmin: string;

  beforeAll(async () => {
    t = await startTestApp(target, { seed: false });
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    superadmin = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
  });
  afterAll(async () => t?.close());

  it('is refused with the password message and no account is created', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: { cookie: superadmin, origin: TEST_PUBLIC_URL },
      payload: { email: 'coach@example.org', password: 'password123', fullName: 'A Coach', role: 'player' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toBe(COMMON_PASSWORD_MESSAGE);
    expect(await t.database.db.select().from(user).where(eq(user.email, 'coach@example.org'))).toEqual([]);
  });
});
