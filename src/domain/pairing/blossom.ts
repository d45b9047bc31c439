/**
 * Maximum-weight matching in a general graph: Edmonds' blossom algorithm with the primal-dual method of
 * Galil, "Efficient algorithms for finding maximum matching in graphs" (ACM Computing Surveys, 1986),
 * O(n³). Written for this project from the published algorithm.
 *
 * Exactness: weights must be non-negative integers with maxWeight ≤ 2^50. Vertex duals are kept doubled
 * (slack = dual[i] + dual[j] − 2w), so every dual and slack stays an integer below 2^53 and every
 * comparison is exact in IEEE doubles. `pairing/weights.ts` guarantees the bound.
 *
 * Two modes:
 * - plain (default): a maximum-weight matching; when the caller needs cardinality first it makes it the most
 *   significant weight field. The final duals are an LP optimality certificate (all vertex duals ≥ 0, zero
 *   on unmatched vertices, every edge slack ≥ 0).
 * - `isMaxCardinality`: a maximum-weight matching among those of maximum cardinality (Galil §6 without the
 *   delta-1 step: vertex duals may go negative), so no completion field is needed and the weights are about
 *   log2(pairs) bits narrower (issue 11: that is what keeps a 3,000-player round in doubles). When the result
 *   is perfect, the duals certify it against every perfect matching of any larger graph (slack ≥ 0 on its
 *   extra edges; LP duality for the perfect-matching polytope, vertex duals free). Negative duals are
 *   guarded: if any dual or blossom sum leaves ±2^51 the call throws InexactMatchingError instead of
 *   computing with rounded numbers (the engine then uses the BigInt matcher and reports it).
 * The engine uses the certificate to prove that a matching found on a sparse candidate graph is optimal on
 * the full graph.
 *
 * Speed (issue 11: a 3,000-player round makes two calls of ~3,000 vertices and 72,000 / 162,000 edges):
 * the search steps are module functions over one state object (`Search`), not closures made per call, so
 * V8 reuses their optimised code from call to call and tiers the small hot loops (growTrees, updateDuals)
 * up early; the best edges' slacks are cached for one dual epoch; the inner loop reads adjacency-ordered
 * copies of far vertex and weight; `reducedCost` finds the lowest common blossom in O(1) (Euler tour and
 * sparse table) for the certificate scan. None of this changes a decision: the same matching as before.
 */

export const MAX_EXACT_WEIGHT = 2 ** 50;
/** Largest |dual| (and blossom sum) allowed in max-cardinality mode: slacks stay below 2^53, exact. */
const MAX_EXACT_DUAL = 2 ** 51;

/** A max-cardinality solve whose duals would leave the exactly representable range (see above). */
export class InexactMatchingError extends RangeError {
  constructor() {
    super('matching duals left the exact range of doubles');
    this.name = 'InexactMatchingError';
  }
}

export interface MatchingGraph {
  vertexCount: number;
  /** Edge k joins edgeFrom[k] and edgeTo[k] (distinct vertices). */
  edgeFrom: Int32Array;
  edgeTo: Int32Array;
  weight: Float64Array;
  /** Maximum weight among the maximum-cardinality matchings (see the file comment). */
  isMaxCardinality?: boolean;
}

export interface MatchingResult {
  /** mate[v] is v's partner or −1. */
  mate: Int32Array;
  /** Doubled vertex duals (see above). */
  vertexDual: Float64Array;
  /**
   * Reduced cost of a pair (i, j) with weight w under the final duals, for any pair of vertices (also one
   * that was not an edge of the graph): dual[i] + dual[j] − 2w + 2·Σ z(B) over the blossoms holding both.
   * The matching is optimal for a larger graph iff this is ≥ 0 for all its extra edges (LP duality).
   */
  reducedCost: (i: number, j: number, w: number) => number;
}

/**
 * The blossom bookkeeping of a search, shared with blossom-big.ts (the same algorithm over wide integers):
 * the steps that only relabel, form, expand and augment blossoms are written once, here, over this shape;
 * the three places that read numbers go through the last three members.
 */
