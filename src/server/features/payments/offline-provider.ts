import { randomBytes } from 'node:crypto';
import type { OFFLINE_OUTCOMES } from '../../../contracts/payments';
import {
  type CheckoutSessionState,
  type CreateCheckoutInput,
  type PaymentProvider,
  type PaymentProviderEvent,
  WebhookVerificationError,
} from './provider';

type Outcome = (typeof OFFLINE_OUTCOMES)[number];

interface OfflineSession extends CheckoutSessionState {
  successUrl: string;
  cancelUrl: string;
  reference: string;
  schoolName: string;
  teamCount: number;
}

/**
 * The built-in test provider (the default): no account, no network, no money. Its checkout page
 * (/registration/offline-checkout/:sessionId) lets the tester pay, fail or abandon, and each outcome produces
 * the same internal events a Stripe webhook would, applied by the same code. Sessions live in memory, like a
 * provider's own records: a restart forgets open test sessions (the registrations stay unpaid).
 */
export class OfflinePaymentProvider implements PaymentProvider {
  readonly name = 'offline' as const;
  private readonly sessions = new Map<string, OfflineSession>();
  private readonly byIdempotencyKey = new Map<string, string>();

  constructor(private readonly publicUrl: string) {}

  async createCheckout(input: CreateCheckoutInput): Promise<{ sessionId: string; url: string }> {
    const existing = this.byIdempotencyKey.get(input.idempotencyKey);
    const id = existing ?? `offline_cs_${randomBytes(18).toString('base64url')}`;
    if (!existing) {
      this.byIdempotencyKey.set(input.idempotencyKey, id);
      this.sessions.set(id, {
        id,
        registrationId: input.registration.id,
        paymentStatus: 'unpaid',
        status: 'open',
        amountTotal: input.amountCents,
        currency: 'eur',
        successUrl: input.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
        cancelUrl: input.cancelUrl.replace('{CHECKOUT_SESSION_ID}', id),
        reference: input.registration.reference,
        schoolName: input.registration.schoolName,
        teamCount: input.teamCount,
      });
    }
    return { sessionId: id, url: `${this.publicUrl}/registration/offline-checkout/${id}` };
  }

  parseWebhook(): PaymentProviderEvent {
    // The offline provider has no webhook: its checkout page reports outcomes through `complete`.
    throw new WebhookVerificationError('The offline payment provider has no webhook');
  }

  async retrieveSession(id: string): Promise<CheckoutSessionState | null> {
    const session = this.sessions.get(id);
    if (!session) return null;
    const { successUrl: _s, cancelUrl: _c, reference: _r, schoolName: _n, teamCount: _t, ...state } = session;
    return state;
  }

  /** The session as the offline checkout page shows it. */
  describe(id: string): Readonly<OfflineSession> | undefined {
    return this.sessions.get(id);
  }

  /**
   * Settles an open session the way Stripe would report it: succeed → completed and paid; fail → completed
   * but unpaid, then async_payment_failed; abandon → expired. Returns the events (none if already settled)
   * and where the browser goes next.
   */
  complete(
    id: string,
    outcome: Outcome,
  ): { events: PaymentProviderEvent[]; redirectUrl: string } | undefined {
    const session = this.sessions.get(id);
    if (!session) return undefined;
    if (session.status !== 'open') {
      const paid = session.paymentStatus === 'paid';
      return { events: [], redirectUrl: paid ? session.successUrl : session.cancelUrl };
    }
    const event = (type: PaymentProviderEvent['type']): PaymentProviderEvent => ({
      provider: 'offline',
      eventId: `offline_evt_${randomBytes(12).toString('base64url')}`,
      type,
      session: { ...session },
    });
    if (outcome === 'succeed') {
      Object.assign(session, { status: 'complete', paymentStatus: 'paid' });
      return { events: [event('checkout.session.completed')], redirectUrl: session.successUrl };
    }
    if (outcome === 'fail') {
      Object.assign(session, { status: 'complete', paymentStatus: 'unpaid' });
      return {
        events: [event('checkout.session.completed'), event('checkout.session.async_payment_failed')],
        redirectUrl: session.cancelUrl,
      };
    }
    Object.assign(session, { status: 'expired', paymentStatus: 'unpaid' });
    return { events: [event('checkout.session.expired')], redirectUrl: session.cancelUrl };
  }
}
