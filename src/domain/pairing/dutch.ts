/**
 * FIDE Dutch pairing (C.04.3, 2025 rules) as one pairing, not a family of equally good ones (issue 36):
 * bracket by bracket, each decision a maximum-weight matching whose weights hold the criteria as
 * lexicographic bit fields, most important first, and FIDE's order of transpositions and exchanges as the
 * lowest bits. The method is bbpPairings' (docs/pairing-notes.md §1, docs/pairing.md "The Dutch order"),
 * written here from its description; the weights are BigInt because a bracket's fields need 100+ bits.
 *
 * Criteria (2025 numbering): C1 no rematch, C2 no second bye (nor after a full-point bye / forfeit win),
 * C3 non-topscorers with the same absolute colour preference do not meet; C4 the rest can still be paired;
 * C5 the bye to the lowest possible score; C6 most pairs in the bracket; C7 highest scores paired; C8 the
 * same for the next bracket; C9 the bye to the player with fewest unplayed games; C10–C11 topscorers' colour
 * limits; C12–C13 colour preferences; C14–C21 repeated floats one and two rounds back and their scores.
 * Among pairings equal on all of them: the fewest exchanges, the smallest pairing-number difference of the
 * exchange, then S1 against S2 in the first transposition that works.
 */

import type { Colour } from '../scoring/results';
import { halfPointsFor, halfPointsForBye, isPlayed } from '../scoring/results';
import { MAX_EXACT_WEIGHT, maxWeightMatching } from './blossom';
import { maxWeightMatchingBig } from './blossom-big';
import { allocateColours, type ColourAllocation, type ColourPreference, colourPreference } from './colours';
import { missableVertices } from './missable';
import { type ColourReason, PairingError, type PairingInput } from './types';

export interface DutchPlayer {
  id: string;
  /** Position among the players that take part, by pairing number (0 = the first). */
  rankIndex: number;
  /** Half-points before the round. */
  score: number;
  /** C2: no pairing-allocated bye, full-point bye or forfeit win so far. */
  isByeEligible: boolean;
  /** Colours of played games, oldest first (byes and forfeits have none). */
  colours: Colour[];
  /** C.04.3 A.6, as colourPreference gives it; the fields below are read from it. */
  colourPreference: ColourPreference;
  preference: Colour | null;
  isAbsolute: boolean;
  isStrong: boolean;
  /** |whites − blacks| over played games. */
  imbalance: number;
  /** The colour of the last two or more played games when they were the same. */
  repeated: Colour | null;
  /** Floats one and two rounds back: played games by the scores before that round, unplayed points as down. */
  floats: [Float, Float];
  playedGames: number;
  opponents: Set<string>;
}

type Float = 'down' | 'up' | null;

export interface DutchPairing {
  /** [white, black] by player id, in the order the brackets were paired. */
  pairs: [string, string][];
  /** Why each pair has its colours (C.04.3 E), in the order of `pairs`. */
  colourReasons: ColourReason[];
  byeId: string | null;
}

/**
 * How each part of a pairing was reached (for tests that every way is exercised, and for timings): a
 * bracket paired on its own players, with the next group's stand-in, on its window, or on every player
 * left; an attempt undone because what was left could not be completed; the criteria solve, a stage's
 * solve on the optimal face (doubles) or in full (wide integers); E without a solve; J by the search on the
 * face or by one solve.
 */
export type DutchStep =
  | 'bracket-within'
  | 'bracket-floating'
  | 'bracket-window'
  | 'bracket-all'
  | 'attempt-undone'
  | 'solve-criteria'
  | 'solve-face'
  | 'solve-full'
  | 'e-without-solve'
  | 'j-search'
  | 'j-solve';

/**
 * A narrower question for the explanation of a pairing (dutch-explain.ts): the Dutch pairing among those
 * that give the bye to `byeTo`, that do not give it to `noBye`, or that do not float `staysUp` down (nor
 * give that player the bye).
 */
export interface DutchConstraints {
  byeTo?: string;
  noBye?: string;
  staysUp?: string;
}

const opposite = (colour: Colour): Colour => (colour === 'white' ? 'black' : 'white');

/** The players to pair, in Dutch order (score, then pairing number), with what the criteria read. */
export function dutchPlayers(input: PairingInput): DutchPlayer[] {
  const round = input.roundNumber;
  const preAssigned = new Set(
    input.byes.filter((bye) => bye.roundNumber === round).map((bye) => bye.playerId),
  );
  const points = new Map<string, number[]>();
  const played = new Map<string, boolean[]>();
  const state = new Map<
    string,
    { opponents: Set<string>; colours: Colour[]; eligible: boolean; paired: boolean }
  >();
  for (const player of input.players) {
    points.set(player.id, new Array<number>(round).fill(0));
    played.set(player.id, new Array<boolean>(round).fill(false));
    state.set(player.id, { opponents: new Set(), colours: [], eligible: true, paired: false });
  }
  const games = [...input.games]
    .filter((game) => game.roundNumber < round)
    .sort((a, b) => a.roundNumber - b.roundNumber);
  for (const game of games) {
    const white = state.get(game.whiteId);
    const black = state.get(game.blackId);
    if (!white || !black)
      throw new PairingError('invalid_input', `a round ${game.roundNumber} game names an unknown player`);
    white.paired = black.paired = true;
    const isMeeting = game.result === null || isPlayed(game.result);
    if (isMeeting) {
      white.opponents.add(game.blackId);
      black.opponents.add(game.whiteId);
      white.colours.push('white');
      black.colours.push('black');
      played.get(game.whiteId)![game.roundNumber] = true;
      played.get(game.blackId)![game.roundNumber] = true;
    }
    if (game.result !== null) {
      points.get(game.whiteId)![game.roundNumber] = halfPointsFor(game.result, 'white');
      points.get(game.blackId)![game.roundNumber] = halfPointsFor(game.result, 'black');
      if (game.result === 'white_forfeit_win') white.eligible = false;
      if (game.result === 'black_forfeit_win') black.eligible = false;
    }
  }
  for (const bye of input.byes) {
    if (bye.roundNumber >= round) continue;
    const entry = state.get(bye.playerId);
    if (!entry)
      throw new PairingError('invalid_input', `a round ${bye.roundNumber} bye names an unknown player`);
    points.get(bye.playerId)![bye.roundNumber] = halfPointsForBye(bye.kind);
    if (bye.kind === 'pairing' || bye.kind === 'full') entry.eligible = false;
    if (bye.kind === 'pairing') entry.paired = true;
  }
  // Players who take part: not left out of this round, or paired in an earlier one (bbpPairings' "valid").
  const taking = input.players
    .filter((player) => (player.isActive && !preAssigned.has(player.id)) || state.get(player.id)!.paired)
    .sort((a, b) => a.pairingNumber - b.pairingNumber);
  const rankIndex = new Map(taking.map((player, index) => [player.id, index]));
  const scoreBefore = (id: string, roundNumber: number) =>
    points
      .get(id)!
      .slice(1, roundNumber)
      .reduce((sum, value) => sum + value, 0);
  const gameIn = new Map<string, string>();
  for (const game of games) {
    gameIn.set(`${game.whiteId}@${game.roundNumber}`, game.blackId);
    gameIn.set(`${game.blackId}@${game.roundNumber}`, game.whiteId);
  }
  const floatOf = (id: string, roundNumber: number): Float => {
    if (roundNumber < 1) return null;
    if (!played.get(id)![roundNumber]) return points.get(id)![roundNumber]! > 0 ? 'down' : null;
    const opponent = gameIn.get(`${id}@${roundNumber}`)!;
    const mine = scoreBefore(id, roundNumber);
    const theirs = scoreBefore(opponent, roundNumber);
    return mine > theirs ? 'down' : mine < theirs ? 'up' : null;
  };
  const players: DutchPlayer[] = [];
  for (const player of taking) {
    if (!player.isActive || preAssigned.has(player.id)) continue;
    const entry = state.get(player.id)!;
    const colours = entry.colours;
    const preferred = colourPreference(colours);
    let run = 0;
    for (
      let index = colours.length - 1;
      index >= 0 && colours[index] === colours[colours.length - 1];
      index -= 1
    )
      run += 1;
    const repeated = run >= 2 ? colours[colours.length - 1]! : null;
    players.push({
      id: player.id,
      rankIndex: rankIndex.get(player.id)!,
      score: scoreBefore(player.id, round),
      isByeEligible: entry.eligible,
      colours,
      colourPreference: preferred,
      preference: preferred.colour,
      isAbsolute: preferred.strength === 'absolute',
      isStrong: preferred.strength === 'strong',
      imbalance: Math.abs(preferred.difference),
      repeated,
      floats: [floatOf(player.id, round - 1), floatOf(player.id, round - 2)],
      playedGames: colours.length,
      opponents: entry.opponents,
    });
  }
  return players.sort((a, b) => b.score - a.score || a.rankIndex - b.rankIndex);
}

