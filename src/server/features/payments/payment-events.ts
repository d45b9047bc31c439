import { and, eq, isNotNull, ne, notExists, sql } from 'drizzle-orm';
import type { Audit, SystemLogChange, Tx } from '../../audit/audit';
import { sendReceiptOrLog, setRegistrationPaid } from '../../core/payments/mark-paid';
import type { PaymentProviderEvent } from '../../core/payments/provider';
import type { Db } from '../../db/client';
import { paymentEvents, payments, registrations } from '../../db/schema/registrations';
import type { Mailer } from '../../mail/mailer';

export type ApplyOutcome =
  | 'duplicate'
  | 'ignored'
  | 'unknown_session'
  | 'paid'
  | 'pending'
  | 'failed'
  | 'expired'
  | 'rejected'
  | 'unchanged';

type PaymentRow = typeof payments.$inferSelect;

/**
 * Applies one verified provider event (a Stripe webhook, or the offline checkout) exactly once:
 * - the event id is recorded in payment_events in the same transaction, so a replay has no effect;
 * - the payment row is locked, and every transition is conditional on the current state, so two events for
 *   one session (even concurrent) make one transition and a late event never moves paid back;
 * - `completed` fulfils only when payment_status is 'paid' and the amount and currency are the server's;
 *   otherwise the registration is pending (asynchronous methods) or, on a mismatch, untouched with an alert.
 * A database error escapes (the webhook answers 5xx and the provider retries); nothing is half-applied.
 */
export async function applyPaymentEvent(
  db: Db,
  deps: { mailer: Mailer; now: () => Date; audit: Audit },
  event: PaymentProviderEvent,
): Promise<ApplyOutcome> {
  const now = deps.now();
  const result = await db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({
        provider: event.provider,
        eventId: event.eventId,
        type: event.type,
        providerSessionId: event.session?.id ?? null,
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!recorded) return { outcome: 'duplicate' as const };
    if (event.type === 'ignored' || !event.session) return { outcome: 'ignored' as const };

    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, event.provider), eq(payments.providerSessionId, event.session.id)))
      .for('update');
    if (!payment) {
      await log(
        tx,
        deps.audit,
        event,
        'payment_unknown_session',
        'A payment event named a checkout session we did not create',
        {
          registrationId: event.session.registrationId,
        },
      );
      return { outcome: 'unknown_session' as const };
    }
    // The registration row too, so events of two checkouts of one registration apply one after the other
    // (always payment first, then registration: no deadlock between them).
    await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(eq(registrations.id, payment.registrationId))
      .for('update');

    switch (event.type) {
      case 'checkout.session.completed':
        if (event.session.paymentStatus === 'paid') return fulfil(tx, deps.audit, event, payment, now);
        return markPending(tx, deps.audit, event, payment, now);
      case 'checkout.session.async_payment_succeeded':
        return fulfil(tx, deps.audit, event, payment, now);
      case 'checkout.session.async_payment_failed':
        return markFailed(tx, deps.audit, event, payment);
      case 'checkout.session.expired':
        return markExpired(tx, deps.audit, event, payment);
    }
  });
  if ('receiptFor' in result && result.receiptFor) await sendReceiptOrLog(db, deps, result.receiptFor);
  return result.outcome;
}

async function log(
  db: Tx,
  audit: Audit,
  event: PaymentProviderEvent,
  actionType: SystemLogChange,
  description: string,
  metadata: Record<string, unknown>,
) {
  await audit.logChange(db, { actorId: null, ip: null }, actionType, description, {
    provider: event.provider,
    eventId: event.eventId,
    eventType: event.type,
    providerSessionId: event.session?.id ?? null,
    ...metadata,
  });
}

async function setPaymentStatus(
  db: Db,
  payment: PaymentRow,
  to: PaymentRow['status'],
  from: PaymentRow['status'][],
): Promise<boolean> {
  if (!from.includes(payment.status)) return false;
  await db.update(payments).set({ status: to, updatedAt: sql`now()` }).where(eq(payments.id, payment.id));
  return true;
}

