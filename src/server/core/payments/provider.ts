/**
 * One interface for every payment provider (Stripe, and the built-in offline test provider). Providers turn
 * their own notifications into the same internal events, which payment-events.ts applies in one place.
 */

export type ProviderName = 'stripe' | 'offline';

/** What the provider says about one checkout session. Amounts in cents. */
export interface CheckoutSessionState {
  id: string;
  /** Our registration id, sent to the provider as client_reference_id / metadata when the session was made. */
  registrationId: string | null;
  /** 'paid' only when the money is collected; 'unpaid' while an asynchronous method is still clearing. */
  paymentStatus: 'paid' | 'unpaid';
  /** 'complete' after checkout, 'expired' when abandoned, 'open' meanwhile. */
  status: 'open' | 'complete' | 'expired';
  amountTotal: number | null;
  currency: string | null;
}

/** The internal event every provider produces (Stripe's names, which the offline provider copies). */
export interface PaymentProviderEvent {
  provider: ProviderName;
  /** The provider's event id: applying the same id twice has no second effect. */
  eventId: string;
  type:
    | 'checkout.session.completed'
    | 'checkout.session.async_payment_succeeded'
    | 'checkout.session.async_payment_failed'
    | 'checkout.session.expired'
    /** Any other event type: acknowledged and ignored. */
    | 'ignored';
  session: CheckoutSessionState | null;
}

export interface CreateCheckoutInput {
  registration: { id: string; reference: string; registrantEmail: string; schoolName: string };
  amountCents: number;
  teamCount: number;
  successUrl: string;
  cancelUrl: string;
  /** Sent to the provider so a retried create makes no second session (T22). */
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Throws CheckoutRefusedError when the provider answered with an error (see there). */
  createCheckout(input: CreateCheckoutInput): Promise<{ sessionId: string; url: string }>;
  /** Verifies and parses a webhook delivery; throws WebhookVerificationError when it is not authentic. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentProviderEvent;
  /** The session as the provider knows it now, or null when the provider does not know it. */
  retrieveSession(id: string): Promise<CheckoutSessionState | null>;
}

export class WebhookVerificationError extends Error {}

/**
 * The provider answered a create with an error (it did not just fail to answer): no session exists for that
 * idempotency key, and the provider would replay the same error for it, so the next attempt needs a new key.
 * A create that got no answer (network, timeout) throws anything else and keeps its key: the provider may
 * have made the session, and the retry with the same key gets it back.
 */
export class CheckoutRefusedError extends Error {
  constructor(cause: unknown) {
    super('The payment provider refused to create the checkout', { cause });
  }
}
