import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  mailsTo,
  openRegistration,
  register,
  send,
  teamOf,
} from '../../../../tests/support/server/registration-fixtures';
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../../tests/support/server/test-app';
import { PAYMENT_MESSAGES } from '../../../contracts/payments';
import { StripePaymentProvider } from '../../core/payments/stripe-provider';
import { securityAuditLog } from '../../db/schema/accounts';
import { paymentEvents, payments, registrations } from '../../db/schema/registrations';
import { systemLogs } from '../../db/schema/settings';
import { ConfigError, parseEnv } from '../../env';

const WEBHOOK_SECRET = 'whsec_test_secret_for_signed_test_events';
const stripeForSigning = new Stripe('sk_test_signing_only');

interface StandInSession {
  id: string;
  object: 'checkout.session';
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  amount_total: number;
  currency: string;
  url: string;
}

/**
 * A local stand-in for the two Stripe API calls the provider makes (create and retrieve a Checkout Session).
 * It records each request, so tests can check the amount, currency and Idempotency-Key that were sent.
 */
class StripeStandIn {
  readonly sessions = new Map<string, StandInSession>();
  readonly requests: {
    method: string;
    path: string;
    idempotencyKey: string | undefined;
    form: URLSearchParams;
  }[] = [];
  private readonly byKey = new Map<string, string>();
  /** Errors answered to a create, stored under its key and replayed for that key, as Stripe does. */
  private readonly errorsByKey = new Map<string, { status: number; body: unknown }>();
  /**
   * What the next creates do instead of succeeding: 'refuse' answers a 500 API error; 'lose' makes the session
   * but drops the connection before answering (the answer is lost on the way).
   */
  readonly nextCreates: ('refuse' | 'lose')[] = [];
  private server: Server | undefined;

  async start(): Promise<number> {
    this.server = createServer((request, response) => {
      void this.handle(request).then(({ status, body }) => {
        if (status === 0) {
          request.socket.destroy();
          return;
        }
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': 'req_standin',
          // As Stripe says of a stored 500: retrying with the same key would only replay it.
          ...(status >= 500 ? { 'stripe-should-retry': 'false' } : {}),
        });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const form = new URLSearchParams(raw);
    const path = request.url ?? '';
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method: request.method ?? '', path, idempotencyKey, form });
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const failure = this.nextCreates.shift();
      const existing = idempotencyKey ? this.byKey.get(idempotencyKey) : undefined;
      if (existing && failure === 'lose') return { status: 0, body: null };
      if (existing) return { status: 200, body: this.sessions.get(existing) };
      const storedError = idempotencyKey ? this.errorsByKey.get(idempotencyKey) : undefined;
      if (storedError) return storedError;
      if (failure === 'refuse') {
        const refusal = {
          status: 500,
          body: { error: { type: 'api_error', message: 'An unknown error occurred' } },
        };
        if (idempotencyKey) this.errorsByKey.set(idempotencyKey, refusal);
        return refusal;
      }
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const session: StandInSession = {
        id,
        object: 'checkout.session',
        client_reference_id: form.get('client_reference_id'),
        metadata: { registration_id: form.get('metadata[registration_id]') ?? '' },
        payment_status: 'unpaid',
        status: 'open',
        amount_total:
          Number(form.get('line_items[0][price_data][unit_amount]')) *
          Number(form.get('line_items[0][quantity]')),
        currency: form.get('line_items[0][price_data][currency]') ?? '',
        url: `https://checkout.stripe.test/c/pay/${id}`,
      };
      this.sessions.set(id, session);
      if (idempotencyKey) this.byKey.set(idempotencyKey, id);
      if (failure === 'lose') return { status: 0, body: null };
      return { status: 200, body: session };
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
    if (request.method === 'GET' && retrieve) {
      const session = this.sessions.get(retrieve[1]!);
      if (session) return { status: 200, body: session };
      return {
        status: 404,
        body: {
          error: {
            type: 'invalid_request_error',
            message: 'No such checkout.session',
            code: 'resource_missing',
          },
        },
      };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } },
    };
  }
}

