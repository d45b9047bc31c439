import { z } from 'zod';
import { PUBLIC_NAME_DISPLAYS } from '../domain/public-names';
import { PLAYERS_PER_TEAM, SCHOOL_YEAR_VALUES } from '../domain/registration';
import {
  BOT_PROTECTION_MESSAGES,
  type BotProof,
  botProofSchema,
  type PowChallenge,
  powChallengeSchema,
} from './bot-protection';
import { isoDate, isoDateTime } from './common';

/**
 * Team registration (issue #6). Registrants are teachers or parents, usually not signed in: a registration is
 * reached by its id plus an access token (returned at creation, in the confirmation mail link and by the
 * status lookup), or by the signed-in user who owns it (user_id, or the user's verified e-mail).
 */

export const REGISTRATION_MESSAGES = {
  closed: 'Registration is closed.',
  closedAt: 'Registration closed on the closing date.',
  tooManyTeams: (max: number) => `One registration can enter at most ${max} teams.`,
  full: 'The tournament is full: no more teams can be registered.',
  botCheckFailed: BOT_PROTECTION_MESSAGES.refused,
  notFound: 'No registration matches that reference and e-mail address.',
  accessDenied: 'This registration link is not valid. Look it up again with your reference and e-mail.',
  editClosed: 'Team and player names can no longer be changed online. Please contact the organisers.',
  cancelled: 'This registration was cancelled.',
  teamsMismatch: 'The teams sent do not match this registration. Reload the page and try again.',
  duplicateTeamName: 'Give each team its own name',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  confirmed: (reference: string) => `Registration ${reference} confirmed`,
  teamsSaved: 'Team names saved',
  /** A team name is unique within the tournament: another school already uses it (docs/decisions/012). */
  teamNameTaken: (name: string, suggestion: string) =>
    `Another school already has a team called "${name}" in this tournament. Choose another name, e.g. "${suggestion}".`,
  identicalPlayers: "The four players of a team cannot all have the same name. Enter each player's own name.",
} as const;