export interface BlossomStructure {
  n: number;
  edgeFrom: Int32Array;
  edgeTo: Int32Array;
  /** endpoint[p] for p = 2k, 2k+1 are the two ends of edge k. */
  endpoint: Int32Array;
  neighbourStart: Int32Array;
  neighbourEnd: Int32Array;
  mate: Int32Array;
  label: Int32Array;
  labelEnd: Int32Array;
  inBlossom: Int32Array;
  blossomParent: Int32Array;
  blossomChildren: (number[] | null)[];
  blossomBase: Int32Array;
  blossomEnds: (number[] | null)[];
  bestEdge: Int32Array;
  blossomBestEdges: (number[] | null)[];
  unusedBlossoms: number[];
  allowEdge: Uint8Array;
  queue: number[];
  /** Whether edge a's slack is below edge b's. */
  isSlackLess: (a: number, b: number) => boolean;
  /** A new blossom b: its dual starts at 0 and any cached slack of b is stale. */
  startBlossomDual: (b: number) => void;
  isBlossomDualZero: (b: number) => boolean;
}

/**
 * The search state of one maxWeightMatching call. The steps below are module functions over it rather
 * than closures made anew by each call, so V8 keeps their optimised code and type feedback from one call
 * to the next (a pairing round makes few, large calls: closures cost each one its own warm-up).
 */
interface Search extends BlossomStructure {
  /** The far vertex and doubled weight of each adjacency entry, in adjacency order. */
  neighbourVertex: Int32Array;
  neighbourTwiceWeight: Float64Array;
  dual: Float64Array;
  twiceWeight: Float64Array;
  /** The slack of each node's best edge, valid while bestSlackEpoch equals dualEpoch (see bestSlackOf). */
  bestSlack: Float64Array;
  bestSlackEpoch: Float64Array;
  /** Counts the dual updates: slacks change only with one. */
  dualEpoch: number;
  /** The edge or blossom of the last dual update's delta (see updateDuals). */
  deltaEdge: number;
  deltaBlossom: number;
}

function slack(S: Search, k: number): number {
  const { edgeFrom, edgeTo, dual, twiceWeight } = S;
  return dual[edgeFrom[k]!]! + dual[edgeTo[k]!]! - twiceWeight[k]!;
}

/**
 * The slack of node x's best edge. Slacks change only with a dual update (a new epoch), and the best-edge
 * comparisons ask for the same few best edges' slacks over and over: each node keeps its best edge's slack
 * for one epoch (small arrays by node instead of reads spread over all edges; the same values, so the same
 * decisions).
 */
function bestSlackOf(S: Search, x: number): number {
  const { bestEdge, bestSlack, bestSlackEpoch } = S;
  if (bestSlackEpoch[x] === S.dualEpoch) return bestSlack[x]!;
  const value = slack(S, bestEdge[x]!);
  bestSlack[x] = value;
  bestSlackEpoch[x] = S.dualEpoch;
  return value;
}

function setBestEdge(S: Search, x: number, k: number, kSlack: number): void {
  const { bestEdge, bestSlack, bestSlackEpoch } = S;
  bestEdge[x] = k;
  bestSlack[x] = kSlack;
  bestSlackEpoch[x] = S.dualEpoch;
}

function at<T>(list: readonly T[], index: number): T {
  const length = list.length;
  return list[((index % length) + length) % length]!;
}

export function leaves(S: BlossomStructure, b: number, out: number[]): number[] {
  const { n, blossomChildren } = S;
  if (b < n) {
    out.push(b);
    return out;
  }
  const stack = [b];
  while (stack.length > 0) {
    const top = stack.pop()!;
    if (top < n) out.push(top);
    else for (const child of blossomChildren[top]!) stack.push(child);
  }
  return out;
}

export function assignLabel(S: BlossomStructure, w0: number, t0: number, p0: number): void {
  const { endpoint, mate, label, labelEnd, inBlossom, blossomBase, bestEdge } = S;
  let w = w0;
  let t = t0;
  let p = p0;
  for (;;) {
    const b = inBlossom[w]!;
    label[w] = t;
    label[b] = t;
    labelEnd[w] = p;
    labelEnd[b] = p;
    bestEdge[w] = -1;
    bestEdge[b] = -1;
    if (t === 1) {
      leaves(S, b, S.queue);
      return;
    }
    // t === 2: the base's mate becomes an S-vertex.
    const base = blossomBase[b]!;
    const baseMate = mate[base]!;
    w = endpoint[baseMate]!;
    t = 1;
    p = baseMate ^ 1;
  }
}

/** Traces back from v and w; returns the base of a new blossom, or −1 for an augmenting path. */

