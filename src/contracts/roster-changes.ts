import { z } from 'zod';
import { DEFAULT_ROSTER_RULES, type RosterRules } from '../domain/roster-changes';
import { isoDateTime } from './common';

/**
 * The teacher's roster page (issue #30): a school's pupils in the active tournament as the registration's
 * contact sees them (signed in as its owner, or through the registration's mailed link), with the changes each
 * pupil may still have: requested byes and withdrawal, decided by the roster rules of
 * src/domain/roster-changes.ts. The client offers only what this response says the server would take.
 */

/**
 * The tournament's roster rules (the `roster_rules` setting, in the settings registry): what teachers may change
 * and until when, in the domain's own shape (src/domain/roster-changes.ts). Arbiters change it on
 * /admin/roster-rules; the public "how the day works" page and the teacher's page state it.
 */
export const ROSTER_RULES_SETTING_KEY = 'roster_rules';
export const ROSTER_RULES_LIMITS = {
  halfPointByesPerPlayer: 5,
  namesLockHours: 14 * 24,
  roundLockMinutes: 120,
  lateEntryUntilRound: 20,
} as const;

const wholeNumber = (what: string, max: number, min = 0) => {
  const What = `${what[0]?.toUpperCase()}${what.slice(1)}`;
  return z
    .number({ error: `Enter ${what}` })
    .int(`Enter a whole number for ${what}`)
    .min(min, `${What} cannot be below ${min}`)
    .max(max, `${What} can be at most ${max}`);
};

export const rosterRulesSchema = z
  .object({
    halfPointByesPerPlayer: wholeNumber(
      'the half-point byes per pupil',
      ROSTER_RULES_LIMITS.halfPointByesPerPlayer,
    ),
    finalRoundByeAfterStart: z.boolean({ error: 'A half-point bye in the final round is allowed, or not' }),
    namesLockHours: wholeNumber(
      'the hours before the event when names lock',
      ROSTER_RULES_LIMITS.namesLockHours,
    ),
    roundLockMinutes: wholeNumber(
      'the minutes before a pairing when changes lock',
      ROSTER_RULES_LIMITS.roundLockMinutes,
    ),
    lateEntryUntilRound: wholeNumber(
      'the last round a late entry may join',
      ROSTER_RULES_LIMITS.lateEntryUntilRound,
      1,
    ).nullable(),
    lateEntryMissedRound: z.enum(['zero', 'half'], { error: 'A missed round scores 0 or ½' }),
  })
  .strict() satisfies z.ZodType<RosterRules>;

/** The stored rules, or the defaults for anything missing or broken (never throws). */
export function readRosterRules(stored: unknown): RosterRules {
  const parsed = rosterRulesSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_ROSTER_RULES;
}

export const rosterRulesResponseSchema = z.object({
  rules: rosterRulesSchema,
  /** Whether a record is stored (otherwise the defaults apply). */
  stored: z.boolean(),
  /** The active tournament's rounds (the late-entry round depends on them); null when none is running. */
  totalRounds: z.number().int().nullable(),
  /** The rules in the words the public page and the teacher's page use, for the active tournament. */
  sentences: z.array(z.string()),
});
export type RosterRulesResponse = z.infer<typeof rosterRulesResponseSchema>;

export const rosterRulesChangeResponseSchema = rosterRulesResponseSchema.extend({ message: z.string() });
export type RosterRulesChangeResponse = z.infer<typeof rosterRulesChangeResponseSchema>;

/** GET /api/public/day-rules: the roster rules in words, for the public "how the day works" page. */
export const dayRulesResponseSchema = z.object({
  /** rosterRulesSentences for the active tournament (its rounds name the late-entry round). */
  sentences: z.array(z.string()),
});
export type DayRulesResponse = z.infer<typeof dayRulesResponseSchema>;

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
  /** Whether a substitute may take this pupil's place (now, or as a request when names are locked). */
  canSubstitute: z.boolean(),
  /** Withdrawn and past the teacher's own undo: an arbiter may be asked to bring the pupil back. */
  canAskReturn: z.boolean(),
  /** A request about this pupil waiting for an arbiter, in words; null when none. */
  pendingRequest: z.string().nullable(),
});
export type RosterPupil = z.infer<typeof rosterPupilSchema>;

