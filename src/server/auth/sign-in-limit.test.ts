import { APIError } from 'better-auth/api';
import { verifyPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createTestAuth,
  mergeCookies,
  sessionCookieFrom,
  TEST_PUBLIC_URL,
} from '../../../tests/support/server/test-app';
import {
  createTestDatabase,
  databaseTargets,
  type TestDatabase,
} from '../../../tests/support/server/test-database';
import type { App } from '../app';
import { securityAuditLog } from '../db/schema/accounts';
import type { Auth } from './auth';
import { SIGN_IN_FAILURE_LIMIT, TOO_MANY_REQUESTS, tooManySignInAttempts } from './sign-in-limit';

const PASSWORD = 'the-right-password';

describe.each(databaseTargets)('per-account sign-in limit (docs/security.md T01), on %s', (target) => {
  let testDatabase: TestDatabase;
  let app: App;
  let clock = Date.parse('2026-11-22T10:00:00Z');

  beforeAll(async () => {
    testDatabase = await createTestDatabase(target);
    app = await buildTestApp(testDatabase.database, { now: () => clock });
    await app.ready();
    await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_PUBLIC_URL },
      payload: { email: 'target@example.org', password: PASSWORD, name: 'Target' },
    });
  });
  afterAll(async () => {
    await app.close();
    await testDatabase.drop();
  });

  let address = 1;
  const attempt = (email: string, password: string, url = '/api/auth/sign-in/email') =>
    app.inject({
      method: 'POST',
      url,
      headers: { origin: TEST_PUBLIC_URL },
      // Every attempt from a different address, as a botnet would.
      remoteAddress: `10.1.${Math.floor(address / 250)}.${address++ % 250}`,
      payload: { email, password },
    });

  it('locks an account after 10 failures from rotating addresses, even for the right password, saying for how long and not whether it exists', async () => {
    for (let i = 0; i < SIGN_IN_FAILURE_LIMIT; i++) {
      expect((await attempt('target@example.org', `guess-${i}-wrong`)).statusCode).toBe(401);
      expect((await attempt('nobody@example.org', `guess-${i}-wrong`)).statusCode).toBe(401);
    }
    clock += 5 * 60_000;
    const locked = await attempt('Target@Example.org', PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(tooManySignInAttempts(600));
    expect(locked.json().error).toContain('10 minutes');
    expect(locked.headers['retry-after']).toBe('600');
    const unknown = await attempt('nobody@example.org', 'anything-at-all');
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json().error).toBe(locked.json().error);
    expect(unknown.headers['retry-after']).toBe(locked.headers['retry-after']);
    expect(Object.keys(unknown.json()).sort()).toEqual(Object.keys(locked.json()).sort());
    // Another account is not affected.
    expect((await attempt('someone-else@example.org', 'wrong-password')).statusCode).toBe(401);
    // The same route spelt differently is the same route.
    for (const url of [
      '/api/auth/./sign-in/email',
      '/api/auth/%2e/sign-in/email',
      '/api/auth/sign-in/email#x',
    ]) {
      expect((await attempt('target@example.org', PASSWORD, url)).statusCode, url).toBe(429);
    }
  });

  it('lets the owner in again once the window has passed', async () => {
    clock += 11 * 60_000;
    expect((await attempt('target@example.org', PASSWORD)).statusCode).toBe(200);
  });

  it('answers a common password alike for a known and an unknown address (T07)', async () => {
    const known = await attempt('target@example.org', 'password123');
    const unknown = await attempt('nobody-at-all@example.org', 'password123');
    expect(known.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(known.json());
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
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain('target@example.org');
    const [locked] = await testDatabase.database.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.eventType, 'sign_in_locked'));
    expect(locked?.severity).toBe('warning');
  });
});