export function scanBlossom(S: BlossomStructure, v0: number, w0: number): number {
  const { endpoint, label, labelEnd, inBlossom, blossomBase } = S;
  const path: number[] = [];
  let base = -1;
  let v = v0;
  let w = w0;
  while (v !== -1 || w !== -1) {
    let b = inBlossom[v]!;
    if (label[b]! & 4) {
      base = blossomBase[b]!;
      break;
    }
    path.push(b);
    label[b] = 5;
    if (labelEnd[b] === -1) {
      v = -1;
    } else {
      v = endpoint[labelEnd[b]!]!;
      b = inBlossom[v]!;
      v = endpoint[labelEnd[b]!]!;
    }
    if (w !== -1) {
      const swap = v;
      v = w;
      w = swap;
    }
  }
  for (const b of path) label[b] = 1;
  return base;
}

export function addBlossom(S: BlossomStructure, base: number, k: number): void {
  const {
    edgeFrom,
    edgeTo,
    endpoint,
    neighbourStart,
    neighbourEnd,
    label,
    labelEnd,
    inBlossom,
    blossomParent,
    blossomChildren,
    blossomBase,
    blossomEnds,
    bestEdge,
    blossomBestEdges,
    unusedBlossoms,
  } = S;
  let v = edgeFrom[k]!;
  let w = edgeTo[k]!;
  const bb = inBlossom[base]!;
  let bv = inBlossom[v]!;
  let bw = inBlossom[w]!;
  const b = unusedBlossoms.pop()!;
  blossomBase[b] = base;
  blossomParent[b] = -1;
  blossomParent[bb] = b;
  const path: number[] = [];
  const ends: number[] = [];
  while (bv !== bb) {
    blossomParent[bv] = b;
    path.push(bv);
    ends.push(labelEnd[bv]!);
    v = endpoint[labelEnd[bv]!]!;
    bv = inBlossom[v]!;
  }
  path.push(bb);
  path.reverse();
  ends.reverse();
  ends.push(2 * k);
  while (bw !== bb) {
    blossomParent[bw] = b;
    path.push(bw);
    ends.push(labelEnd[bw]! ^ 1);
    w = endpoint[labelEnd[bw]!]!;
    bw = inBlossom[w]!;
  }
  blossomChildren[b] = path;
  blossomEnds[b] = ends;
  label[b] = 1;
  labelEnd[b] = labelEnd[bb]!;
  S.startBlossomDual(b);
  for (const leaf of leaves(S, b, [])) {
    if (label[inBlossom[leaf]!] === 2) S.queue.push(leaf);
    inBlossom[leaf] = b;
  }
  const bestEdgeTo = new Map<number, number>();
  const consider = (edge: number) => {
    let j = edgeTo[edge]!;
    if (inBlossom[j] === b) j = edgeFrom[edge]!;
    const bj = inBlossom[j]!;
    if (bj !== b && label[bj] === 1) {
      const current = bestEdgeTo.get(bj);
      if (current === undefined || S.isSlackLess(edge, current)) bestEdgeTo.set(bj, edge);
    }
  };
  for (const child of path) {
    const list = blossomBestEdges[child];
    if (list === null || list === undefined) {
      for (const leaf of leaves(S, child, [])) {
        for (let q = neighbourStart[leaf]!; q < neighbourStart[leaf + 1]!; q += 1) {
          consider(neighbourEnd[q]! >> 1);
        }
      }
    } else {
      for (const edge of list) consider(edge);
    }
    blossomBestEdges[child] = null;
    bestEdge[child] = -1;
  }
  const best = [...bestEdgeTo.values()];
  blossomBestEdges[b] = best;
  let chosen = -1;
  for (const edge of best) if (chosen === -1 || S.isSlackLess(edge, chosen)) chosen = edge;
  bestEdge[b] = chosen;
}

