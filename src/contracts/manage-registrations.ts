import { z } from 'zod';
import { countOf, nounFor } from '../domain/plural';
import { isoDateTime } from './common';
import { PAYMENT_MESSAGES } from './payments';
import {
  PAYMENT_STATUSES,
  REGISTRATION_MESSAGES,
  registrationSummarySchema,
  updateTeamsBodySchema,
} from './registrations';

/**
 * /admin/manage-registrations (view_registration_management, issue #6 item 6): staff search and filter the
 * registrations, correct team and player names, mark manual payments (cash or bank transfer), cancel, and
 * promote the players into the active tournament. Registration settings are saved through the existing
 * PUT /api/admin/registration-settings (contracts/settings.ts).
 */

export const MANUAL_PAYMENT_METHODS = ['cash', 'bank_transfer'] as const;
export type ManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];
export const PAID_VIA_LABELS: Record<string, string> = {
  card: 'Card',
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
};

export const MANAGE_REGISTRATION_MESSAGES = {
  notFound: 'Registration not found.',
  alreadyPaid: PAYMENT_MESSAGES.alreadyPaid,
  cancelled: 'This registration is cancelled.',
  markedPaid: (reference: string, via: ManualPaymentMethod) =>
    `Registration ${reference} marked paid (${PAID_VIA_LABELS[via]})`,
  cancelledOk: (reference: string) => `Registration ${reference} cancelled`,
  /** Paid (or a payment in progress): staff must confirm, since any refund happens outside this site. */
  confirmPaidCancel:
    'This registration is paid or its payment is in progress. Tick the confirmation to cancel it; any refund is made outside this site.',
  changedMeanwhile: 'This registration was changed meanwhile. Reload the page and try again.',
  teamsSaved: 'Team and player names saved',
  teamsMismatch: REGISTRATION_MESSAGES.teamsMismatch,
  duplicateTeamName: REGISTRATION_MESSAGES.duplicateTeamName,
  /** A new name may be another child, whose guardian has not consented: such a swap is a withdrawal plus a new entry. */
  promotedMinorRenamed: (name: string) =>
    `${name} is already playing and needed a guardian's consent: withdraw them in Player Management and add the new player as a late entry instead of renaming.`,
  noActiveTournament: 'There is no active tournament. Activate one in Tournament Management first.',
  promoteCancelled: 'Cancelled registrations cannot be promoted.',
  /** docs/decisions/012-school-identity.md: a team name belongs to one school per tournament. */
  promoteTeamNameTaken: (team: string, reference: string) =>
    `Another school already has a team called "${team}" in the tournament. Rename the team of registration ${reference} first.`,
  unknownRegistrations: 'Some of the selected registrations no longer exist. Reload the page and try again.',
  nothingToPromote: 'Nothing to promote: every player is already in the tournament.',
  waitingConsent: (players: number) =>
    `${countOf(players, 'player')} ${nounFor(players, 'waits', 'wait')} for guardian consent and ${nounFor(players, 'was', 'were')} not added.`,
  promoted: (players: number, registrations: number, tournament: string) =>
    `${countOf(players, 'player')} from ${countOf(registrations, 'registration')} added to ${tournament}`,
} as const;

export const REGISTRATION_STATUS_FILTERS = ['all', ...PAYMENT_STATUSES] as const;

/** GET /api/admin/registrations */
export const listRegistrationsQuerySchema = z
  .object({
    /** Words of a school, reference, registrant (name or e-mail), team or player name. */
    search: z.string().trim().max(100).optional(),
    /** Exact school name, as listed in `schools`. */
    school: z.string().trim().max(150).optional(),
    status: z.enum(REGISTRATION_STATUS_FILTERS).default('all'),
  })
  .strict();
export type ListRegistrationsQuery = z.input<typeof listRegistrationsQuerySchema>;

