/**
 * Swiss pairing of the next round as one maximum-weight matching (FIDE C.04.1 basic rules, C.04.3 Dutch
 * criteria as weights, colours after matching by C.04.3 Art. 5.2 / E). See docs/pairing.md.
 *
 * Priority (most important first; docs/decisions/014-pairing-priorities.md):
 *  1. hard: no rematch (C.04.1.b), no forbidden pair, everyone paired but at most one (C.04.1.c), and no
 *     second pairing-allocated bye unless the arbiter allows it (C.04.1.d; options.allowRepeatBye);
 *  2. the bye to an eligible player (C.04.1.d: not after a full-point bye or forfeit win) when one can take it;
 *  3. no schoolmates (docs/requirements.md §5) unless no pairing avoids them, then as few as possible;
 *  4. no clubmates (optional), same rule;
 *  5. the bye: the lowest-ranked player among those the rules above allow (the school rule ranks above
 *     the choice of bye: "schoolmates are skipped first, the leftover player gets the bye");
 *  6. no pair of two absolute preferences for the same colour (C.04.3 C.3), same rule as 3;
 *  7. Swiss quality: score differences weighted by score group (the highest groups settle first),
 *     floaters, repeated floats (C.04.3 C.6–C.7, C.14–C.17);
 *  8. colour preferences (C.04.3 C.12–C.13);
 *  9. board order inside a score group (C.04.3 B: S1 against S2).
 *
 * Speed: the matching first runs on a sparse candidate graph (neighbours in the ranking and the S1/S2
 * partners). Its final duals are an LP certificate: if every edge left out has non-negative slack, the
 * sparse optimum is the optimum of the full graph; otherwise the violating edges are added and it runs
 * again (falling back to the full graph). The result is the same as a dense solve, only faster.
 */
import { schoolKeyOf, schoolNameOf } from '../schools';
import type { Colour } from '../scoring/results';
import { InexactMatchingError, maxWeightMatching } from './blossom';
import { maxWeightMatchingBig } from './blossom-big';
import { allocateColours, type ColourAllocation, colourClashCost } from './colours';
import { tryPairDutch } from './dutch';
import type { DutchCriterion } from './dutch-criteria';
import { decidingCriterion } from './dutch-explain';
import { buildPlayerStates, colourSideOf, type PlayerState } from './history';
import {
  type Board,
  type ByePassedOverReason,
  PairingError,
  type PairingInput,
  type PairingNote,
  type PairingResult,
  type SolveEvent,
} from './types';
import {
  buildBigLayout,
  buildLayout,
  COLOUR_COST_MAX,
  type EdgeCosts,
  edgeWeightBig,
  FLOAT_COST_MAX,
  type OptionalField,
  type WeightLayout,
} from './weights';

const WINDOW = 8;
const PARTNER_WINDOW = 6;
const COMPATIBLE_EXTRA = 2;
const MAX_CERTIFY_ROUNDS = 4;

interface Field {
  states: PlayerState[];
  /** rank-sorted: index 0 is the highest ranked (score desc, pairing number asc). */
  score: Int32Array;
  /** Lowest score of the players to pair (score-group weight of a float: 1 + score − minScore). */
  minScore: number;
  /** Largest diffCost of any pair. */
  maxDiffCost: number;
  groupStart: Int32Array;
  groupSize: Int32Array;
  /** 1 when the pair may never meet (met before, or forbidden). */
  blocked: Uint8Array;
  schoolKey: (string | null)[];
  clubKey: (string | null)[];
  /**
   * The same facts as numbers, for the hot loops (edge weights of up to millions of pairs at 3,000 players):
   * school and club ids (−1 none), a colour-preference kind per player with the clash cost of each pair of
   * kinds (colourClashCost), and the last float.
   */
  schoolId: Int32Array;
  clubId: Int32Array;
  preferenceKind: Uint8Array;
  preferenceKinds: number;
  clashOfKinds: Uint8Array;
  lastFloatDown: Uint8Array;
  lastFloatUp: Uint8Array;
  onSolve: ((event: SolveEvent) => void) | undefined;
  isDenseGraph: boolean;
  isBigIntSolver: boolean;
}

const normalise = (text: string | null | undefined): string | null => {
  const trimmed = text?.trim().toLowerCase();
  return trimmed ? trimmed : null;
};

function buildField(
  states: PlayerState[],
  forbidden: ReadonlySet<string>,
  isClubAvoided: boolean,
  onSolve: ((event: SolveEvent) => void) | undefined,
  isDenseGraph: boolean,
  isBigIntSolver: boolean,
): Field {
  const m = states.length;
  const score = Int32Array.from(states.map((state) => state.score));
  const groupStart = new Int32Array(m);
  const groupSize = new Int32Array(m);
  for (let start = 0; start < m; ) {
    let end = start;
    while (end < m && score[end] === score[start]) end += 1;
    for (let i = start; i < end; i += 1) {
      groupStart[i] = start;
      groupSize[i] = end - start;
    }
    start = end;
  }
  const indexOf = new Map(states.map((state, index) => [state.player.id, index]));
  const blocked = new Uint8Array(m * m);
  states.forEach((state, i) => {
    for (const opponent of state.opponents) {
      const j = indexOf.get(opponent);
      if (j !== undefined) {
        blocked[i * m + j] = 1;
        blocked[j * m + i] = 1;
      }
    }
  });
  for (const key of forbidden) {
    const [a, b] = key.split('\u0000');
    const i = indexOf.get(a ?? '');
    const j = indexOf.get(b ?? '');
    if (i !== undefined && j !== undefined) {
      blocked[i * m + j] = 1;
      blocked[j * m + i] = 1;
    }
  }
  let minScore = 0;
  let maxScore = 0;
  if (m > 0) {
    minScore = Math.min(...score);
    maxScore = Math.max(...score);
  }
  const spread = maxScore - minScore;
  const schoolKey = states.map((state) => schoolKeyOf(state.player));
  const clubKey = states.map((state) => (isClubAvoided ? normalise(state.player.club) : null));
  const ids = (keys: (string | null)[]): Int32Array => {
    const idOf = new Map<string, number>();
    return Int32Array.from(keys, (key) => {
      if (key === null) return -1;
      if (!idOf.has(key)) idOf.set(key, idOf.size);
      return idOf.get(key)!;
    });
  };
  const kindOf = new Map<string, number>();
  const kindPreferences: PlayerState['preference'][] = [];
  const preferenceKind = Uint8Array.from(states, (state) => {
    const key = `${state.preference.colour}/${state.preference.strength}`;
    if (!kindOf.has(key)) {
      kindOf.set(key, kindOf.size);
      kindPreferences.push(state.preference);
    }
    return kindOf.get(key)!;
  });
  const kinds = kindPreferences.length;
  const clashOfKinds = new Uint8Array(kinds * kinds);
  for (let a = 0; a < kinds; a += 1) {
    for (let b = 0; b < kinds; b += 1) {
      clashOfKinds[a * kinds + b] = colourClashCost(kindPreferences[a]!, kindPreferences[b]!);
    }
  }
  return {
    states,
    score,
    minScore,
    maxDiffCost: spread * (spread + 1),
    groupStart,
    groupSize,
    blocked,
    schoolKey,
    clubKey,
    schoolId: ids(schoolKey),
    clubId: ids(clubKey),
    preferenceKind,
    preferenceKinds: kinds,
    clashOfKinds,
    lastFloatDown: Uint8Array.from(states, (state) => (state.lastFloat === 'down' ? 1 : 0)),
    lastFloatUp: Uint8Array.from(states, (state) => (state.lastFloat === 'up' ? 1 : 0)),
    onSolve,
    isDenseGraph,
    isBigIntSolver,
  };
}

