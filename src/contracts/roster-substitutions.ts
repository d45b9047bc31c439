import { z } from 'zod';
import { registrationPlayerInputSchema, registrationTeamInputSchema } from './registrations';

/**
 * The bodies of a teacher's substitute and of a request to an arbiter (issue #30), apart from
 * contracts/roster-changes.ts: they hold the registration form's pupil schema, which the roster page's first load
 * does not need (the server checks these bodies; the page only sends them).
 */

export const reasonSchema = z.string().trim().max(500, 'Keep the reason under 500 characters');

/**
 * POST /api/roster-changes/:id/substitutions: a new pupil takes the place of `playerId` (playing, or already
 * withdrawn), with the same details and guardian consent as at registration. Made at once before the names
 * lock; after it, a request for an arbiter, which needs `reason`.
 */
export const rosterSubstitutionBodySchema = z
  .object({
    playerId: z.uuid('Unknown pupil'),
    pupil: registrationPlayerInputSchema,
    reason: reasonSchema.optional(),
  })
  .strict();
export type RosterSubstitutionBody = z.infer<typeof rosterSubstitutionBodySchema>;

/** POST /api/roster-changes/:id/returns: ask an arbiter to bring a withdrawn pupil back. */
export const rosterReturnRequestBodySchema = z
  .object({
    playerId: z.uuid('Unknown pupil'),
    reason: reasonSchema.min(1, 'Say why the pupil should come back'),
  })
  .strict();

export const rosterRequestDecisionBodySchema = z
  .object({
    decision: z.enum(['accept', 'refuse'], { error: 'Accept or refuse' }),
    note: reasonSchema.optional(),
  })
  .strict();
export type RosterRequestDecisionBody = z.infer<typeof rosterRequestDecisionBodySchema>;

/**
 * POST /api/roster-changes/:id/late-teams: a late team of four from the school, with the same details and
 * consent as at registration. It becomes a registration of its own (one team, unpaid: paid now or later) added
 * to the tournament at once; after the names lock it waits for an arbiter, with `reason`.
 */
export const rosterLateTeamBodySchema = z
  .object({ team: registrationTeamInputSchema, reason: reasonSchema.optional() })
  .strict();
export type RosterLateTeamBody = z.infer<typeof rosterLateTeamBodySchema>;