const isStrongOrAbsolute = (player: DutchPlayer): boolean => player.isStrong || player.isAbsolute;
const floated = (player: DutchPlayer, back: 0 | 1, direction: 'down' | 'up'): boolean =>
  player.floats[back] === direction;

const bitsOf = (value: number): number => (value <= 0 ? 0 : Math.floor(Math.log2(value)) + 1);

/**
 * The quality criteria C10–C21 of one pair of a bracket, `h` before `l` in Dutch order: each is a count the
 * pairing maximises (1: the criterion is kept on this pair). The C18–C21 parts are the scores of the
 * players counted (they weigh by score group, the highest first). The bracket weights and `--explain`'s
 * comparison (dutch-explain.ts) both read them from here.
 */
export interface PairCriteria {
  /** C10: not two topscorers (or others) with a colour difference beyond ±1 due the same colour. */
  c10: number;
  /** C11: no topscorer gets the same colour three times in a row. */
  c11: number;
  /** C12: both colour preferences granted. */
  c12: number;
  /** C13: both strong preferences granted. */
  c13: number;
  /** One entry per round back (one, then two): C14/C16, C15/C17 and C18/C20, C19/C21. */
  floats: {
    /** Residents who floated down that round back and stay in their group (C14/C16). */
    stay: number;
    /** 1 unless the pair floats up an MDP opponent who floated up that round back (C15/C17). */
    notUp: number;
    /** C18/C20: the scores of the pair's players who floated down that round back. */
    stayScores: number[];
    /** C19/C21: the MDP's score when `notUp` is 1 for a pair, else null. */
    notUpScore: number | null;
  }[];
}

/** The rounds back whose floats C14–C21 read when pairing `roundNumber` (0: the previous round). */
export const floatBacks = (roundNumber: number): (0 | 1)[] =>
  roundNumber >= 3 ? [0, 1] : roundNumber >= 2 ? [0] : [];

export function pairCriteria(ph: DutchPlayer, pl: DutchPlayer, backs: readonly (0 | 1)[]): PairCriteria {
  const samePreference = ph.preference !== null && ph.preference === pl.preference;
  const bothAbsolute = ph.isAbsolute && pl.isAbsolute;
  let c11Broken = false;
  if (bothAbsolute && samePreference) {
    if (ph.imbalance === pl.imbalance) c11Broken = ph.repeated !== null && ph.repeated === pl.repeated;
    else {
      const yielding = ph.imbalance < pl.imbalance ? ph : pl;
      c11Broken = yielding.repeated === opposite(ph.preference!);
    }
  }
  const c10 = !(ph.imbalance > 1 && pl.imbalance > 1 && samePreference);
  const c13 = !(samePreference && isStrongOrAbsolute(ph) && isStrongOrAbsolute(pl) && !bothAbsolute);
  return {
    c10: c10 ? 1 : 0,
    c11: c11Broken ? 0 : 1,
    c12: samePreference ? 0 : 1,
    c13: c13 ? 1 : 0,
    floats: backs.map((back) => {
      const lowDown = floated(pl, back, 'down');
      const highDown = floated(ph, back, 'down');
      const stay = (lowDown ? 1 : 0) + (ph.score === pl.score && highDown ? 1 : 0);
      const stayScores = [...(lowDown ? [pl.score] : []), ...(highDown ? [ph.score] : [])];
      const notUp = ph.score > pl.score && floated(pl, back, 'up') ? 0 : 1;
      return { stay, notUp, stayScores, notUpScore: notUp ? ph.score : null };
    }),
  };
}

/**
 * Pairs the next round by FIDE's Dutch rules. Throws PairingError('no_valid_pairing') when no pairing meets
 * the absolute criteria.
 */
