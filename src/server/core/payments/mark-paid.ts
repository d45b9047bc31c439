import { and, eq, inArray, sql } from 'drizzle-orm';
import { SETTING_KEYS } from '../../../contracts/settings';
import type { Audit, Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import { registrations } from '../../db/schema/registrations';
import type { Mailer } from '../../mail/mailer';
import { paymentReceiptMail } from '../registrations/registration-mails';
import { loadRegistration } from '../registrations/registrations.repo';
import { readSettingValue } from '../settings/settings.service';

export type PaidVia = 'card' | 'cash' | 'bank_transfer';

export interface MarkPaidDeps {
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  audit: Audit;
}

export interface MarkPaidInput {
  registrationId: string;
  via: PaidVia;
  /** Staff note for a cash or bank transfer payment. */
  note?: string;
  /** The staff member who marked it; null for a provider event (the provider is named in the log). */
  actorId: string | null;
  /** The provider's checkout session, for a card payment. */
  providerSessionId?: string;
  /** 'stripe' or 'offline' for a card payment; logged in the metadata. */
  provider?: string;
}

/**
 * Moves a registration that is unpaid or pending to paid, inside the caller's transaction, and logs it.
 * Returns false (and changes nothing) when it is already paid or cancelled: calling it twice is harmless.
 */
export async function setRegistrationPaid(
  tx: Tx,
  { audit, now }: Pick<MarkPaidDeps, 'audit' | 'now'>,
  input: MarkPaidInput,
): Promise<{ changed: boolean }> {
  const [updated] = await tx
    .update(registrations)
    .set({
      paymentStatus: 'paid',
      paidAt: now(),
      paidVia: input.via,
      ...(input.note !== undefined ? { paymentNote: input.note } : {}),
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(registrations.id, input.registrationId),
        inArray(registrations.paymentStatus, ['unpaid', 'pending']),
      ),
    )
    .returning({ reference: registrations.reference, amountCents: registrations.amountCents });
  if (!updated) return { changed: false };
  await audit.logChange(
    tx,
    { actorId: input.actorId, ip: null },
    'registration_paid',
    `Registration ${updated.reference} marked paid (${input.via})`,
    {
      registrationId: input.registrationId,
      via: input.via,
      amountCents: updated.amountCents,
      ...(input.provider ? { provider: input.provider } : {}),
      ...(input.providerSessionId ? { providerSessionId: input.providerSessionId } : {}),
      ...(input.note ? { note: input.note } : {}),
    },
  );
  return { changed: true };
}

/** E-mails the VAT-free receipt for a paid registration. */
export async function sendPaymentReceipt(
  db: Db,
  deps: Pick<MarkPaidDeps, 'mailer'>,
  registrationId: string,
): Promise<void> {
  const registration = await loadRegistration(db, registrationId);
  if (registration?.paymentStatus !== 'paid' || !registration.paidAt) return;
  const home = await readSettingValue(db, SETTING_KEYS.homePage);
  await deps.mailer.send(
    paymentReceiptMail({
      registration,
      organiser: home.header_title,
      organiserContact: home.contact_email,
      paidAt: registration.paidAt,
      paidVia: (registration.paidVia ?? 'card') as PaidVia,
      teamPriceCents: Math.round(registration.amountCents / registration.teamCount),
    }),
  );
}

/**
 * Marks a registration paid (staff: cash or bank transfer with a note; providers: card), logs it in
 * system_logs and e-mails the receipt. Idempotent: an already paid (or cancelled) registration is left as it
 * is, no second receipt is sent, and `changed` is false.
 */
export async function markRegistrationPaid(
  db: Db,
  deps: MarkPaidDeps,
  input: MarkPaidInput,
): Promise<{ changed: boolean }> {
  const result = await db.transaction((tx) => setRegistrationPaid(tx, deps, input));
  if (result.changed) await sendReceiptOrLog(db, deps, input.registrationId);
  return result;
}

/**
 * The payment is recorded before the receipt is mailed: a mail failure must not undo it or make a provider
 * retry, so it is logged for staff to resend by hand instead.
 */
export async function sendReceiptOrLog(
  db: Db,
  deps: Pick<MarkPaidDeps, 'mailer' | 'audit'>,
  registrationId: string,
): Promise<void> {
  try {
    await sendPaymentReceipt(db, deps, registrationId);
  } catch {
    await deps.audit.logAttempt(
      db,
      { actorId: null, ip: null },
      'receipt_mail_failed',
      'The payment receipt e-mail could not be sent',
      { registrationId },
    );
  }
}