/** Costs of pairing i and j (i < j, so i is ranked higher). */
function edgeCosts(field: Field, i: number, j: number): EdgeCosts {
  const a = field.states[i]!;
  const b = field.states[j]!;
  const scoreDifference = field.score[i]! - field.score[j]!;
  const colourCost = colourClashCost(a.preference, b.preference);
  let floatCost = 0;
  let orderCost: number;
  if (scoreDifference > 0) {
    floatCost = 4 + (a.lastFloat === 'down' ? 1 : 0) + (b.lastFloat === 'up' ? 1 : 0);
    // A downfloater comes from the bottom of its group and meets the top of the lower group.
    orderCost = field.groupStart[i]! + field.groupSize[i]! - 1 - i + (j - field.groupStart[j]!);
  } else {
    orderCost = Math.abs(j - i - Math.floor(field.groupSize[i]! / 2));
  }
  return {
    isSchool: field.schoolKey[i] !== null && field.schoolKey[i] === field.schoolKey[j],
    isClub: field.clubKey[i] !== null && field.clubKey[i] === field.clubKey[j],
    isClash: colourCost === 3,
    scoreDifference,
    diffCost: scoreDifference * (1 + field.score[i]! - field.minScore),
    floatCost,
    colourCost: Math.min(colourCost, 2),
    orderCost,
  };
}

const clashOf = (field: Field, i: number, j: number): number =>
  field.clashOfKinds[field.preferenceKind[i]! * field.preferenceKinds + field.preferenceKind[j]!]!;

/**
 * The number weight of pairing i and j (i < j): the fields of edgeCosts, added as edgeWeightBig adds them
 * (without the completion unit), computed on the Field's typed arrays without building the costs object,
 * for the matching's hot loops (engine.test.ts checks the optimum against the BigInt path).
 */
function fastEdgeWeight(field: Field, layout: WeightLayout, i: number, j: number): number {
  const scoreDifference = field.score[i]! - field.score[j]!;
  const clash = clashOf(field, i, j);
  let floatCost = 0;
  let orderCost: number;
  if (scoreDifference > 0) {
    floatCost = 4 + field.lastFloatDown[i]! + field.lastFloatUp[j]!;
    orderCost = field.groupStart[i]! + field.groupSize[i]! - 1 - i + (j - field.groupStart[j]!);
  } else {
    orderCost = Math.abs(j - i - Math.floor(field.groupSize[i]! / 2));
  }
  const diffCost = scoreDifference * (1 + field.score[i]! - field.minScore);
  const school = field.schoolId[i]!;
  const club = field.clubId[i]!;
  return (
    layout.completion +
    (school >= 0 && school === field.schoolId[j] ? 0 : layout.school) +
    (club >= 0 && club === field.clubId[j] ? 0 : layout.club) +
    (clash === 3 ? 0 : layout.clash) +
    (layout.maxDiffCost - diffCost) * layout.diff +
    (FLOAT_COST_MAX - floatCost) * layout.float +
    (COLOUR_COST_MAX - Math.min(clash, 2)) * layout.colour +
    (layout.orderCap - Math.min(orderCost, layout.orderCap)) * layout.order
  );
}

interface Restriction {
  /** Edges of these kinds are deleted (a complete pairing without them exists). */
  deleted: ReadonlySet<OptionalField>;
}

function isEdgeAllowed(field: Field, restriction: Restriction, i: number, j: number): boolean {
  const m = field.states.length;
  if (field.blocked[i * m + j]) return false;
  if (restriction.deleted.size === 0) return true;
  if (
    restriction.deleted.has('school') &&
    field.schoolId[i]! >= 0 &&
    field.schoolId[i] === field.schoolId[j]
  ) {
    return false;
  }
  if (restriction.deleted.has('club') && field.clubId[i]! >= 0 && field.clubId[i] === field.clubId[j]) {
    return false;
  }
  if (restriction.deleted.has('clash')) return clashOf(field, i, j) !== 3;
  return true;
}

/**
 * Sparse candidate partners of each player: ranking neighbours, the S1/S2 partners in its score group
 * (every position where the board-order cost is below its cap), and the nearest colour-compatible allowed
 * partners beyond those. Anything missing is added back by the certificate check.
 */
