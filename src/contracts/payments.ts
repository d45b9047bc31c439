import { z } from 'zod';
import { PAYMENT_STATUSES } from './registrations';

/**
 * Payments (issue #6, docs/requirements.md §7 create-checkout and verify-payment). The amount is always the server's: the
 * registration's team count × team price; any amount a client sends is ignored. Only a verified provider
 * event (Stripe webhook, or the built-in offline test checkout) or staff marking a manual payment moves a
 * registration to paid.
 */

export const PAYMENT_MESSAGES = {
  alreadyPaid: 'This registration is already paid.',
  cancelled: 'This registration was cancelled and cannot be paid.',
  teamCountChanged: 'The number of teams changed. Reload the page and try again.',
  providerUnavailable: 'The payment service is not available right now. Please try again shortly.',
  sessionNotFound: 'This payment session was not found.',
  sessionClosed: 'This payment session is already finished.',
  pending: 'Your payment is being processed. We will e-mail you when it is confirmed.',
  nothingToPay: 'There is nothing to pay for this registration.',
  tooManyRequests: 'Too many payment checks from this network. Please wait a few minutes and try again.',
} as const;

/** POST /api/payments/create-checkout (registration_id, team_count as in docs/requirements.md §7). */
export const createCheckoutBodySchema = z.object({
  registration_id: z.uuid('Unknown registration'),
  /** Must equal the registration's team count; it never sets the amount. */
  team_count: z.number().int().min(1).max(100),
  /** The registration's access token, when the payer is not the signed-in owner. */
  access_token: z.string().min(10).max(300).optional(),
});
// Not strict on purpose: an `amount` or other field a client adds is dropped, never used (T23).
export type CreateCheckoutBody = z.infer<typeof createCheckoutBodySchema>;

export const createCheckoutResponseSchema = z.object({
  /** Where to send the browser: the provider's hosted checkout (or the local offline checkout page). */
  url: z.string(),
  sessionId: z.string(),
});
export type CreateCheckoutResponse = z.infer<typeof createCheckoutResponseSchema>;

/** POST /api/payments/verify-payment: reads the outcome; it never marks anything paid by itself. */
export const verifyPaymentBodySchema = z
  .object({
    sessionId: z.string().min(1).max(300),
    registrationId: z.uuid('Unknown registration'),
  })
  .strict();

export const CHECKOUT_SESSION_STATUSES = ['open', 'paid', 'failed', 'expired'] as const;

export const verifyPaymentResponseSchema = z.object({
  /** The registration's payment status after any verified provider state was applied. */
  status: z.enum(PAYMENT_STATUSES),
  /** This checkout session's own state. */
  sessionStatus: z.enum(CHECKOUT_SESSION_STATUSES),
  reference: z.string(),
  amountCents: z.number().int(),
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;

/** The offline test provider's checkout page: /registration/offline-checkout/:sessionId */
export const offlineSessionParamsSchema = z.object({
  id: z.string().regex(/^offline_cs_[A-Za-z0-9_-]{10,80}$/),
});

export const offlineSessionSchema = z.object({
  sessionId: z.string(),
  reference: z.string(),
  schoolName: z.string(),
  teamCount: z.number().int(),
  amountCents: z.number().int(),
  currency: z.literal('eur'),
  status: z.enum(CHECKOUT_SESSION_STATUSES),
  cancelUrl: z.string(),
});
export type OfflineSession = z.infer<typeof offlineSessionSchema>;

export const OFFLINE_OUTCOMES = ['succeed', 'fail', 'abandon'] as const;
export const offlineOutcomeBodySchema = z.object({ outcome: z.enum(OFFLINE_OUTCOMES) }).strict();
export const offlineOutcomeResponseSchema = z.object({
  /** Where the provider sends the browser next: the success URL, or the cancel URL after fail/abandon. */
  redirectUrl: z.string(),
});