export const rosterChangesSchema = z.object({
  registrationId: z.uuid(),
  schoolName: z.string(),
  /** The key "Follow" names the school by (ADR 045): the teacher follows their school from this page. */
  schoolFollowKey: z.string().optional(),
  tournamentName: z.string().nullable(),
  /** Why there is nothing to change yet (the teams are not in the tournament), or null. */
  notice: z.string().nullable(),
  /** The roster rules in words (rosterRulesSentences), as the public "how the day works" page states them. */
  ruleSentences: z.array(z.string()),
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
  /**
   * Whether names may be changed now (substitutes) or a change becomes a request for an arbiter: open until
   * `until` (null: until the next round is paired), or locked since `since` (rosterLock in the domain).
   */
  namesLock: z.object({ open: z.boolean(), until: isoDateTime.nullable(), since: isoDateTime.nullable() }),
  /** The day ages are counted on (YYYY-MM-DD): a substitute's form asks for consent as the server will. */
  tournamentDay: z.string(),
  teams: z.array(
    z.object({
      name: z.string(),
      pupils: z.array(rosterPupilSchema),
      /** Substitutes named but not yet playing: their parent or guardian has not confirmed yet. */
      waiting: z.array(z.object({ name: z.string(), replaces: z.string().nullable() })),
      /** Pupils a substitute replaced: their games stay in the standings. */
      replaced: z.array(z.object({ name: z.string() })),
    }),
  ),
  /**
   * Whether a late team may still be entered (the late-entry round is not paired yet), from which round, and
   * what it costs (one team at the registration's team price).
   */
  lateTeam: z.object({
    open: z.boolean(),
    joinsRound: z.number().int().nullable(),
    priceCents: z.number().int(),
  }),
  /** The changes this school asked an arbiter for, newest first, with the answer once given. */
  requests: z.array(
    z.object({
      id: z.uuid(),
      summary: z.string(),
      reason: z.string(),
      status: z.enum(['pending', 'accepted', 'refused']),
      decisionNote: z.string().nullable(),
      createdAt: isoDateTime,
    }),
  ),
});
export type RosterChanges = z.infer<typeof rosterChangesSchema>;

export const rosterChangeResponseSchema = z.object({
  message: z.string(),
  roster: rosterChangesSchema,
  /** A late team entered now: its own registration, to pay (now or later) and to manage on its own page. */
  lateTeam: z
    .object({ registrationId: z.uuid(), reference: z.string(), accessToken: z.string() })
    .nullable()
    .optional(),
});
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

export const ROSTER_REQUEST_STATUSES = ['pending', 'accepted', 'refused'] as const;

/** A teacher's change waiting for (or decided by) an arbiter, as the queue on /admin/roster-requests shows it. */
export const rosterRequestSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['substitution', 'return', 'team']),
  schoolName: z.string(),
  reference: z.string(),
  registrationId: z.uuid(),
  summary: z.string(),
  reason: z.string(),
  status: z.enum(ROSTER_REQUEST_STATUSES),
  /** For a substitute: how old, and whether their guardian must still confirm once accepted. */
  pupilDetails: z.string().nullable(),
  createdAt: isoDateTime,
  decidedAt: isoDateTime.nullable(),
  decisionNote: z.string().nullable(),
});
export type RosterRequest = z.infer<typeof rosterRequestSchema>;

export const rosterRequestsResponseSchema = z.object({
  pending: z.array(rosterRequestSchema),
  /** The last decided requests, newest first. */
  decided: z.array(rosterRequestSchema),
});
export type RosterRequests = z.infer<typeof rosterRequestsResponseSchema>;

export const rosterRequestParamsSchema = z.object({ requestId: z.uuid('Unknown request') });
export const rosterRequestDecisionResponseSchema = rosterRequestsResponseSchema.extend({
  message: z.string(),
});