function candidatePairs(
  field: Field,
  vertices: readonly number[],
  isAllowed: (i: number, j: number) => boolean,
): [number, number][] {
  const pairs: [number, number][] = [];
  const count = vertices.length;
  const seen = new Uint8Array(count * count);
  const add = (x: number, y: number): boolean => {
    if (x === y || x < 0 || y < 0 || x >= count || y >= count) return false;
    const a = Math.min(x, y);
    const b = Math.max(x, y);
    if (seen[a * count + b]) return false;
    seen[a * count + b] = 1;
    pairs.push([a, b]);
    return true;
  };
  for (let x = 0; x < count; x += 1) {
    for (let d = 1; d <= WINDOW; d += 1) add(x, x + d);
    const i = vertices[x]!;
    const half = Math.floor(field.groupSize[i]! / 2);
    for (let d = -PARTNER_WINDOW; d <= PARTNER_WINDOW; d += 1) {
      add(x, x + half + d);
      add(x, x - half + d);
    }
    const preference = field.states[i]!.preference;
    for (const direction of [1, -1]) {
      let found = 0;
      for (let d = PARTNER_WINDOW + 1; found < COMPATIBLE_EXTRA && d <= count; d += 1) {
        const y = x + direction * (half + d);
        const z = x + direction * (half - d);
        for (const other of [y, z]) {
          if (other < 0 || other >= count || other === x) continue;
          const j = vertices[other]!;
          if (field.score[j] !== field.score[i]) continue;
          if (colourClashCost(preference, field.states[j]!.preference) !== 0) continue;
          if (!isAllowed(Math.min(i, j), Math.max(i, j))) continue;
          add(x, other);
          found += 1;
        }
        if (x + direction * (half + d) >= count && x + direction * (half - d) < 0) break;
      }
    }
  }
  return pairs;
}

/** A matching over positions in `vertices`, with its final duals (an optimality certificate). */
type CertifiedMatching = ReturnType<typeof maxWeightMatching>;

/**
 * Maximum-weight matching over `vertices` (positions into field, rank order) with weight(i, j) (−1 = no
 * edge), proven optimal on the full graph by the dual certificate.
 */
function solveCertified(
  field: Field,
  vertices: readonly number[],
  weightOf: (i: number, j: number) => number,
  /**
   * An upper bound of weightOf(i, j) for any pair whose scores are `higher` ≥ `lower` (prunes the
   * certificate check; tabulated once per solve for every pair of scores present).
   */
  weightBound: (higher: number, lower: number) => number,
  purpose: SolveEvent['purpose'],
  /**
   * Edges [position x in vertices, weight] to one extra vertex (number `vertices.length`: the bye). They are
   * all in the graph from the start, so the certificate needs to check only the pairs of players.
   */
  byeEdges: readonly (readonly [number, number])[] = [],
  /**
   * Max-cardinality mode (weights without a completion field; `vertices` has even length). The duals
   * certify only a perfect matching, so a sparse result that is not perfect is re-solved on the full graph.
   */
  isMaxCardinality = false,
): CertifiedMatching {
  const count = vertices.length;
  const vertexCount = count + (byeEdges.length > 0 ? 1 : 0);
  const inGraph = new Uint8Array(count * count);
  let from: number[] = [];
  let to: number[] = [];
  let weights: number[] = [];
  const addEdge = (x: number, y: number, w: number) => {
    from.push(x);
    to.push(y);
    weights.push(w);
  };
  const addByeEdges = () => {
    for (const [x, w] of byeEdges) addEdge(x, count, w);
  };
  const solve = () =>
    maxWeightMatching({
      vertexCount,
      edgeFrom: Int32Array.from(from),
      edgeTo: Int32Array.from(to),
      weight: Float64Array.from(weights),
      isMaxCardinality,
    });
  const report = (mate: Int32Array, violations: number, isFullGraph: boolean) => {
    if (!field.onSolve) return;
    // Summed in BigInt: at 3,000 players the total passes 2^53 (then reported as NaN, never rounded).
    let total = 0n;
    mate.forEach((partner, x) => {
      if (partner > x && partner < count) total += BigInt(weightOf(vertices[x]!, vertices[partner]!));
      if (partner === count) total += BigInt(byeEdges.find(([y]) => y === x)?.[1] ?? 0);
    });
    const matchingWeight = total <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(total) : Number.NaN;
    field.onSolve({
      purpose,
      vertices: vertexCount,
      edges: from.length,
      violations,
      isFullGraph,
      matchingWeight,
    });
  };
  const solveOnFullGraph = () => {
    from = [];
    to = [];
    weights = [];
    addByeEdges();
    for (let x = 0; x < count; x += 1) {
      for (let y = x + 1; y < count; y += 1) {
        inGraph[x * count + y] = 1;
        const w = weightOf(vertices[x]!, vertices[y]!);
        if (w >= 0) addEdge(x, y, w);
      }
    }
    const solved = solve();
    report(solved.mate, 0, true);
    return solved;
  };
  if (field.isDenseGraph) return solveOnFullGraph();
  addByeEdges();
  for (const [x, y] of candidatePairs(field, vertices, (i, j) => weightOf(i, j) >= 0)) {
    inGraph[x * count + y] = 1;
    const w = weightOf(vertices[x]!, vertices[y]!);
    if (w >= 0) addEdge(x, y, w);
  }
  const pending: number[] = [];
  // The certificate scan visits every pair: scores and the bound by score difference in flat arrays.
  let low = 0;
  let high = 0;
  for (let x = 0; x < count; x += 1) {
    const score = field.score[vertices[x]!]!;
    if (x === 0 || score < low) low = score;
    if (x === 0 || score > high) high = score;
  }
  const levels = high - low + 1;
  const scoreAt = Int32Array.from(vertices, (i) => field.score[i]! - low);
  const twiceBound = new Float64Array(levels * levels);
  for (let a = 0; a < levels; a += 1) {
    for (let b = 0; b < levels; b += 1) {
      twiceBound[a * levels + b] = 2 * weightBound(Math.max(a, b) + low, Math.min(a, b) + low);
    }
  }
  for (let attempt = 0; attempt < MAX_CERTIFY_ROUNDS; attempt += 1) {
    const solved = solve();
    const { mate, vertexDual, reducedCost } = solved;
    if (isMaxCardinality && matchedPairs(mate) * 2 !== count) {
      report(mate, 0, false);
      break;
    }
    let violations = 0;
    for (let x = 0; x < count; x += 1) {
      const dx = vertexDual[x]!;
      const boundRow = scoreAt[x]! * levels;
      const row = x * count;
      for (let y = x + 1; y < count; y += 1) {
        if (inGraph[row + y]) continue;
        // Feasible even without the blossom terms (which are ≥ 0): nothing to compute.
        if (dx + vertexDual[y]! >= twiceBound[boundRow + scoreAt[y]!]!) continue;
        const w = weightOf(vertices[x]!, vertices[y]!);
        // The same without the blossom terms, with the true weight; only then the blossom walk.
        if (w < 0 || dx + vertexDual[y]! >= 2 * w) continue;
        if (reducedCost(x, y, w) < 0) {
          violations += 1;
          pending.push(x, y, w);
        }
      }
    }
    report(mate, violations, false);
    if (violations === 0) return solved;
    // Added only after the scan, so that the reduced costs all refer to the same duals.
    for (let k = 0; k < pending.length; k += 3) {
      inGraph[pending[k]! * count + pending[k + 1]!] = 1;
      addEdge(pending[k]!, pending[k + 1]!, pending[k + 2]!);
    }
    pending.length = 0;
  }
  return solveOnFullGraph();
}

