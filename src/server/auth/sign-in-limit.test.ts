import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { securityAuditLog } from '../db/schema/accounts';
import { buildTestApp, TEST_PUBLIC_URL } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { SIGN_IN_FAILURE_LIMIT, TOO_MANY_ATTEMPTS } from './sign-in-limit';

describe('per-account sign-in limit (T01)', () => {
  let testDatabase: TestDatabase;
  let app: App;
  let clock = Date.parse('2026-11-22T10:00:00Z');

  beforeAll(async () => {
    testDatabase = await createTestDatabase('pglite');
    app = await buildTestApp(testDatabase.database, { now: () => clock });
    await app.ready();
    await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_PUBLIC_URL },
      payload: { email: 'target@example.org', password: 'the-right-password', name: 'Target' },
    });
  });
  afterAll(async () => {
    await app.close();
    await testDatabase.drop();
  });

  let address = 1;
  const attempt = (email: string, password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_PUBLIC_URL },
      // Every attempt from a different address, as a botnet would.
      remoteAddress: `10.1.${Math.floor(address / 250)}.${address++ % 250}`,
      payload: { email, password },
    });

  it('locks an account after 10 failures from rotating addresses, even for the right password, without saying whether it exists', async () => {
    for (let i = 0; i < SIGN_IN_FAILURE_LIMIT; i++) {
      expect((await attempt('target@example.org', `guess-${i}-wrong`)).statusCode).toBe(401);
      expect((await attempt('nobody@example.org', `guess-${i}-wrong`)).statusCode).toBe(401);
    }
    const locked = await attempt('Target@Example.org', 'the-right-password');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(TOO_MANY_ATTEMPTS);
    expect(locked.headers['retry-after']).toBe('900');
    const unknown = await attempt('nobody@example.org', 'anything-at-all');
    expect(unknown.statusCode).toBe(429);
    expect(Object.keys(unknown.json()).sort()).toEqual(Object.keys(locked.json()).sort());
    // Another account is not affected.
    expect((await attempt('someone-else@example.org', 'wrong-password')).statusCode).toBe(401);
  });

  it('lets the owner in again once the window has passed', async () => {
    clock += 16 * 60_000;
    expect((await attempt('target@example.org', 'the-right-password')).statusCode).toBe(200);
  });

  it('audits successes and failures with the address, never the password or the typed address', async () => {
    const rows = await testDatabase.database.db.select().from(securityAuditLog);
    const failed = rows.filter((row) => row.eventType === 'sign_in_failed');
    expect(failed.length).toBeGreaterThanOrEqual(2 * SIGN_IN_FAILURE_LIMIT);
    expect(failed[0]?.ipAddress).toMatch(/^10\.1\./);
    const succeeded = rows.filter((row) => row.eventType === 'sign_in_succeeded');
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0]?.userId).toBeTruthy();
    expect(rows.some((row) => row.eventType === 'sign_in_locked')).toBe(true);
    const text = JSON.stringify(rows);
    expect(text).not.toContain('guess-');
    expect(text).not.toContain('the-right-password');
    expect(text).not.toContain('target@example.org');
    const [locked] = await testDatabase.database.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.eventType, 'sign_in_locked'));
    expect(locked?.severity).toBe('warning');
  });
});
