/**
 * Swiss pairing of the next round as one maximum-weight matching (FIDE C.04.1 basic rules, C.04.3 Dutch
 * criteria as weights, colours after matching by C.04.3 Art. 5.2 / E). See docs/pairing.md.
 *
 * Priority (most important first):
 *  1. hard: no rematch (C.04.1.b), no forbidden pair, everyone paired but at most one (C.04.1.c);
 *  2. the bye: the lowest-ranked eligible player (C.04.1.d: no second bye or bye after a forfeit win while
 *     an eligible player exists) for whom a complete pairing exists;
 *  3. no schoolmates (SPEC §5) unless no complete pairing avoids them, then as few as possible;
 *  4. no clubmates (optional), same rule;
 *  5. no pair of two absolute preferences for the same colour (C.04.3 C.3), same rule;
 *  6. Swiss quality: score differences, floaters, repeated floats (C.04.3 C.6–C.7, C.14–C.17);
 *  7. colour preferences (C.04.3 C.12–C.13);
 *  8. board order inside a score group (C.04.3 B: S1 against S2).
 *
 * Speed: the matching first runs on a sparse candidate graph (neighbours in the ranking and the S1/S2
 * partners). Its final duals are an LP certificate: if every edge left out has non-negative slack, the
 * sparse optimum is the optimum of the full graph; otherwise the violating edges are added and it runs
 * again (falling back to the full graph). The result is the same as a dense solve, only faster.
 */
import { schoolOf } from '../schools';
import type { Colour } from '../scoring/results';
import { maxWeightMatching } from './blossom';
import { maxWeightMatchingBig } from './blossom-big';
import { allocateColours, colourClashCost } from './colours';
import { buildPlayerStates, type PlayerState } from './history';
import {
  type Board,
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
  edgeWeight,
  edgeWeightBig,
  FLOAT_COST_MAX,
  type OptionalField,
} from './weights';

const WINDOW = 8;
const PARTNER_WINDOW = 6;
const COMPATIBLE_EXTRA = 2;
const MAX_CERTIFY_ROUNDS = 4;

interface Field {
  states: PlayerState[];
  /** rank-sorted: index 0 is the highest ranked (score desc, pairing number asc). */
  score: Int32Array;
  groupStart: Int32Array;
  groupSize: Int32Array;
  /** 1 when the pair may never meet (met before, or forbidden). */
  blocked: Uint8Array;
  schoolKey: (string | null)[];
  clubKey: (string | null)[];
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
  return {
    states,
    score,
    groupStart,
    groupSize,
    blocked,
    schoolKey: states.map((state) => normalise(schoolOf(state.player.groupName))),
    clubKey: states.map((state) => (isClubAvoided ? normalise(state.player.club) : null)),
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
    floatCost,
    colourCost: Math.min(colourCost, 2),
    orderCost,
  };
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
    field.schoolKey[i] !== null &&
    field.schoolKey[i] === field.schoolKey[j]
  ) {
    return false;
  }
  if (restriction.deleted.has('club') && field.clubKey[i] !== null && field.clubKey[i] === field.clubKey[j]) {
    return false;
  }
  if (restriction.deleted.has('clash')) {
    return colourClashCost(field.states[i]!.preference, field.states[j]!.preference) !== 3;
  }
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

/**
 * Maximum-weight matching over `vertices` (positions into field, rank order) with weight(i, j) (−1 = no
 * edge), proven optimal on the full graph by the dual certificate.
 */