/** solveCertified for BigInt weights (null = no edge). */
function solveCertifiedBig(
  field: Field,
  vertices: readonly number[],
  weightOf: (i: number, j: number) => bigint | null,
  /**
   * An upper bound of weightOf(i, j) as a double (inexact beyond 2^53: it is only used with a safety margin
   * far above the rounding errors, to skip pairs whose reduced cost is clearly positive).
   */
  weightBound: (i: number, j: number) => number,
  /** The completion unit in every edge's weight: left out of the reported total (as the doubles path has none). */
  completion: bigint,
): Int32Array {
  const count = vertices.length;
  const inGraph = new Uint8Array(count * count);
  const from: number[] = [];
  const to: number[] = [];
  const weights: bigint[] = [];
  const addEdge = (x: number, y: number, w: bigint) => {
    inGraph[x * count + y] = 1;
    from.push(x);
    to.push(y);
    weights.push(w);
  };
  const solve = () =>
    maxWeightMatchingBig({
      vertexCount: count,
      edgeFrom: Int32Array.from(from),
      edgeTo: Int32Array.from(to),
      weight: weights,
    });
  const report = (mate: Int32Array, violations: number, isFullGraph: boolean) => {
    if (!field.onSolve) return;
    let total = 0n;
    mate.forEach((partner, x) => {
      if (partner > x) total += (weightOf(vertices[x]!, vertices[partner]!) ?? 0n) - completion;
    });
    field.onSolve({
      purpose: 'pairing-bigint',
      vertices: count,
      edges: from.length,
      violations,
      isFullGraph,
      matchingWeight: total <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(total) : Number.NaN,
    });
  };
  for (const [x, y] of candidatePairs(field, vertices, (i, j) => weightOf(i, j) !== null)) {
    const w = weightOf(vertices[x]!, vertices[y]!);
    if (w !== null) addEdge(x, y, w);
    else inGraph[x * count + y] = 1;
  }
  for (let attempt = 0; attempt < MAX_CERTIFY_ROUNDS && !field.isDenseGraph; attempt += 1) {
    const { mate, reducedCost, vertexDual } = solve();
    const pending: [number, number, bigint][] = [];
    const dual = vertexDual.map(Number);
    // Each rounding error is below (largest value) · 2^−52; the margin is 2^12 times that.
    const margin = Math.max(2 ** 42, Math.max(...dual, weightBound(vertices[0]!, vertices[0]!)) * 2 ** -40);
    for (let x = 0; x < count; x += 1) {
      for (let y = x + 1; y < count; y += 1) {
        if (inGraph[x * count + y]) continue;
        if (dual[x]! + dual[y]! - 2 * weightBound(vertices[x]!, vertices[y]!) > margin) continue;
        const w = weightOf(vertices[x]!, vertices[y]!);
        if (w !== null && reducedCost(x, y, w) < 0n) pending.push([x, y, w]);
      }
    }
    report(mate, pending.length, false);
    if (pending.length === 0) return mate;
    for (const [x, y, w] of pending) addEdge(x, y, w);
  }
  for (let x = 0; x < count; x += 1) {
    for (let y = x + 1; y < count; y += 1) {
      if (inGraph[x * count + y]) continue;
      const w = weightOf(vertices[x]!, vertices[y]!);
      if (w !== null) addEdge(x, y, w);
    }
  }
  const { mate } = solve();
  report(mate, 0, true);
  return mate;
}

const matchedPairs = (mate: Int32Array): number =>
  mate.reduce((sum, partner) => sum + (partner >= 0 ? 1 : 0), 0) / 2;

function hasCompletePairing(field: Field, vertices: readonly number[], restriction: Restriction): boolean {
  const { mate } = solveCertified(
    field,
    vertices,
    (i, j) => (isEdgeAllowed(field, restriction, i, j) ? 1 : -1),
    () => 1,
    'feasibility',
  );
  return matchedPairs(mate) * 2 === vertices.length;
}

function isKind(field: Field, kind: OptionalField, i: number, j: number): boolean {
  switch (kind) {
    case 'school':
      return field.schoolKey[i] !== null && field.schoolKey[i] === field.schoolKey[j];
    case 'club':
      return field.clubKey[i] !== null && field.clubKey[i] === field.clubKey[j];
    case 'clash':
      return colourClashCost(field.states[i]!.preference, field.states[j]!.preference) === 3;
  }
}

/**
 * Lexicographic minimum numbers of pairs of the `kept` kinds (most important first) over complete pairings
 * of `vertices` without the `deleted` kinds of edges, or null when none is complete. Small weights: only
 * completion and one 0/1 field per kept kind.
 */
function minimumCounts(
  field: Field,
  vertices: readonly number[],
  kept: readonly OptionalField[],
  deleted: ReadonlySet<OptionalField>,
): number[] | null {
  const pairs = Math.max(1, vertices.length / 2);
  const units: number[] = [];
  let maxLower = 0;
  for (let index = kept.length - 1; index >= 0; index -= 1) {
    const unit = pairs * maxLower + 1;
    units[index] = unit;
    maxLower += unit;
  }
  const completion = pairs * maxLower + 1;
  const restriction: Restriction = { deleted };
  const weightOf = (i: number, j: number): number => {
    const [a, b] = i < j ? [i, j] : [j, i];
    if (!isEdgeAllowed(field, restriction, a, b)) return -1;
    let weight = completion;
    kept.forEach((kind, index) => {
      if (!isKind(field, kind, a, b)) weight += units[index]!;
    });
    return weight;
  };
  const { mate } = solveCertified(field, vertices, weightOf, () => completion + maxLower, 'feasibility');
  if (matchedPairs(mate) * 2 !== vertices.length) return null;
  const counts = kept.map(() => 0);
  mate.forEach((partner, x) => {
    if (partner <= x) return;
    kept.forEach((kind, index) => {
      if (isKind(field, kind, vertices[x]!, vertices[partner]!)) counts[index]! += 1;
    });
  });
  return counts;
}

