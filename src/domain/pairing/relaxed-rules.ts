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

/**
 * Why two players due the same absolute colour meet: the minimum given the rules above, or, in FIDE's Dutch
 * pairing, the last-round rule for topscorers (C.04.3 C3: more than half the maximum score).
 */
export const clashText = (
  note: { reason: 'unavoidable'; minimumPairs: number } | { reason: 'topscorers_last_round' },
): string =>
  note.reason === 'topscorers_last_round'
    ? "both are topscorers (more than half the possible points) in the last round, where FIDE's rules let them meet (C.04.3 C3)"
    : RELAXED_RULE_TEXT.clash(note.minimumPairs);