function solveCertified(
  field: Field,
  vertices: readonly number[],
  weightOf: (i: number, j: number) => number,
  /** An upper bound of weightOf(i, j) that is cheap to compute (prunes the certificate check). */
  weightBound: (i: number, j: number) => number,
  purpose: SolveEvent['purpose'],
): Int32Array {
  const count = vertices.length;
  const inGraph = new Uint8Array(count * count);
  let from: number[] = [];
  let to: number[] = [];
  let weights: number[] = [];
  const addEdge = (x: number, y: number, w: number) => {
    from.push(x);
    to.push(y);
    weights.push(w);
  };
  const solve = () =>
    maxWeightMatching({
      vertexCount: count,
      edgeFrom: Int32Array.from(from),
      edgeTo: Int32Array.from(to),
      weight: Float64Array.from(weights),
    });
  const report = (mate: Int32Array, violations: number, isFullGraph: boolean) => {
    if (!field.onSolve) return;
    let matchingWeight = 0;
    mate.forEach((partner, x) => {
      if (partner > x) matchingWeight += weightOf(vertices[x]!, vertices[partner]!);
    });
    field.onSolve({ purpose, vertices: count, edges: from.length, violations, isFullGraph, matchingWeight });
  };
  const solveOnFullGraph = () => {
    from = [];
    to = [];
    weights = [];
    for (let x = 0; x < count; x += 1) {
      for (let y = x + 1; y < count; y += 1) {
        inGraph[x * count + y] = 1;
        const w = weightOf(vertices[x]!, vertices[y]!);
        if (w >= 0) addEdge(x, y, w);
      }
    }
    const { mate } = solve();
    report(mate, 0, true);
    return mate;
  };
  if (field.isDenseGraph) return solveOnFullGraph();
  for (const [x, y] of candidatePairs(field, vertices, (i, j) => weightOf(i, j) >= 0)) {
    inGraph[x * count + y] = 1;
    const w = weightOf(vertices[x]!, vertices[y]!);
    if (w >= 0) addEdge(x, y, w);
  }
  const pending: number[] = [];
  for (let attempt = 0; attempt < MAX_CERTIFY_ROUNDS; attempt += 1) {
    const { mate, vertexDual, reducedCost } = solve();
    let violations = 0;
    for (let x = 0; x < count; x += 1) {
      const dx = vertexDual[x]!;
      for (let y = x + 1; y < count; y += 1) {
        if (inGraph[x * count + y]) continue;
        // Feasible even without the blossom terms (which are ≥ 0): nothing to compute.
        if (dx + vertexDual[y]! >= 2 * weightBound(vertices[x]!, vertices[y]!)) continue;
        const w = weightOf(vertices[x]!, vertices[y]!);
        if (w >= 0 && reducedCost(x, y, w) < 0) {
          violations += 1;
          pending.push(x, y, w);
        }
      }
    }
    report(mate, violations, false);
    if (violations === 0) return mate;
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
      if (partner > x) total += weightOf(vertices[x]!, vertices[partner]!) ?? 0n;
    });
    field.onSolve({
      purpose: 'pairing',
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
    const { mate, reducedCost } = solve();
    const pending: [number, number, bigint][] = [];
    for (let x = 0; x < count; x += 1) {
      for (let y = x + 1; y < count; y += 1) {
        if (inGraph[x * count + y]) continue;
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
  const mate = solveCertified(
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
  const mate = solveCertified(field, vertices, weightOf, () => completion + maxLower, 'feasibility');
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

function solvePairing(
  field: Field,
  vertices: readonly number[],
  restriction: Restriction,
  active: ReadonlySet<OptionalField>,
): { mate: Int32Array } {
  let minScore = Number.POSITIVE_INFINITY;
  let maxScore = Number.NEGATIVE_INFINITY;
  for (const v of vertices) {
    minScore = Math.min(minScore, field.score[v]!);
    maxScore = Math.max(maxScore, field.score[v]!);
  }
  const maxScoreDifference = Math.max(0, maxScore - minScore);
  const layout = buildLayout(vertices.length / 2, maxScoreDifference, active);
  if (layout === null || field.isBigIntSolver) {
    // Beyond 2^50: the same fields in BigInt (exact, slower; rare), with the same certificate.
    const big = buildBigLayout(vertices.length / 2, maxScoreDifference, active);
    const mate = solveCertifiedBig(field, vertices, (i, j) => {
      const [a, b] = i < j ? [i, j] : [j, i];
      return isEdgeAllowed(field, restriction, a, b) ? edgeWeightBig(big, edgeCosts(field, a, b)) : null;
    });
    return { mate };
  }
  const lowerBase =
    layout.completion +
    layout.school +
    layout.club +
    layout.clash +
    FLOAT_COST_MAX * layout.float +
    COLOUR_COST_MAX * layout.colour +
    layout.orderCap * layout.order;
  const mate = solveCertified(
    field,
    vertices,
    (i, j) => {
      const [a, b] = i < j ? [i, j] : [j, i];
      return isEdgeAllowed(field, restriction, a, b) ? edgeWeight(layout, edgeCosts(field, a, b)) : -1;
    },
    (i, j) => {
      const difference = Math.abs(field.score[i]! - field.score[j]!);
      return lowerBase + (layout.maxScoreDifference - difference) * layout.diff;
    },
    'pairing',
  );
  return { mate };
}

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

  // Bye candidates, lowest-ranked first (C.04.1.d).
  const eligible = all.filter((index) => toPair[index]!.isByeEligible).reverse();
  // Ineligible players only when no eligible one can take the bye with a complete pairing.
  const ineligible = all.filter((index) => !toPair[index]!.isByeEligible).reverse();
  const byeCandidates = [...eligible, ...ineligible];
  const optionalOrder: OptionalField[] = isClubAvoided ? ['school', 'club', 'clash'] : ['school', 'clash'];

  let byeIndex = -1;
  let vertices = all;
  let result: { mate: Int32Array } | null = null;
  let active = new Set<OptionalField>();
  const passedOver: { index: number; reason: 'already had a bye or forfeit win' | 'no complete pairing' }[] =
    [];

  // Optimistic path: the lowest-ranked candidate gets the bye, and every avoidable edge kind is deleted.
  if (m % 2 === 1) {
    byeIndex = byeCandidates[0]!;
    vertices = all.filter((index) => index !== byeIndex);
  }
  if (m > 1) {
    const attempt = solvePairing(field, vertices, { deleted: new Set(optionalOrder) }, active);
    if (matchedPairs(attempt.mate) * 2 === vertices.length) result = attempt;
  }
  if (result === null && m > 1) {
    // Rare path: decide the bye on the hard rules alone, then which kinds of edges can be avoided.
    const hard: Restriction = { deleted: new Set() };
    if (m % 2 === 1) {
      byeIndex = -1;
      for (const candidate of byeCandidates) {
        const rest = all.filter((index) => index !== candidate);
        if (hasCompletePairing(field, rest, hard)) {
          byeIndex = candidate;
          vertices = rest;
          break;
        }
        passedOver.push({ index: candidate, reason: 'no complete pairing' });
      }
      if (byeIndex === -1) {
        throw new PairingError(
          'no_valid_pairing',
          'no valid pairing: every way of giving the bye leaves players who have all met already',
        );
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
  }

  // Boards: by the higher score, then the sum of scores, then the higher player's rank (C.04.2.D).
  const pairs: [number, number][] = [];
  if (result) {
    result.mate.forEach((partner, x) => {
      if (partner > x) pairs.push([vertices[x]!, vertices[partner]!]);
    });
  }
  pairs.sort(
    (p, q) =>
      Math.max(field.score[q[0]]!, field.score[q[1]]!) - Math.max(field.score[p[0]]!, field.score[p[1]]!) ||
      field.score[q[0]]! + field.score[q[1]]! - (field.score[p[0]]! + field.score[p[1]]!) ||
      Math.min(p[0], p[1]) - Math.min(q[0], q[1]),
  );
  const boards: Board[] = [];
  pairs.forEach(([x, y], index) => {
    const board = index + 1;
    const [hi, lo] = x < y ? [x, y] : [y, x];
    const higher = toPair[hi]!;
    const lower = toPair[lo]!;
    const allocation = allocateColours(
      { preference: higher.preference, history: higher.colours, pairingNumber: higher.player.pairingNumber },
      { preference: lower.preference, history: lower.colours },
      initialColour,
    );
    const higherColour = allocation.higherColour;
    const lowerColour: Colour = higherColour === 'white' ? 'black' : 'white';
    boards.push({
      board,
      whiteId: higherColour === 'white' ? higher.player.id : lower.player.id,
      blackId: higherColour === 'white' ? lower.player.id : higher.player.id,
    });
    const costs = edgeCosts(field, hi, lo);
    const ids: [string, string] = [higher.player.id, lower.player.id];
    if (costs.isSchool) {
      notes.push({
        kind: 'schoolmates_paired',
        board,
        playerIds: ids,
        school: schoolOf(higher.player.groupName) ?? '',
        reason: 'no complete pairing avoids it',
      });
    }
    if (isClubAvoided && costs.isClub) {
      notes.push({
        kind: 'clubmates_paired',
        board,
        playerIds: ids,
        club: higher.player.club?.trim() ?? '',
        reason: 'no complete pairing avoids it',
      });
    }
    if (costs.isClash) {
      notes.push({
        kind: 'colour_preferences_clash',
        board,
        playerIds: ids,
        reason: 'no complete pairing avoids it',
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
        reason: allocation.reason,
      });
    }
  });

  let byePlayerId: string | null = null;
  if (byeIndex >= 0) {
    const bye = toPair[byeIndex]!;
    byePlayerId = bye.player.id;
    const passed = new Map<number, 'already had a bye or forfeit win' | 'no complete pairing'>();
    for (const entry of passedOver) passed.set(entry.index, entry.reason);
    if (bye.isByeEligible) {
      for (const index of ineligible)
        if (index > byeIndex) passed.set(index, 'already had a bye or forfeit win');
    }
    notes.push({
      kind: 'bye',
      playerId: bye.player.id,
      reason: bye.isByeEligible
        ? 'lowest-ranked eligible player'
        : eligible.length === 0
          ? 'no eligible player: lowest-ranked player'
          : 'no eligible player can take it: lowest-ranked player who can',
      passedOver: [...passed.entries()]
        .sort((a, b) => b[0] - a[0])
        .map(([index, reason]) => ({ playerId: toPair[index]!.player.id, reason })),
    });
  }
  return { roundNumber: input.roundNumber, boards, byePlayerId, notes };
}
