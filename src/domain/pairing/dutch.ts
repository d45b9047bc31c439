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
import { maxWeightMatching } from './blossom';
import { maxWeightMatchingBig } from './blossom-big';
import { PairingError, type PairingInput } from './types';

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
  byeId: string | null;
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
    const whites = colours.filter((colour) => colour === 'white').length;
    const difference = whites - (colours.length - whites);
    const imbalance = Math.abs(difference);
    let run = 0;
    for (
      let index = colours.length - 1;
      index >= 0 && colours[index] === colours[colours.length - 1];
      index -= 1
    )
      run += 1;
    const repeated = run >= 2 ? colours[colours.length - 1]! : null;
    const fewer: Colour = difference > 0 ? 'black' : 'white';
    const preference =
      imbalance > 1
        ? fewer
        : repeated
          ? opposite(repeated)
          : imbalance === 1
            ? fewer
            : colours.length > 0
              ? opposite(colours[colours.length - 1]!)
              : null;
    const isAbsolute = imbalance > 1 || repeated !== null;
    players.push({
      id: player.id,
      rankIndex: rankIndex.get(player.id)!,
      score: scoreBefore(player.id, round),
      isByeEligible: entry.eligible,
      colours,
      preference,
      isAbsolute,
      isStrong: !isAbsolute && imbalance !== 0,
      imbalance,
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
 * Pairs the next round by FIDE's Dutch rules. Throws PairingError('no_valid_pairing') when no pairing meets
 * the absolute criteria.
 */
export function pairDutch(input: PairingInput): DutchPairing {
  const players = dutchPlayers(input);
  const n = players.length;
  if (n === 0) return { pairs: [], byeId: null };
  const roundsPlayed = input.roundNumber - 1;
  const totalRounds = input.options?.totalRounds ?? null;
  const isLastRound = totalRounds !== null && input.roundNumber >= totalRounds;
  // C3's exception (A.7): topscorers are above half the maximum score, only when pairing the last round.
  const isTopscorer = players.map((player) => isLastRound && player.score > roundsPlayed);
  const forbidden = new Set<string>();
  for (const [a, b] of input.options?.forbiddenPairs ?? []) {
    forbidden.add(`${a}\u0000${b}`);
    forbidden.add(`${b}\u0000${a}`);
  }
  const compatible = (i: number, j: number): boolean => {
    const a = players[i]!;
    const b = players[j]!;
    if (a.opponents.has(b.id) || forbidden.has(`${a.id}\u0000${b.id}`)) return false;
    return !(
      a.isAbsolute &&
      b.isAbsolute &&
      a.preference === b.preference &&
      !(isTopscorer[i] || isTopscorer[j])
    );
  };

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
  const backs: (0 | 1)[] = roundsPlayed >= 2 ? [0, 1] : roundsPlayed >= 1 ? [0] : [];
  const layout = [
    b, // C6
    S, // C7
    b, // C8: pairs in the next bracket
    S, // C8: their scores
    2 * b, // C9
    b, // C10
    b, // C11
    b, // C12
    b, // C13
    ...backs.flatMap(() => [b, b]), // C14/C16, C15/C17
    ...backs.flatMap(() => [S, S]), // C18/C20, C19/C21
    lowWidth, // the exchange and transposition order (added per stage)
  ].map(BigInt);
  const fieldsWidth = 2 + layout.reduce((sum, width) => sum + Number(width), 0);

  /** The edge weight of h (earlier in Dutch order) and l: the criteria as fields, most important first. */
  const edgeWeight = (h: number, l: number, isCurrent: boolean, isNext: boolean): bigint => {
    if (!compatible(h, l)) return 0n;
    const ph = players[h]!;
    const pl = players[l]!;
    let c9 = 0;
    if (isByeFlag) {
      if (ph.score === byeScore) c9 += unplayedRank.get(ph.playedGames) ?? 0;
      if (pl.score === byeScore) c9 += unplayedRank.get(pl.playedGames) ?? 0;
    }
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
    const values: bigint[] = [
      isCurrent ? 1n : 0n,
      isCurrent ? pow(ph.score) : 0n,
      isNext ? 1n : 0n,
      isNext ? pow(ph.score) : 0n,
      BigInt(c9),
      isCurrent && !(ph.imbalance > 1 && pl.imbalance > 1 && samePreference) ? 1n : 0n,
      isCurrent && !c11Broken ? 1n : 0n,
      isCurrent && !samePreference ? 1n : 0n,
      isCurrent && !(samePreference && isStrongOrAbsolute(ph) && isStrongOrAbsolute(pl) && !bothAbsolute)
        ? 1n
        : 0n,
    ];
    for (const back of backs) {
      // C14/C16: residents who floated down before and stay; C15/C17: MDP opponents who floated up before.
      const residentDowns =
        (floated(pl, back, 'down') ? 1 : 0) + (ph.score === pl.score && floated(ph, back, 'down') ? 1 : 0);
      values.push(isCurrent ? BigInt(residentDowns) : 0n);
      values.push(isCurrent && !(ph.score > pl.score && floated(pl, back, 'up')) ? 1n : 0n);
    }
    for (const back of backs) {
      // C18/C20, C19/C21: the same by score group, highest first.
      const downScores =
        (floated(pl, back, 'down') ? pow(pl.score) : 0n) + (floated(ph, back, 'down') ? pow(ph.score) : 0n);
      values.push(isCurrent ? downScores : 0n);
      values.push(isCurrent && !(floated(pl, back, 'up') && ph.score > pl.score) ? pow(ph.score) : 0n);
    }
    values.push(0n);
    let w = BigInt(1 + (isCandidate(ph) ? 0 : 1) + (isCandidate(pl) ? 0 : 1)); // C4, C2, C5
    values.forEach((value, index) => {
      w = (w << layout[index]!) | value;
    });
    return w;
  };
  const maxWeight = (1n << BigInt(fieldsWidth + 1)) - 1n;

  // The solver's weights for every pair (i < j), and which players are paired for good.
  const weight: bigint[] = new Array<bigint>(n * n).fill(0n);
  const at = (i: number, j: number) => (i < j ? i * n + j : j * n + i);
  const setWeight = (i: number, j: number, w: bigint) => {
    weight[at(i, j)] = w;
  };
  const getWeight = (i: number, j: number) => weight[at(i, j)]!;
  const finalPartner = new Int32Array(n).fill(-1);
  /**
   * The maximum-weight matching of the players not yet paired for good (partner −1 → the player itself).
   * With `local` set, only those players, without the completion field: see the bracket loop.
   */
  let local: number[] | null = null;
  let localMask = 0n;
  const solve = (transform?: (i: number, j: number, w: bigint) => bigint): Int32Array => {
    const free: number[] = [];
    for (const v of local ?? players.keys()) if (finalPartner[v]! < 0) free.push(v);
    const from: number[] = [];
    const to: number[] = [];
    const weights: bigint[] = [];
    for (let x = 0; x < free.length; x += 1) {
      for (let y = x + 1; y < free.length; y += 1) {
        const stored =
          local === null ? getWeight(free[x]!, free[y]!) : getWeight(free[x]!, free[y]!) & localMask;
        const w = transform && stored > 0n ? transform(free[x]!, free[y]!, stored) : stored;
        if (w > 0n) {
          from.push(x);
          to.push(y);
          weights.push(w);
        }
      }
    }
    const { mate } = maxWeightMatchingBig({
      vertexCount: free.length,
      edgeFrom: Int32Array.from(from),
      edgeTo: Int32Array.from(to),
      weight: weights,
    });
    const result = Int32Array.from(finalPartner);
    for (let v = 0; v < n; v += 1) if (result[v]! < 0) result[v] = v;
    free.forEach((v, x) => {
      result[v] = mate[x]! < 0 ? v : free[mate[x]!]!;
    });
    return result;
  };
  const finalise = (i: number, j: number) => {
    finalPartner[i] = j;
    finalPartner[j] = i;
    setWeight(i, j, maxWeight);
  };

  const compatibleMatrix = new Uint8Array(n * n);
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) if (compatible(i, j)) compatibleMatrix[i * n + j] = 1;
  }
  /**
   * Whether these players (in Dutch order) can all be paired, or with an odd number all but one player who
   * may take the bye: one cardinality matching (doubles), with a stand-in vertex for the bye.
   */
  const isCompletable = (free: readonly number[], mayTakeBye: (player: DutchPlayer) => boolean): boolean => {
    const from: number[] = [];
    const to: number[] = [];
    for (let x = 0; x < free.length; x += 1) {
      for (let y = x + 1; y < free.length; y += 1) {
        if (compatibleMatrix[free[x]! * n + free[y]!]) {
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
  for (let h = 0; h < n; h += 1) {
    for (let l = h + 1; l < n; l += 1) setWeight(h, l, edgeWeight(h, l, false, false));
  }
  let stable: Int32Array = Int32Array.from(players.keys());

  // The bracket loop. `window` holds global indices: the moved-down players, the residents, the next group.
  let window: number[] = [];
  let next = 0;
  while (next < n && players[next]!.score === topScore) window.push(next++);
  let m = 0;
  let groupBegin = 0; // global index of the first resident
  const base = new Map<number, bigint>();
  const baseOf = (i: number, j: number) => base.get(at(i, j)) ?? 0n;
  const setBase = (i: number, j: number, w: bigint) => base.set(at(i, j), w);
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

  while (window.length > 1 || next < n) {
    const r = window.length;
    const nextGroupBegin = groupBegin + (r - m); // global index of the first next-group player
    const groupScore = next < n ? players[next]!.score : null;
    while (next < n && players[next]!.score === groupScore) window.push(next++);
    // The bracket is paired on its own players and the next group's first (fast); when what is left cannot
    // then be completed (C4), it is paired again on every player not yet paired, as bbpPairings always does.
    const savedPartners = Int32Array.from(finalPartner);
    const savedWeights = window.flatMap((v, x) =>
      window.slice(x + 1).map((u) => [at(v, u), weight[at(v, u)]!] as const),
    );
    // The last bracket (no next group) holds every player left: it is always paired with the completion field.
    local = groupScore === null ? null : window;
    localMask = (1n << BigInt(fieldsWidth - 2)) - 1n;
    let matched = pairBracket(r, nextGroupBegin);
    const wasLocal = local !== null;
    if (local !== null && !canComplete()) {
      finalPartner.set(savedPartners);
      for (const [key, w] of savedWeights) weight[key] = w;
      local = null;
      matched = pairBracket(r, nextGroupBegin);
    }
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
    base.clear();
    for (let y = m; y < window.length; y += 1) {
      for (let x = 0; x < y; x += 1) {
        const w = edgeWeight(window[x]!, window[y]!, y < r, y >= r);
        setBase(window[x]!, window[y]!, w);
        setWeight(window[x]!, window[y]!, w);
      }
    }
    const isResident = (v: number) => v >= groupBegin && v < nextGroupBegin;
    stable = solve();
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
    for (let q = 0; q < remainder.length; q += 1) {
      for (let p = 0; p < q; p += 1)
        setWeight(remainder[p]!, remainder[q]!, ordered(p, remainder[p]!, remainder[q]!));
    }
    stable = solve();
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
    if (s1.length > 0) {
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
      for (const v of s1) {
        const partner = stable[v]!;
        matched.add(v);
        matched.add(partner);
        finalise(v, partner);
      }
    }

    return matched;
  }

  // Colours for each pair (C.04.3 E), and the bye to the one left.
  const result: DutchPairing = { pairs: [], byeId: null };
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
    const higherColour = dutchColour(players[v]!, players[u]!, input.options?.initialColour ?? 'white');
    result.pairs.push(
      higherColour === 'white' ? [players[v]!.id, players[u]!.id] : [players[u]!.id, players[v]!.id],
    );
  }
  return result;
}

/**
 * C.04.3 E: the colour of the higher-ranked player `h` (Dutch order) against `l`. E.3 compares the two
 * players' played games counted back from the latest, as bbpPairings reads it.
 */
export function dutchColour(h: DutchPlayer, l: DutchPlayer, initialColour: Colour): Colour {
  // E.1: compatible preferences.
  if (h.preference === null && l.preference === null) {
    return h.rankIndex % 2 === 0 ? initialColour : opposite(initialColour);
  }
  if (h.preference === null) return opposite(l.preference!);
  if (l.preference === null || h.preference !== l.preference) return h.preference;
  const preference = h.preference;
  // E.2: an absolute preference (both absolute: the larger imbalance); then a strong one against a mild one.
  if (h.isAbsolute || l.isAbsolute) {
    if (h.isAbsolute && (!l.isAbsolute || l.imbalance < h.imbalance)) return preference;
    if (l.isAbsolute && (!h.isAbsolute || h.imbalance < l.imbalance)) return opposite(preference);
  } else if (h.isStrong !== l.isStrong) {
    return h.isStrong ? preference : opposite(preference);
  }
  // E.3: alternate from the latest played game in which they had different colours.
  for (let a = h.colours.length - 1, c = l.colours.length - 1; a >= 0 && c >= 0; a -= 1, c -= 1) {
    if (h.colours[a] !== l.colours[c]) return l.colours[c]!;
  }
  // E.4: the higher-ranked player's preference.
  return preference;
}