export function pairDutch(
  input: PairingInput,
  trace: (step: DutchStep) => void = () => {},
  constraints: DutchConstraints = {},
): DutchPairing {
  const players = dutchPlayers(input);
  for (const player of players) {
    if (constraints.byeTo !== undefined && player.id !== constraints.byeTo) player.isByeEligible = false;
    if (player.id === constraints.staysUp || player.id === constraints.noBye) player.isByeEligible = false;
  }
  const n = players.length;
  if (n === 0) return { pairs: [], colourReasons: [], byeId: null };
  const roundsPlayed = input.roundNumber - 1;
  const totalRounds = input.options?.totalRounds ?? null;
  const isLastRound = totalRounds !== null && input.roundNumber >= totalRounds;
  // C3's exception (A.7): topscorers are above half the maximum score, only when pairing the last round.
  const isTopscorer = players.map((player) => isLastRound && player.score > roundsPlayed);
  // Who may never meet, by position (a few numbers each: n² pairs are checked): C1, earlier opponents, and
  // the pairs the input forbids (TRF XXP).
  const positionOf = new Map(players.map((player, index) => [player.id, index]));
  const neverMeet = players.map((player) =>
    [...player.opponents].flatMap((id) => (positionOf.has(id) ? [positionOf.get(id)!] : [])),
  );
  const staying = constraints.staysUp === undefined ? undefined : positionOf.get(constraints.staysUp);
  if (staying !== undefined) {
    players.forEach((player, y) => {
      if (player.score >= players[staying]!.score) return;
      neverMeet[staying]!.push(y);
      neverMeet[y]!.push(staying);
    });
  }
  for (const [a, b] of input.options?.forbiddenPairs ?? []) {
    const x = positionOf.get(a);
    const y = positionOf.get(b);
    if (x === undefined || y === undefined) continue;
    neverMeet[x]!.push(y);
    neverMeet[y]!.push(x);
  }
  // C3: two players with the same absolute colour preference do not meet (1 white, 2 black, 0 no such
  // preference), topscorers excepted in the last round.
  const absoluteColour = Int8Array.from(players, (player, index) =>
    player.isAbsolute && !isTopscorer[index] ? (player.preference === 'white' ? 1 : 2) : 0,
  );

  // Score groups and the widths of the fields.
  const groupScores: number[] = [];
  const groupSize = new Map<number, number>();
  for (const player of players) {
    if (!groupSize.has(player.score)) groupScores.push(player.score);
    groupSize.set(player.score, (groupSize.get(player.score) ?? 0) + 1);
  }
  const b = bitsOf(Math.max(...groupSize.values()));
  const offsetOf = new Map<number, number>();
  let S = 0;
  for (const score of [...groupScores].reverse()) {
    offsetOf.set(score, S);
    S += bitsOf(groupSize.get(score)!);
  }
  const B = BigInt(b);
  const lowWidth = 3 * b + 1;
  const pow = (score: number) => 1n << BigInt(offsetOf.get(score)!);

  let byeScore = 0;
  let isByeFlag = false;
  let unplayedRank = new Map<number, number>();
  const isCandidate = (p: DutchPlayer) => p.isByeEligible && p.score <= byeScore;

  /** The edge weight of h (earlier in Dutch order) and l: the criteria as fields, most important first. */
  // The fields below the completion field (2 bits), most important first: one list gives both each edge's
  // weight and the total width (the window solves mask the completion field off by it).
  const backs = floatBacks(input.roundNumber);
  // A field "by score" holds one part per score group (S bits in all), the highest score's the highest.
  const byScore = -1;
  const fields = [
    b, // C6
    byScore, // C7
    b, // C8: pairs in the next bracket
    byScore, // C8: their scores
    2 * b, // C9
    b, // C10
    b, // C11
    b, // C12
    b, // C13
    ...backs.flatMap(() => [b, b]), // C14/C16, C15/C17
    ...backs.flatMap(() => [byScore, byScore]), // C18/C20, C19/C21
    lowWidth, // the exchange and transposition order (added per stage)
  ];
  const layout = fields.map((width) => BigInt(width === byScore ? S : width));
  const fieldsWidth = 2 + layout.reduce((sum, width) => sum + Number(width), 0);

  /** The edge weight of h (earlier in Dutch order) and l: the criteria as fields, most important first. */
  const edgeWeight = (
    h: number,
    l: number,
    isCurrent: boolean,
    isNext: boolean,
    byeFlag = isByeFlag,
  ): bigint => {
    if (!compatibleAt(h, l)) return 0n;
    const ph = players[h]!;
    const pl = players[l]!;
    let c9 = 0;
    if (byeFlag) {
      if (ph.score === byeScore) c9 += unplayedRank.get(ph.playedGames) ?? 0;
      if (pl.score === byeScore) c9 += unplayedRank.get(pl.playedGames) ?? 0;
    }
    const facts = pairCriteria(ph, pl, backs);
    // The weight is a function of these few facts: brackets have many pairs with the same facts, so each
    // weight is composed once (BigInt arithmetic is the slow part) and looked up by a number packing them.
    let key = (isCurrent ? 2 : 0) + (isNext ? 1 : 0);
    key = key * 128 + scoreIndex.get(ph.score)!;
    key = key * 128 + scoreIndex.get(pl.score)!;
    key = key * 16384 + c9;
    key = key * 16 + facts.c10 * 8 + facts.c11 * 4 + facts.c12 * 2 + facts.c13;
    for (const back of backs) {
      key = key * 8;
      key += (floated(pl, back, 'down') ? 4 : 0) + (floated(ph, back, 'down') ? 2 : 0);
      key += floated(pl, back, 'up') ? 1 : 0;
    }
    key = key * 4 + (isCandidate(ph) ? 2 : 0) + (isCandidate(pl) ? 1 : 0);
    if (c9 >= 16384 || groupScores.length > 128) key = -1; // beyond the packing (never at school sizes)
    const known = weightOfFacts.get(key);
    if (known !== undefined) return known;
    const values: bigint[] = [
      isCurrent ? 1n : 0n,
      isCurrent ? pow(ph.score) : 0n,
      isNext ? 1n : 0n,
      isNext ? pow(ph.score) : 0n,
      BigInt(c9),
      isCurrent ? BigInt(facts.c10) : 0n,
      isCurrent ? BigInt(facts.c11) : 0n,
      isCurrent ? BigInt(facts.c12) : 0n,
      isCurrent ? BigInt(facts.c13) : 0n,
    ];
    for (const float of facts.floats) {
      values.push(isCurrent ? BigInt(float.stay) : 0n);
      values.push(isCurrent ? BigInt(float.notUp) : 0n);
    }
    for (const float of facts.floats) {
      // C18/C20, C19/C21: by score group, highest first.
      let stayScores = 0n;
      for (const score of float.stayScores) stayScores += pow(score);
      values.push(isCurrent ? stayScores : 0n);
      values.push(isCurrent && float.notUpScore !== null ? pow(float.notUpScore) : 0n);
    }
    values.push(0n);
    const weight = compose(BigInt(1 + (isCandidate(ph) ? 0 : 1) + (isCandidate(pl) ? 0 : 1)), values); // C4, C2, C5
    if (key >= 0) weightOfFacts.set(key, weight);
    return weight;
  };
  const scoreIndex = new Map(groupScores.map((score, index) => [score, index]));
  const weightOfFacts = new Map<number, bigint>();
  // Each field's shift from the bottom, and the top bits' (only the fields that are set are shifted in).
  const shifts: bigint[] = [];
  let below = 0n;
  for (let index = layout.length - 1; index >= 0; index -= 1) {
    shifts[index] = below;
    below += layout[index]!;
  }
  /**
   * The weight's segments, lowest first: each field, and each score's part of the fields by score (a
   * segment's sum over a pairing never carries out of it). A solve's weights leave most of them zero (a
   * bracket has one or two scores, and a stage's fields are all zero until it adds to them), and a segment
   * that is zero in every weight can be left out of all of them without changing which pairing is best
   * (`narrow`): the criteria solve of a 3,000-player bracket then needs 4 limbs instead of 15.
   */
  const segments: { start: bigint; mask: bigint; width: bigint }[] = [];
  layout.forEach((width, index) => {
    const parts =
      fields[index] === byScore
        ? groupScores.map((score) => [offsetOf.get(score)!, bitsOf(groupSize.get(score)!)] as const)
        : [[0, Number(width)] as const];
    for (const [offset, size] of parts) {
      if (size > 0) {
        const start = shifts[index]! + BigInt(offset);
        segments.push({ start, mask: (1n << BigInt(size)) - 1n, width: BigInt(size) });
      }
    }
  });
  segments.push({ start: below, mask: 3n, width: 2n });
  segments.sort((x, y) => (x.start < y.start ? -1 : 1));
  const narrow = (weights: readonly bigint[]): bigint[] => {
    let used = 0n;
    const distinct = new Map<bigint, bigint>();
    for (const w of weights) if (!distinct.has(w)) distinct.set(w, 0n);
    for (const w of distinct.keys()) used |= w;
    const kept = segments.filter((segment) => ((used >> segment.start) & segment.mask) !== 0n);
    for (const w of distinct.keys()) {
      let narrowed = 0n;
      let at = 0n;
      for (const segment of kept) {
        narrowed |= ((w >> segment.start) & segment.mask) << at;
        at += segment.width;
      }
      distinct.set(w, narrowed);
    }
    return weights.map((w) => distinct.get(w)!);
  };
  /** A weight from its top bits (C4, C2, C5) and the values of the fields in `layout` (missing ones 0). */
  const compose = (top: bigint, values: readonly bigint[]): bigint => {
    let w = top << below;
    values.forEach((value, index) => {
      if (value !== 0n) w |= value << shifts[index]!;
    });
    return w;
  };
  const maxWeight = (1n << BigInt(fieldsWidth + 1)) - 1n;

  // The solver's weights for every pair (i < j), and which players are paired for good. A pair no bracket
  // has touched weighs what it did before the first bracket (`outsideWeight`, set after the prologue): it
  // is computed when a solve first reads it, as most pairs are only ever read by a solve over every player.
  const weight: (bigint | undefined)[] = new Array<bigint | undefined>(n * n);
  const at = (i: number, j: number) => (i < j ? i * n + j : j * n + i);
  /** The weights a bracket's first attempt changed, as they were before it (to undo a failed attempt). */
  let journal: Map<number, bigint | undefined> | null = null;
  const setWeight = (i: number, j: number, w: bigint) => {
    const key = at(i, j);
    if (journal !== null && !journal.has(key)) journal.set(key, weight[key]);
    weight[key] = w;
  };
  let outsideWeight: (i: number, j: number) => bigint = () => 0n;
  const getWeight = (i: number, j: number): bigint => {
    const key = at(i, j);
    const stored = weight[key];
    if (stored !== undefined) return stored;
    const computed = outsideWeight(Math.min(i, j), Math.max(i, j));
    weight[key] = computed;
    return computed;
  };
  const finalPartner = new Int32Array(n).fill(-1);
  /**
   * The maximum-weight matching of the players not yet paired for good (partner −1 → the player itself).
   * With `local` set, only those players, without the completion field: see the bracket loop.
   */
  let local: number[] | null = null;
  let localMask = 0n;
  /**
   * With an odd bracket paired on its own players (see the bracket loop): the weight of each bracket
   * player's pair with one extra vertex that stands for the next group, `n` in the result.
   */
  let downfloat: Map<number, bigint> | null = null;
  /** The graph of a solve: the players not paired for good (and the stand-in), with the current weights. */
  const solveGraph = (transform?: (i: number, j: number, w: bigint) => bigint) => {
    const free: number[] = [];
    for (const v of local ?? players.keys()) if (finalPartner[v]! < 0) free.push(v);
    const from: number[] = [];
    const to: number[] = [];
    const weights: bigint[] = [];
    /** Each edge's pair, as at(i, j) (at(v, n) for the stand-in). */
    const keys: number[] = [];
    for (let x = 0; x < free.length; x += 1) {
      for (let y = x + 1; y < free.length; y += 1) {
        const stored =
          local === null ? getWeight(free[x]!, free[y]!) : getWeight(free[x]!, free[y]!) & localMask;
        const w = transform && stored > 0n ? transform(free[x]!, free[y]!, stored) : stored;
        if (w > 0n) {
          from.push(x);
          to.push(y);
          weights.push(w);
          keys.push(at(free[x]!, free[y]!));
        }
      }
    }
    if (downfloat !== null) {
      free.forEach((v, x) => {
        const stored = downfloat!.get(v) ?? 0n;
        const w = transform && stored > 0n ? transform(v, n, stored) : stored;
        if (w > 0n) {
          from.push(x);
          to.push(free.length);
          weights.push(w);
          keys.push(at(v, n));
        }
      });
    }
    const vertexCount = free.length + (downfloat === null ? 0 : 1);
    /** The player (or n, the stand-in) at a vertex. */
    const playerAt = (x: number) => (x === free.length ? n : free[x]!);
    return { free, from, to, weights, keys, vertexCount, playerAt };
  };
  type SolveGraph = ReturnType<typeof solveGraph>;
  /** The whole-round partners (a player's own index when unpaired, n for the stand-in) of a solve's mates. */
  const partners = (graph: SolveGraph, mate: Int32Array): Int32Array => {
    const result = Int32Array.from(finalPartner);
    for (let v = 0; v < n; v += 1) if (result[v]! < 0) result[v] = v;
    graph.free.forEach((v, x) => {
      result[v] = mate[x]! < 0 ? v : graph.playerAt(mate[x]!);
    });
    return result;
  };
  /**
   * The optimal face of a bracket's first solve, which weighs the criteria alone (every stage after it only
   * adds to the lowest field, or removes pairs the current pairing does not use): the pairs that are tight
   * under its duals, the players (n: the stand-in) it must pair, and each tight pair's criteria weight.
   * Every later solve of the bracket is then a choice among the pairings of that face by the stage's own
   * small numbers, in doubles over the tight pairs only (see solveOnFace). Null when the first solve ended
   * with a blossom of positive dual (then the face is not that simple, and the stages solve in full).
   */
  let face: {
    tight: Map<number, bigint>;
    /** For each tight pair, how many blossoms of positive dual hold it (they must stay full). */
    depth: Map<number, number>;
    mustPair: Set<number>;
    /**
     * The players of each such blossom (none: the face is every pairing of tight pairs that pairs
     * mustPair; else also with (size − 1) / 2 pairs inside each).
     */
    blossoms: number[][];
  } | null = null;
  /** Whether partners (as `stable`) keep every blossom of the face full. */
  const keepsBlossomsFull = (partner: Int32Array): boolean =>
    face!.blossoms.every((members) => {
      const inside = new Set(members);
      const pairsInside = members.filter((v) => v < n && inside.has(partner[v]!) && partner[v]! > v).length;
      return pairsInside === (members.length - 1) / 2;
    });
  let isFaceWanted = false;
  /**
   * The maximum-weight matching of the players not yet paired for good (partner −1 → the player itself).
   * With `local` set, only those players, without the completion field: see the bracket loop.
   */
  const solve = (transform?: (i: number, j: number, w: bigint) => bigint): Int32Array => {
    const graph = solveGraph(transform);
    if (face !== null && transform === undefined) {
      const mate = solveOnFace(graph);
      if (mate !== null) {
        trace('solve-face');
        return partners(graph, mate);
      }
    }
    trace(isFaceWanted ? 'solve-criteria' : transform ? 'j-solve' : 'solve-full');
    const solved = maxWeightMatchingBig({
      vertexCount: graph.vertexCount,
      edgeFrom: Int32Array.from(graph.from),
      edgeTo: Int32Array.from(graph.to),
      // The first solve of a bracket weighs the criteria alone: no stage has borrowed across fields yet.
      weight: isFaceWanted ? narrow(graph.weights) : graph.weights,
    });
    if (isFaceWanted) {
      isFaceWanted = false;
      const found = solved.face();
      const tight = new Map<number, bigint>();
      const depth = new Map<number, number>();
      graph.keys.forEach((key, k) => {
        if (found.tight[k]! === 0) return;
        tight.set(key, graph.weights[k]!);
        if (found.tight[k]! > 1) depth.set(key, found.tight[k]! - 1);
      });
      const mustPair = new Set<number>();
      found.mustPair.forEach((flag, x) => {
        if (flag) mustPair.add(graph.playerAt(x));
      });
      const blossoms = found.blossoms.map((members) => members.map((x) => graph.playerAt(x)));
      face = { tight, depth, mustPair, blossoms };
    }
    return partners(graph, solved.mate);
  };
  /**
   * A stage's solve on the bracket's optimal face: the tight pairs still there, each weighing what the
   * stage added to its criteria weight (a small signed number), plus a large unit for each player it pairs
   * that the face must pair. The best such pairing pairs all of those, so it lies on the face, where every
   * pairing has the same criteria values and the same number of pairs: it is the stage's best pairing.
   * Null when the numbers would not be exact in doubles (or no pairing of the face is left: never expected).
   */
  function solveOnFace(graph: SolveGraph): Int32Array | null {
    const { tight, depth, mustPair } = face!;
    const from: number[] = [];
    const to: number[] = [];
    const added: number[] = [];
    const inside: number[] = [];
    let largest = 0;
    let deepest = 0;
    graph.keys.forEach((key, k) => {
      const criteria = tight.get(key);
      if (criteria === undefined) return;
      const value = Number(graph.weights[k]! - criteria);
      from.push(graph.from[k]!);
      to.push(graph.to[k]!);
      added.push(value);
      inside.push(depth.get(key) ?? 0);
      largest = Math.max(largest, Math.abs(value));
      deepest = Math.max(deepest, depth.get(key) ?? 0);
    });
    const offset = largest + 1;
    const pairs = Math.floor(graph.vertexCount / 2) + 1;
    const isRequired = (x: number) => (mustPair.has(graph.playerAt(x)) ? 1 : 0);
    // When the face pairs everyone, the matcher's most-pairs mode says so by itself (and starts faster).
    let isEveryoneRequired = true;
    for (let x = 0; x < graph.vertexCount; x += 1) if (!isRequired(x)) isEveryoneRequired = false;
    // Units above the stage's numbers: one for each pair inside a blossom that must stay full (a pairing
    // of the face has the most such pairs), one above those for each player the face must pair.
    const blossomUnit = (2 * largest + 1) * pairs;
    const unit = isEveryoneRequired ? 0 : (blossomUnit * deepest + 1) * pairs;
    if (3 * unit + 2 * blossomUnit * deepest + 2 * offset > MAX_EXACT_WEIGHT) return null;
    const weight = Float64Array.from(
      added,
      (value, k) =>
        unit * (isRequired(from[k]!) + isRequired(to[k]!)) + blossomUnit * inside[k]! + value + offset,
    );
    const { mate } = maxWeightMatching({
      vertexCount: graph.vertexCount,
      edgeFrom: Int32Array.from(from),
      edgeTo: Int32Array.from(to),
      weight,
      isMaxCardinality: isEveryoneRequired,
    });
    for (let x = 0; x < graph.vertexCount; x += 1) if (mate[x]! < 0 && isRequired(x)) return null;
    return mate;
  }
  const finalise = (i: number, j: number) => {
    finalPartner[i] = j;
    finalPartner[j] = i;
    setWeight(i, j, maxWeight);
  };

  // The absolute criteria for every pair (C1, C3, forbidden pairs), filled row by row (4.5 million pairs at
  // 3,000 players).
  const compatibleMatrix = new Uint8Array(n * n);
  for (let i = 0; i < n; i += 1) {
    const row = i * n;
    const colour = absoluteColour[i]!;
    for (let j = i + 1; j < n; j += 1)
      if (colour === 0 || absoluteColour[j] !== colour) compatibleMatrix[row + j] = 1;
    for (const j of neverMeet[i]!) if (j > i) compatibleMatrix[row + j] = 0;
  }
  const compatibleAt = (i: number, j: number): boolean =>
    compatibleMatrix[i < j ? i * n + j : j * n + i] === 1;
  /**
   * Whether these players (in Dutch order) can all be paired, or with an odd number all but one player who
   * may take the bye: one cardinality matching (doubles), with a stand-in vertex for the bye.
   */
  /**
   * Most completion checks pass at once: any complete pairing found quickly is proof enough. With an odd
   * number the lowest player who may take the bye sits out; the rest are paired greedily in order, and
   * each pair of players left over is fitted in by splitting one pair whose players each suit one of them.
   */
  const pairsGreedily = (
    free: readonly number[],
    mayTakeBye: (player: DutchPlayer) => boolean,
    allows: (x: number, y: number) => boolean,
  ): boolean => {
    const fits = (x: number, y: number): boolean =>
      x < y ? compatibleMatrix[free[x]! * n + free[y]!] === 1 && allows(x, y) : fits(y, x);
    const partner = new Int32Array(free.length).fill(-1);
    if (free.length % 2 === 1) {
      let bye = free.length - 1;
      while (bye >= 0 && !mayTakeBye(players[free[bye]!]!)) bye -= 1;
      if (bye < 0) return false;
      partner[bye] = bye;
    }
    const left: number[] = [];
    for (let x = 0; x < free.length; x += 1) {
      if (partner[x]! >= 0) continue;
      let y = x + 1;
      while (y < free.length && (partner[y]! >= 0 || !fits(x, y))) y += 1;
      if (y < free.length) {
        partner[x] = y;
        partner[y] = x;
      } else left.push(x);
    }
    for (let k = 0; k + 1 < left.length; k += 2) {
      const u = left[k]!;
      const v = left[k + 1]!;
      if (fits(u, v)) {
        partner[u] = v;
        partner[v] = u;
        continue;
      }
      let isFitted = false;
      for (let a = 0; a < free.length && !isFitted; a += 1) {
        const b = partner[a]!;
        if (b <= a || b === a) continue;
        for (const [x, y] of [
          [a, b],
          [b, a],
        ] as const) {
          if (fits(u, x) && fits(v, y)) {
            partner[u] = x;
            partner[x] = u;
            partner[v] = y;
            partner[y] = v;
            isFitted = true;
            break;
          }
        }
      }
      if (!isFitted) return false;
    }
    return left.length % 2 === 0;
  };
  const isCompletable = (
    free: readonly number[],
    mayTakeBye: (player: DutchPlayer) => boolean,
    allows: (x: number, y: number) => boolean = () => true,
  ): boolean => {
    if (pairsGreedily(free, mayTakeBye, allows)) return true;
    const from: number[] = [];
    const to: number[] = [];
    for (let x = 0; x < free.length; x += 1) {
      for (let y = x + 1; y < free.length; y += 1) {
        if (compatibleMatrix[free[x]! * n + free[y]!] && allows(x, y)) {
          from.push(x);
          to.push(y);
        }
      }
      if (free.length % 2 === 1 && mayTakeBye(players[free[x]!]!)) {
        from.push(x);
        to.push(free.length);
      }
    }
    const { mate } = maxWeightMatching({
      vertexCount: free.length + (free.length % 2),
      edgeFrom: Int32Array.from(from),
      edgeTo: Int32Array.from(to),
      weight: new Float64Array(from.length).fill(1),
      isMaxCardinality: true,
    });
    return mate.every((partner) => partner >= 0);
  };

  // Prologue: a complete pairing must exist (C4), and with an odd number the lowest bye score (C5).
  const topScore = players[0]!.score;
  const everyone = [...players.keys()];
  const refuse = () => {
    throw new PairingError(
      'no_valid_pairing',
      'no pairing meets the absolute criteria (no rematch, the bye rules)',
    );
  };
  if (n % 2 === 0) {
    if (!isCompletable(everyone, () => false)) refuse();
  } else {
    // C5: the lowest score at which an eligible player can take the bye while everyone else is paired.
    const scores = [...new Set(players.map((player) => player.score))].sort((x, y) => x - y);
    const lowest = scores.find((score) =>
      isCompletable(everyone, (player) => player.isByeEligible && player.score <= score),
    );
    if (lowest === undefined) refuse();
    byeScore = lowest!;
    // C9 already applies in the first bracket when the bye is in the top group and that group can be paired
    // within itself, but for the bye, while everyone below is paired among themselves.
    if (byeScore >= topScore) {
      const top = everyone.filter((v) => players[v]!.score >= topScore);
      const below = everyone.filter((v) => players[v]!.score < topScore);
      isByeFlag = isCompletable(top, (player) => player.isByeEligible) && isCompletable(below, () => false);
    }
    const counts = players.filter((player) => player.score === byeScore).map((player) => player.playedGames);
    counts.sort((x, y) => y - x);
    unplayedRank = new Map();
    counts.forEach((count, position) => {
      unplayedRank.set(count, position);
    });
  }
  const initialByeFlag = isByeFlag;
  outsideWeight = (h, l) => edgeWeight(h, l, false, false, initialByeFlag);
  let stable: Int32Array = Int32Array.from(players.keys());

  // The bracket loop. `window` holds global indices: the moved-down players, the residents, the next group.
  let window: number[] = [];
  let next = 0;
  while (next < n && players[next]!.score === topScore) window.push(next++);
  let m = 0;
  let groupBegin = 0; // global index of the first resident
  // The bracket's criteria weights (the stages start from them), for pairs of its window only: indexed by
  // the players' places in the window (a window-sized table, not a second n² one: at 3,000 players that is
  // 72 MB less for the garbage collector to walk).
  const windowPlace = new Int32Array(n).fill(-1);
  let base: (bigint | undefined)[] = [];
  const baseAt = (i: number, j: number): number => {
    const x = windowPlace[i]!;
    const y = windowPlace[j]!;
    return x < 0 || y < 0 ? -1 : x < y ? x * window.length + y : y * window.length + x;
  };
  const baseOf = (i: number, j: number) => base[baseAt(i, j)] ?? 0n;
  const setBase = (i: number, j: number, w: bigint) => {
    const key = baseAt(i, j);
    if (key < 0) throw new RangeError('a bracket weighs only pairs of its window');
    base[key] = w;
  };
  /**
   * C4 for a bracket paired on its window: the window's matching (every pair of it, not only those paired for
   * good) leaves players who can all be paired (with an odd number, one bye candidate left). Then that
   * matching is part of a complete pairing with the same criteria values, so it is also the optimum over all
   * players, and every stage chose what the whole-round matching would choose.
   */
  const canComplete = (): boolean => {
    const free: number[] = [];
    for (let v = 0; v < n; v += 1) if (finalPartner[v]! < 0 && stable[v] === v) free.push(v);
    return isCompletable(free, isCandidate);
  };

  /**
   * For an odd bracket paired with one vertex standing for the next group (which can pair all its own
   * players): the weight of each bracket player's pair with it, the next group's C8 fields when that player
   * floats down. Its best pairing then has as many pairs as the group alone (an odd number of players), and
   * the floater is in one of them exactly when it has a compatible opponent there.
   */
  function floatWeights(bracket: readonly number[], nextGroup: readonly number[]): Map<number, bigint> {
    const pairs = BigInt(Math.floor(nextGroup.length / 2));
    const nextPower = pow(players[nextGroup[0]!]!.score);
    // An odd next group gains a pair with a floater exactly when the floater can meet one of the players
    // that some best pairing of the group leaves out.
    const completing = new Set<number>();
    if (nextGroup.length % 2 === 1) {
      const neighbours = nextGroup.map((v) => nextGroup.flatMap((u, y) => (compatibleAt(v, u) ? [y] : [])));
      const from: number[] = [];
      const to: number[] = [];
      neighbours.forEach((list, x) => {
        for (const y of list) {
          if (y > x) {
            from.push(x);
            to.push(y);
          }
        }
      });
      const { mate } = maxWeightMatching({
        vertexCount: nextGroup.length,
        edgeFrom: Int32Array.from(from),
        edgeTo: Int32Array.from(to),
        weight: new Float64Array(from.length).fill(1),
        isMaxCardinality: true,
      });
      missableVertices(neighbours, mate).forEach((isMissable, y) => {
        if (isMissable) completing.add(nextGroup[y]!);
      });
    }
    const weights = new Map<number, bigint>();
    for (const v of bracket) {
      const opponents = nextGroup.filter((u) => compatibleAt(v, u));
      const own = pow(players[v]!.score);
      const isCompleting = opponents.some((u) => completing.has(u));
      const count = isCompleting ? pairs + 1n : pairs;
      const scores = isCompleting
        ? nextPower * pairs + own
        : opponents.length > 0
          ? nextPower * (pairs - 1n) + own
          : nextPower * pairs;
      weights.set(v, compose(0n, [0n, 0n, count, scores]));
    }
    return weights;
  }
  /**
   * C4 for a bracket paired with the next group's stand-in: the floater and the next group paired as the
   * stand-in's weight says (most pairs, the floater in one when it can be), and everyone else left can
   * still be paired. Then the bracket's pairs are part of a complete pairing with the same criteria values.
   */
  function canCompleteBelow(bracket: readonly number[], nextGroup: readonly number[]): boolean {
    const floater = bracket.find((v) => stable[v] === n);
    if (floater === undefined) return false;
    const group = [floater, ...nextGroup];
    const from: number[] = [];
    const to: number[] = [];
    const weights: number[] = [];
    for (let x = 0; x < group.length; x += 1) {
      for (let y = x + 1; y < group.length; y += 1) {
        if (compatibleMatrix[group[x]! * n + group[y]!]) {
          from.push(x);
          to.push(y);
          weights.push(x === 0 ? 2 : 1);
        }
      }
    }
    const { mate } = maxWeightMatching({
      vertexCount: group.length,
      edgeFrom: Int32Array.from(from),
      edgeTo: Int32Array.from(to),
      weight: Float64Array.from(weights),
      isMaxCardinality: true,
    });
    const paired = new Set(group.filter((_, x) => mate[x]! >= 0));
    const free = paired.has(floater) ? [] : [floater];
    for (let v = 0; v < n; v += 1) {
      if (finalPartner[v]! < 0 && stable[v] === v && !paired.has(v)) free.push(v);
    }
    return isCompletable(
      free.sort((a, b) => a - b),
      isCandidate,
    );
  }

  while (window.length > 1 || next < n) {
    const r = window.length;
    const nextGroupBegin = groupBegin + (r - m); // global index of the first next-group player
    const groupScore = next < n ? players[next]!.score : null;
    while (next < n && players[next]!.score === groupScore) window.push(next++);
    // The bracket is first paired on fewer players than all (fast, see below); when what is left cannot then
    // be completed (C4), it is paired again on every player not yet paired, as bbpPairings always does.
    const savedPartners = Int32Array.from(finalPartner);
    journal = new Map();
    const undo = () => {
      finalPartner.set(savedPartners);
      for (const [key, w] of journal!) weight[key] = w;
      journal = new Map();
    };
    localMask = (1n << BigInt(fieldsWidth - 2)) - 1n;
    /** Undoes an attempt that left the rest incomplete (if one ran); pairs the bracket on `on` (null: all). */
    const pairAgainOn = (on: number[] | null, step: DutchStep): Set<number> => {
      if (local !== null) trace('attempt-undone');
      undo();
      local = on;
      trace(step);
      return pairBracket(r, nextGroupBegin);
    };
    let matched: Set<number> | null = null;
    // The last bracket (no next group) holds every player left: it is always paired with the completion field.
    if (groupScore !== null) {
      const bracket = window.slice(0, r);
      const nextGroup = window.slice(r);
      const notBothMovedDown = (_x: number, y: number) => y >= m;
      if (r % 2 === 0 && isCompletable(bracket, () => false, notBothMovedDown)) {
        // A bracket that can pair all its players among themselves is paired on its own players: the pairs
        // in the bracket come first (C6), so every best pairing pairs them all; the next group is then the
        // same whatever the bracket's pairs, and no criterion below C6 counts a pair of the next group.
        local = bracket;
        trace('bracket-within');
        matched = pairBracket(r, nextGroupBegin);
        if (!canComplete()) matched = null;
      } else if (
        r % 2 === 1 &&
        !isByeFlag &&
        isCompletable(bracket, () => true, notBothMovedDown) &&
        isCompletable(nextGroup, () => true)
      ) {
        // An odd bracket that can pair all its players but one, above a next group that can pair all its
        // own: one player floats down, and the next group counts only through C8, the same for every
        // floater but for one thing: whether the floater has an opponent there. One extra vertex stands for
        // the next group, its pair with each bracket player weighing what the next group's best pairing
        // then adds (C8: its pairs; their scores, higher with the floater in one).
        local = bracket;
        trace('bracket-floating');
        downfloat = floatWeights(bracket, nextGroup);
        matched = pairBracket(r, nextGroupBegin);
        downfloat = null;
        if (!canCompleteBelow(bracket, nextGroup)) matched = null;
      }
      if (matched === null) {
        matched = pairAgainOn(window, 'bracket-window');
        if (!canComplete()) matched = null;
      }
    }
    if (matched === null) matched = pairAgainOn(null, 'bracket-all');
    const wasLocal = groupScore !== null;
    local = null;

    // K: everyone not paired moves down; the next group becomes the residents.
    const nextWindow: number[] = [];
    let movedDown = 0;
    isByeFlag = n % 2 === 1 && groupScore !== null && byeScore >= groupScore;
    // The flag reads each moving player's partner in the whole round's matching: a player the window left
    // unpaired may be paired below, so the round is solved on every player first.
    if (isByeFlag && wasLocal) stable = solve();
    for (let x = 0; x < window.length; x += 1) {
      const v = window[x]!;
      if (x < r && matched.has(v)) continue;
      nextWindow.push(v);
      if (x < r) movedDown += 1;
      if (isByeFlag && groupScore !== null && players[stable[v]!]!.score < groupScore) isByeFlag = false;
    }
    window = nextWindow;
    m = movedDown;
    groupBegin = nextGroupBegin;
  }

  /** Stages A–J of one bracket: the players it pairs for good (the rest move down). */
  function pairBracket(r: number, nextGroupBegin: number): Set<number> {
    windowPlace.fill(-1);
    window.forEach((v, x) => {
      windowPlace[v] = x;
    });
    base = new Array<bigint | undefined>(window.length * window.length);
    // Pairs with the next group count only in solves that see it: this bracket's on the whole window, and
    // the solve over every player after it when the bye is at the next group's score or below.
    const nextScore = window.length > r ? players[window[r]!]!.score : null;
    const isNextSeen =
      local === null ||
      local.length === window.length ||
      (n % 2 === 1 && nextScore !== null && byeScore >= nextScore);
    const seen = isNextSeen ? window.length : r;
    for (let y = m; y < seen; y += 1) {
      for (let x = 0; x < y; x += 1) {
        const w = edgeWeight(window[x]!, window[y]!, y < r, y >= r);
        setBase(window[x]!, window[y]!, w);
        setWeight(window[x]!, window[y]!, w);
      }
    }
    const isResident = (v: number) => v >= groupBegin && v < nextGroupBegin;
    face = null;
    isFaceWanted = true;
    stable = solve();
    isFaceWanted = false;
    const matched = new Set<number>();

    // B: which moved-down players are paired in this bracket (the higher ones first, within a score).
    let runScore: number | null = null;
    let runLeft = 0;
    let runMatched = 0;
    for (let x = 0; x < m; x += 1) {
      const v = window[x]!;
      if (runScore === null || players[v]!.score < runScore) {
        runScore = players[v]!.score;
        runLeft = 0;
        runMatched = 0;
        for (let y = x; y < m && players[window[y]!]!.score >= runScore; y += 1) {
          runLeft += 1;
          if (isResident(stable[window[y]!]!)) runMatched += 1;
        }
      }
      if (runMatched === 0) continue;
      if (runLeft <= runMatched) {
        matched.add(v);
        continue;
      }
      runLeft -= 1;
      if (!isResident(stable[v]!)) {
        for (let y = m; y < r; y += 1) {
          const w = baseOf(v, window[y]!);
          if (w > 0n) setWeight(v, window[y]!, w | 1n);
        }
        stable = solve();
      }
      if (isResident(stable[v]!)) {
        matched.add(v);
        runMatched -= 1;
        for (let y = m; y < r; y += 1) {
          const w = baseOf(v, window[y]!);
          if (w > 0n) setWeight(v, window[y]!, (w | BigInt(r - m)) + 1n);
        }
      }
    }
    // C: their opponents, the highest resident that keeps every criterion.
    for (let x = 0; x < m; x += 1) {
      const v = window[x]!;
      if (!matched.has(v)) continue;
      let addend = BigInt(window.length);
      for (let y = r - 1; y >= m; y -= 1) {
        const u = window[y]!;
        if (matched.has(u)) continue;
        const w = baseOf(v, u);
        if (w > 0n) {
          setWeight(v, u, w + addend);
          addend += 1n;
        }
      }
      stable = solve();
      const partner = stable[v]!;
      matched.add(partner);
      finalise(v, partner);
    }

    // D: the remainder (homogeneous): S1 the first `pairs` players, S2 the rest.
    const remainder: number[] = [];
    let pairs = 0;
    for (let y = m; y < r; y += 1) {
      const v = window[y]!;
      if (stable[v]! < groupBegin) continue;
      remainder.push(v);
      if (stable[v]! < v) pairs += 1;
    }
    const ordered = (position: number, h: number, l: number): bigint => {
      const w = baseOf(h, l);
      if (w === 0n) return 0n;
      const addend = ((position < pairs ? 1n : 0n) << (2n * B)) - BigInt(position);
      return w + (addend << 1n);
    };
    // E: fewest exchanges, then the smallest difference of the exchanged pairing numbers.
    const unexchanged = remainder.length <= 2 * pairs + 1 ? unexchangedOnFace(remainder, pairs) : null;
    if (unexchanged === null) {
      for (let q = 0; q < remainder.length; q += 1) {
        for (let p = 0; p < q; p += 1)
          setWeight(remainder[p]!, remainder[q]!, ordered(p, remainder[p]!, remainder[q]!));
      }
    }
    if (unexchanged !== null) trace('e-without-solve');
    stable = unexchanged ?? solve();
    const isEarlierInPair = (v: number) => stable[v]! > v && stable[v]! < nextGroupBegin;
    let exchanges = 0;
    for (let p = 0; p < pairs; p += 1) if (!isEarlierInPair(remainder[p]!)) exchanges += 1;
    // G: which S1 players leave (the lowest first).
    let left = exchanges;
    for (let p = pairs - 1; p >= 0 && left > 0; p -= 1) {
      const v = remainder[p]!;
      if (isEarlierInPair(v)) {
        for (let q = p + 1; q < remainder.length; q += 1) {
          const w = ordered(p, v, remainder[q]!);
          if (w > 0n) setWeight(v, remainder[q]!, w - 1n);
        }
        stable = solve();
      }
      const isExchanged = !isEarlierInPair(v);
      if (isExchanged) left -= 1;
      for (let q = p + 1; q < remainder.length; q += 1) {
        if (isExchanged) setBase(v, remainder[q]!, 0n);
        setWeight(v, remainder[q]!, ordered(p, v, remainder[q]!));
      }
    }
    // H: which S2 players enter (the highest first).
    left = exchanges;
    for (let p = pairs; p < remainder.length && left > 1; p += 1) {
      const v = remainder[p]!;
      const wasEarlier = isEarlierInPair(v);
      if (!wasEarlier) {
        for (let q = p + 1; q < remainder.length; q += 1) {
          const w = ordered(p, v, remainder[q]!);
          if (w > 0n) setWeight(v, remainder[q]!, w + 1n);
        }
        stable = solve();
      }
      if (isEarlierInPair(v)) {
        left -= 1;
        downfloat?.set(v, 0n);
        for (let q = 0; q < p; q += 1) {
          setBase(v, remainder[q]!, 0n);
          setWeight(v, remainder[q]!, 0n);
        }
        for (let y = r; y < window.length; y += 1) {
          setBase(v, window[y]!, 0n);
          setWeight(v, window[y]!, 0n);
        }
      }
      if (!wasEarlier) {
        for (let q = p + 1; q < remainder.length; q += 1)
          setWeight(v, remainder[q]!, ordered(p, v, remainder[q]!));
      }
    }
    // I: freeze the split into S1 and S2.
    for (let p = 0; p < remainder.length; p += 1) {
      const v = remainder[p]!;
      for (let q = p + 1; q < remainder.length; q += 1) {
        const u = remainder[q]!;
        if (!isEarlierInPair(v) || isEarlierInPair(u)) setBase(v, u, 0n);
        setWeight(v, u, baseOf(v, u));
      }
    }
    // J: S1 against S2 in the first transposition that keeps every criterion: S1's first player gets the
    // highest S2 player that works, then the second, … One solve: each S1 player's choice is a field of its
    // own below the criteria, the first player's most significant (bbpPairings solves once per S1 player).
    const s1 = remainder.filter((v) => isEarlierInPair(v));
    const onFace = s1.length > 0 ? pairS1OnFace(s1, remainder) : null;
    if (onFace !== null) {
      trace('j-search');
      stable = onFace;
    } else if (s1.length > 0) {
      const width = BigInt(bitsOf(remainder.length));
      const shift = width * BigInt(s1.length);
      const bonus = new Map<number, bigint>();
      s1.forEach((v, index) => {
        const place = width * BigInt(s1.length - 1 - index);
        let addend = 0n;
        for (let q = remainder.length - 1; q >= 0; q -= 1) {
          const u = remainder[q]!;
          if (u <= v) continue;
          bonus.set(at(v, u), addend << place);
          addend += 1n;
        }
      });
      stable = solve((i, j, w) => (w << shift) + (bonus.get(at(i, j)) ?? 0n));
    }
    if (s1.length > 0) {
      for (const v of s1) {
        const partner = stable[v]!;
        matched.add(v);
        matched.add(partner);
        finalise(v, partner);
      }
    }

    face = null;
    return matched;
  }

  /**
   * E without a solve when no exchange is needed: a pairing of the face in which every pair joins one of
   * the first `pairs` remainder players (S1) to one of the rest (S2). Such a pairing has the most pairs led
   * by S1 and the smallest sum of their positions that E can reach, so it is one of E's best pairings, and
   * E's answer (which players form S1) is the same for all of them. Found from the current pairing by
   * augmenting paths over the tight S1–S2 pairs (everyone outside the remainder keeps their partner).
   */
  function unexchangedOnFace(remainder: readonly number[], pairs: number): Int32Array | null {
    if (face === null) return null;
    const tight = face.tight;
    // S1 and, with one player too many (the floater or the bye), the next group's stand-in: every one of
    // them takes an S2 player; the S2 player left over floats or takes the bye.
    const first = remainder.slice(0, pairs);
    const second = remainder.slice(pairs);
    const isFloating = second.length > pairs && downfloat !== null;
    if (isFloating) first.push(n);
    // Only pairings within the remainder (and the stand-in's) are remade here.
    const inRemainder = new Set(remainder);
    if (second.some((l) => stable[l] !== l && stable[l] !== n && !inRemainder.has(stable[l]!))) return null;
    const options = first.map((h) =>
      second.filter((l) =>
        h === n
          ? tight.has(at(l, n)) && (downfloat!.get(l) ?? 0n) !== 0n
          : tight.has(at(h, l)) && baseOf(h, l) !== 0n,
      ),
    );
    const partnerOf = new Map<number, number>(); // S2 player → S1 player (or n)
    const isSecond = new Set(second);
    first.forEach((h, p) => {
      const l = h === n ? second.find((v) => stable[v] === n) : stable[h]!;
      if (l !== undefined && isSecond.has(l) && options[p]!.includes(l)) partnerOf.set(l, h);
    });
    const position = new Map(first.map((v, index) => [v, index]));
    const augment = (p: number, seen: Set<number>): boolean => {
      for (const l of options[p]!) {
        if (seen.has(l)) continue;
        seen.add(l);
        const holder = partnerOf.get(l);
        if (holder === undefined || augment(position.get(holder)!, seen)) {
          partnerOf.set(l, first[p]!);
          return true;
        }
      }
      return false;
    };
    const taken = new Set(partnerOf.values());
    for (let p = 0; p < first.length; p += 1) {
      if (!taken.has(first[p]!) && !augment(p, new Set())) return null;
    }
    const result = Int32Array.from(stable);
    for (const l of second) {
      const h = partnerOf.get(l);
      if (h === undefined) {
        if (face.mustPair.has(l)) return null;
        result[l] = l;
      } else {
        result[l] = h;
        if (h !== n) result[h] = l;
      }
    }
    return keepsBlossomsFull(result) ? result : null;
  }

  /**
   * J on the bracket's optimal face, when its pairs left join S1 (with the next group's stand-in) to the
   * rest only, as in a bracket paired on its own players: each S1 player in turn keeps the first S2 player,
   * in the transposition order, with whom some pairing of the face still exists (the lexicographic order
   * the single J solve encodes). The pairing is kept and mended by alternating paths, so each test is one
   * search instead of a solve. Null when that shape does not hold (then J is one solve, as before).
   */
  function pairS1OnFace(s1: readonly number[], remainder: readonly number[]): Int32Array | null {
    if (face === null) return null;
    const graph = solveGraph();
    const inRemainder = new Set(remainder);
    if (graph.free.some((v) => !inRemainder.has(v))) return null;
    const count = graph.vertexCount;
    const indexOf = new Map(graph.free.map((v, x) => [v, x]));
    if (downfloat !== null) indexOf.set(n, graph.free.length);
    const isFirst = new Uint8Array(count); // S1, and the stand-in
    for (const v of s1) isFirst[indexOf.get(v)!] = 1;
    if (downfloat !== null) isFirst[graph.free.length] = 1;
    const neighbours = Array.from({ length: count }, () => [] as number[]);
    const isEdge = new Uint8Array(count * count);
    for (let k = 0; k < graph.keys.length; k += 1) {
      if (!face.tight.has(graph.keys[k]!)) continue;
      const x = graph.from[k]!;
      const y = graph.to[k]!;
      if (isFirst[x] === isFirst[y]) {
        // The stand-in with an S1 player: never in a best pairing (that S1 player would leave a pair).
        if (downfloat !== null && (y === graph.free.length || x === graph.free.length)) continue;
        return null;
      }
      neighbours[x]!.push(y);
      neighbours[y]!.push(x);
      isEdge[x * count + y] = isEdge[y * count + x] = 1;
    }
    const isRequired = (x: number) => face!.mustPair.has(graph.playerAt(x));
    // The current pairing (the stand-in's partner is read from its side: `stable` has no entry for it).
    const mate = new Int32Array(count).fill(-1);
    for (let x = 0; x < graph.free.length; x += 1) {
      const v = graph.free[x]!;
      const y = stable[v] === v ? undefined : indexOf.get(stable[v]!);
      if (y === undefined) continue;
      if (!isEdge[x * count + y]) return null;
      mate[x] = y;
      mate[y] = x;
    }
    const isFixed = new Uint8Array(count);
    /**
     * Pairs `start` (unpaired, to be paired) by an alternating path that ends at an unpaired vertex or at a
     * paired one the face need not pair (which is left unpaired); every other vertex keeps being paired.
     */
    const cover = (start: number): boolean => {
      const cameFrom = new Int32Array(count).fill(-1);
      const reached = new Uint8Array(count);
      reached[start] = 1;
      const queue = [start];
      for (let head = 0; head < queue.length; head += 1) {
        const x = queue[head]!;
        for (const y of neighbours[x]!) {
          if (reached[y] || isFixed[y] || mate[x] === y) continue;
          reached[y] = 1;
          cameFrom[y] = x;
          const onward = mate[y]!;
          if (onward < 0 || !isRequired(onward)) {
            // Flip the path: y and the vertices before it take the edges towards start.
            if (onward >= 0) mate[onward] = -1;
            let to = y;
            for (;;) {
              const back = cameFrom[to]!;
              const before = mate[back]!;
              mate[back] = to;
              mate[to] = back;
              if (back === start) break;
              to = before;
            }
            return true;
          }
          if (!reached[onward]) {
            reached[onward] = 1;
            queue.push(onward);
          }
        }
      }
      return false;
    };
    for (const v of s1) {
      const x = indexOf.get(v)!;
      let isPaired = false;
      for (const u of remainder) {
        if (u <= v) continue;
        const y = indexOf.get(u);
        if (y === undefined || isFixed[y] || !isEdge[x * count + y]) continue;
        if (mate[x] === y) {
          isPaired = true;
        } else {
          const saved = Int32Array.from(mate);
          const left = [mate[x]!, mate[y]!];
          for (const z of left) if (z >= 0) mate[z] = -1;
          mate[x] = y;
          mate[y] = x;
          isFixed[x] = isFixed[y] = 1;
          isPaired = left.every((z) => z < 0 || mate[z]! >= 0 || !isRequired(z) || cover(z));
          if (!isPaired) {
            mate.set(saved);
            isFixed[x] = isFixed[y] = 0;
          }
        }
        if (isPaired) break;
      }
      if (!isPaired) return null;
      isFixed[x] = isFixed[mate[x]!] = 1;
    }
    // The search ignored the face's blossoms: its answer is J's when it keeps them full (it is then the
    // best of a larger set of pairings that holds the face's).
    const result = partners(graph, mate);
    return keepsBlossomsFull(result) ? result : null;
  }

  // Colours for each pair (C.04.3 E), and the bye to the one left.
  const result: DutchPairing = { pairs: [], colourReasons: [], byeId: null };
  const seen = new Set<number>();
  for (let v = 0; v < n; v += 1) {
    if (seen.has(v)) continue;
    const u = finalPartner[v]!;
    if (u < 0) {
      result.byeId = players[v]!.id;
      continue;
    }
    seen.add(v);
    seen.add(u);
    const { higherColour, reason } = dutchColour(
      players[v]!,
      players[u]!,
      input.options?.initialColour ?? 'white',
    );
    result.colourReasons.push(reason);
    result.pairs.push(
      higherColour === 'white' ? [players[v]!.id, players[u]!.id] : [players[u]!.id, players[v]!.id],
    );
  }
  return result;
}

/** pairDutch, or null when no pairing meets the absolute criteria (any other refusal is thrown). */
export function tryPairDutch(input: PairingInput, constraints: DutchConstraints = {}): DutchPairing | null {
  try {
    return pairDutch(input, () => {}, constraints);
  } catch (error) {
    if (error instanceof PairingError && error.code === 'no_valid_pairing') return null;
    throw error;
  }
}

/**
 * C.04.3 E for a pair of the Dutch pairing, `h` the higher-ranked (Dutch order). E.5 reads the position
 * among the players that take part (as bbpPairings numbers them), not the stored pairing number.
 */
export const dutchColour = (h: DutchPlayer, l: DutchPlayer, initialColour: Colour): ColourAllocation =>
  allocateColours(
    { preference: h.colourPreference, colours: h.colours, hasInitialColour: h.rankIndex % 2 === 0 },
    { preference: l.colourPreference, colours: l.colours },
    initialColour,
  );
