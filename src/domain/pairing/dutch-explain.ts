/**
 * Why the Dutch pairing (dutch.ts) gave the bye and floated players as it did, criterion by criterion
 * (issue 36): each decision is compared with the best pairing that decides otherwise (pairDutch with a
 * constraint: the bye to someone else, or that player kept in the group), and the explanation is the
 * first criterion, in FIDE's order (C.04.3: C1–C4 absolute, then C5–C21), on which that pairing is worse.
 * When the two are equal on every criterion, FIDE's order of exchanges and transpositions decided.
 *
 * The comparison reads the brackets as the Dutch rules pair them, from the highest score down: a pair
 * belongs to the bracket of its lower-scored player. In the first bracket where the two pairings differ:
 * C6 (more pairs), C7 (higher scores paired), C8 (the same in the next bracket), C9 (the bye to the player
 * with the fewest unplayed games, where the bye is decided), then C10–C21 from the same per-pair criteria the
 * engine's weights are built from (pairCriteria).
 */
import {
  type DutchConstraints,
  type DutchPairing,
  type DutchPlayer,
  dutchPlayers,
  floatBacks,
  pairCriteria,
  tryPairDutch,
} from './dutch';
import type { DutchCriterion } from './dutch-criteria';
import type { PairingInput } from './types';

export interface DutchExplanation {
  /** The bye, why this player rather than the best pairing without that bye, and the lower-ranked passed over. */
  bye: {
    playerId: string;
    criterion: DutchCriterion;
    passedOver: { playerId: string; criterion: DutchCriterion }[];
  } | null;
  /** Each player paired with a lower score (Dutch order), and why that player rather than staying. */
  floaters: { playerId: string; opponentId: string; criterion: DutchCriterion }[];
}

type Pair = readonly [DutchPlayer, DutchPlayer];
/** What a comparison of two pairings can name (C2, eligibility for the bye, is read off the player). */
type Compared = Exclude<DutchCriterion, 'C2'>;