const personName = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter ${label}`)
    .max(120, `${label[0]?.toUpperCase()}${label.slice(1)} is too long`);

export const guardianConsentInputSchema = z
  .object({
    /** Name of the parent or guardian who consents. */
    by: personName('the parent or guardian name'),
    /**
     * Where the confirmation link goes (T25): the player stays "pending guardian consent" until the guardian
     * opens it and confirms. Required for every player who needs consent (the server answers a per-field
     * issue at `….guardianConsent.email`, message ELIGIBILITY_MESSAGES.guardianEmailNeeded); optional here
     * only so the schema stays compatible with forms that do not send it yet.
     */
    email: z.email('Enter a valid e-mail address for the parent or guardian').max(254).optional(),
    confirmed: z.literal(true, 'The parent or guardian must confirm their consent'),
  })
  .strict();

export const registrationPlayerInputSchema = z
  .object({
    name: personName('the player name'),
    /** Date of birth (YYYY-MM-DD); required for 1st Year pupils, optional when a school year is given. */
    dateOfBirth: isoDate.nullish(),
    schoolYear: z.enum(SCHOOL_YEAR_VALUES).nullish(),
    /** Required for every player under 18 on the tournament date (and for every player entered by school year). */
    guardianConsent: guardianConsentInputSchema.nullish(),
    /**
     * The name permission (ADR 036): how much of the pupil's name public pages may show. Absent or null: as
     * the tournament's setting; a stricter choice wins over the setting, a looser one does not.
     */
    publicNameDisplay: z
      .enum(PUBLIC_NAME_DISPLAYS, { error: 'Choose how the name is shown from the list' })
      .nullish(),
  })
  .strict();
export type RegistrationPlayerInput = z.infer<typeof registrationPlayerInputSchema>;

export const registrationTeamInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter the team name').max(80, 'The team name is too long'),
    players: z
      .array(registrationPlayerInputSchema)
      .length(PLAYERS_PER_TEAM, `Each team needs exactly ${PLAYERS_PER_TEAM} players`),
  })
  .strict();

/** The anti-spam answer: a solved proof of work or a widget's token (bot protection, ADR 022). */
export { type BotProof, botProofSchema };

/** POST /api/registrations */
export const createRegistrationBodySchema = z
  .object({
    registrantName: personName('your name'),
    registrantEmail: z.email('Enter a valid e-mail address').max(254),
    registrantPhone: z
      .string()
      .trim()
      .max(40, 'The phone number is too long')
      .regex(/^[0-9+()\-\s]*$/, 'Enter a valid phone number')
      .nullish(),
    schoolName: z.string().trim().min(1, 'Enter the school name').max(150, 'The school name is too long'),
    teams: z.array(registrationTeamInputSchema).min(1, 'Add at least one team').max(100),
    botProof: botProofSchema,
  })
  .strict();
export type CreateRegistrationBody = z.infer<typeof createRegistrationBodySchema>;

/** GET /api/registrations/challenge: the same proof-of-work challenge as GET /api/bot-protection/challenge. */
export const registrationChallengeSchema = powChallengeSchema;
export type RegistrationChallenge = PowChallenge;

export const PAYMENT_STATUSES = ['unpaid', 'pending', 'paid', 'cancelled'] as const;
export type RegistrationPaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const registrationPlayerSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  name: z.string(),
  dateOfBirth: isoDate.nullable(),
  schoolYear: z.string().nullable(),
  /** The consent record, when consent was needed: declared by the registrant, confirmed by the guardian. */
  guardianConsent: z
    .object({
      by: z.string(),
      /** The guardian's e-mail the confirmation link went to (null for entries made before it was asked). */
      email: z.string().nullable(),
      /** When the registrant declared the consent. */
      at: isoDateTime,
      policyVersion: z.string(),
    })
    .nullable(),
  /** When the guardian confirmed through the e-mailed link; null while pending (and for adults). */
  guardianConfirmedAt: isoDateTime.nullable(),
  /** The name permission given at registration; null: as the tournament's setting (ADR 036). */
  publicNameDisplay: z.enum(PUBLIC_NAME_DISPLAYS).nullable(),
  /** Under 18 (or age unproven) and not yet confirmed: not promoted into the tournament until confirmed. */
  consentPending: z.boolean(),
});
export const registrationTeamSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  name: z.string(),
  players: z.array(registrationPlayerSchema),
});

export const registrationSummarySchema = z.object({
  id: z.string(),
  /** e.g. REG-7KQ4-M2 */
  reference: z.string(),
  registrantName: z.string(),
  registrantEmail: z.string(),
  registrantPhone: z.string().nullable(),
  schoolName: z.string(),
  teamCount: z.number().int(),
  /** Amount due in euro cents (team price × teams at the time of registering). */
  amountCents: z.number().int(),
  currency: z.literal('eur'),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paidAt: isoDateTime.nullable(),
  /** 'card', 'cash' or 'bank_transfer' once paid. */
  paidVia: z.string().nullable(),
  cancelledAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  /** Team and player names can be edited until then (the registration closing date); null: no deadline. */
  editableUntil: isoDateTime.nullable(),
  canEditTeams: z.boolean(),
  /** Whether a card payment can be started now (unpaid, not cancelled). */
  canPay: z.boolean(),
  /** Players still waiting for their guardian's confirmation (payment is still possible meanwhile). */
  pendingConsentCount: z.number().int(),
  teams: z.array(registrationTeamSchema),
});
export type RegistrationSummary = z.infer<typeof registrationSummarySchema>;

/** 201 from POST /api/registrations and 200 from the status lookup. */
export const registrationWithAccessSchema = z.object({
  registration: registrationSummarySchema,
  /** Opens this registration's teams page and payment without signing in; keep it like a password. */
  accessToken: z.string(),
});
export type RegistrationWithAccess = z.infer<typeof registrationWithAccessSchema>;

/**
 * POST /api/registrations/status: the reference and e-mail address in the body, never in the address, so
 * proxies and server logs that record request lines do not collect them.
 */
export const registrationStatusBodySchema = z
  .object({
    reference: z.string().trim().min(1, 'Enter the reference').max(40),
    email: z.string().trim().min(3, 'Enter the e-mail address').max(254),
  })
  .strict();

export const registrationIdParamsSchema = z.object({ id: z.uuid('Unknown registration') });

/**
 * The header that carries a registration's access token on GET /api/registrations/:id/teams (optional when
 * signed in as the owner). Links give the token in the URL fragment (`#token=…`), which browsers never send;
 * the page reads it and sends it here, so it stays out of request lines that proxies log (ADR 010).
 */
export const REGISTRATION_TOKEN_HEADER = 'x-registration-token';
export const registrationTokenHeadersSchema = z.looseObject({
  [REGISTRATION_TOKEN_HEADER]: z.string().min(10).max(300).optional(),
});

/** PUT /api/registrations/:id/teams: names only; every team and player of the registration, by id. */
export const updateTeamsBodySchema = z
  .object({
    token: z.string().min(10).max(300).optional(),
    teams: z
      .array(
        z
          .object({
            id: z.uuid(),
            name: registrationTeamInputSchema.shape.name,
            players: z
              .array(z.object({ id: z.uuid(), name: personName('the player name') }).strict())
              .length(PLAYERS_PER_TEAM, `Each team needs exactly ${PLAYERS_PER_TEAM} players`),
          })
          .strict(),
      )
      .min(1)
      .max(100),
  })
  .strict();
export type UpdateTeamsBody = z.infer<typeof updateTeamsBodySchema>;

export const registrationResponseSchema = z.object({ registration: registrationSummarySchema });

/** GET /api/me/registrations */
export const myRegistrationsResponseSchema = z.object({
  registrations: z.array(registrationSummarySchema.extend({ accessToken: z.string() })),
});
export type MyRegistrations = z.infer<typeof myRegistrationsResponseSchema>;
