import { z } from 'zod';
import { isoDate } from './common';

/**
 * /admin/billing-overview (view_billing_overview, issue #6 item 6): what is paid, outstanding and expected
 * in euro (cancelled registrations excluded), payments over time, and the registrations as CSV.
 */

export const billingOverviewSchema = z.object({
  /** Euro cents. expected = paid + unpaid; unpaid includes payments in progress (pending). */
  totals: z.object({
    paidCents: z.number().int(),
    unpaidCents: z.number().int(),
    pendingCents: z.number().int(),
    expectedCents: z.number().int(),
  }),
  counts: z.object({
    registrations: z.number().int(),
    paid: z.number().int(),
    unpaid: z.number().int(),
    pending: z.number().int(),
    cancelled: z.number().int(),
    /** Teams of the registrations not cancelled, and of those paid. */
    teams: z.number().int(),
    paidTeams: z.number().int(),
  }),
  /** Cancelled after being paid: money received that may need a refund (not in the totals). */
  cancelledPaid: z.object({ count: z.number().int(), cents: z.number().int() }),
  /** Paid registrations by how they were paid. */
  byMethod: z.array(z.object({ via: z.string(), count: z.number().int(), cents: z.number().int() })),
  /**
   * Payments per day (Irish calendar day of paid_at), every day from the first payment to the last, with the
   * running total.
   */
  timeline: z.array(
    z.object({
      date: isoDate,
      count: z.number().int(),
      cents: z.number().int(),
      cumulativeCents: z.number().int(),
    }),
  ),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

export const BILLING_CSV_HEADER = [
  'reference',
  'school',
  'registrant',
  'email',
  'teams',
  'amount_eur',
  'status',
  'paid_via',
  'paid_at',
  'note',
] as const;