export function expandBlossom(S: BlossomStructure, b: number, isEndStage: boolean): void {
  const {
    n,
    endpoint,
    mate,
    label,
    labelEnd,
    inBlossom,
    blossomParent,
    blossomChildren,
    blossomBase,
    blossomEnds,
    bestEdge,
    blossomBestEdges,
    unusedBlossoms,
    allowEdge,
  } = S;
  const children = blossomChildren[b]!;
  for (const s of children) {
    blossomParent[s] = -1;
    if (s < n) inBlossom[s] = s;
    else if (isEndStage && S.isBlossomDualZero(s)) expandBlossom(S, s, isEndStage);
    else for (const leaf of leaves(S, s, [])) inBlossom[leaf] = s;
  }
  if (!isEndStage && label[b] === 2) {
    const ends = blossomEnds[b]!;
    const entryChild = inBlossom[endpoint[labelEnd[b]! ^ 1]!]!;
    let j = children.indexOf(entryChild);
    let jStep: number;
    let endTrick: number;
    if (j & 1) {
      j -= children.length;
      jStep = 1;
      endTrick = 0;
    } else {
      jStep = -1;
      endTrick = 1;
    }
    let p = labelEnd[b]!;
    while (j !== 0) {
      label[endpoint[p ^ 1]!] = 0;
      label[endpoint[at(ends, j - endTrick) ^ endTrick ^ 1]!] = 0;
      assignLabel(S, endpoint[p ^ 1]!, 2, p);
      allowEdge[at(ends, j - endTrick) >> 1] = 1;
      j += jStep;
      p = at(ends, j - endTrick) ^ endTrick;
      allowEdge[p >> 1] = 1;
      j += jStep;
    }
    let bv = at(children, j);
    label[endpoint[p ^ 1]!] = 2;
    label[bv] = 2;
    labelEnd[endpoint[p ^ 1]!] = p;
    labelEnd[bv] = p;
    bestEdge[bv] = -1;
    j += jStep;
    while (at(children, j) !== entryChild) {
      bv = at(children, j);
      if (label[bv] === 1) {
        j += jStep;
        continue;
      }
      let labelled = -1;
      for (const leaf of leaves(S, bv, [])) {
        if (label[leaf] !== 0) {
          labelled = leaf;
          break;
        }
      }
      if (labelled !== -1) {
        label[labelled] = 0;
        label[endpoint[mate[blossomBase[bv]!]!]!] = 0;
        assignLabel(S, labelled, 2, labelEnd[labelled]!);
      }
      j += jStep;
    }
  }
  label[b] = -1;
  labelEnd[b] = -1;
  blossomChildren[b] = null;
  blossomEnds[b] = null;
  blossomBase[b] = -1;
  blossomBestEdges[b] = null;
  bestEdge[b] = -1;
  unusedBlossoms.push(b);
}

export function augmentBlossom(S: BlossomStructure, b: number, v: number): void {
  const { n, endpoint, mate, blossomParent, blossomChildren, blossomBase, blossomEnds } = S;
  let t = v;
  while (blossomParent[t] !== b) t = blossomParent[t]!;
  if (t >= n) augmentBlossom(S, t, v);
  const children = blossomChildren[b]!;
  const ends = blossomEnds[b]!;
  const i = children.indexOf(t);
  let j = i;
  let jStep: number;
  let endTrick: number;
  if (i & 1) {
    j -= children.length;
    jStep = 1;
    endTrick = 0;
  } else {
    jStep = -1;
    endTrick = 1;
  }
  while (j !== 0) {
    j += jStep;
    t = at(children, j);
    const p = at(ends, j - endTrick) ^ endTrick;
    if (t >= n) augmentBlossom(S, t, endpoint[p]!);
    j += jStep;
    t = at(children, j);
    if (t >= n) augmentBlossom(S, t, endpoint[p ^ 1]!);
    mate[endpoint[p]!] = p ^ 1;
    mate[endpoint[p ^ 1]!] = p;
  }
  blossomChildren[b] = [...children.slice(i), ...children.slice(0, i)];
  blossomEnds[b] = [...ends.slice(i), ...ends.slice(0, i)];
  blossomBase[b] = blossomBase[blossomChildren[b]![0]!]!;
}

export function augmentMatching(S: BlossomStructure, k: number): void {
  const { n, edgeFrom, edgeTo, endpoint, mate, labelEnd, inBlossom } = S;
  const starts: [number, number][] = [
    [edgeFrom[k]!, 2 * k + 1],
    [edgeTo[k]!, 2 * k],
  ];
  for (const [s0, p0] of starts) {
    let s = s0;
    let p = p0;
    for (;;) {
      const bs = inBlossom[s]!;
      if (bs >= n) augmentBlossom(S, bs, s);
      mate[s] = p;
      if (labelEnd[bs] === -1) break;
      const t = endpoint[labelEnd[bs]!]!;
      const bt = inBlossom[t]!;
      s = endpoint[labelEnd[bt]!]!;
      const j = endpoint[labelEnd[bt]! ^ 1]!;
      if (bt >= n) augmentBlossom(S, bt, j);
      mate[j] = labelEnd[bt]!;
      p = labelEnd[bt]! ^ 1;
    }
  }
}

/**
 * One step of the search over a tight edge k from S-vertex v to w (p: w's endpoint): label w, form a
 * blossom, or augment (then true).
 */
