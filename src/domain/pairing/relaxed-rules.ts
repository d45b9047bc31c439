/**
 * What a relaxed rule's note claims, in words (docs/decisions/014-pairing-priorities.md "Truthful notes"): the
 * minimum the engine reports holds *given the rules ranked above* that rule, not over every conceivable
 * pairing. The one wording: the public notes, the arbiter's explanations (server round-pairing.ts) and the
 * CLI (`npm run pair -- --explain`) all use it.
 */
const pairsOf = (count: number, what: string) => `${count} ${what} pair${count === 1 ? '' : 's'}`;

/** The rules ranked above the school rule (engine.ts), as a reader needs them. */
const ABOVE_SCHOOL = 'no rematch, everyone paired, the bye as its rules give it';

export const RELAXED_RULE_TEXT = {
  school: (minimumPairs: number) =>
    `given the rules above it (${ABOVE_SCHOOL}), every pairing this round has at least ${pairsOf(minimumPairs, 'schoolmate')}`,
  club: (minimumPairs: number) =>
    `given the rules above it (${ABOVE_SCHOOL}, the fewest schoolmate pairs), every pairing this round has at least ${pairsOf(minimumPairs, 'clubmate')}`,
  clash: (minimumPairs: number) =>
    `given the rules above it (${ABOVE_SCHOOL}, the fewest schoolmate and clubmate pairs), every pairing this round has at least ${pairsOf(minimumPairs, 'such')}`,
} as const;
