import { randomBytes } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { OFFLINE_OUTCOMES } from '../../../contracts/payments';
import type { Db } from '../../db/client';
import { offlineCheckoutSessions } from '../../db/schema/shared-state';
import {
  type CheckoutSessionState,
  type CreateCheckoutInput,
  type PaymentProvider,
  type PaymentProviderEvent,
  WebhookVerificationError,
} from './provider';

type Outcome = (typeof OFFLINE_OUTCOMES)[number];

/** An open test session expires like a Stripe Checkout Session: after 24 hours. */
const SESSION_OPEN_MS = 24 * 60 * 60_000;
/** Settled or expired sessions are kept this long after they expired (a late success page still reads them). */
const KEEP_AFTER_EXPIRY_MS = 7 * 24 * 60 * 60_000;

export interface OfflineSession extends CheckoutSessionState {
  successUrl: string;
  cancelUrl: string;
  reference: string;
  schoolName: string;
  teamCount: number;
}

type SessionRow = typeof offlineCheckoutSessions.$inferSelect;

function toSession(row: SessionRow, now: number): OfflineSession {
  // An open session past its expiry is expired, as a provider would report it.
  const lapsed = row.status === 'open' && row.expiresAt.getTime() <= now;
  return {
    id: row.id,
    registrationId: row.registrationId,
    paymentStatus: row.paymentStatus,
    status: lapsed ? 'expired' : row.status,
    amountTotal: row.amountCents,
    currency: row.currency,
    successUrl: row.successUrl,
    cancelUrl: row.cancelUrl,
    reference: row.reference,
    schoolName: row.schoolName,
    teamCount: row.teamCount,
  };
}

/**
 * The built-in test provider (the default): no account, no network, no money. Its checkout page
 * (/registration/offline-checkout/:sessionId) lets the tester pay, fail or abandon, and each outcome produces
 * the same internal events a Stripe webhook would, applied by the same code. Its sessions are rows of
 * `offline_checkout_sessions`, like a provider's own records, so every server process can show and settle a
 * session another one created, and a restart forgets nothing.
 */
export class OfflinePaymentProvider implements PaymentProvider {
  readonly name = 'offline' as const;
  private lastPurge = 0;

  constructor(
    private readonly publicUrl: string,
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async createCheckout(input: CreateCheckoutInput): Promise<{ sessionId: string; url: string }> {
    const now = this.now();
    await this.purgeNowAndThen(now);
    const id = `offline_cs_${randomBytes(18).toString('base64url')}`;
    await this.db
      .insert(offlineCheckoutSessions)
      .values({
        id,
        idempotencyKey: input.idempotencyKey,
        registrationId: input.registration.id,
        status: 'open',
        paymentStatus: 'unpaid',
        amountCents: input.amountCents,
        currency: 'eur',
        successUrl: input.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
        cancelUrl: input.cancelUrl.replace('{CHECKOUT_SESSION_ID}', id),
        reference: input.registration.reference,
        schoolName: input.registration.schoolName,
        teamCount: input.teamCount,
        createdAt: new Date(now),
        expiresAt: new Date(now + SESSION_OPEN_MS),
      })
      // A retried create (same key) gets the session the first one made, as with Stripe.
      .onConflictDoNothing({ target: offlineCheckoutSessions.idempotencyKey });
    const [row] = await this.db
      .select({ id: offlineCheckoutSessions.id })
      .from(offlineCheckoutSessions)
      .where(eq(offlineCheckoutSessions.idempotencyKey, input.idempotencyKey));
    if (!row) throw new Error('The offline checkout session could not be stored');
    return { sessionId: row.id, url: `${this.publicUrl}/registration/offline-checkout/${row.id}` };
  }

  parseWebhook(): PaymentProviderEvent {
    // The offline provider has no webhook: its checkout page reports outcomes through `complete`.
    throw new WebhookVerificationError('The offline payment provider has no webhook');
  }

  async retrieveSession(id: string): Promise<CheckoutSessionState | null> {
    const session = await this.describe(id);
    if (!session) return null;
    const { successUrl: _s, cancelUrl: _c, reference: _r, schoolName: _n, teamCount: _t, ...state } = session;
    return state;
  }

  /** The session as the offline checkout page shows it. */
  async describe(id: string): Promise<OfflineSession | undefined> {
    const [row] = await this.db
      .select()
      .from(offlineCheckoutSessions)
      .where(eq(offlineCheckoutSessions.id, id));
    return row ? toSession(row, this.now()) : undefined;
  }

  /**
   * Settles an open session the way Stripe would report it: succeed → completed and paid; fail → completed
   * but unpaid, then async_payment_failed; abandon (or a lapsed session) → expired. The move out of `open` is
   * one conditional update, so of two concurrent settlements (on any processes) one wins and the other
   * produces no events. Returns the events and where the browser goes next.
   */
  async complete(
    id: string,
    outcome: Outcome,
  ): Promise<{ events: PaymentProviderEvent[]; redirectUrl: string } | undefined> {
    const now = this.now();
    const [before] = await this.db
      .select()
      .from(offlineCheckoutSessions)
      .where(eq(offlineCheckoutSessions.id, id));
    if (!before) return undefined;
    const settled =
      before.expiresAt.getTime() <= now || outcome === 'abandon'
        ? ({ status: 'expired', paymentStatus: 'unpaid' } as const)
        : outcome === 'succeed'
          ? ({ status: 'complete', paymentStatus: 'paid' } as const)
          : ({ status: 'complete', paymentStatus: 'unpaid' } as const);
    const [row] = await this.db
      .update(offlineCheckoutSessions)
      .set(settled)
      .where(
        and(
          eq(offlineCheckoutSessions.id, id),
          eq(offlineCheckoutSessions.status, 'open'),
          settled.status === 'expired' ? undefined : gt(offlineCheckoutSessions.expiresAt, new Date(now)),
        ),
      )
      .returning();
    if (!row) {
      // Settled before (here or on another process): no second outcome, the browser goes where it went.
      const [after] = await this.db
        .select()
        .from(offlineCheckoutSessions)
        .where(eq(offlineCheckoutSessions.id, id));
      const paid = (after ?? before).paymentStatus === 'paid';
      return { events: [], redirectUrl: paid ? before.successUrl : before.cancelUrl };
    }
    const session = toSession(row, now);
    const { successUrl: _s, cancelUrl: _c, reference: _r, schoolName: _n, teamCount: _t, ...state } = session;
    const event = (type: PaymentProviderEvent['type']): PaymentProviderEvent => ({
      provider: 'offline',
      eventId: `offline_evt_${randomBytes(12).toString('base64url')}`,
      type,
      session: { ...state },
    });
    if (settled.status === 'expired') {
      return { events: [event('checkout.session.expired')], redirectUrl: session.cancelUrl };
    }
    if (settled.paymentStatus === 'paid') {
      return { events: [event('checkout.session.completed')], redirectUrl: session.successUrl };
    }
    return {
      events: [event('checkout.session.completed'), event('checkout.session.async_payment_failed')],
      redirectUrl: session.cancelUrl,
    };
  }

  /** Deletes sessions a week past their expiry, at most once a minute per process. */
  private async purgeNowAndThen(now: number): Promise<void> {
    if (now - this.lastPurge < 60_000 && now >= this.lastPurge) return;
    this.lastPurge = now;
    await this.db
      .delete(offlineCheckoutSessions)
      .where(lte(offlineCheckoutSessions.expiresAt, new Date(now - KEEP_AFTER_EXPIRY_MS)));
  }
}