export function followTightEdge(S: BlossomStructure, v: number, w: number, p: number, k: number): boolean {
  const { inBlossom, label, labelEnd } = S;
  if (label[inBlossom[w]!] === 0) {
    assignLabel(S, w, 2, p ^ 1);
  } else if (label[inBlossom[w]!] === 1) {
    const base = scanBlossom(S, v, w);
    if (base >= 0) addBlossom(S, base, k);
    else {
      augmentMatching(S, k);
      return true;
    }
  } else if (label[w] === 0) {
    label[w] = 2;
    labelEnd[w] = p ^ 1;
  }
  return false;
}

/**
 * Grows the alternating trees from the queue of S-vertices over edges of zero slack, forming blossoms on
 * the way; true when it found and applied an augmenting path.
 */
function growTrees(S: Search): boolean {
  const {
    neighbourStart,
    neighbourEnd,
    neighbourVertex,
    neighbourTwiceWeight,
    inBlossom,
    allowEdge,
    dual,
    label,
    bestEdge,
    queue,
  } = S;
  while (queue.length > 0) {
    const v = queue.pop()!;
    // Duals do not change while the queue is scanned.
    const dualV = dual[v]!;
    const last = neighbourStart[v + 1]!;
    for (let q = neighbourStart[v]!; q < last; q += 1) {
      const p = neighbourEnd[q]!;
      const k = p >> 1;
      const w = neighbourVertex[q]!;
      if (inBlossom[v] === inBlossom[w]) continue;
      let kSlack = 0;
      if (!allowEdge[k]) {
        kSlack = dualV + dual[w]! - neighbourTwiceWeight[q]!;
        if (kSlack <= 0) allowEdge[k] = 1;
      }
      if (allowEdge[k]) {
        if (followTightEdge(S, v, w, p, k)) return true;
      } else if (label[inBlossom[w]!] === 1) {
        const b = inBlossom[v]!;
        if (bestEdge[b] === -1 || kSlack < bestSlackOf(S, b)) setBestEdge(S, b, k, kSlack);
      } else if (label[w] === 0) {
        if (bestEdge[w] === -1 || kSlack < bestSlackOf(S, w)) setBestEdge(S, w, k, kSlack);
      }
    }
  }
  return false;
}

/**
 * One dual update (Galil 1986, §6) by the smallest of the four kinds of delta; returns the kind (1: stop),
 * with the edge (kinds 2, 3) or blossom (kind 4) in S.deltaEdge / S.deltaBlossom.
 */
function updateDuals(S: Search, isMaxCardinality: boolean): number {
  const { n, label, inBlossom, dual, bestEdge, blossomParent, blossomBase } = S;
  // Type 1: an S-vertex dual reaches 0 (they are the ones that decrease); not in max-cardinality mode.
  let deltaType = isMaxCardinality ? -1 : 1;
  let delta = Number.POSITIVE_INFINITY;
  if (!isMaxCardinality) {
    for (let v = 0; v < n; v += 1) if (label[inBlossom[v]!] === 1 && dual[v]! < delta) delta = dual[v]!;
  }
  S.deltaEdge = -1;
  S.deltaBlossom = -1;
  for (let v = 0; v < n; v += 1) {
    if (label[inBlossom[v]!] === 0 && bestEdge[v] !== -1) {
      const d = bestSlackOf(S, v);
      if (d < delta) {
        delta = d;
        deltaType = 2;
        S.deltaEdge = bestEdge[v]!;
      }
    }
  }
  for (let b = 0; b < 2 * n; b += 1) {
    if (blossomParent[b] === -1 && label[b] === 1 && bestEdge[b] !== -1) {
      const d = bestSlackOf(S, b) / 2;
      if (d < delta) {
        delta = d;
        deltaType = 3;
        S.deltaEdge = bestEdge[b]!;
      }
    }
  }
  for (let b = n; b < 2 * n; b += 1) {
    if (blossomBase[b]! >= 0 && blossomParent[b] === -1 && label[b] === 2 && dual[b]! < delta) {
      delta = dual[b]!;
      deltaType = 4;
      S.deltaBlossom = b;
    }
  }
  if (deltaType === -1) {
    // Max-cardinality mode with nothing left to grow: no augmenting path exists. As in the classic
    // implementation, a last update by the smallest vertex dual (when positive) and stop.
    deltaType = 1;
    delta = 0;
    let smallest = Number.POSITIVE_INFINITY;
    for (let v = 0; v < n; v += 1) if (dual[v]! < smallest) smallest = dual[v]!;
    if (smallest > 0) delta = smallest;
  }
  // In max-cardinality mode every changed dual is checked against the exact range.
  const limit = isMaxCardinality ? MAX_EXACT_DUAL : Number.POSITIVE_INFINITY;
  for (let v = 0; v < n; v += 1) {
    const l = label[inBlossom[v]!];
    if (l === 1) {
      dual[v]! -= delta;
      if (dual[v]! < -limit) throw new InexactMatchingError();
    } else if (l === 2) {
      dual[v]! += delta;
      if (dual[v]! > limit) throw new InexactMatchingError();
    }
  }
  for (let b = n; b < 2 * n; b += 1) {
    if (blossomBase[b]! >= 0 && blossomParent[b] === -1) {
      if (label[b] === 1) {
        dual[b]! += delta;
        if (dual[b]! > limit) throw new InexactMatchingError();
      } else if (label[b] === 2) dual[b]! -= delta;
    }
  }
  return deltaType;
}