describe.each(databaseTargets)('sign-in limits that hold (ADR 015), over HTTP on %s', (target) => {
  let testDatabase: TestDatabase;
  let app: App;
  let auth: Auth;
  let baseUrl: string;
  /** The real password checks better-auth made (wrong or right). */
  let passwordChecks = 0;
  let clock = Date.parse('2026-11-22T10:00:00Z');

  beforeAll(async () => {
    testDatabase = await createTestDatabase(target);
    auth = createTestAuth(testDatabase.database, {
      rateLimit: true,
      verifyPassword: async (data) => {
        passwordChecks++;
        return verifyPassword(data);
      },
    });
    // Behind one trusted proxy hop, so each request can come from an address of its own (T03).
    app = await buildTestApp(testDatabase.database, {
      auth,
      env: { NODE_ENV: 'test', TRUST_PROXY_HOPS: 1 },
      now: () => clock,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    for (const name of ['burst', 'school', 'owner', 'other', 'staff', 'v6', 'changer']) {
      await auth.api.signUpEmail({ body: { email: `${name}@example.org`, password: PASSWORD, name } });
    }
  });
  afterAll(async () => {
    await app.close();
    await testDatabase.drop();
  });

  let nextAddress = 1;
  const freshAddress = () => `10.2.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;
  const signIn = (email: string, password: string, options: { from?: string; cookie?: string } = {}) =>
    fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: {
        origin: TEST_PUBLIC_URL,
        'content-type': 'application/json',
        'x-forwarded-for': options.from ?? freshAddress(),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      body: JSON.stringify({ email, password }),
    });

  it('checks at most 10 passwords when 60 wrong ones arrive at once from 60 addresses', async () => {
    passwordChecks = 0;
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn('burst@example.org', `wrong-guess-${i}`)),
    );
    const statuses = responses.map((response) => response.status);
    expect(passwordChecks).toBeGreaterThan(0);
    expect(passwordChecks).toBeLessThanOrEqual(SIGN_IN_FAILURE_LIMIT);
    expect(statuses.filter((status) => status === 401)).toHaveLength(passwordChecks);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - passwordChecks);
    // The account is locked now: even the right password is not checked.
    const owner = await signIn('burst@example.org', PASSWORD);
    expect(owner.status).toBe(429);
    expect(passwordChecks).toBeLessThanOrEqual(SIGN_IN_FAILURE_LIMIT);
  });

  it('does not count requests the per-address limit refused: 10 of them leave the account open', async () => {
    const school = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) {
      const response = await signIn('school@example.org', `wrong-${i}`, { from: school });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.headers.get('x-retry-after')).toBe('10');
        expect(((await response.json()) as { message: string }).message).toBe(TOO_MANY_REQUESTS);
      }
    }
    expect(statuses).toEqual([401, 401, 401, ...Array(10).fill(429)]);
    // The owner signs in from elsewhere: 3 failures were counted, not 13.
    expect((await signIn('school@example.org', PASSWORD)).status).toBe(200);
    // A success does not wipe the failures (an attacker gets no fresh allowance): 7 more lock it.
    for (let i = 0; i < 7; i++) expect((await signIn('school@example.org', `again-${i}`)).status).toBe(401);
    expect((await signIn('school@example.org', PASSWORD)).status).toBe(429);
  });

  it('lets a known device sign in while the account is locked, but not an unknown one', async () => {
    const firstVisit = await signIn('owner@example.org', PASSWORD);
    expect(firstVisit.status).toBe(200);
    const setCookies = firstVisit.headers.getSetCookie();
    const deviceCookie = setCookies.find((cookie) => cookie.startsWith('known_device='));
    expect(deviceCookie).toMatch(/HttpOnly/);
    expect(deviceCookie).toMatch(/Path=\/api\/auth/);
    const device = deviceCookie!.split(';')[0]!;
    // Someone else's known device: valid for its own account only.
    const otherDevice = (await signIn('other@example.org', PASSWORD)).headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('known_device='))!
      .split(';')[0]!;

    for (let i = 0; i < SIGN_IN_FAILURE_LIMIT; i++) {
      expect((await signIn('owner@example.org', `attacker-${i}`)).status).toBe(401);
    }
    expect((await signIn('owner@example.org', PASSWORD)).status).toBe(429);
    expect((await signIn('owner@example.org', PASSWORD, { cookie: otherDevice })).status).toBe(429);
    // A forged device id for this account (a fresh device counter): the mac no longer matches.
    const [payload, mac] = device.slice('known_device='.length).split('.') as [string, string];
    const moved = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { d: string };
    moved.d = 'a-device-of-my-own';
    const tampered = `known_device=${Buffer.from(JSON.stringify(moved)).toString('base64url')}.${mac}`;
    expect((await signIn('owner@example.org', PASSWORD, { cookie: tampered })).status).toBe(429);

    const known = await signIn('owner@example.org', PASSWORD, { cookie: device });
    expect(known.status).toBe(200);
    const session = sessionCookieFrom({ 'set-cookie': known.headers.getSetCookie() });
    const me = await fetch(`${baseUrl}/api/me`, { headers: { cookie: mergeCookies(session) } });
    expect(me.status).toBe(200);
  });

  it('caps the failures of a known device too', async () => {
    const visit = await signIn('other@example.org', PASSWORD);
    const device = visit.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('known_device='))!
      .split(';')[0]!;
    for (let i = 0; i < SIGN_IN_FAILURE_LIMIT; i++) {
      // A device's requests are limited as an address's are (3 per 10 s): one every 4 s.
      clock += 4_000;
      expect((await signIn('other@example.org', `stolen-laptop-${i}`, { cookie: device })).status).toBe(401);
    }
    clock += 10_000;
    const refused = await signIn('other@example.org', PASSWORD, { cookie: device });
    expect(refused.status).toBe(429);
    // The device's failures are its own: the account is still open to its other devices.
    expect((await signIn('other@example.org', PASSWORD)).status).toBe(200);
  });

  it('keeps a staff member on their usual device out of the bucket a pupil fills on the shared school address', async () => {
    const staffDevice = (await signIn('staff@example.org', PASSWORD)).headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('known_device='))!
      .split(';')[0]!;
    const school = freshAddress();
    // A pupil sends sign-ins for an unknown account from the school's one address, filling its bucket.
    const pupil = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signIn('no-such-pupil@example.org', `x-${i}`, { from: school })),
    );
    expect(pupil.filter((response) => response.status === 429).length).toBeGreaterThanOrEqual(3);
    expect((await signIn('staff@example.org', PASSWORD, { from: school })).status).toBe(429);
    // The staff member's usual device has a bucket of its own: in, from the same address.
    expect((await signIn('staff@example.org', PASSWORD, { from: school, cookie: staffDevice })).status).toBe(
      200,
    );
    // Still limited: the device's own bucket holds 3 requests per 10 s.
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await signIn('staff@example.org', PASSWORD, { from: school, cookie: staffDevice })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('counts every address of one IPv6 /64 as one address', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) {
      statuses.push((await signIn('v6@example.org', `wrong-${i}`, { from: `2001:db8:77:1::${i}` })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another /64 is another client, and an IPv4-mapped address counts as its IPv4 address.
    expect((await signIn('v6@example.org', 'wrong-5', { from: '2001:db8:77:2::1' })).status).toBe(401);
    const mapped = freshAddress();
    for (let i = 0; i < 3; i++) await signIn('v6@example.org', `wrong-m${i}`, { from: mapped });
    expect((await signIn('v6@example.org', 'wrong-m', { from: `::ffff:${mapped}` })).status).toBe(429);
  });

  it('checks at most 10 current passwords when 30 wrong ones arrive at once on a signed-in session', async () => {
    const signedIn = await signIn('changer@example.org', PASSWORD);
    const cookie = mergeCookies(sessionCookieFrom({ 'set-cookie': signedIn.headers.getSetCookie() }));
    const post = (path: string, body: object) =>
      fetch(`${baseUrl}/api/auth/${path}`, {
        method: 'POST',
        headers: {
          origin: TEST_PUBLIC_URL,
          'content-type': 'application/json',
          'x-forwarded-for': freshAddress(),
          cookie,
        },
        body: JSON.stringify(body),
      });
    passwordChecks = 0;
    const statuses = (
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          i % 2 === 0
            ? post('change-password', {
                currentPassword: `guess-${i}`,
                newPassword: 'a-brand-new-password-1',
              })
            : post('two-factor/enable', { password: `guess-${i}` }),
        ),
      )
    ).map((response) => response.status);
    expect(passwordChecks).toBeGreaterThan(0);
    expect(passwordChecks).toBeLessThanOrEqual(SIGN_IN_FAILURE_LIMIT);
    expect(statuses.filter((status) => status === 400)).toHaveLength(passwordChecks);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - passwordChecks);
    // They counted as failures of the account: signing in is locked too.
    expect((await signIn('changer@example.org', PASSWORD)).status).toBe(429);
  });
});

describe.each(databaseTargets)('a sign-in that failed with the database (ADR 016), on %s', (target) => {
  let testDatabase: TestDatabase;
  let app: App;
  let databaseFails = false;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(target);
    const { database } = testDatabase;
    const auth = createTestAuth(database, {
      verifyPassword: async (data) => {
        // better-auth answers a failed query with its own 500.
        if (databaseFails) throw new APIError('INTERNAL_SERVER_ERROR', { message: 'connection terminated' });
        return verifyPassword(data);
      },
    });
    // The probe says the database is gone whenever the password check failed for that reason.
    app = await buildTestApp(
      { ...database, ping: () => (databaseFails ? Promise.reject(new Error('gone')) : database.ping()) },
      { auth },
    );
    await app.ready();
    await auth.api.signUpEmail({ body: { email: 'outage@example.org', password: PASSWORD, name: 'Outage' } });
  });
  afterAll(async () => {
    await app.close();
    await testDatabase.drop();
  });

  let address = 1;
  const attempt = (password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_PUBLIC_URL },
      remoteAddress: `10.4.0.${address++}`,
      payload: { email: 'outage@example.org', password },
    });

  it('answers 503 and does not count the attempts against the account', async () => {
    databaseFails = true;
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_FAILURE_LIMIT + 2; i++) statuses.push((await attempt(PASSWORD)).statusCode);
    expect(statuses).toEqual(Array(SIGN_IN_FAILURE_LIMIT + 2).fill(503));
    databaseFails = false;
    expect((await attempt(PASSWORD)).statusCode).toBe(200);
  });
});
