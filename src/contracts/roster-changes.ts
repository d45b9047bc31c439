import { z } from 'zod';
import { isoDateTime } from './common';

/**
 * The teacher's roster page (issue #30): a school's pupils in the active tournament as the registration's
 * contact sees them (signed in as its owner, or through the registration's mailed link), with the changes each
 * pupil may still have: requested byes and withdrawal, decided by the roster rules of
 * src/domain/roster-changes.ts. The client offers only what this response says the server would take.
 */

export const TEACHER_BYE_KINDS = ['half', 'zero'] as const;
export type TeacherByeKind = (typeof TEACHER_BYE_KINDS)[number];

export const rosterPupilSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Board order in the team at registration, 1–4. */
  board: z.number().int(),
  active: z.boolean(),
  /** The first round a withdrawn pupil is out of; null while playing. */
  withdrawnFromRound: z.number().int().nullable(),
  /** Whether the teacher may still undo the withdrawal (until that round is paired). */
  canReturn: z.boolean(),
  /** Whether the teacher may withdraw the pupil from the next round to be paired. */
  canWithdraw: z.boolean(),
  byes: z.array(z.object({ roundNumber: z.number().int(), kind: z.string(), canTakeBack: z.boolean() })),
  /** For each open round without a bye: the kinds of bye the rules allow the pupil to request. */
  byeOptions: z.array(z.object({ roundNumber: z.number().int(), kinds: z.array(z.enum(TEACHER_BYE_KINDS)) })),
});
export type RosterPupil = z.infer<typeof rosterPupilSchema>;

export const rosterChangesSchema = z.object({
  registrationId: z.uuid(),
  schoolName: z.string(),
  tournamentName: z.string().nullable(),
  /** Why there is nothing to change yet (the teams are not in the tournament), or null. */
  notice: z.string().nullable(),
  rules: z.object({ halfPointByesPerPlayer: z.number().int(), finalRoundByeAfterStart: z.boolean() }),
  rounds: z.array(
    z.object({
      number: z.number().int(),
      /** Not paired and not started: byes and withdrawals for it are still taken. */
      isOpen: z.boolean(),
      startTime: isoDateTime.nullable(),
    }),
  ),
  /** The next round to be paired, the one a withdrawal starts from; null when every round is paired. */
  nextRound: z.number().int().nullable(),
  teams: z.array(z.object({ name: z.string(), pupils: z.array(rosterPupilSchema) })),
});
export type RosterChanges = z.infer<typeof rosterChangesSchema>;

export const rosterChangeResponseSchema = z.object({ message: z.string(), roster: rosterChangesSchema });
export type RosterChangeResponse = z.infer<typeof rosterChangeResponseSchema>;

export const rosterParamsSchema = z.object({ id: z.uuid('Unknown registration') });
export const rosterPupilParamsSchema = rosterParamsSchema.extend({ playerId: z.uuid('Unknown pupil') });
export const rosterByeParamsSchema = rosterPupilParamsSchema.extend({
  roundNumber: z.coerce.number().int().min(1).max(99),
});

export const rosterByeBodySchema = z
  .object({
    playerId: z.uuid('Unknown pupil'),
    roundNumber: z.number().int().min(1, 'Choose a round').max(99),
    kind: z.enum(TEACHER_BYE_KINDS),
  })
  .strict();
export type RosterByeBody = z.infer<typeof rosterByeBodySchema>;

export const rosterWithdrawalBodySchema = z.object({ playerId: z.uuid('Unknown pupil') }).strict();