export function maxWeightMatching(graph: MatchingGraph, isWarmStart = true): MatchingResult {
  const n = graph.vertexCount;
  const edgeCount = graph.edgeFrom.length;
  const { edgeFrom, edgeTo, weight } = graph;
  const isMaxCardinality = graph.isMaxCardinality === true;
  const mateOut = new Int32Array(n).fill(-1);
  if (n === 0 || edgeCount === 0) {
    return { mate: mateOut, vertexDual: new Float64Array(n), reducedCost: (_i, _j, w) => -2 * w };
  }

  let maxWeight = 0;
  for (let k = 0; k < edgeCount; k += 1) {
    const w = weight[k]!;
    if (!(w >= 0) || !Number.isInteger(w) || w > MAX_EXACT_WEIGHT) {
      throw new RangeError(`edge weight ${w} is not an integer in [0, 2^50]`);
    }
    if (w > maxWeight) maxWeight = w;
  }

  // endpoint[p] for p = 2k, 2k+1 are the two ends of edge k.
  const endpoint = new Int32Array(2 * edgeCount);
  for (let k = 0; k < edgeCount; k += 1) {
    endpoint[2 * k] = edgeFrom[k]!;
    endpoint[2 * k + 1] = edgeTo[k]!;
  }
  // Adjacency in CSR form: neighbourEnd lists the remote endpoints p of edges at v.
  const degree = new Int32Array(n + 1);
  for (let k = 0; k < edgeCount; k += 1) {
    degree[edgeFrom[k]! + 1]! += 1;
    degree[edgeTo[k]! + 1]! += 1;
  }
  for (let v = 0; v < n; v += 1) degree[v + 1]! += degree[v]!;
  const neighbourStart = degree;
  const neighbourEnd = new Int32Array(2 * edgeCount);
  const fill = neighbourStart.slice(0, n);
  for (let k = 0; k < edgeCount; k += 1) {
    const i = edgeFrom[k]!;
    const j = edgeTo[k]!;
    neighbourEnd[fill[i]!] = 2 * k + 1;
    fill[i]! += 1;
    neighbourEnd[fill[j]!] = 2 * k;
    fill[j]! += 1;
  }

  const mate = new Int32Array(n).fill(-1); // remote endpoint of the matched edge, or −1
  const label = new Int32Array(2 * n); // 0 free, 1 S (outer), 2 T (inner); 5 marks a scan
  const labelEnd = new Int32Array(2 * n).fill(-1);
  const inBlossom = new Int32Array(n);
  for (let v = 0; v < n; v += 1) inBlossom[v] = v;
  const blossomParent = new Int32Array(2 * n).fill(-1);
  const blossomChildren: (number[] | null)[] = new Array(2 * n).fill(null);
  const blossomBase = new Int32Array(2 * n).fill(-1);
  for (let v = 0; v < n; v += 1) blossomBase[v] = v;
  const blossomEnds: (number[] | null)[] = new Array(2 * n).fill(null);
  const bestEdge = new Int32Array(2 * n).fill(-1);
  const blossomBestEdges: (number[] | null)[] = new Array(2 * n).fill(null);
  const unusedBlossoms: number[] = [];
  for (let b = 2 * n - 1; b >= n; b -= 1) unusedBlossoms.push(b);
  const dual = new Float64Array(2 * n);
  for (let v = 0; v < n; v += 1) dual[v] = maxWeight;
  const allowEdge = new Uint8Array(edgeCount);

  const twiceWeight = new Float64Array(edgeCount);
  for (let k = 0; k < edgeCount; k += 1) twiceWeight[k] = 2 * weight[k]!;
  // The far vertex and doubled weight of each adjacency entry, in adjacency order: the search's inner
  // loop reads them in sequence instead of through the edge index (the same values, fewer cache misses).
  const neighbourVertex = new Int32Array(2 * edgeCount);
  const neighbourTwiceWeight = new Float64Array(2 * edgeCount);
  for (let q = 0; q < 2 * edgeCount; q += 1) {
    const p = neighbourEnd[q]!;
    neighbourVertex[q] = endpoint[p]!;
    neighbourTwiceWeight[q] = twiceWeight[p >> 1]!;
  }
  const bestSlack = new Float64Array(2 * n);
  const bestSlackEpoch = new Float64Array(2 * n).fill(-1);
  const state: Search = {
    n,
    edgeFrom,
    edgeTo,
    endpoint,
    neighbourStart,
    neighbourEnd,
    neighbourVertex,
    neighbourTwiceWeight,
    mate,
    label,
    labelEnd,
    inBlossom,
    blossomParent,
    blossomChildren,
    blossomBase,
    blossomEnds,
    bestEdge,
    blossomBestEdges,
    unusedBlossoms,
    dual,
    allowEdge,
    twiceWeight,
    bestSlack,
    bestSlackEpoch,
    queue: [],
    dualEpoch: 0,
    deltaEdge: -1,
    deltaBlossom: -1,
    isSlackLess: (a, b) => slack(state, a) < slack(state, b),
    startBlossomDual: (b) => {
      dual[b] = 0;
      bestSlackEpoch[b] = -1;
    },
    isBlossomDualZero: (b) => dual[b] === 0,
  };
  if (isWarmStart) {
    // Warm start: each vertex dual starts at its largest incident weight (feasible: dual[i] + dual[j] ≥ 2w),
    // and edges tight at both ends are matched greedily. Matched edges are tight and all duals feasible, so
    // the primal-dual invariants hold; free vertices may now differ in dual, which only matters if the
    // search stops with a free vertex of positive dual: then the result is not proven and the caller
    // re-solves cold (see the end of this function).
    dual.fill(0, 0, n);
    for (let k = 0; k < edgeCount; k += 1) {
      const w = weight[k]!;
      if (w > dual[edgeFrom[k]!]!) dual[edgeFrom[k]!] = w;
      if (w > dual[edgeTo[k]!]!) dual[edgeTo[k]!] = w;
    }
    for (let k = 0; k < edgeCount; k += 1) {
      const i = edgeFrom[k]!;
      const j = edgeTo[k]!;
      if (mate[i] === -1 && mate[j] === -1 && dual[i]! + dual[j]! === 2 * weight[k]!) {
        mate[i] = 2 * k + 1;
        mate[j] = 2 * k;
      }
    }
    if (isMaxCardinality) {
      // Free vertices' duals are unconstrained in this mode: each free vertex in turn lowers its dual to
      // the least feasible value and takes a free neighbour whose edge is then tight. All slacks stay ≥ 0
      // and matched edges tight, so the search below starts with far fewer free vertices.
      for (let v = 0; v < n; v += 1) {
        if (mate[v] !== -1) continue;
        let least = Number.NEGATIVE_INFINITY;
        for (let q = neighbourStart[v]!; q < neighbourStart[v + 1]!; q += 1) {
          const p = neighbourEnd[q]!;
          const need = 2 * weight[p >> 1]! - dual[endpoint[p]!]!;
          if (need > least) least = need;
        }
        if (least === Number.NEGATIVE_INFINITY) continue;
        if (least > MAX_EXACT_DUAL || least < -MAX_EXACT_DUAL) throw new InexactMatchingError();
        dual[v] = least;
        for (let q = neighbourStart[v]!; q < neighbourStart[v + 1]!; q += 1) {
          const p = neighbourEnd[q]!;
          const u = endpoint[p]!;
          if (mate[u] === -1 && least + dual[u]! === 2 * weight[p >> 1]!) {
            mate[v] = p;
            mate[u] = p ^ 1;
            break;
          }
        }
      }
    }
  }

  for (let stage = 0; stage < n; stage += 1) {
    label.fill(0);
    bestEdge.fill(-1);
    for (let b = n; b < 2 * n; b += 1) blossomBestEdges[b] = null;
    allowEdge.fill(0);
    state.queue = [];
    for (let v = 0; v < n; v += 1) {
      if (mate[v] === -1 && label[inBlossom[v]!] === 0) assignLabel(state, v, 1, -1);
    }
    let isAugmented = false;
    for (;;) {
      if (growTrees(state)) {
        isAugmented = true;
        break;
      }

      const deltaType = updateDuals(state, isMaxCardinality);
      const { deltaEdge, deltaBlossom } = state;
      state.dualEpoch += 1;
      if (deltaType === 1) break;
      if (deltaType === 2) {
        allowEdge[deltaEdge] = 1;
        let i = edgeFrom[deltaEdge]!;
        if (label[inBlossom[i]!] === 0) i = edgeTo[deltaEdge]!;
        state.queue.push(i);
      } else if (deltaType === 3) {
        allowEdge[deltaEdge] = 1;
        state.queue.push(edgeFrom[deltaEdge]!);
      } else {
        expandBlossom(state, deltaBlossom, false);
      }
    }
    if (!isAugmented) break;
    for (let b = n; b < 2 * n; b += 1) {
      if (blossomParent[b] === -1 && blossomBase[b]! >= 0 && label[b] === 1 && dual[b] === 0) {
        expandBlossom(state, b, true);
      }
    }
  }

  if (isWarmStart) {
    // Optimal only if every free vertex ended with dual 0 (complementary slackness); else solve cold. In
    // max-cardinality mode a perfect result is proven by its duals alone; any other is solved cold.
    for (let v = 0; v < n; v += 1) {
      if (mate[v] === -1 && (isMaxCardinality || dual[v]! > 0)) return maxWeightMatching(graph, false);
    }
  }
  for (let v = 0; v < n; v += 1) mateOut[v] = mate[v]! >= 0 ? endpoint[mate[v]!]! : -1;
  const vertexDual = dual.slice(0, n);
  // Σ 2·z(B) over a blossom and the blossoms holding it, and the lowest blossom holding two vertices in
  // O(1) (the certificate scan asks for up to millions of pairs): an Euler tour of the blossom forest and a
  // sparse table of its shallowest entries (the tour's minimum depth between two leaves is their lowest
  // common blossom). Built on the first pair that needs it.
  const chainSum = new Float64Array(2 * n);
  const depth = new Int32Array(2 * n);
  const tourIndex = new Int32Array(n);
  let tourTable: Int32Array[] = [];
  const buildTour = (): void => {
    const tour: number[] = [];
    const stack: number[] = [];
    const childAt: number[] = [];
    for (let root = n; root < 2 * n; root += 1) {
      if (blossomBase[root]! < 0 || blossomParent[root] !== -1) continue;
      depth[root] = 0;
      chainSum[root] = 2 * dual[root]!;
      stack.push(root);
      childAt.push(0);
      tour.push(root);
      while (stack.length > 0) {
        const top = stack.length - 1;
        const node = stack[top]!;
        const children = blossomChildren[node]!;
        const next = childAt[top]!;
        if (next === children.length) {
          stack.pop();
          childAt.pop();
          if (stack.length > 0) tour.push(stack[stack.length - 1]!);
          continue;
        }
        childAt[top] = next + 1;
        const child = children[next]!;
        depth[child] = depth[node]! + 1;
        if (child < n) {
          tourIndex[child] = tour.length;
          tour.push(child);
          tour.push(node);
        } else {
          chainSum[child] = chainSum[node]! + 2 * dual[child]!;
          stack.push(child);
          childAt.push(0);
          tour.push(child);
        }
      }
    }
    tourTable = [Int32Array.from(tour)];
    for (let span = 2; span <= tour.length; span *= 2) {
      const below = tourTable[tourTable.length - 1]!;
      const half = span / 2;
      const level = new Int32Array(tour.length - span + 1);
      for (let k = 0; k < level.length; k += 1) {
        const a = below[k]!;
        const b = below[k + half]!;
        level[k] = depth[a]! <= depth[b]! ? a : b;
      }
      tourTable.push(level);
    }
  };
  const reducedCost = (i: number, j: number, w: number): number => {
    const cost = dual[i]! + dual[j]! - 2 * w;
    if (inBlossom[i] !== inBlossom[j]) return cost;
    if (tourTable.length === 0) buildTour();
    // As exact as the slacks: a blossom sum beyond the range (never seen) is refused, not rounded.
    if (
      isMaxCardinality &&
      (chainSum[blossomParent[i]!]! > MAX_EXACT_DUAL || chainSum[blossomParent[j]!]! > MAX_EXACT_DUAL)
    ) {
      throw new InexactMatchingError();
    }
    let from = tourIndex[i]!;
    let to = tourIndex[j]!;
    if (from > to) {
      const swap = from;
      from = to;
      to = swap;
    }
    const level = 31 - Math.clz32(to - from + 1);
    const row = tourTable[level]!;
    const a = row[from]!;
    const b = row[to - (1 << level) + 1]!;
    return cost + chainSum[depth[a]! <= depth[b]! ? a : b]!;
  };
  return { mate: mateOut, vertexDual, reducedCost };
}
