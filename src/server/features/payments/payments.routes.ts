import type { ApiError } from '../../../contracts/common';
import {
  createCheckoutBodySchema,
  createCheckoutResponseSchema,
  OFFLINE_OUTCOMES,
  offlineOutcomeBodySchema,
  offlineOutcomeResponseSchema,
  offlineSessionParamsSchema,
  offlineSessionSchema,
  PAYMENT_MESSAGES,
  verifyPaymentBodySchema,
  verifyPaymentResponseSchema,
} from '../../../contracts/payments';
import { activeActor } from '../../auth/actor';
import { OfflinePaymentProvider } from '../../core/payments/offline-provider';
import { WebhookVerificationError } from '../../core/payments/provider';
import { routesFeature, type TypedApp } from '../../feature-context';
import { HttpError } from '../../http/errors';
import { perAddressLimit, RateCounter } from '../../http/rate-counter';
import { apiErrors } from '../../http/route-helpers';
import { applyPaymentEvent } from './payment-events';
import {
  createCheckout,
  type PaymentDeps,
  ProviderUnavailableError,
  verifyPayment,
} from './payments.service';

const errors = apiErrors(400, 401, 403, 404, 409, 429, 503);
const tags = ['payments'];
const NOT_FOUND = 'Not found';

/**
 * verify-payment per address: each call may ask the provider's API, and the success page polls it (every
 * 3 s, 10 times at most), so 120 in 10 minutes lets a school's computers check a few payments each while a
 * script probing session ids, or making us hammer the provider, is stopped.
 */
export const VERIFY_PAYMENT_LIMIT = { limit: 120, windowMs: 10 * 60_000 };

export const paymentsFeature = routesFeature(
  'payments',
  (typed, { db, mailer, publicUrl, registrationKeys, payments, clock, audit }) =>
    registerPaymentRoutes(typed, {
      db,
      mailer,
      publicUrl,
      keys: registrationKeys,
      provider: payments,
      now: clock.now,
      audit,
    }),
);

function registerPaymentRoutes(typed: TypedApp, deps: PaymentDeps): void {
  const offline = deps.provider instanceof OfflinePaymentProvider ? deps.provider : null;
  const limitVerify = perAddressLimit(
    new RateCounter(deps.db, () => deps.now().getTime()),
    'payments.verify',
    VERIFY_PAYMENT_LIMIT,
    PAYMENT_MESSAGES.tooManyRequests,
  );

  typed.post(
    '/api/payments/create-checkout',
    {
      config: { access: 'public', pausedBy: 'payments_paused' },
      schema: {
        summary: 'Start a card checkout for a registration (amount from the server)',
        description:
          'The payer is the signed-in owner of the registration, or sends its access_token. Any amount field ' +
          'in the body is ignored.',
        tags,
        body: createCheckoutBodySchema,
        response: { 200: createCheckoutResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      try {
        return await createCheckout(deps, await activeActor(request), request.body);
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError)) throw error;
        request.log.error({ err: error.cause }, 'payment provider could not create a checkout');
        return reply.code(503).send({ error: error.message, requestId: request.id } satisfies ApiError);
      }
    },
  );

  typed.post(
    '/api/payments/verify-payment',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The outcome of a checkout session (never marks paid by itself)',
        tags,
        body: verifyPaymentBodySchema,
        response: { 200: verifyPaymentResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await limitVerify(request, reply);
      reply.header('cache-control', 'no-store');
      return verifyPayment(deps, request.body);
    },
  );

  // Stripe signs the exact bytes it sent: this route alone keeps the body as a Buffer for the check.
  void typed.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/api/payments/stripe/webhook',
      {
        config: { access: 'public' },
        schema: { summary: 'Stripe webhook (signature checked on the raw body)', tags },
      },
      async (request, reply) => {
        if (deps.provider.name !== 'stripe') throw new HttpError(404, NOT_FOUND);
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let event: ReturnType<typeof deps.provider.parseWebhook>;
        try {
          event = deps.provider.parseWebhook(raw, request.headers);
        } catch (error) {
          if (!(error instanceof WebhookVerificationError)) throw error;
          request.log.warn({ reason: error.message }, 'stripe webhook refused: signature check failed');
          throw new HttpError(400, 'Invalid webhook signature');
        }
        // A database error escapes as 5xx, so Stripe retries the delivery later.
        const outcome = await applyPaymentEvent(deps.db, deps, event);
        return reply.send({ received: true, outcome });
      },
    );
  });

  typed.get(
    '/api/payments/offline/sessions/:id',
    {
      config: { access: 'public' },
      schema: {
        summary: 'A session of the offline test provider (no money moves)',
        tags,
        params: offlineSessionParamsSchema,
        response: { 200: offlineSessionSchema, ...errors },
      },
    },
    async (request) => {
      const session = await offline?.describe(request.params.id);
      if (!session) throw new HttpError(404, PAYMENT_MESSAGES.sessionNotFound);
      return {
        sessionId: session.id,
        reference: session.reference,
        schoolName: session.schoolName,
        teamCount: session.teamCount,
        amountCents: session.amountTotal ?? 0,
        currency: 'eur' as const,
        status:
          session.status === 'open'
            ? ('open' as const)
            : session.paymentStatus === 'paid'
              ? ('paid' as const)
              : session.status === 'expired'
                ? ('expired' as const)
                : ('failed' as const),
        cancelUrl: session.cancelUrl,
      };
    },
  );

  typed.post(
    '/api/payments/offline/sessions/:id',
    {
      config: { access: 'public' },
      schema: {
        summary: `Settle an offline test session: ${OFFLINE_OUTCOMES.join(', ')}`,
        tags,
        params: offlineSessionParamsSchema,
        body: offlineOutcomeBodySchema,
        response: { 200: offlineOutcomeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const settled = await offline?.complete(request.params.id, request.body.outcome);
      if (!settled) throw new HttpError(404, PAYMENT_MESSAGES.sessionNotFound);
      // The same internal events a Stripe webhook produces, applied by the same code.
      for (const event of settled.events) await applyPaymentEvent(deps.db, deps, event);
      return { redirectUrl: settled.redirectUrl };
    },
  );
}