export const adminRegistrationSchema = registrationSummarySchema.extend({
  /** Staff notes: the manual payment note and any cancellation reason. */
  paymentNote: z.string().nullable(),
  promotedAt: isoDateTime.nullable(),
  playerCount: z.number().int(),
  /** Players already copied into a tournament. */
  promotedPlayerCount: z.number().int(),
});
export type AdminRegistration = z.infer<typeof adminRegistrationSchema>;

/**
 * Totals of the registrations shown (after search and filters). `registrations` counts every one shown; teams,
 * players and money leave the cancelled ones out (they owe nothing).
 */
export const registrationTotalsSchema = z.object({
  registrations: z.number().int(),
  teams: z.number().int(),
  players: z.number().int(),
  /** Paid + outstanding of those not cancelled, in euro cents. */
  dueCents: z.number().int(),
  paidCents: z.number().int(),
  /** Unpaid or pending. */
  outstandingCents: z.number().int(),
});

export const listRegistrationsResponseSchema = z.object({
  registrations: z.array(adminRegistrationSchema),
  totals: registrationTotalsSchema,
  /** Every school with a registration, for the filter. */
  schools: z.array(z.string()),
  /** Where promoted players go; null when no tournament is active. */
  activeTournament: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Paid registrations with players never promoted and not waiting for consent: what "Promote all paid" takes. */
  promotableCount: z.number().int(),
});
export type ListRegistrationsResponse = z.infer<typeof listRegistrationsResponseSchema>;

const staffNote = (empty: string) =>
  z.string().trim().min(1, empty).max(500, 'The note is too long (500 characters at most)');

/** POST /api/admin/registrations/:id/mark-paid */
export const markPaidBodySchema = z
  .object({
    via: z.enum(MANUAL_PAYMENT_METHODS, 'Choose cash or bank transfer'),
    note: staffNote('Add a note, e.g. the bank transfer reference or who took the cash'),
  })
  .strict();
export type MarkPaidBody = z.infer<typeof markPaidBodySchema>;

/** POST /api/admin/registrations/:id/cancel */
export const cancelRegistrationBodySchema = z
  .object({
    reason: staffNote('Give a reason for the cancellation'),
    /** Required for a paid registration or one whose payment is in progress. */
    confirmPaid: z.boolean().optional(),
  })
  .strict();
export type CancelRegistrationBody = z.infer<typeof cancelRegistrationBodySchema>;

/** PUT /api/admin/registrations/:id/teams: every team and player by id, names only (no closing date for staff). */
export const adminUpdateTeamsBodySchema = updateTeamsBodySchema.omit({ token: true });
export type AdminUpdateTeamsBody = z.infer<typeof adminUpdateTeamsBodySchema>;

export const adminRegistrationResponseSchema = z.object({
  message: z.string(),
  registration: adminRegistrationSchema,
});

/**
 * POST /api/admin/registrations/promote: the chosen registrations (any not cancelled), or every paid one with
 * players not yet promoted. Players waiting for guardian consent are left out until it is confirmed.
 */
export const promoteBodySchema = z
  .object({
    registrationIds: z
      .array(z.uuid('Unknown registration'))
      .min(1, 'Select at least one registration')
      .max(1000)
      .optional(),
  })
  .strict();
export type PromoteBody = z.infer<typeof promoteBodySchema>;

export const promoteResponseSchema = z.object({
  message: z.string(),
  tournament: z.object({ id: z.string(), name: z.string() }),
  registrations: z.number().int(),
  /** New tournament players. */
  created: z.number().int(),
  /** Players already in the tournament under the same name and team, linked instead of added twice. */
  linked: z.number().int(),
  /** Entries already promoted into this tournament. */
  skipped: z.number().int(),
  /** Under-18s whose guardian has not confirmed by the e-mailed link yet: left out until they do (T25). */
  waitingConsent: z.number().int(),
});
export type PromoteResponse = z.infer<typeof promoteResponseSchema>;
