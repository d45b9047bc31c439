import { z } from 'zod';
import { countOf } from '../domain/plural';
import { isoDateTime } from './common';
import { byeKindSchema, matchResultSchema, roundStatusSchema } from './tournament';

/** docs/requirements.md §8 "Pairings, rounds and results" strings, and this page's own. */
export const ROUND_MESSAGES = {
  noActiveTournament: 'No active tournament',
  roundNotFound: 'Round not found',
  playersNotFound: 'Players not found',
  generated: (n: number) => `Pairings generated for Round ${n}`,
  generateFailed: 'Failed to generate pairings',
  started: (n: number) => `Round ${n} started successfully`,
  startFailed: 'Failed to start round',
  completed: (n: number) => `Round ${n} completed successfully`,
  completeFailed: 'Failed to complete round',
  noPairings: 'Cannot start round without pairings. Please generate pairings first.',
  /** Another arbiter (or a bye request) changed the round between reading it and saving. */
  changedMeanwhile: 'The pairings or byes of this round changed meanwhile. Reload the page and try again.',
  unfinished: 'Cannot complete round until all matches are finished',
  /** The boards named with `unfinished`, one line each (ADR 040: a reported result is not a confirmed one). */
  boardReported: (board: number) => `Board ${board}: reported by the players, not confirmed`,
  boardOpen: (board: number) => `Board ${board}: no result yet`,
  notNextRound: (next: number | null) =>
    next === null
      ? 'There is no upcoming round to pair: add a round first'
      : `Pairings can only be generated for Round ${next}, the next round`,
  previousNotCompleted: (active: number) =>
    `Complete Round ${active} before pairing or starting the next round`,
  notUpcoming: (n: number) => `Round ${n} has already started: its pairings can no longer change`,
  notStartable: (n: number, label: string) => `Round ${n} cannot be started: it is ${label}`,
  notActive: (n: number, label: string) => `Round ${n} cannot be completed: it is ${label}`,
  swapped: 'Pairings changed',
  swapFailed: 'Failed to change pairings',
  playerNotInRound: 'Both players must be on a board or have the pairing bye of this round',
  samePlayer: 'Choose two different players',
  boardNotFound: 'Board not found',
  roundsChanged: (n: number) => `The tournament now has ${countOf(n, 'round')}`,
  roundsUnchanged: (n: number) => `The tournament already has ${countOf(n, 'round')}`,
  cannotDeleteStarted: (n: number, label: string) =>
    `Round ${n} is ${label} and cannot be deleted: the tournament needs at least ${countOf(n, 'round')}`,
  noPairingPossible: 'No pairing is possible: every remaining pairing would repeat a game',
  /** FIDE C.04.1.d: a second pairing-allocated bye only with the arbiter's consent (allowRepeatBye). */
  repeatByeNeeded: (names: readonly string[]) =>
    `No pairing is possible unless ${names.join(' or ')} gets a second pairing-allocated bye, which the rules allow only with the arbiter's consent (FIDE C.04.1.d)`,
} as const;

/**
 * The `code` of the 409 that refuses "generate pairings" when only a second pairing-allocated bye would pair the
 * round: the arbiter's page then asks for consent and re-sends with `allowRepeatBye`.
 */
export const REPEAT_BYE_NEEDED_CODE = 'repeat_bye_needed';

// The labels live in a module without zod, so public pages can show them without the schemas.
export { ROUND_STATUS_LABELS } from './round-status';

export const roundNumberParamsSchema = z.object({
  number: z.coerce.number().int().min(1).max(99),
});

export const adminRoundPlayerSchema = z.object({
  id: z.string(),
  name: z.string(),
  groupName: z.string().nullable(),
  school: z.string().nullable(),
  rating: z.number().int().nullable(),
  /** Half-points before this round (win 2, draw 1). */
  halfPoints: z.number().int(),
});
export type AdminRoundPlayer = z.infer<typeof adminRoundPlayerSchema>;

export const adminBoardSchema = z.object({
  board: z.number().int(),
  white: adminRoundPlayerSchema,
  black: adminRoundPlayerSchema,
  result: matchResultSchema,
});
export type AdminBoard = z.infer<typeof adminBoardSchema>;

export const adminByeSchema = z.object({ player: adminRoundPlayerSchema, kind: byeKindSchema });

/**
 * What the round lifecycle (src/domain/tournament/rounds.ts `lifecycleStep`) says of an action on this round:
 * `ready`, `blocked` (this round's next step, waiting on the round: no pairings yet, results missing) or
 * `unavailable` (not this round's action now). The page shows a button unless the action is unavailable.
 */