/** The sum of lower fields' largest benefits: with the completion unit, an upper bound of an edge's weight. */
function layoutBound(layout: WeightLayout): number {
  return (
    layout.completion +
    layout.school +
    layout.club +
    layout.clash +
    FLOAT_COST_MAX * layout.float +
    COLOUR_COST_MAX * layout.colour +
    layout.orderCap * layout.order
  );
}

/** weightOf and its cheap upper bound for one number layout (−1 = no edge). */
function layoutWeights(field: Field, restriction: Restriction, layout: WeightLayout) {
  const lowerBase = layoutBound(layout);
  return {
    weightOf: (i: number, j: number): number => {
      const a = i < j ? i : j;
      const b = i < j ? j : i;
      return isEdgeAllowed(field, restriction, a, b) ? fastEdgeWeight(field, layout, a, b) : -1;
    },
    // The score-difference field exactly (it depends on the two scores only), the others at their best.
    weightBound: (higher: number, lower: number): number =>
      lowerBase + (layout.maxDiffCost - (higher - lower) * (1 + higher - field.minScore)) * layout.diff,
  };
}

function solvePairing(
  field: Field,
  vertices: readonly number[],
  restriction: Restriction,
  active: ReadonlySet<OptionalField>,
): { mate: Int32Array } {
  const pairs = vertices.length / 2;
  const layout = buildLayout(pairs, field.maxDiffCost, active);
  if (layout !== null && !field.isBigIntSolver) {
    const { weightOf, weightBound } = layoutWeights(field, restriction, layout);
    try {
      return {
        mate: solveCertified(field, vertices, weightOf, weightBound, 'pairing', [], true).mate,
      };
    } catch (error) {
      // The duals left the exact range of doubles (never seen in practice): the exact BigInt matcher,
      // reported as 'pairing-bigint' like every BigInt solve.
      if (!(error instanceof InexactMatchingError)) throw error;
    }
  }
  // BigInt: the same fields at once, with a completion field (exact, slower), with the same certificate.
  const big = buildBigLayout(pairs, field.maxDiffCost, active);
  const lowerBase =
    Number(big.completion + big.school + big.club + big.clash) +
    FLOAT_COST_MAX * Number(big.float) +
    COLOUR_COST_MAX * Number(big.colour) +
    big.orderCap * Number(big.order);
  const diffUnit = Number(big.diff);
  const mate = solveCertifiedBig(
    field,
    vertices,
    (i, j) => {
      const [a, b] = i < j ? [i, j] : [j, i];
      return isEdgeAllowed(field, restriction, a, b) ? edgeWeightBig(big, edgeCosts(field, a, b)) : null;
    },
    (i, j) => lowerBase + (big.maxDiffCost - Math.abs(field.score[i]! - field.score[j]!)) * diffUnit,
    big.completion,
  );
  return { mate };
}

/** 0 eligible for the bye; 1 after a full-point bye or forfeit win; 2 after a pairing-allocated bye. */
const byeTier = (state: PlayerState): number => (state.pairingByes > 0 ? 2 : state.isByeEligible ? 0 : 1);

interface ByeChoice {
  byeIndex: number;
  /** Schoolmate and clubmate pairs of the best pairing without the bye player (the minimum). */
  counts: number[];
}

/**
 * The bye of an odd field, in priority order: a complete pairing, the bye to the best tier of candidate,
 * fewest pairs of the `kinds` (school, club), then the lowest-ranked candidate. One matching with an extra
 * vertex for the bye (joined to every candidate) and small exact weights; null when no candidate leaves a
 * complete pairing.
 */
function chooseBye(
  field: Field,
  all: readonly number[],
  candidates: readonly number[],
  kinds: readonly OptionalField[],
): ByeChoice | null {
  const m = all.length;
  const edges = (m + 1) / 2;
  // Units from the largest sums of the lower fields over a matching: rank (one bye edge, 0..m−1), each
  // kind (0..edges), tier (one bye edge, 0..2).
  const rankUnit = 1;
  let maxLower = m - 1;
  const kindUnits: number[] = [];
  for (let k = kinds.length - 1; k >= 0; k -= 1) {
    kindUnits[k] = maxLower + 1;
    maxLower += edges * kindUnits[k]!;
  }
  const tierUnit = maxLower + 1;
  maxLower += 2 * tierUnit;
  const completion = maxLower + 1;
  const hard: Restriction = { deleted: new Set() };
  const pairWeight = (i: number, j: number): number => {
    const [a, b] = i < j ? [i, j] : [j, i];
    if (!isEdgeAllowed(field, hard, a, b)) return -1;
    let weight = completion;
    kinds.forEach((kind, k) => {
      if (!isKind(field, kind, a, b)) weight += kindUnits[k]!;
    });
    return weight;
  };
  const clean = kindUnits.reduce((sum, unit) => sum + unit, 0);
  const byeEdges = candidates.map(
    (index) =>
      [
        index,
        completion + clean + (2 - byeTier(field.states[index]!)) * tierUnit + index * rankUnit,
      ] as const,
  );
  const { mate } = solveCertified(
    field,
    all,
    pairWeight,
    () => completion + clean,
    'feasibility',
    byeEdges.map(([index, weight]) => [all.indexOf(index), weight] as const),
  );
  if (mate.some((partner) => partner === -1)) return null;
  const byeIndex = all[mate[m]!]!;
  const counts = kinds.map(() => 0);
  mate.forEach((partner, x) => {
    if (partner <= x || partner >= m) return;
    kinds.forEach((kind, k) => {
      if (isKind(field, kind, all[x]!, all[partner]!)) counts[k]! += 1;
    });
  });
  return { byeIndex, counts };
}

