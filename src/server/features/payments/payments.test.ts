import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refuseCommitsWriting } from '../../../../tests/support/server/refuse-commits';
import {
  mailsTo,
  openRegistration,
  register,
  send,
  teamOf,
} from '../../../../tests/support/server/registration-fixtures';
import {
  createTestAuth,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { silentLogger } from '../../../../tests/support/server/test-database';
import { PAYMENT_MESSAGES } from '../../../contracts/payments';
import { Audit } from '../../audit/audit';
import { createClock } from '../../clock';
import { markRegistrationPaid } from '../../core/payments/mark-paid';
import { paymentEvents, payments, registrations } from '../../db/schema/registrations';
import { systemLogs } from '../../db/schema/settings';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';
import { createOutboxMailer } from '../../mail/mailer';
import { VERIFY_PAYMENT_LIMIT } from './payments.routes';

describe('payments with the offline test provider', () => {
  let t: TestApp;
  let player: string;
  const db = () => t.database.db;
  const registrationRow = async (id: string) =>
    (await db().select().from(registrations).where(eq(registrations.id, id)))[0]!;
  const logsFor = async (registrationId: string) =>
    (await db().select().from(systemLogs)).filter((row) => row.metadata.registrationId === registrationId);
  const checkout = (body: Record<string, unknown>, cookie?: string) =>
    send(t.app, 'POST', '/api/payments/create-checkout', body, cookie);
  const settle = (sessionId: string, outcome: string) =>
    send(t.app, 'POST', `/api/payments/offline/sessions/${sessionId}`, { outcome });
  const verify = (sessionId: string, registrationId: string) =>
    send(t.app, 'POST', '/api/payments/verify-payment', { sessionId, registrationId });

  beforeAll(async () => {
    t = await startTestApp('pglite', { registrationPowBits: 4 });
    await seedDemoAccounts(db(), createTestAuth(t.database));
    player = (await signIn(t.app, 'player@demo.test', DEMO_PASSWORD)).cookie;
  });
  afterAll(async () => t?.close());
  beforeEach(async () => openRegistration(db()));

  it('pays 3 teams: the amount is the server’s, only the provider outcome marks paid, and a receipt is mailed', async () => {
    const { registration, accessToken } = await register(t.app, {
      registrantEmail: 'payer@school.example',
      teams: [teamOf('Pay A'), teamOf('Pay B'), teamOf('Pay C')],
    });
    const started = await checkout({
      registration_id: registration.id,
      team_count: 3,
      access_token: accessToken,
      amount: 1,
      amountCents: 1,
    });
    expect(started.statusCode).toBe(200);
    const { sessionId, url } = started.json();
    expect(url).toBe(`${TEST_PUBLIC_URL}/registration/offline-checkout/${sessionId}`);
    const [payment] = await db().select().from(payments).where(eq(payments.providerSessionId, sessionId));
    expect(payment).toMatchObject({ amountCents: 18_000, currency: 'eur', teamCount: 3, status: 'open' });

    // Visiting the success URL (verify) before paying marks nothing.
    expect((await verify(sessionId, registration.id)).json()).toEqual({
      status: 'unpaid',
      sessionStatus: 'open',
      reference: registration.reference,
      amountCents: 18_000,
    });
    expect((await registrationRow(registration.id)).paymentStatus).toBe('unpaid');

    const page = await t.app.inject(`/api/payments/offline/sessions/${sessionId}`);
    expect(page.json()).toMatchObject({
      reference: registration.reference,
      amountCents: 18_000,
      status: 'open',
    });

    const paid = await settle(sessionId, 'succeed');
    expect(paid.json().redirectUrl).toBe(
      `${TEST_PUBLIC_URL}/registration/success?registration_id=${registration.id}&session_id=${sessionId}`,
    );
    expect(await registrationRow(registration.id)).toMatchObject({ paymentStatus: 'paid', paidVia: 'card' });
    expect((await verify(sessionId, registration.id)).json()).toMatchObject({
      status: 'paid',
      sessionStatus: 'paid',
    });

    const receipts = (await mailsTo(db(), 'payer@school.example')).filter((mail) =>
      mail.subject.startsWith('Receipt'),
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain(registration.reference);
    expect(receipts[0]?.text).toContain('Total paid: €180.00 (EUR), by card');
    expect(receipts[0]?.text).toContain('3 × team entry (4 players) at €60.00');
    expect(receipts[0]?.text).toContain('Organiser: ');
    expect(receipts[0]?.text).toContain('VAT: not applicable');

    const logs = await logsFor(registration.id);
    const paidLog = logs.find((row) => row.actionType === 'registration_paid');
    expect(paidLog).toMatchObject({ userId: null });
    expect(paidLog?.metadata.provider).toBe('offline');
    expect(logs.map((row) => row.actionType)).toEqual(
      expect.arrayContaining([
        'registration_created',
        'checkout_created',
        'payment_succeeded',
        'registration_paid',
      ]),
    );

    // Paying again is refused; settling the same session again changes nothing.
    const again = await checkout({
      registration_id: registration.id,
      team_count: 3,
      access_token: accessToken,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(PAYMENT_MESSAGES.alreadyPaid);
    await settle(sessionId, 'fail');
    expect((await registrationRow(registration.id)).paymentStatus).toBe('paid');
  });

  it('keeps an abandoned or failed checkout unpaid with its teams, and the registrant can pay later', async () => {
    const { registration, accessToken } = await register(t.app, { teams: [teamOf('Later A')] });
    const start = async () =>
      (await checkout({ registration_id: registration.id, team_count: 1, access_token: accessToken })).json()
        .sessionId as string;

    const abandoned = await start();
    const cancelled = await settle(abandoned, 'abandon');
    expect(cancelled.json().redirectUrl).toBe(
      `${TEST_PUBLIC_URL}/registration/success?registration_id=${registration.id}&cancelled=1`,
    );
    expect((await registrationRow(registration.id)).paymentStatus).toBe('unpaid');
    expect((await verify(abandoned, registration.id)).json()).toMatchObject({
      status: 'unpaid',
      sessionStatus: 'expired',
    });

    const failed = await start();
    await settle(failed, 'fail');
    expect((await registrationRow(registration.id)).paymentStatus).toBe('unpaid');
    expect((await verify(failed, registration.id)).json().sessionStatus).toBe('failed');
    const actions = (await logsFor(registration.id)).map((row) => row.actionType);
    expect(actions).toEqual(expect.arrayContaining(['payment_expired', 'payment_pending', 'payment_failed']));

    const third = await start();
    expect(new Set([abandoned, failed, third]).size).toBe(3);
    await settle(third, 'succeed');
    expect((await registrationRow(registration.id)).paymentStatus).toBe('paid');
    const teams = (
      await t.app.inject({
        url: `/api/registrations/${registration.id}/teams`,
        headers: { 'x-registration-token': accessToken },
      })
    ).json().registration.teams;
    expect(teams).toHaveLength(1);
  });

  it('lets only the token holder or the signed-in owner start a checkout, for the current team count', async () => {
    const anonymous = await register(t.app);
    const owned = await register(t.app, {}, player);
    const without = await checkout({ registration_id: anonymous.registration.id, team_count: 2 });
    expect(without.statusCode).toBe(404);
    const otherToken = await checkout({
      registration_id: anonymous.registration.id,
      team_count: 2,
      access_token: owned.accessToken,
    });
    expect(otherToken.statusCode).toBe(404);
    expect(
      (await checkout({ registration_id: owned.registration.id, team_count: 2 }, player)).statusCode,
    ).toBe(200);
    const stale = await checkout({
      registration_id: anonymous.registration.id,
      team_count: 3,
      access_token: anonymous.accessToken,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(PAYMENT_MESSAGES.teamCountChanged);
    expect(
      await db().select().from(payments).where(eq(payments.registrationId, anonymous.registration.id)),
    ).toEqual([]);

    await db()
      .update(registrations)
      .set({ paymentStatus: 'cancelled' })
      .where(eq(registrations.id, anonymous.registration.id));
    const refused = await checkout({
      registration_id: anonymous.registration.id,
      team_count: 2,
      access_token: anonymous.accessToken,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(PAYMENT_MESSAGES.cancelled);
  });

  it('verify-payment only answers for a session of that registration', async () => {
    const first = await register(t.app);
    const second = await register(t.app);
    const { sessionId } = (
      await checkout({
        registration_id: first.registration.id,
        team_count: 2,
        access_token: first.accessToken,
      })
    ).json();
    expect((await verify(sessionId, second.registration.id)).statusCode).toBe(404);
    expect((await verify('offline_cs_madeupmadeupmadeup', first.registration.id)).statusCode).toBe(404);
    expect((await verify('cs_test_fake', first.registration.id)).json().error).toBe(
      PAYMENT_MESSAGES.sessionNotFound,
    );
  });

  it('limits verify-payment per address with 429 and Retry-After, counted before the lookup', async () => {
    const { registration } = await register(t.app);
    const probe = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/verify-payment',
        remoteAddress,
        headers: { origin: TEST_PUBLIC_URL },
        payload: { sessionId: `offline_cs_guess${Math.random()}`, registrationId: registration.id },
      });
    const statuses: number[] = [];
    for (let i = 0; i < VERIFY_PAYMENT_LIMIT.limit; i += 1)
      statuses.push((await probe('203.0.113.9')).statusCode);
    expect(new Set(statuses)).toEqual(new Set([404]));
    const refused = await probe('203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(PAYMENT_MESSAGES.tooManyRequests);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(VERIFY_PAYMENT_LIMIT.windowMs / 1000);
    // Another address (another school) is unaffected.
    expect((await probe('203.0.113.10')).statusCode).toBe(404);
  });

  it('markRegistrationPaid records a cash payment once, with the actor, note and one receipt', async () => {
    const { registration } = await register(t.app, { registrantEmail: 'cash@school.example' });
    const mailer = createOutboxMailer(db(), silentLogger);
    const now = () => new Date('2025-11-23T09:00:00Z');
    const deps = {
      mailer,
      publicUrl: TEST_PUBLIC_URL,
      now,
      audit: new Audit(createClock(() => now().getTime())),
    };
    const input = {
      registrationId: registration.id,
      via: 'cash' as const,
      note: 'Paid at the desk',
      actorId: 'staff-user-id',
    };
    // The payment and its audit row are stored together or not at all (ADR 019).
    const allow = await refuseCommitsWriting(db(), 'system_logs', "NEW.action_type = 'registration_paid'");
    try {
      await expect(markRegistrationPaid(db(), deps, input)).rejects.toThrow();
    } finally {
      await allow();
    }
    expect(await registrationRow(registration.id)).toMatchObject({ paymentStatus: 'unpaid' });
    expect((await logsFor(registration.id)).filter((row) => row.actionType === 'registration_paid')).toEqual(
      [],
    );
    expect(await markRegistrationPaid(db(), deps, input)).toEqual({ changed: true });
    expect(await markRegistrationPaid(db(), deps, input)).toEqual({ changed: false });
    expect(await registrationRow(registration.id)).toMatchObject({
      paymentStatus: 'paid',
      paidVia: 'cash',
      paymentNote: 'Paid at the desk',
      paidAt: new Date('2025-11-23T09:00:00Z'),
    });
    const receipts = (await mailsTo(db(), 'cash@school.example')).filter((m) =>
      m.subject.startsWith('Receipt'),
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain('Date: 2025-11-23');
    expect(receipts[0]?.text).toContain('by cash');
    const logs = (await logsFor(registration.id)).filter((row) => row.actionType === 'registration_paid');
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ userId: 'staff-user-id' });
    expect(logs[0]?.metadata).toMatchObject({ via: 'cash', note: 'Paid at the desk' });
  });

  it('records each offline event id once', async () => {
    const { registration, accessToken } = await register(t.app);
    const { sessionId } = (
      await checkout({ registration_id: registration.id, team_count: 2, access_token: accessToken })
    ).json();
    await settle(sessionId, 'succeed');
    const events = await db()
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, 'offline'), eq(paymentEvents.providerSessionId, sessionId)));
    expect(events.map((event) => event.type)).toEqual(['checkout.session.completed']);
  });
});