async function fulfil(db: Tx, audit: Audit, event: PaymentProviderEvent, payment: PaymentRow, now: Date) {
  const session = event.session!;
  const mismatch =
    session.amountTotal !== payment.amountCents ||
    (session.currency ?? '').toLowerCase() !== payment.currency ||
    (session.registrationId !== null && session.registrationId !== payment.registrationId);
  if (mismatch) {
    const details = {
      registrationId: payment.registrationId,
      expectedAmountCents: payment.amountCents,
      expectedCurrency: payment.currency,
      amountTotal: session.amountTotal,
      currency: session.currency,
    };
    await log(
      db,
      audit,
      event,
      'payment_amount_mismatch',
      'Payment not applied: amount or currency differs',
      details,
    );
    await audit.securityAttempt(db, { actorId: null, ip: null }, 'payment_amount_mismatch', {
      provider: event.provider,
      ...details,
    });
    return { outcome: 'rejected' as const };
  }
  const paymentChanged = await setPaymentStatus(db, payment, 'paid', ['open', 'failed', 'expired']);
  if (paymentChanged) {
    await log(db, audit, event, 'payment_succeeded', 'Card payment received', {
      registrationId: payment.registrationId,
      amountCents: payment.amountCents,
    });
  }
  const { changed } = await setRegistrationPaid(
    db,
    { audit, now: () => now },
    {
      registrationId: payment.registrationId,
      via: 'card',
      actorId: null,
      provider: event.provider,
      providerSessionId: session.id,
    },
  );
  if (!changed) {
    const [registration] = await db
      .select({ status: registrations.paymentStatus })
      .from(registrations)
      .where(eq(registrations.id, payment.registrationId));
    // Money arrived for a registration that is cancelled or already paid (a second checkout): staff must
    // refund it, so it is logged as such.
    if (paymentChanged && registration?.status === 'cancelled') {
      await log(
        db,
        audit,
        event,
        'payment_for_cancelled_registration',
        'A cancelled registration was paid: refund it',
        {
          registrationId: payment.registrationId,
        },
      );
    } else if (paymentChanged && registration?.status === 'paid') {
      await log(
        db,
        audit,
        event,
        'payment_duplicate',
        'A second payment for an already paid registration: refund it',
        {
          registrationId: payment.registrationId,
          amountCents: payment.amountCents,
        },
      );
    }
    return { outcome: paymentChanged ? ('paid' as const) : ('unchanged' as const) };
  }
  return { outcome: 'paid' as const, receiptFor: payment.registrationId };
}

/**
 * Checkout finished but the money is still clearing (e.g. a bank debit): the payment is marked completed,
 * which makes it the one keeping the registration pending until its asynchronous event.
 */
async function markPending(
  db: Tx,
  audit: Audit,
  event: PaymentProviderEvent,
  payment: PaymentRow,
  now: Date,
) {
  if (payment.status !== 'open' || payment.completedAt !== null) return { outcome: 'unchanged' as const };
  await db
    .update(payments)
    .set({ completedAt: now, updatedAt: sql`now()` })
    .where(eq(payments.id, payment.id));
  const [updated] = await db
    .update(registrations)
    .set({ paymentStatus: 'pending', updatedAt: sql`now()` })
    .where(and(eq(registrations.id, payment.registrationId), eq(registrations.paymentStatus, 'unpaid')))
    .returning({ id: registrations.id });
  if (!updated) return { outcome: 'unchanged' as const };
  await log(db, audit, event, 'payment_pending', 'Checkout completed; the payment is still being processed', {
    registrationId: payment.registrationId,
  });
  return { outcome: 'pending' as const };
}

/**
 * The delayed payment failed: this payment is failed, and the registration goes back to unpaid (pay later,
 * its teams kept) only if this payment was keeping it pending and no other checkout of it is still clearing.
 * A failure never touches a registration that is paid (by card or by staff) or cancelled, nor one that
 * another, newer checkout made pending.
 */
async function markFailed(db: Tx, audit: Audit, event: PaymentProviderEvent, payment: PaymentRow) {
  if (!(await setPaymentStatus(db, payment, 'failed', ['open']))) return { outcome: 'unchanged' as const };
  const otherStillClearing = db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.registrationId, payment.registrationId),
        ne(payments.id, payment.id),
        eq(payments.status, 'open'),
        isNotNull(payments.completedAt),
      ),
    );
  const reverted =
    payment.completedAt === null
      ? []
      : await db
          .update(registrations)
          .set({ paymentStatus: 'unpaid', updatedAt: sql`now()` })
          .where(
            and(
              eq(registrations.id, payment.registrationId),
              eq(registrations.paymentStatus, 'pending'),
              notExists(otherStillClearing),
            ),
          )
          .returning({ id: registrations.id });
  await log(
    db,
    audit,
    event,
    'payment_failed',
    reverted.length > 0
      ? 'The payment failed; the registration is kept, unpaid'
      : 'The payment failed; the registration is unchanged (another payment is in progress or done)',
    { registrationId: payment.registrationId, registrationReverted: reverted.length > 0 },
  );
  return { outcome: 'failed' as const };
}

/** An abandoned checkout: the session is closed; the registration stays as it was (unpaid, teams kept). */
async function markExpired(db: Tx, audit: Audit, event: PaymentProviderEvent, payment: PaymentRow) {
  if (!(await setPaymentStatus(db, payment, 'expired', ['open']))) return { outcome: 'unchanged' as const };
  await log(
    db,
    audit,
    event,
    'payment_expired',
    'The checkout was abandoned or expired; the registration stays unpaid',
    {
      registrationId: payment.registrationId,
    },
  );
  return { outcome: 'expired' as const };
}