const MAX_PASSED_OVER_LISTED = 10;

/** Reasons to pass a player over for the bye that rank above every quality criterion. */
const OUTRANKING_REASONS = new Set<ByePassedOverReason>([
  'already had the pairing-allocated bye',
  'already had a bye or forfeit win',
  'no complete pairing',
  'more schoolmate pairs',
  'more clubmate pairs',
  'C4',
]);

const compareRank = (a: PlayerState, b: PlayerState): number =>
  b.score - a.score || a.player.pairingNumber - b.player.pairingNumber;

/** Pairs the next round. Throws PairingError('no_valid_pairing') when the hard rules cannot be met. */
export function pairNextRound(input: PairingInput): PairingResult {
  const states = buildPlayerStates(input);
  const options = input.options ?? {};
  const initialColour: Colour = options.initialColour ?? 'white';
  const notes: PairingNote[] = [];
  const toPair: PlayerState[] = [];
  for (const state of [...states.values()].sort(compareRank)) {
    if (!state.player.isActive)
      notes.push({ kind: 'left_out', playerId: state.player.id, reason: 'withdrawn' });
    else if (state.isPreAssigned) {
      notes.push({ kind: 'left_out', playerId: state.player.id, reason: 'bye or absence already entered' });
    } else toPair.push(state);
  }
  const forbidden = new Set<string>();
  for (const [a, b] of options.forbiddenPairs ?? []) {
    forbidden.add(`${a}\u0000${b}`);
  }
  const isClubAvoided = options.isSameClubAvoided === true;
  const field = buildField(
    toPair,
    forbidden,
    isClubAvoided,
    options.onSolve,
    options.isDenseGraph === true,
    options.isBigIntSolver === true,
  );
  const m = toPair.length;
  const all = Array.from({ length: m }, (_, index) => index);

  // Bye candidates, lowest-ranked first, the eligible ones before the others (C.04.1.d); a second
  // pairing-allocated bye only with the arbiter's consent.
  const allowRepeatBye = options.allowRepeatBye === true;
  const lowestFirst = [...all].reverse();
  const tierOf = (index: number) => byeTier(toPair[index]!);
  const byeCandidates = [0, 1, 2]
    .filter((tier) => tier < 2 || allowRepeatBye)
    .flatMap((tier) => lowestFirst.filter((index) => tierOf(index) === tier));
  // Where the school rule does not bind, FIDE's Dutch pairing (ADR 046): it is the pairing when it keeps
  // every schoolmate pair apart (clubmates too when avoided). Otherwise, and with a repeat bye allowed,
  // the matching below ranks the school rule above the criteria it would have to relax.
  if (!allowRepeatBye && m > 0 && options.isMatchingOnly !== true) {
    const dutch = pairByDutchRules(input, field, isClubAvoided);
    if (dutch !== null) {
      const boards = boardsWithNotes(field, dutch.chosen, notes, {
        isClubAvoided,
        clashReason: 'topscorers_last_round',
      });
      if (dutch.bye) notes.push(dutch.bye);
      return { roundNumber: input.roundNumber, boards, byePlayerId: dutch.bye?.playerId ?? null, notes };
    }
  }
  const optionalOrder: OptionalField[] = isClubAvoided ? ['school', 'club', 'clash'] : ['school', 'clash'];
  const byeKinds: OptionalField[] = isClubAvoided ? ['school', 'club'] : ['school'];

  let byeIndex = -1;
  let vertices = all;
  let result: { mate: Int32Array } | null = null;
  let active = new Set<OptionalField>();
  const passedOver: { index: number; reason: ByePassedOverReason }[] = [];
  let morePassedOver = 0;

  // Optimistic path: the best candidate gets the bye, and every avoidable edge kind is deleted. When that
  // pairing is complete nothing above the bye rank needed relaxing, so it is the lexicographic optimum.
  if (m % 2 === 1 && byeCandidates.length > 0) {
    byeIndex = byeCandidates[0]!;
    vertices = all.filter((index) => index !== byeIndex);
  }
  if (m > 1 && (m % 2 === 0 || byeIndex >= 0)) {
    const attempt = solvePairing(field, vertices, { deleted: new Set(optionalOrder) }, active);
    if (matchedPairs(attempt.mate) * 2 === vertices.length) result = attempt;
  }
  if (result === null && m > 1) {
    // Rare path: choose the bye over every candidate at once (completion, tier, schoolmates, clubmates,
    // then rank), then decide which kinds of edges can be avoided.
    const hard: Restriction = { deleted: new Set() };
    if (m % 2 === 1) {
      const choice = chooseBye(field, all, byeCandidates, byeKinds);
      if (choice === null) {
        const repeat = lowestFirst.filter((index) => tierOf(index) === 2);
        if (!allowRepeatBye && repeat.length > 0) {
          const could = repeat.slice(0, MAX_PASSED_OVER_LISTED).filter((index) =>
            hasCompletePairing(
              field,
              all.filter((other) => other !== index),
              hard,
            ),
          );
          if (could.length > 0) {
            throw new PairingError(
              'repeat_bye_needed',
              'no valid pairing unless a player gets a second pairing-allocated bye (the arbiter may allow it)',
              could.map((index) => toPair[index]!.player.id),
            );
          }
        }
        throw new PairingError(
          'no_valid_pairing',
          'no valid pairing: every way of giving the bye leaves players who have all met already',
        );
      }
      byeIndex = choice.byeIndex;
      vertices = all.filter((index) => index !== byeIndex);
      // Lower-ranked players passed over, and the true reason for each (at most 10 examined).
      const byeTierValue = tierOf(byeIndex);
      for (const index of lowestFirst) {
        if (index <= byeIndex) break;
        if (passedOver.length >= MAX_PASSED_OVER_LISTED) {
          morePassedOver += 1;
          continue;
        }
        const tier = tierOf(index);
        if (tier === 2 && (!allowRepeatBye || byeTierValue < 2)) {
          passedOver.push({ index, reason: 'already had the pairing-allocated bye' });
        } else if (tier > byeTierValue) {
          passedOver.push({ index, reason: 'already had a bye or forfeit win' });
        } else {
          const rest = all.filter((other) => other !== index);
          const counts = minimumCounts(field, rest, byeKinds, new Set());
          const isMoreSchool = counts !== null && counts[0]! > choice.counts[0]!;
          passedOver.push({
            index,
            reason:
              counts === null
                ? 'no complete pairing'
                : isMoreSchool
                  ? 'more schoolmate pairs'
                  : 'more clubmate pairs',
          });
        }
      }
    } else if (!hasCompletePairing(field, vertices, hard)) {
      throw new PairingError(
        'no_valid_pairing',
        'no valid pairing: some players have already met everyone left',
      );
    }
    // A kind of edge is deleted when the optimum of the kinds above it does not need it (then no
    // lexicographically optimal pairing has one); otherwise it stays as a weight field.
    const deleted = new Set<OptionalField>();
    const kept: OptionalField[] = [];
    for (const kind of optionalOrder) {
      const trial = new Set(deleted).add(kind);
      if (kept.length === 0) {
        if (hasCompletePairing(field, vertices, { deleted: trial })) deleted.add(kind);
        else kept.push(kind);
        continue;
      }
      const withKind = minimumCounts(field, vertices, kept, deleted);
      const withoutKind = minimumCounts(field, vertices, kept, trial);
      if (
        withoutKind !== null &&
        withKind !== null &&
        withoutKind.every((count, k) => count === withKind[k])
      ) {
        deleted.add(kind);
      } else kept.push(kind);
    }
    active = new Set(optionalOrder.filter((kind) => !deleted.has(kind)));
    result = solvePairing(field, vertices, { deleted }, active);
    if (matchedPairs(result.mate) * 2 !== vertices.length) {
      throw new PairingError('no_valid_pairing', 'no valid pairing found');
    }
  } else if (m % 2 === 1 && byeIndex >= 0) {
    // Optimistic path: everyone ranked below the bye was passed over for the bye rule alone.
    for (const index of lowestFirst) {
      if (index <= byeIndex) break;
      if (passedOver.length >= MAX_PASSED_OVER_LISTED) morePassedOver += 1;
      else {
        passedOver.push({
          index,
          reason:
            tierOf(index) === 2
              ? 'already had the pairing-allocated bye'
              : 'already had a bye or forfeit win',
        });
      }
    }
  } else if (m === 1 && byeCandidates.length === 0) {
    throw new PairingError(
      'repeat_bye_needed',
      'no valid pairing unless a player gets a second pairing-allocated bye (the arbiter may allow it)',
      [toPair[0]!.player.id],
    );
  } else if (m === 1) {
    byeIndex = 0;
    vertices = [];
  }

  const chosen: ChosenPair[] = [];
  if (result) {
    result.mate.forEach((partner, x) => {
      if (partner <= x) return;
      const [hi, lo] = [vertices[x]!, vertices[partner]!].sort((p, q) => p - q) as [number, number];
      const allocation = allocateColours(colourSideOf(toPair[hi]!), colourSideOf(toPair[lo]!), initialColour);
      chosen.push({ hi, lo, ...allocation });
    });
  }
  const boards = boardsWithNotes(field, chosen, notes, { isClubAvoided, clashReason: 'unavoidable' });

  let byePlayerId: string | null = null;
  if (byeIndex >= 0) {
    const bye = toPair[byeIndex]!;
    byePlayerId = bye.player.id;
    const tier = byeTier(bye);
    const hasEligible = toPair.some((state) => byeTier(state) === 0);
    notes.push({
      kind: 'bye',
      playerId: bye.player.id,
      reason:
        tier === 0
          ? 'lowest-ranked eligible player'
          : tier === 2
            ? 'repeat bye allowed by the arbiter: no complete pairing otherwise'
            : hasEligible
              ? 'no eligible player can take it: lowest-ranked player who can'
              : 'no eligible player: lowest-ranked player',
      passedOver: passedOver.map(({ index, reason }) => ({ playerId: toPair[index]!.player.id, reason })),
      morePassedOver,
    });
  }
  return { roundNumber: input.roundNumber, boards, byePlayerId, notes };
}