/** Compares two lists of per-score counts, the highest score first: > 0 when `a` is better. */
function compareByScore(a: Map<number, number>, b: Map<number, number>): number {
  const scores = [...new Set([...a.keys(), ...b.keys()])].sort((x, y) => y - x);
  for (const score of scores) {
    const difference = (a.get(score) ?? 0) - (b.get(score) ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

const countScores = (scores: readonly number[]) => {
  const counts = new Map<number, number>();
  for (const score of scores) counts.set(score, (counts.get(score) ?? 0) + 1);
  return counts;
};

/** The criteria of one bracket's pairs, each as a number or counts by score, in FIDE's order (C6–C21). */
function bracketCriteria(
  pairs: readonly Pair[],
  next: readonly Pair[],
  bye: DutchPlayer | null,
  backs: readonly (0 | 1)[],
): [Compared, number | Map<number, number>][] {
  const facts = pairs.map(([h, l]) => pairCriteria(h, l, backs));
  const sum = (read: (fact: (typeof facts)[number]) => number) =>
    facts.reduce((total, fact) => total + read(fact), 0);
  const result: [Compared, number | Map<number, number>][] = [
    ['C6', pairs.length],
    ['C7', countScores(pairs.map(([h]) => h.score))],
    ['C8', next.length],
    ['C8', countScores(next.map(([h]) => h.score))],
    ['C9', bye === null ? 0 : bye.playedGames],
    ['C10', sum((fact) => fact.c10)],
    ['C11', sum((fact) => fact.c11)],
    ['C12', sum((fact) => fact.c12)],
    ['C13', sum((fact) => fact.c13)],
  ];
  const ids: [Compared, Compared, Compared, Compared][] = [
    ['C14', 'C15', 'C18', 'C19'],
    ['C16', 'C17', 'C20', 'C21'],
  ];
  backs.forEach((_, k) => {
    result.push([ids[k]![0], sum((fact) => fact.floats[k]!.stay)]);
    result.push([ids[k]![1], sum((fact) => fact.floats[k]!.notUp)]);
  });
  backs.forEach((_, k) => {
    result.push([ids[k]![2], countScores(facts.flatMap((fact) => fact.floats[k]!.stayScores))]);
    result.push([
      ids[k]![3],
      countScores(
        facts.flatMap((fact) => (fact.floats[k]!.notUpScore === null ? [] : [fact.floats[k]!.notUpScore!])),
      ),
    ]);
  });
  return result;
}

/**
 * The first criterion on which `other` is worse than `chosen` (both complete pairings of the same players),
 * 'order' when they are equal on all, or null when `other` is better somewhere first (the explanation and
 * the engine disagree: tests hold that this never happens).
 */
export function firstWorseCriterion(
  input: PairingInput,
  chosen: DutchPairing,
  other: DutchPairing,
  players: readonly DutchPlayer[] = dutchPlayers(input),
): Compared | null {
  const byId = new Map(players.map((player) => [player.id, player]));
  const position = new Map(players.map((player, index) => [player.id, index]));
  const backs = floatBacks(input.roundNumber);
  const ordered = (pairing: DutchPairing): Pair[] =>
    pairing.pairs.map(([a, b]) => {
      const [x, y] = [byId.get(a)!, byId.get(b)!];
      return position.get(a)! < position.get(b)! ? [x, y] : [y, x];
    });
  const chosenPairs = ordered(chosen);
  const otherPairs = ordered(other);
  const chosenBye = chosen.byeId === null ? null : byId.get(chosen.byeId)!;
  const otherBye = other.byeId === null ? null : byId.get(other.byeId)!;
  if (chosenBye && otherBye && chosenBye.score !== otherBye.score) {
    return chosenBye.score < otherBye.score ? 'C5' : null;
  }
  const keyOf = ([h, l]: Pair) => `${h.id}\u0000${l.id}`;
  const scores = [...new Set(players.map((player) => player.score))].sort((x, y) => y - x);
  const inBracket = (pairs: readonly Pair[], score: number | undefined) =>
    pairs.filter(([, l]) => l.score === score);
  for (const [k, score] of scores.entries()) {
    const mine = inBracket(chosenPairs, score);
    const theirs = inBracket(otherPairs, score);
    // C9 weighs in the brackets at or below the bye's score that float no one further down (the bye is
    // then decided there), as the engine's weights do.
    const isByeHere =
      chosenBye !== null &&
      score <= chosenBye.score &&
      !chosenPairs.some(([h, l]) => h.score >= score && l.score < score);
    const same =
      mine.length === theirs.length &&
      mine.every((pair) => theirs.some((other) => keyOf(other) === keyOf(pair))) &&
      (!isByeHere || chosenBye === otherBye);
    if (same) continue;
    const mineCriteria = bracketCriteria(
      mine,
      inBracket(chosenPairs, scores[k + 1]),
      isByeHere ? chosenBye : null,
      backs,
    );
    const theirCriteria = bracketCriteria(
      theirs,
      inBracket(otherPairs, scores[k + 1]),
      isByeHere ? otherBye : null,
      backs,
    );
    for (const [index, [criterion, value]] of mineCriteria.entries()) {
      const theirValue = theirCriteria[index]![1];
      const difference =
        typeof value === 'number'
          ? value - (theirValue as number)
          : compareByScore(value, theirValue as Map<number, number>);
      if (difference > 0) return criterion;
      if (difference < 0) return null;
    }
    return 'order';
  }
  return 'order';
}

/**
 * The criterion that decided against the best pairing under `constraints`: C4 when there is none (then the
 * rest could not all be paired), else the first criterion on which it is worse.
 */
export function decidingCriterion(
  input: PairingInput,
  chosen: DutchPairing,
  constraints: DutchConstraints,
  players: readonly DutchPlayer[] = dutchPlayers(input),
): Compared | null {
  const other = tryPairDutch(input, constraints);
  return other === null ? 'C4' : firstWorseCriterion(input, chosen, other, players);
}

/**
 * The bye and every downfloater of `chosen` (pairDutch's pairing of `input`), each with the criterion that
 * decided it; for the bye also each lower-ranked player passed over (at most `maxPassedOver`, the lowest
 * first). One pairing more per decision explained.
 */
export function explainDutch(
  input: PairingInput,
  chosen: DutchPairing,
  maxPassedOver = 10,
): DutchExplanation & { unexplained: number } {
  const players = dutchPlayers(input);
  const byId = new Map(players.map((player) => [player.id, player]));
  let unexplained = 0;
  const decide = (constraints: DutchConstraints): DutchCriterion => {
    const criterion = decidingCriterion(input, chosen, constraints, players);
    if (criterion === null) unexplained += 1;
    return criterion ?? 'order';
  };
  let bye: DutchExplanation['bye'] = null;
  if (chosen.byeId !== null) {
    const at = players.findIndex((player) => player.id === chosen.byeId);
    const passedOver = players
      .slice(at + 1)
      .reverse()
      .slice(0, maxPassedOver)
      .map((player) => ({
        playerId: player.id,
        criterion: player.isByeEligible ? decide({ byeTo: player.id }) : ('C2' as const),
      }));
    bye = { playerId: chosen.byeId, criterion: decide({ noBye: chosen.byeId }), passedOver };
  }
  const floaters: DutchExplanation['floaters'] = [];
  for (const [white, black] of chosen.pairs) {
    const [a, b] = [byId.get(white)!, byId.get(black)!];
    if (a.score === b.score) continue;
    const [high, low] = a.score > b.score ? [a, b] : [b, a];
    floaters.push({ playerId: high.id, opponentId: low.id, criterion: decide({ staysUp: high.id }) });
  }
  return { bye, floaters, unexplained };
}