describe('payments with Stripe (signed test events, local API stand-in)', () => {
  let t: TestApp;
  const standIn = new StripeStandIn();
  const db = () => t.database.db;

  function event(
    type: string,
    session: Partial<StandInSession> & { id: string },
    id = `evt_${randomBytes(8).toString('hex')}`,
  ) {
    return JSON.stringify({
      id,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object: { ...standIn.sessions.get(session.id), ...session } },
    });
  }

  function deliver(
    payload: string,
    options: { secret?: string; timestamp?: number; signature?: string | null } = {},
  ) {
    const header =
      options.signature === null
        ? undefined
        : (options.signature ??
          stripeForSigning.webhooks.generateTestHeaderString({
            payload,
            secret: options.secret ?? WEBHOOK_SECRET,
            ...(options.timestamp ? { timestamp: options.timestamp } : {}),
          }));
    // As Stripe calls it: no cookie, no Origin, the exact bytes signed.
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(header ? { 'stripe-signature': header } : {}),
      },
      payload,
    });
  }

  async function snapshot() {
    const [events] = await db().select({ n: count() }).from(paymentEvents);
    const [logs] = await db().select({ n: count() }).from(systemLogs);
    const rows = await db().select({ id: payments.id, status: payments.status }).from(payments);
    const regs = await db()
      .select({ id: registrations.id, status: registrations.paymentStatus })
      .from(registrations);
    return { events: events!.n, logs: logs!.n, rows, regs };
  }

  async function registeredWithCheckout(teams = 2) {
    const created = await register(t.app, {
      registrantEmail: `stripe-${randomBytes(4).toString('hex')}@school.example`,
      teams: Array.from({ length: teams }, (_, i) => teamOf(`Card ${String.fromCharCode(65 + i)}`)),
    });
    const response = await send(t.app, 'POST', '/api/payments/create-checkout', {
      registration_id: created.registration.id,
      team_count: teams,
      access_token: created.accessToken,
    });
    expect(response.statusCode).toBe(200);
    return { ...created, sessionId: response.json().sessionId as string };
  }

  const status = async (id: string) =>
    (await db().select().from(registrations).where(eq(registrations.id, id)))[0]!.paymentStatus;
  const paymentStatus = async (sessionId: string) =>
    (await db().select().from(payments).where(eq(payments.providerSessionId, sessionId)))[0]!.status;
  const receiptsFor = async (registrationId: string) => {
    const [row] = await db().select().from(registrations).where(eq(registrations.id, registrationId));
    return (await mailsTo(db(), row!.registrantEmail)).filter((mail) => mail.subject.startsWith('Receipt'));
  };
  const paidLogs = async (registrationId: string) =>
    (await db().select().from(systemLogs).where(eq(systemLogs.actionType, 'registration_paid'))).filter(
      (row) => row.metadata.registrationId === registrationId,
    );

  beforeAll(async () => {
    const port = await standIn.start();
    t = await startTestApp('pglite', {
      registrationPowBits: 4,
      payments: new StripePaymentProvider({
        secretKey: 'sk_test_stand_in',
        webhookSecret: WEBHOOK_SECRET,
        api: { host: '127.0.0.1', port, protocol: 'http' },
      }),
    });
  });
  afterAll(async () => {
    await t?.close();
    await standIn.stop();
  });
  beforeEach(async () => openRegistration(db()));

  it('creates a Checkout Session in euro for the server amount, with an Idempotency-Key', async () => {
    const { registration, sessionId } = await registeredWithCheckout(3);
    const create = standIn.requests.filter((r) => r.method === 'POST').at(-1)!;
    expect(create.form.get('mode')).toBe('payment');
    expect(create.form.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(create.form.get('line_items[0][price_data][unit_amount]')).toBe('6000');
    expect(create.form.get('line_items[0][quantity]')).toBe('3');
    expect(create.form.get('client_reference_id')).toBe(registration.id);
    expect(create.form.get('success_url')).toBe(
      `${TEST_PUBLIC_URL}/registration/success?registration_id=${registration.id}&session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(create.idempotencyKey).toBe(`checkout-${registration.id}-0`);
    expect(standIn.sessions.get(sessionId)?.amount_total).toBe(18_000);
  });

  it('uses a new idempotency key after Stripe refused a create, so paying again is not the stored refusal', async () => {
    const created = await register(t.app, { registrantEmail: 'refused@school.example' });
    const create = () =>
      send(t.app, 'POST', '/api/payments/create-checkout', {
        registration_id: created.registration.id,
        team_count: 2,
        access_token: created.accessToken,
      });
    const keysSent = () =>
      standIn.requests
        .filter((r) => r.method === 'POST' && r.form.get('client_reference_id') === created.registration.id)
        .map((r) => r.idempotencyKey);
    standIn.nextCreates.push('refuse');
    const refused = await create();
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toBe(PAYMENT_MESSAGES.providerUnavailable);
    const paid = await create();
    expect(paid.statusCode).toBe(200);
    expect(keysSent()).toEqual([
      `checkout-${created.registration.id}-0`,
      `checkout-${created.registration.id}-0-r1`,
    ]);
    expect(standIn.sessions.get(paid.json().sessionId)?.client_reference_id).toBe(created.registration.id);
  });

  it('keeps the idempotency key when the answer was lost, so the retry gets the session Stripe made', async () => {
    const created = await register(t.app, { registrantEmail: 'lost@school.example' });
    const create = () =>
      send(t.app, 'POST', '/api/payments/create-checkout', {
        registration_id: created.registration.id,
        team_count: 2,
        access_token: created.accessToken,
      });
    const mine = () =>
      standIn.requests.filter(
        (r) => r.method === 'POST' && r.form.get('client_reference_id') === created.registration.id,
      );
    // Every answer lost: the SDK retries with the same key, then the payer sees the 503 and tries again.
    standIn.nextCreates.push('lose', 'lose', 'lose');
    expect((await create()).statusCode).toBe(503);
    const retried = await create();
    expect(retried.statusCode).toBe(200);
    const sessionsMade = [...standIn.sessions.values()].filter(
      (session) => session.client_reference_id === created.registration.id,
    );
    expect(sessionsMade).toHaveLength(1);
    expect(retried.json().sessionId).toBe(sessionsMade[0]?.id);
    expect(new Set(mine().map((r) => r.idempotencyKey))).toEqual(
      new Set([`checkout-${created.registration.id}-0`]),
    );
    expect(mine().length).toBeGreaterThanOrEqual(4);
  });

  it('refuses a forged, unsigned, wrongly signed or stale event with 400 and writes nothing (T21)', async () => {
    const { registration, sessionId } = await registeredWithCheckout();
    const payload = event('checkout.session.completed', {
      id: sessionId,
      status: 'complete',
      payment_status: 'paid',
    });
    const before = await snapshot();

    const wrongSecret = await deliver(payload, { secret: 'whsec_someone_else' });
    const missing = await deliver(payload, { signature: null });
    const garbage = await deliver(payload, { signature: 't=1,v1=deadbeef' });
    const stale = await deliver(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    const signedThenChanged = stripeForSigning.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
    });
    const tampered = await deliver(payload.replace('"paid"', '"paid" '), { signature: signedThenChanged });
    for (const response of [wrongSecret, missing, garbage, stale, tampered]) {
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json()).sort()).toEqual(['error', 'requestId']);
    }
    expect(await snapshot()).toEqual(before);
    expect(await status(registration.id)).toBe('unpaid');
  });

  it('applies a replayed event and a second event for the same session exactly once (T22)', async () => {
    const { registration, sessionId } = await registeredWithCheckout();
    const completed = event('checkout.session.completed', {
      id: sessionId,
      status: 'complete',
      payment_status: 'paid',
    });
    expect((await deliver(completed)).json()).toEqual({ received: true, outcome: 'paid' });
    expect((await deliver(completed)).json()).toEqual({ received: true, outcome: 'duplicate' });
    const sameSessionOtherId = event('checkout.session.async_payment_succeeded', {
      id: sessionId,
      status: 'complete',
      payment_status: 'paid',
    });
    expect((await deliver(sameSessionOtherId)).json().outcome).toBe('unchanged');
    expect(await status(registration.id)).toBe('paid');
    expect(await paidLogs(registration.id)).toHaveLength(1);
    expect(await receiptsFor(registration.id)).toHaveLength(1);
  });

  it('applies two events for one session delivered concurrently once', async () => {
    const { registration, sessionId } = await registeredWithCheckout();
    const paid = { id: sessionId, status: 'complete' as const, payment_status: 'paid' as const };
    const responses = await Promise.all([
      deliver(event('checkout.session.completed', paid)),
      deliver(event('checkout.session.completed', paid)),
      deliver(event('checkout.session.async_payment_succeeded', paid)),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(responses.filter((r) => r.json().outcome === 'paid')).toHaveLength(1);
    expect(await paidLogs(registration.id)).toHaveLength(1);
    expect(await receiptsFor(registration.id)).toHaveLength(1);
  });

  it('keeps a paid registration paid when expired arrives after completed (out of order)', async () => {
    const { registration, sessionId } = await registeredWithCheckout();
    await deliver(
      event('checkout.session.completed', { id: sessionId, status: 'complete', payment_status: 'paid' }),
    );
    const late = await deliver(event('checkout.session.expired', { id: sessionId, status: 'expired' }));
    expect(late.statusCode).toBe(200);
    expect(await status(registration.id)).toBe('paid');
    expect(await paymentStatus(sessionId)).toBe('paid');
    const failedLate = await deliver(event('checkout.session.async_payment_failed', { id: sessionId }));
    expect(failedLate.json().outcome).toBe('unchanged');
    expect(await status(registration.id)).toBe('paid');
  });

  it('holds completed-but-unpaid as pending; async failure returns it to unpaid with a failed payment (T23)', async () => {
    const { registration, sessionId, accessToken } = await registeredWithCheckout();
    await deliver(
      event('checkout.session.completed', { id: sessionId, status: 'complete', payment_status: 'unpaid' }),
    );
    expect(await status(registration.id)).toBe('pending');
    await deliver(event('checkout.session.async_payment_failed', { id: sessionId, status: 'complete' }));
    expect(await status(registration.id)).toBe('unpaid');
    expect(await paymentStatus(sessionId)).toBe('failed');
    expect(await receiptsFor(registration.id)).toHaveLength(0);
    const teams = await db().select().from(registrations).where(eq(registrations.id, registration.id));
    expect(teams[0]?.teamCount).toBe(2);

    // Pay later: a new checkout is possible again, with a new idempotency key.
    const retry = await send(t.app, 'POST', '/api/payments/create-checkout', {
      registration_id: registration.id,
      team_count: 2,
      access_token: accessToken,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().sessionId).not.toBe(sessionId);
    expect(standIn.requests.at(-1)?.idempotencyKey).toBe(`checkout-${registration.id}-1`);
  });

  it('lets a failed delayed payment reset only what its own checkout did, never another checkout or a manual payment', async () => {
    const { registration, sessionId: first, accessToken } = await registeredWithCheckout();
    const second = (
      await send(t.app, 'POST', '/api/payments/create-checkout', {
        registration_id: registration.id,
        team_count: 2,
        access_token: accessToken,
      })
    ).json().sessionId as string;
    expect(second).not.toBe(first);
    const completedUnpaid = (id: string) =>
      deliver(event('checkout.session.completed', { id, status: 'complete', payment_status: 'unpaid' }));
    const failed = (id: string) =>
      deliver(event('checkout.session.async_payment_failed', { id, status: 'complete' }));

    // The newer checkout made it pending; the older one's failure (arriving before its own completion) and
    // then a completion and failure of the older one leave it pending: the newer payment is still clearing.
    await completedUnpaid(second);
    expect(await status(registration.id)).toBe('pending');
    await failed(first);
    expect(await paymentStatus(first)).toBe('failed');
    expect(await status(registration.id)).toBe('pending');
    const third = await registeredWithCheckout();
    const thirdSecond = (
      await send(t.app, 'POST', '/api/payments/create-checkout', {
        registration_id: third.registration.id,
        team_count: 2,
        access_token: third.accessToken,
      })
    ).json().sessionId as string;
    await completedUnpaid(thirdSecond);
    await completedUnpaid(third.sessionId);
    await failed(third.sessionId);
    expect(await status(third.registration.id)).toBe('pending');
    // The newer one's own failure does send it back to unpaid.
    await failed(thirdSecond);
    expect(await status(third.registration.id)).toBe('unpaid');

    // The newer checkout of the first registration succeeds: paid, and a late failure of anything stays paid.
    await deliver(
      event('checkout.session.async_payment_succeeded', {
        id: second,
        status: 'complete',
        payment_status: 'paid',
      }),
    );
    expect(await status(registration.id)).toBe('paid');

    // Staff marked it paid by cash while a checkout was clearing: the checkout's failure leaves it paid.
    const manual = await registeredWithCheckout();
    await completedUnpaid(manual.sessionId);
    await db()
      .update(registrations)
      .set({ paymentStatus: 'paid', paidVia: 'cash', paidAt: new Date() })
      .where(eq(registrations.id, manual.registration.id));
    await failed(manual.sessionId);
    expect(await status(manual.registration.id)).toBe('paid');
    const failureLogs = (
      await db().select().from(systemLogs).where(eq(systemLogs.actionType, 'payment_failed'))
    ).filter((row) => row.metadata.registrationId === manual.registration.id);
    expect(failureLogs[0]?.metadata).toMatchObject({ registrationReverted: false });
  });

  it('fulfils on async_payment_succeeded after a pending completion', async () => {
    const { registration, sessionId, accessToken } = await registeredWithCheckout();
    await deliver(
      event('checkout.session.completed', { id: sessionId, status: 'complete', payment_status: 'unpaid' }),
    );
    const pendingCheckout = await send(t.app, 'POST', '/api/payments/create-checkout', {
      registration_id: registration.id,
      team_count: 2,
      access_token: accessToken,
    });
    expect(pendingCheckout.statusCode).toBe(409);
    await deliver(
      event('checkout.session.async_payment_succeeded', {
        id: sessionId,
        status: 'complete',
        payment_status: 'paid',
      }),
    );
    expect(await status(registration.id)).toBe('paid');
    expect(await receiptsFor(registration.id)).toHaveLength(1);
  });

  it('logs a second paid checkout of an already paid registration for a refund, with one receipt', async () => {
    const { registration, sessionId: first, accessToken } = await registeredWithCheckout();
    const second = (
      await send(t.app, 'POST', '/api/payments/create-checkout', {
        registration_id: registration.id,
        team_count: 2,
        access_token: accessToken,
      })
    ).json().sessionId as string;
    expect(second).not.toBe(first);
    for (const id of [first, second]) {
      await deliver(event('checkout.session.completed', { id, status: 'complete', payment_status: 'paid' }));
    }
    expect(await paymentStatus(second)).toBe('paid');
    const duplicate = (
      await db().select().from(systemLogs).where(eq(systemLogs.actionType, 'payment_duplicate'))
    ).filter((row) => row.metadata.registrationId === registration.id);
    expect(duplicate).toHaveLength(1);
    expect(await receiptsFor(registration.id)).toHaveLength(1);
  });

  it('does not fulfil when the amount or currency differs, and raises an alert', async () => {
    const { registration, sessionId } = await registeredWithCheckout();
    const outcome = await deliver(
      event('checkout.session.completed', {
        id: sessionId,
        status: 'complete',
        payment_status: 'paid',
        amount_total: 100,
      }),
    );
    expect(outcome.json().outcome).toBe('rejected');
    expect(await status(registration.id)).toBe('unpaid');
    const [alert] = await db()
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.eventType, 'payment_amount_mismatch'));
    expect(alert).toMatchObject({ severity: 'critical' });
    const wrongCurrency = await deliver(
      event('checkout.session.completed', {
        id: sessionId,
        status: 'complete',
        payment_status: 'paid',
        currency: 'usd',
      }),
    );
    expect(wrongCurrency.json().outcome).toBe('rejected');
  });

  it('answers 5xx while the database fails, and applies the retried event exactly once after (T24)', async () => {
    const { registration, sessionId } = await registeredWithCheckout();
    const payload = event('checkout.session.completed', {
      id: sessionId,
      status: 'complete',
      payment_status: 'paid',
    });
    await db().execute(sql`alter table payments rename to payments_offline_for_test`);
    let failed: Awaited<ReturnType<typeof deliver>>;
    try {
      failed = await deliver(payload);
    } finally {
      await db().execute(sql`alter table payments_offline_for_test rename to payments`);
    }
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect(failed.json().error).not.toMatch(/payments|relation|select/i);
    expect(await status(registration.id)).toBe('unpaid');
    expect((await deliver(payload)).json().outcome).toBe('paid');
    expect((await deliver(payload)).json().outcome).toBe('duplicate');
    expect(await paidLogs(registration.id)).toHaveLength(1);
  });

  it('verify-payment asks Stripe and applies only what Stripe says; a fake or unpaid session marks nothing', async () => {
    const { registration, sessionId } = await registeredWithCheckout();
    const verify = (id: string) =>
      send(t.app, 'POST', '/api/payments/verify-payment', { sessionId: id, registrationId: registration.id });

    expect((await verify('cs_test_made_up')).statusCode).toBe(404);
    expect((await verify(sessionId)).json()).toMatchObject({ status: 'unpaid', sessionStatus: 'open' });
    expect(await status(registration.id)).toBe('unpaid');

    standIn.sessions.set(sessionId, {
      ...standIn.sessions.get(sessionId)!,
      status: 'complete',
      payment_status: 'paid',
    });
    expect((await verify(sessionId)).json()).toMatchObject({ status: 'paid', sessionStatus: 'paid' });
    // The webhook arriving afterwards has no second effect.
    await deliver(
      event('checkout.session.completed', { id: sessionId, status: 'complete', payment_status: 'paid' }),
    );
    expect(await paidLogs(registration.id)).toHaveLength(1);
    expect(await receiptsFor(registration.id)).toHaveLength(1);
    const [meta] = await paidLogs(registration.id);
    expect(meta?.userId).toBeNull();
    expect(meta?.metadata.provider).toBe('stripe');
  });
});

describe('provider configuration', () => {
  it('needs both Stripe keys or neither', () => {
    const base = { NODE_ENV: 'test' };
    expect(parseEnv(base).STRIPE_SECRET_KEY).toBeUndefined();
    expect(() => parseEnv({ ...base, STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(ConfigError);
    expect(() =>
      parseEnv({ ...base, STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
    ).toThrow(/STRIPE_SECRET_KEY/);
    const both = parseEnv({ ...base, STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(both.STRIPE_WEBHOOK_SECRET).toBe('whsec_x');
  });

  it('refuses the offline test checkout in production unless it is allowed on purpose', () => {
    const production = { NODE_ENV: 'production' };
    expect(() => parseEnv(production)).toThrow(/ALLOW_OFFLINE_PAYMENTS/);
    expect(parseEnv({ ...production, ALLOW_OFFLINE_PAYMENTS: '1' }).STRIPE_SECRET_KEY).toBeUndefined();
    expect(
      parseEnv({ ...production, STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x' })
        .NODE_ENV,
    ).toBe('production');
  });
});
