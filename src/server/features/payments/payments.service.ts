import { and, count, eq } from 'drizzle-orm';
import {
  type CreateCheckoutBody,
  PAYMENT_MESSAGES,
  type VerifyPaymentResponse,
} from '../../../contracts/payments';
import type { Audit } from '../../audit/audit';
import type { Actor } from '../../auth/actor';
import {
  CheckoutRefusedError,
  type PaymentProvider,
  type PaymentProviderEvent,
} from '../../core/payments/provider';
import { authorisedRegistration } from '../../core/registrations/registration-records';
import type { RegistrationKeys } from '../../core/registrations/registration-security';
import { findRegistration } from '../../core/registrations/registrations.repo';
import type { Db } from '../../db/client';
import { payments, registrations } from '../../db/schema/registrations';
import { HttpError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { applyPaymentEvent } from './payment-events';

/** The provider could not create a session (network, outage): the route answers 503 with a clear message. */
export class ProviderUnavailableError extends Error {
  constructor(cause: unknown) {
    super(PAYMENT_MESSAGES.providerUnavailable, { cause });
  }
}

export interface PaymentDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  keys: RegistrationKeys;
  provider: PaymentProvider;
  now: () => Date;
  audit: Audit;
}

/**
 * Starts a checkout for a registration's teams. The payer is the signed-in owner or holds the registration's
 * access token. The amount is the registration's own (team price × teams when it was made); the client's
 * team_count must match, so a stale page cannot pay for a different number of teams.
 */
export async function createCheckout(
  deps: PaymentDeps,
  actor: Actor | null,
  body: CreateCheckoutBody,
): Promise<{ url: string; sessionId: string }> {
  const { db } = deps;
  const registration = await authorisedRegistration(deps, actor, body.registration_id, body.access_token);
  if (registration.paymentStatus === 'paid') throw new HttpError(409, PAYMENT_MESSAGES.alreadyPaid);
  if (registration.paymentStatus === 'cancelled') throw new HttpError(409, PAYMENT_MESSAGES.cancelled);
  if (registration.paymentStatus === 'pending') throw new HttpError(409, PAYMENT_MESSAGES.pending);
  if (body.team_count !== registration.teamCount) throw new HttpError(409, PAYMENT_MESSAGES.teamCountChanged);
  if (registration.amountCents <= 0) throw new HttpError(409, PAYMENT_MESSAGES.nothingToPay);

  // One key per attempt: a double click, or a retry after no answer (same attempt), gets the provider's same
  // session back. A session made (a payments row) or a create the provider refused starts a new attempt.
  const [attempts] = await db
    .select({ n: count() })
    .from(payments)
    .where(eq(payments.registrationId, registration.id));
  const refusals = registration.checkoutRefusals;
  const idempotencyKey = `checkout-${registration.id}-${attempts?.n ?? 0}${refusals > 0 ? `-r${refusals}` : ''}`;
  const base = `${deps.publicUrl}/registration/success?registration_id=${registration.id}`;
  let session: { sessionId: string; url: string };
  try {
    session = await deps.provider.createCheckout({
      registration,
      amountCents: registration.amountCents,
      teamCount: registration.teamCount,
      successUrl: `${base}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}&cancelled=1`,
      idempotencyKey,
    });
  } catch (error) {
    if (error instanceof CheckoutRefusedError) {
      // Counted once even when two requests of the same attempt were both refused.
      await db
        .update(registrations)
        .set({ checkoutRefusals: refusals + 1 })
        .where(and(eq(registrations.id, registration.id), eq(registrations.checkoutRefusals, refusals)));
    }
    throw new ProviderUnavailableError(error);
  }
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payments)
      .values({
        registrationId: registration.id,
        provider: deps.provider.name,
        providerSessionId: session.sessionId,
        amountCents: registration.amountCents,
        currency: 'eur',
        teamCount: registration.teamCount,
        status: 'open',
        checkoutUrl: session.url,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    if (row) {
      await deps.audit.logChange(
        tx,
        { actorId: actor?.userId ?? null, ip: null },
        'checkout_created',
        `Checkout started for registration ${registration.reference}`,
        {
          registrationId: registration.id,
          provider: deps.provider.name,
          providerSessionId: session.sessionId,
          amountCents: registration.amountCents,
        },
      );
    }
  });
  return session;
}

/**
 * The outcome of a checkout, for the success page. It never marks anything paid by itself: while the
 * session is open in our records, it asks the provider (authenticated API call) and applies what the
 * provider says through the same path as a webhook event, with an event id derived from the session state,
 * so the webhook arriving later (or a second verify) has no further effect.
 */
export async function verifyPayment(
  deps: PaymentDeps,
  input: { sessionId: string; registrationId: string },
): Promise<VerifyPaymentResponse> {
  const { db } = deps;
  const find = async () => {
    const [row] = await db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.provider, deps.provider.name),
          eq(payments.providerSessionId, input.sessionId),
          eq(payments.registrationId, input.registrationId),
        ),
      );
    return row;
  };
  let payment = await find();
  if (!payment) throw new HttpError(404, PAYMENT_MESSAGES.sessionNotFound);
  if (payment.status === 'open') {
    const session = await deps.provider.retrieveSession(payment.providerSessionId);
    const type: PaymentProviderEvent['type'] | null =
      session?.status === 'complete'
        ? 'checkout.session.completed'
        : session?.status === 'expired'
          ? 'checkout.session.expired'
          : null;
    if (session && type) {
      await applyPaymentEvent(db, deps, {
        provider: deps.provider.name,
        eventId: `retrieved:${session.id}:${session.status}:${session.paymentStatus}`,
        type,
        session,
      });
      payment = (await find()) ?? payment;
    }
  }
  const registration = await findRegistration(db, input.registrationId);
  if (!registration) throw new HttpError(404, PAYMENT_MESSAGES.sessionNotFound);
  return {
    status: registration.paymentStatus,
    sessionStatus: payment.status,
    reference: registration.reference,
    amountCents: registration.amountCents,
  };
}