export const roundActionStepSchema = z.enum(['ready', 'blocked', 'unavailable']);
export type RoundActionStep = z.infer<typeof roundActionStepSchema>;

export const adminRoundActionsSchema = z.object({
  pair: roundActionStepSchema,
  start: roundActionStepSchema,
  complete: roundActionStepSchema,
  /** Swapping players or re-pairing boards by hand. */
  changePairings: roundActionStepSchema,
});
export type AdminRoundActions = z.infer<typeof adminRoundActionsSchema>;

export const adminRoundSummarySchema = z.object({
  number: z.number().int(),
  status: roundStatusSchema,
  statusLabel: z.enum(['Upcoming', 'In Progress', 'Completed']),
  startTime: isoDateTime.nullable(),
  endTime: isoDateTime.nullable(),
  boards: z.number().int(),
  finished: z.number().int(),
  byes: z.number().int(),
  pairingNotes: z.array(z.string()),
  isCurrent: z.boolean(),
  /** The round "Generate pairings" applies to: the lowest upcoming round after the last started one. */
  isNext: z.boolean(),
  actions: adminRoundActionsSchema,
});
export type AdminRoundSummary = z.infer<typeof adminRoundSummarySchema>;

export const roundsResponseSchema = z.object({
  tournament: z
    .object({ name: z.string(), currentRound: z.number().int(), totalRounds: z.number().int() })
    .nullable(),
  rounds: z.array(adminRoundSummarySchema),
});
export type RoundsResponse = z.infer<typeof roundsResponseSchema>;

export const roundDetailSchema = z.object({
  round: adminRoundSummarySchema,
  boards: z.array(adminBoardSchema),
  byes: z.array(adminByeSchema),
});
export type RoundDetail = z.infer<typeof roundDetailSchema>;

/** One engine explanation (src/domain/pairing PairingNote) in words, for the arbiter. */
export const pairingExplanationSchema = z.object({
  kind: z.string(),
  board: z.number().int().nullable(),
  text: z.string(),
});
export type PairingExplanation = z.infer<typeof pairingExplanationSchema>;

/** Optional: the arbiter allows a second pairing-allocated bye when no pairing exists otherwise. */
export const generatePairingsBodySchema = z
  .object({ allowRepeatBye: z.boolean().optional() })
  .strict()
  .optional();
export type GeneratePairingsBody = z.infer<typeof generatePairingsBodySchema>;

export const generatePairingsResponseSchema = roundDetailSchema.extend({
  message: z.string(),
  /** Who was paired: only checked-in active players once anyone is checked in, else every active player. */
  pairedFrom: z.enum(['checked_in', 'all_active']),
  pairedPlayers: z.number().int(),
  explanations: z.array(pairingExplanationSchema),
});
export type GeneratePairingsResponse = z.infer<typeof generatePairingsResponseSchema>;

/**
 * A manual change of an upcoming round: swap two players (between boards, with the pairing bye, or the two
 * colours of one board), or re-pair two boards (their black players change places). Nothing is saved when
 * the change breaks a pairing rule unless `acceptWarnings` is true: the answer lists the warnings instead.
 */
const acceptWarnings = z.boolean().default(false);
export const manualChangeBodySchema = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('swap_players'), playerA: z.uuid(), playerB: z.uuid(), acceptWarnings })
    .strict(),
  z
    .object({
      kind: z.literal('repair_boards'),
      boardA: z.number().int().min(1),
      boardB: z.number().int().min(1),
      acceptWarnings,
    })
    .strict(),
]);
export type ManualChangeBody = z.input<typeof manualChangeBodySchema>;

export const manualChangeResponseSchema = roundDetailSchema.extend({
  applied: z.boolean(),
  message: z.string(),
  /** The pairing rules the change breaks (same school, already met, colour), one sentence each. */
  warnings: z.array(z.string()),
});
export type ManualChangeResponse = z.infer<typeof manualChangeResponseSchema>;

export const roundActionResponseSchema = z.object({ message: z.string(), round: adminRoundSummarySchema });

export const roundCountBodySchema = z
  .object({
    totalRounds: z.number().int().min(1).max(30),
    /** Lowering deletes rounds: without true the answer only lists what would be deleted. */
    confirm: z.boolean().default(false),
  })
  .strict();
export type RoundCountBody = z.input<typeof roundCountBodySchema>;

export const roundCountResponseSchema = z.object({
  applied: z.boolean(),
  message: z.string(),
  totalRounds: z.number().int(),
  /** The rounds lowering deletes (or deleted), with their pairings. */
  deleted: z.array(z.object({ number: z.number().int(), boards: z.number().int(), byes: z.number().int() })),
});
export type RoundCountResponse = z.infer<typeof roundCountResponseSchema>;
