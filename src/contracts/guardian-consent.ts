import { z } from 'zod';
import { isoDateTime } from './common';

/**
 * Guardian consent by e-mail link (T25, ADR 008). Every player who needs consent has a parent's or guardian's
 * e-mail address; that address gets a link `/registration/consent/:playerId#token=…`. The token is the only
 * credential (no account), so anything wrong answers the same 404.
 */

export const GUARDIAN_CONSENT_MESSAGES = {
  /** Unknown player, wrong or forged token, or a link for an e-mail address since changed: never says which. */
  invalidLink:
    'This consent link is not valid. Use the link in the most recent e-mail, or contact the organisers.',
  cancelled: 'This registration was cancelled, so no consent is needed.',
  confirmed: 'Thank you: your consent is confirmed',
} as const;

export const GUARDIAN_CONSENT_STATUSES = ['pending', 'confirmed', 'cancelled'] as const;

/** Any string: a malformed id gets the same 404 as a wrong token. */
export const guardianConsentParamsSchema = z.object({ playerId: z.string().max(100) });

/**
 * GET /api/registrations/consent/:playerId reads the token from this header: the mailed link carries it in
 * the URL fragment (`#token=…`), which browsers never send, and the page passes it on here (ADR 010).
 */
export const CONSENT_TOKEN_HEADER = 'x-consent-token';
export const guardianConsentHeadersSchema = z.looseObject({
  [CONSENT_TOKEN_HEADER]: z.string().min(1, GUARDIAN_CONSENT_MESSAGES.invalidLink).max(300),
});

/** POST /api/registrations/consent/:playerId (the token in the body keeps it out of request logs). */
export const confirmGuardianConsentBodySchema = z
  .object({ token: z.string().min(1, GUARDIAN_CONSENT_MESSAGES.invalidLink).max(300) })
  .strict();

/** What the link shows: only enough for the guardian to recognise the child. */
export const guardianConsentViewSchema = z.object({
  playerFirstName: z.string(),
  teamName: z.string(),
  schoolName: z.string(),
  /** The active tournament's name, when one is set. */
  eventName: z.string().nullable(),
  status: z.enum(GUARDIAN_CONSENT_STATUSES),
  confirmedAt: isoDateTime.nullable(),
  /** The version of the consent terms the registrant declared under and the guardian confirms. */
  policyVersion: z.string(),
});
export type GuardianConsentView = z.infer<typeof guardianConsentViewSchema>;