/** Every pair of schoolmates (or clubmates) in the field, by player id: the pairs the school rule avoids. */
function avoidedPairs(field: Field, kind: 'school' | 'club'): [string, string][] {
  const keys = kind === 'school' ? field.schoolKey : field.clubKey;
  const members = new Map<string, number[]>();
  keys.forEach((key, index) => {
    if (key !== null) members.set(key, [...(members.get(key) ?? []), index]);
  });
  const pairs: [string, string][] = [];
  for (const group of members.values()) {
    for (let x = 0; x < group.length; x += 1)
      for (let y = x + 1; y < group.length; y += 1)
        pairs.push([field.states[group[x]!]!.player.id, field.states[group[y]!]!.player.id]);
  }
  return pairs;
}

/**
 * FIDE's Dutch pairing (dutch.ts) of the field with every schoolmate pair (and clubmate pair when avoided)
 * forbidden, as the site engine's result: its pairs by rank with their colours, each downfloater's deciding
 * criterion when asked for (options.explainFloats), and the bye's note. Null when no such pairing exists
 * (the school rule binds, or FIDE's absolute criteria or bye rule would have to give way).
 */
function pairByDutchRules(
  input: PairingInput,
  field: Field,
  isClubAvoided: boolean,
): { chosen: ChosenPair[]; bye: Extract<PairingNote, { kind: 'bye' }> | null } | null {
  const options = input.options ?? {};
  const schoolmates = avoidedPairs(field, 'school');
  const withAvoided = (pairs: readonly (readonly [string, string])[]): PairingInput => ({
    ...input,
    options: { ...options, forbiddenPairs: [...(options.forbiddenPairs ?? []), ...pairs] },
  });
  const dutchInput = withAvoided(
    isClubAvoided ? [...schoolmates, ...avoidedPairs(field, 'club')] : schoolmates,
  );
  const pairing = tryPairDutch(dutchInput);
  if (pairing === null) return null;
  const indexOf = new Map(field.states.map((state, index) => [state.player.id, index]));
  const chosen: ChosenPair[] = pairing.pairs.map(([whiteId, blackId], k) => {
    const [w, b] = [indexOf.get(whiteId)!, indexOf.get(blackId)!];
    const [hi, lo] = w < b ? [w, b] : [b, w];
    const isFloat = field.score[hi]! > field.score[lo]!;
    return {
      hi,
      lo,
      higherColour: hi === w ? 'white' : 'black',
      reason: pairing.colourReasons[k]!,
      ...(isFloat && options.explainFloats
        ? {
            criterion:
              decidingCriterion(dutchInput, pairing, { staysUp: field.states[hi]!.player.id }) ?? 'order',
          }
        : {}),
    };
  });
  if (pairing.byeId === null) return { chosen, bye: null };

  // The lower-ranked players passed over for the bye, the lowest first, each with the criterion that decided.
  const byeIndex = indexOf.get(pairing.byeId)!;
  const passedOver: { playerId: string; reason: ByePassedOverReason }[] = [];
  let morePassedOver = 0;
  const fitsWith = (avoided: readonly (readonly [string, string])[], playerId: string): boolean =>
    tryPairDutch(withAvoided(avoided), { byeTo: playerId }) !== null;
  for (let index = field.states.length - 1; index > byeIndex; index -= 1) {
    if (passedOver.length >= MAX_PASSED_OVER_LISTED) {
      morePassedOver += 1;
      continue;
    }
    const state = field.states[index]!;
    const playerId = state.player.id;
    const tier = byeTier(state);
    let reason: ByePassedOverReason;
    if (tier === 2) reason = 'already had the pairing-allocated bye';
    else if (tier === 1) reason = 'already had a bye or forfeit win';
    else {
      const criterion = decidingCriterion(dutchInput, pairing, { byeTo: playerId }) ?? 'order';
      if (criterion === 'C4') {
        reason =
          isClubAvoided && fitsWith(schoolmates, playerId)
            ? 'more clubmate pairs'
            : fitsWith([], playerId)
              ? 'more schoolmate pairs'
              : 'C4';
      } else reason = criterion;
    }
    passedOver.push({ playerId, reason });
  }
  // The reasons the matching path also gives keep its wording; a quality criterion makes it FIDE's choice.
  const isLowestEligible = passedOver.every(({ reason }) => OUTRANKING_REASONS.has(reason));
  return {
    chosen,
    bye: {
      kind: 'bye',
      playerId: pairing.byeId,
      reason: isLowestEligible
        ? 'lowest-ranked eligible player'
        : 'the bye of the best pairing by the Dutch criteria',
      passedOver,
      morePassedOver,
    },
  };
}

