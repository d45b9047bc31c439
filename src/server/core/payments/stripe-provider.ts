import Stripe from 'stripe';
import {
  CheckoutRefusedError,
  type CheckoutSessionState,
  type CreateCheckoutInput,
  type PaymentProvider,
  type PaymentProviderEvent,
  WebhookVerificationError,
} from './provider';

const HANDLED = new Set<string>([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** A local stand-in for Stripe's API in tests; the real API otherwise. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** Seconds a signed webhook stays acceptable (Stripe's default: 300). */
  toleranceSeconds?: number;
}

function sessionState(session: Stripe.Checkout.Session): CheckoutSessionState {
  return {
    id: session.id,
    registrationId: session.client_reference_id ?? session.metadata?.registration_id ?? null,
    // Only 'paid' fulfils; an unknown future value counts as not paid.
    paymentStatus: session.payment_status === 'paid' ? 'paid' : 'unpaid',
    status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
    amountTotal: session.amount_total,
    currency: session.currency,
  };
}

/** Stripe Checkout in euro through the official SDK. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(options.api ?? {}),
    });
  }

  async createCheckout(input: CreateCheckoutInput): Promise<{ sessionId: string; url: string }> {
    // The amount is the team price × teams, so one line of `teamCount` entries states it exactly.
    const perTeam = input.amountCents / input.teamCount;
    if (!Number.isInteger(perTeam)) throw new Error('The amount is not a whole number of team entries');
    let session: Stripe.Checkout.Session;
    try {
      session = await this.createSession(input, perTeam);
    } catch (error) {
      // An error Stripe answered (4xx, 5xx) is stored under the key and replayed for it; a connection error
      // or timeout has no status and keeps the key (the SDK has already retried it with the same key).
      if (error instanceof Stripe.errors.StripeError && typeof error.statusCode === 'number') {
        throw new CheckoutRefusedError(error);
      }
      throw error;
    }
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { sessionId: session.id, url: session.url };
  }

  private createSession(input: CreateCheckoutInput, perTeam: number): Promise<Stripe.Checkout.Session> {
    return this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: input.teamCount,
            price_data: {
              currency: 'eur',
              unit_amount: perTeam,
              product_data: {
                name: 'Team entry (4 players)',
                description: `${input.registration.schoolName}, registration ${input.registration.reference}`,
              },
            },
          },
        ],
        client_reference_id: input.registration.id,
        customer_email: input.registration.registrantEmail,
        metadata: { registration_id: input.registration.id, reference: input.registration.reference },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      },
      { idempotencyKey: input.idempotencyKey },
    );
  }

  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): PaymentProviderEvent {
    const signature = headers['stripe-signature'];
    if (typeof signature !== 'string' || signature === '') {
      throw new WebhookVerificationError('Missing Stripe-Signature header');
    }
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.options.webhookSecret,
        this.options.toleranceSeconds,
      );
    } catch (error) {
      throw new WebhookVerificationError(error instanceof Error ? error.message : 'Invalid signature');
    }
    if (!HANDLED.has(event.type))
      return { provider: 'stripe', eventId: event.id, type: 'ignored', session: null };
    return {
      provider: 'stripe',
      eventId: event.id,
      type: event.type as PaymentProviderEvent['type'],
      session: sessionState(event.data.object as Stripe.Checkout.Session),
    };
  }

  async retrieveSession(id: string): Promise<CheckoutSessionState | null> {
    try {
      return sessionState(await this.stripe.checkout.sessions.retrieve(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }
}
