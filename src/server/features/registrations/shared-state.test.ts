import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADULT,
  botProof,
  openRegistration,
  register,
  registrationBody,
  send,
  teamOf,
} from '../../../../tests/support/server/registration-fixtures';
import {
  buildTestApp,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { databaseTargets } from '../../../../tests/support/server/test-database';
import { REGISTRATION_MESSAGES } from '../../../contracts/registrations';
import type { App } from '../../app';
import { registrations } from '../../db/schema/registrations';
import { rateCounters, usedChallenges } from '../../db/schema/shared-state';

/**
 * Two app instances on one database, as two server processes behind a load balancer (ADR 010, "Since"):
 * on PostgreSQL each has its own connection pool; on PGlite they share the in-memory database, which still
 * shows that nothing lives in an instance's memory.
 */
describe.each(databaseTargets)('registration state shared by two instances on %s', (target) => {
  let t: TestApp;
  let a: App;
  let b: App;
  let clock = Date.parse('2025-11-22T12:00:00Z');
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await startTestApp(target, { seed: false, now: () => clock, registrationPowBits: 4 });
    a = t.app;
    const secondDatabase = target === 'postgres' ? await t.testDatabase.openAnother() : t.database;
    b = await buildTestApp(secondDatabase, { now: () => clock, registrationPowBits: 4 });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });
  beforeEach(async () => {
    clock += 2 * 60 * 60_000;
    await openRegistration(db());
  });

  it('refuses on one instance a challenge used on the other', async () => {
    const body = await registrationBody(a);
    expect((await send(a, 'POST', '/api/registrations', body)).statusCode).toBe(201);
    const replay = await send(b, 'POST', '/api/registrations', body);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe(REGISTRATION_MESSAGES.botCheckFailed);
  });

  it('accepts exactly one of 20 simultaneous submissions of one solved challenge across both', async () => {
    const before = (await db().select().from(registrations)).length;
    const body = await registrationBody(b);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(i % 2 === 0 ? a : b, 'POST', '/api/registrations', body)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(19);
    expect((await db().select().from(registrations)).length).toBe(before + 1);
  });

  it('counts one per-address limit across both instances, with Retry-After when it is reached', async () => {
    const lookup = (app: App) =>
      app.inject({
        method: 'POST',
        url: '/api/registrations/status',
        remoteAddress: '198.51.100.21',
        headers: { origin: TEST_PUBLIC_URL },
        payload: { reference: 'REG-AAAA-AA', email: 'guess@example.org' },
      });
    // 40 at once, half on each instance: the limit is 30 in 10 minutes in total, not 30 on each.
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => lookup(i % 2 === 0 ? a : b)));
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 404)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const refused = await lookup(b);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(REGISTRATION_MESSAGES.tooManyRequests);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // When the window has passed, the address may try again (on either instance).
    clock += 10 * 60_000;
    expect((await lookup(a)).statusCode).toBe(404);
  });

  it('completes on one instance an offline checkout started on the other', async () => {
    const { registration, accessToken } = await register(a);
    const started = await send(a, 'POST', '/api/payments/create-checkout', {
      registration_id: registration.id,
      team_count: 2,
      access_token: accessToken,
    });
    expect(started.statusCode).toBe(200);
    const { sessionId } = started.json();
    const page = await b.inject(`/api/payments/offline/sessions/${sessionId}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      reference: registration.reference,
      status: 'open',
      amountCents: 12_000,
    });
    const settled = await send(b, 'POST', `/api/payments/offline/sessions/${sessionId}`, {
      outcome: 'succeed',
    });
    expect(settled.statusCode).toBe(200);
    expect(settled.json().redirectUrl).toContain(`${TEST_PUBLIC_URL}/registration/success`);
    const verified = await send(a, 'POST', '/api/payments/verify-payment', {
      sessionId,
      registrationId: registration.id,
    });
    expect(verified.json()).toMatchObject({ status: 'paid', sessionStatus: 'paid' });
    // A second outcome on the other instance changes nothing.
    await send(a, 'POST', `/api/payments/offline/sessions/${sessionId}`, { outcome: 'fail' });
    const [row] = await db().select().from(registrations).where(eq(registrations.id, registration.id));
    expect(row?.paymentStatus).toBe('paid');
  });

  it('forgets used challenges and counters once they have expired', async () => {
    await register(a);
    await a.inject({ url: '/api/registrations/challenge', remoteAddress: '198.51.100.22' });
    expect((await db().select().from(usedChallenges)).length).toBeGreaterThan(0);
    // A day later the next request purges what expired (the challenges live 15 minutes, windows at most 1 hour).
    clock += 24 * 60 * 60_000;
    await send(b, 'POST', '/api/registrations', await registrationBody(b));
    expect(await db().select().from(usedChallenges)).toHaveLength(1);
    const counters = await db().select().from(rateCounters);
    expect(counters.every((counter) => counter.expiresAt.getTime() > clock)).toBe(true);
  });

  it('still lets a registrant correct a refused form and resend the same proof on the other instance', async () => {
    const proof = await botProof(a);
    const base = await registrationBody(a);
    const tooYoung = teamOf('Young', [{ name: 'Too Young', dateOfBirth: '2013-01-01' }, ADULT, ADULT, ADULT]);
    const refused = await send(a, 'POST', '/api/registrations', {
      ...base,
      teams: [tooYoung],
      botProof: proof,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues[0].path).toBe('teams.0.players.0.dateOfBirth');
    expect((await send(b, 'POST', '/api/registrations', { ...base, botProof: proof })).statusCode).toBe(201);
  });
});