/** A pair of the pairing by rank in the field (hi < lo: hi is ranked higher), with its colours. */
interface ChosenPair extends ColourAllocation {
  hi: number;
  lo: number;
  /** FIDE's Dutch pairing with explainFloats: the criterion that floated `hi` down. */
  criterion?: DutchCriterion;
}

/**
 * The boards in order (the higher score, then the sum of scores, then the higher player's rank: C.04.2.D),
 * with each board's notes added to `notes`: schoolmates, clubmates and colour clashes with why, floats and
 * colours.
 */
function boardsWithNotes(
  field: Field,
  chosen: ChosenPair[],
  notes: PairingNote[],
  rules: { isClubAvoided: boolean; clashReason: 'unavoidable' | 'topscorers_last_round' },
): Board[] {
  const score = field.score;
  chosen.sort(
    (p, q) =>
      Math.max(score[q.hi]!, score[q.lo]!) - Math.max(score[p.hi]!, score[p.lo]!) ||
      score[q.hi]! + score[q.lo]! - (score[p.hi]! + score[p.lo]!) ||
      p.hi - q.hi,
  );
  // The final pairing has the fewest pairs of each relaxed kind (given the rules above it).
  const countOf = (kind: OptionalField) => chosen.filter(({ hi, lo }) => isKind(field, kind, hi, lo)).length;
  const minimumPairs = {
    school: countOf('school'),
    club: rules.isClubAvoided ? countOf('club') : 0,
    clash: countOf('clash'),
  };
  return chosen.map(({ hi, lo, higherColour, reason, criterion }, index): Board => {
    const board = index + 1;
    const higher = field.states[hi]!;
    const lower = field.states[lo]!;
    const lowerColour: Colour = higherColour === 'white' ? 'black' : 'white';
    const costs = edgeCosts(field, hi, lo);
    const ids: [string, string] = [higher.player.id, lower.player.id];
    if (costs.isSchool) {
      notes.push({
        kind: 'schoolmates_paired',
        board,
        playerIds: ids,
        school: schoolNameOf(higher.player) ?? '',
        reason: 'unavoidable',
        minimumPairs: minimumPairs.school,
      });
    }
    if (rules.isClubAvoided && costs.isClub) {
      notes.push({
        kind: 'clubmates_paired',
        board,
        playerIds: ids,
        club: higher.player.club?.trim() ?? '',
        reason: 'unavoidable',
        minimumPairs: minimumPairs.club,
      });
    }
    if (costs.isClash) {
      notes.push({
        kind: 'colour_preferences_clash',
        board,
        playerIds: ids,
        ...(rules.clashReason === 'unavoidable'
          ? { reason: 'unavoidable' as const, minimumPairs: minimumPairs.clash }
          : { reason: rules.clashReason }),
      });
    }
    if (costs.scoreDifference > 0) {
      notes.push({
        kind: 'floated',
        board,
        playerId: higher.player.id,
        direction: 'down',
        scoreDifference: costs.scoreDifference,
        isRepeated: higher.lastFloat === 'down',
        ...(criterion ? { criterion } : {}),
      });
      notes.push({
        kind: 'floated',
        board,
        playerId: lower.player.id,
        direction: 'up',
        scoreDifference: costs.scoreDifference,
        isRepeated: lower.lastFloat === 'up',
      });
    }
    for (const [state, colour] of [
      [higher, higherColour],
      [lower, lowerColour],
    ] as const) {
      notes.push({
        kind: 'colour',
        board,
        playerId: state.player.id,
        colour,
        preference: state.preference.strength,
        preferredColour: state.preference.colour,
        reason,
      });
    }
    return {
      board,
      whiteId: higherColour === 'white' ? higher.player.id : lower.player.id,
      blackId: higherColour === 'white' ? lower.player.id : higher.player.id,
    };
  });
}
