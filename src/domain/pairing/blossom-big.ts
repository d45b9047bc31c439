/**
 * The same maximum-weight matching as blossom.ts (Galil 1986, O(n³)) for weights too wide for doubles: the
 * FIDE Dutch engine's lexicographic weights (100–700 bits) and the rare layouts of ADR 014's engine beyond
 * 2^50. Exact at any width. The blossom bookkeeping is blossom.ts's own (`BlossomStructure`); only the steps
 * that read numbers are here, over fixed-width integers: each dual, weight and slack is `width` limbs of 48
 * bits in a Float64Array (least significant first), so a slack is a few additions of doubles instead of
 * three BigInt allocations (issue 36: a 147-player Dutch window solve took 110–190 ms with BigInt).
 * Every value the algorithm holds is a non-negative integer (doubled duals, as in blossom.ts), so limbs
 * stay in [0, 2^48) and every limb operation is exact.
 *
 * The weights come as BigInt (`weight`) or already as limbs (`weightLimbs`, `width` per edge), the result's
 * duals as BigInt for the certificate scans of ADR 014's engine.
 */

import { assignLabel, type BlossomStructure, expandBlossom, followTightEdge, leaves } from './blossom';

export const LIMB_BITS = 48;
const BASE = 2 ** LIMB_BITS;
const INVERSE_BASE = 2 ** -LIMB_BITS;

export interface BigMatchingGraph {
  vertexCount: number;
  edgeFrom: Int32Array;
  edgeTo: Int32Array;
  /** BigInt weights; or `weightLimbs` with `width`. */
  weight?: readonly bigint[];
  /** Edge k's weight in limbs k·width … k·width + width − 1, least significant first, each in [0, 2^48). */
  weightLimbs?: Float64Array;
  width?: number;
}

export interface BigMatchingResult {
  mate: Int32Array;
  /** Doubled vertex duals, as in blossom.ts. */
  vertexDual: readonly bigint[];
  /** As in blossom.ts: reduced cost of any pair under the final duals (≥ 0 for all ⇔ optimal). */
  reducedCost: (i: number, j: number, w: bigint) => bigint;
  /**
   * The optimal face (complementary slackness): the maximum-weight matchings are exactly the matchings of
   * tight edges (zero reduced cost) that pair every vertex with a positive dual and hold (|B| − 1) / 2
   * pairs inside every blossom B with a positive dual. `tight[k]` is 1 + the number of such blossoms
   * holding both ends of edge k (0: not tight); `blossoms` lists those blossoms' vertices.
   */
  face: () => { tight: Int32Array; mustPair: Uint8Array; blossoms: number[][] };
}

export type MatchingFace = ReturnType<BigMatchingResult['face']>;

/** The limbs of a non-negative BigInt, least significant first, into out at offset. */
export function writeLimbs(value: bigint, out: Float64Array, offset: number, width: number): void {
  const hex = value.toString(16);
  let end = hex.length;
  for (let t = 0; t < width; t += 1) {
    const start = Math.max(0, end - LIMB_BITS / 4);
    out[offset + t] = start < end ? Number.parseInt(hex.slice(start, end), 16) : 0;
    end = start;
  }
  if (end > 0) throw new RangeError(`weight ${value} is wider than ${width} limbs`);
}

function readLimbs(source: Float64Array, offset: number, width: number): bigint {
  let value = 0n;
  for (let t = width - 1; t >= 0; t -= 1) value = (value << BigInt(LIMB_BITS)) + BigInt(source[offset + t]!);
  return value;
}

/** −1, 0 or 1 as a (at ao) is below, equal to or above b (at bo). */
function compare(a: Float64Array, ao: number, b: Float64Array, bo: number, width: number): number {
  for (let t = width - 1; t >= 0; t -= 1) {
    const x = a[ao + t]!;
    const y = b[bo + t]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

function isZero(a: Float64Array, ao: number, width: number): boolean {
  for (let t = 0; t < width; t += 1) if (a[ao + t] !== 0) return false;
  return true;
}

function copy(from: Float64Array, fo: number, to: Float64Array, too: number, width: number): void {
  for (let t = 0; t < width; t += 1) to[too + t] = from[fo + t]!;
}

function addTo(a: Float64Array, ao: number, d: Float64Array, width: number): void {
  let carry = 0;
  for (let t = 0; t < width; t += 1) {
    const s = a[ao + t]! + d[t]! + carry;
    carry = s >= BASE ? 1 : 0;
    a[ao + t] = s - carry * BASE;
  }
}

function subtractFrom(a: Float64Array, ao: number, d: Float64Array, width: number): void {
  let borrow = 0;
  for (let t = 0; t < width; t += 1) {
    const s = a[ao + t]! - d[t]! - borrow;
    borrow = s < 0 ? 1 : 0;
    a[ao + t] = s + borrow * BASE;
  }
}

interface WideSearch extends BlossomStructure {
  width: number;
  /** (2n) duals of `width` limbs: vertices, then blossoms. */
  dual: Float64Array;
  /** Doubled weights, `width` limbs per edge. */
  twiceWeight: Float64Array;
  /** The slack of each node's best edge, valid while bestSlackEpoch equals dualEpoch. */
  bestSlack: Float64Array;
  bestSlackEpoch: Float64Array;
  dualEpoch: number;
  /** Work space of one slack, and of the dual update's delta. */
  scratch: Float64Array;
  other: Float64Array;
  delta: Float64Array;
  deltaEdge: number;
  deltaBlossom: number;
}

/** Edge k's slack, dual[i] + dual[j] − 2w (never negative), into out at oo. */
function slackInto(S: WideSearch, k: number, out: Float64Array, oo: number): void {
  const { width, dual, twiceWeight } = S;
  const io = S.edgeFrom[k]! * width;
  const jo = S.edgeTo[k]! * width;
  const ko = k * width;
  let carry = 0;
  for (let t = 0; t < width; t += 1) {
    const s = dual[io + t]! + dual[jo + t]! - twiceWeight[ko + t]! + carry;
    carry = Math.floor(s * INVERSE_BASE);
    out[oo + t] = s - carry * BASE;
  }
}

/** Offset in S.bestSlack of node x's best edge's slack (computed once per dual epoch). */
function bestSlackOf(S: WideSearch, x: number): number {
  const offset = x * S.width;
  if (S.bestSlackEpoch[x] !== S.dualEpoch) {
    slackInto(S, S.bestEdge[x]!, S.bestSlack, offset);
    S.bestSlackEpoch[x] = S.dualEpoch;
  }
  return offset;
}

function growTrees(S: WideSearch): boolean {
  const { width, neighbourStart, neighbourEnd, endpoint, inBlossom, allowEdge, label, bestEdge, queue } = S;
  const { scratch, bestSlack, dual, twiceWeight } = S;
  const top = width - 1;
  while (queue.length > 0) {
    const v = queue.pop()!;
    const last = neighbourStart[v + 1]!;
    const dualTop = dual[v * width + top]!;
    for (let q = neighbourStart[v]!; q < last; q += 1) {
      const p = neighbourEnd[q]!;
      const k = p >> 1;
      const w = endpoint[p]!;
      if (inBlossom[v] === inBlossom[w]) continue;
      if (!allowEdge[k]) {
        // The node whose best edge this may be: the S-blossom of v (w in another S-blossom), or a free w.
        const x = label[inBlossom[w]!] === 1 ? inBlossom[v]! : label[w] === 0 ? w : -1;
        // The top limbs alone bound the slack: it lies in ((T − 1)·B^top, (T + 2)·B^top). With T ≥ 1 the
        // edge is not tight, and it is no better than x's best edge when T ≥ (that slack's top limb) + 2.
        const T = dualTop + dual[w * width + top]! - twiceWeight[k * width + top]!;
        if (T >= 1) {
          if (x < 0) continue;
          if (bestEdge[x] !== -1 && T >= bestSlack[bestSlackOf(S, x) + top]! + 2) continue;
        }
        slackInto(S, k, scratch, 0);
        if (isZero(scratch, 0, width)) allowEdge[k] = 1;
        else {
          if (
            x >= 0 &&
            (bestEdge[x] === -1 || compare(scratch, 0, bestSlack, bestSlackOf(S, x), width) < 0)
          ) {
            bestEdge[x] = k;
            copy(scratch, 0, bestSlack, x * width, width);
            S.bestSlackEpoch[x] = S.dualEpoch;
          }
          continue;
        }
      }
      if (followTightEdge(S, v, w, p, k)) return true;
    }
  }
  return false;
}

/** One dual update by the smallest of the four kinds of delta (blossom.ts updateDuals); returns the kind. */
function updateDuals(S: WideSearch): number {
  const { n, width, label, inBlossom, dual, bestEdge, blossomParent, blossomBase, bestSlack, delta, other } =
    S;
  // Type 1: an S-vertex dual reaches 0. There is always one S-vertex (a free vertex starts each stage).
  let deltaType = 1;
  let hasDelta = false;
  for (let v = 0; v < n; v += 1) {
    if (label[inBlossom[v]!] === 1 && (!hasDelta || compare(dual, v * width, delta, 0, width) < 0)) {
      copy(dual, v * width, delta, 0, width);
      hasDelta = true;
    }
  }
  if (!hasDelta) return 1;
  S.deltaEdge = -1;
  S.deltaBlossom = -1;
  for (let v = 0; v < n; v += 1) {
    if (label[inBlossom[v]!] === 0 && bestEdge[v] !== -1) {
      const offset = bestSlackOf(S, v);
      if (compare(bestSlack, offset, delta, 0, width) < 0) {
        copy(bestSlack, offset, delta, 0, width);
        deltaType = 2;
        S.deltaEdge = bestEdge[v]!;
      }
    }
  }
  for (let b = 0; b < 2 * n; b += 1) {
    if (blossomParent[b] === -1 && label[b] === 1 && bestEdge[b] !== -1) {
      // Half the slack (an edge between two S-blossoms has an even slack).
      const offset = bestSlackOf(S, b);
      let remainder = 0;
      for (let t = width - 1; t >= 0; t -= 1) {
        const value = bestSlack[offset + t]! + remainder * BASE;
        const half = Math.floor(value / 2);
        other[t] = half;
        remainder = value - 2 * half;
      }
      if (compare(other, 0, delta, 0, width) < 0) {
        copy(other, 0, delta, 0, width);
        deltaType = 3;
        S.deltaEdge = bestEdge[b]!;
      }
    }
  }
  for (let b = n; b < 2 * n; b += 1) {
    if (
      blossomBase[b]! >= 0 &&
      blossomParent[b] === -1 &&
      label[b] === 2 &&
      compare(dual, b * width, delta, 0, width) < 0
    ) {
      copy(dual, b * width, delta, 0, width);
      deltaType = 4;
      S.deltaBlossom = b;
    }
  }
  if (isZero(delta, 0, width)) return deltaType;
  for (let v = 0; v < n; v += 1) {
    const l = label[inBlossom[v]!];
    if (l === 1) subtractFrom(dual, v * width, delta, width);
    else if (l === 2) addTo(dual, v * width, delta, width);
  }
  for (let b = n; b < 2 * n; b += 1) {
    if (blossomBase[b]! >= 0 && blossomParent[b] === -1) {
      if (label[b] === 1) addTo(dual, b * width, delta, width);
      else if (label[b] === 2) subtractFrom(dual, b * width, delta, width);
    }
  }
  return deltaType;
}

export function maxWeightMatchingBig(graph: BigMatchingGraph, isWarmStart = true): BigMatchingResult {
  const n = graph.vertexCount;
  const edgeCount = graph.edgeFrom.length;
  const { edgeFrom, edgeTo } = graph;
  const mateOut = new Int32Array(n).fill(-1);
  if (n === 0 || edgeCount === 0) {
    return {
      mate: mateOut,
      vertexDual: new Array<bigint>(n).fill(0n),
      reducedCost: (_i, _j, w) => -2n * w,
      face: () => ({ tight: new Int32Array(edgeCount), mustPair: new Uint8Array(n), blossoms: [] }),
    };
  }

  // Doubled weights need one bit above the widest weight; a dual sum two more.
  let width: number;
  let weightLimbs: Float64Array;
  let shift = 0n;
  if (graph.weightLimbs !== undefined) {
    width = graph.width!;
    weightLimbs = graph.weightLimbs;
  } else {
    const weight = graph.weight!;
    let maxWeight = 0n;
    for (let k = 0; k < edgeCount; k += 1) {
      const w = weight[k]!;
      if (w < 0n) throw new RangeError(`edge weight ${w} is negative`);
      if (w > maxWeight) maxWeight = w;
    }
    // Shifted so that the top limb holds the top bits (below 3 bits of headroom): the search's top-limb
    // bound (growTrees) then decides most edges. Scaling every weight keeps the matching.
    const bits = maxWeight.toString(2).length;
    width = Math.ceil((bits + 3) / LIMB_BITS);
    shift = BigInt(width * LIMB_BITS - 3 - bits);
    weightLimbs = new Float64Array(edgeCount * width);
    // Weights repeat (the Dutch engine's come from a few facts per pair): each value is written once.
    const written = new Map<bigint, number>();
    for (let k = 0; k < edgeCount; k += 1) {
      const first = written.get(weight[k]!);
      if (first === undefined) {
        written.set(weight[k]!, k);
        writeLimbs(weight[k]! << shift, weightLimbs, k * width, width);
      } else {
        weightLimbs.copyWithin(k * width, first * width, (first + 1) * width);
      }
    }
  }
  const top = width - 1;
  for (let k = 0; k < edgeCount; k += 1) {
    if (weightLimbs[k * width + top]! >= BASE / 8) throw new RangeError('edge weight leaves no headroom');
  }
  const twiceWeight = new Float64Array(edgeCount * width);
  for (let k = 0; k < edgeCount; k += 1) {
    let carry = 0;
    for (let t = 0; t < width; t += 1) {
      const s = 2 * weightLimbs[k * width + t]! + carry;
      carry = s >= BASE ? 1 : 0;
      twiceWeight[k * width + t] = s - carry * BASE;
    }
  }

  const endpoint = new Int32Array(2 * edgeCount);
  for (let k = 0; k < edgeCount; k += 1) {
    endpoint[2 * k] = edgeFrom[k]!;
    endpoint[2 * k + 1] = edgeTo[k]!;
  }
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

  const mate = new Int32Array(n).fill(-1);
  const inBlossom = new Int32Array(n);
  for (let v = 0; v < n; v += 1) inBlossom[v] = v;
  const blossomBase = new Int32Array(2 * n).fill(-1);
  for (let v = 0; v < n; v += 1) blossomBase[v] = v;
  const unusedBlossoms: number[] = [];
  for (let b = 2 * n - 1; b >= n; b -= 1) unusedBlossoms.push(b);
  const dual = new Float64Array(2 * n * width);
  const bestSlackEpoch = new Float64Array(2 * n).fill(-1);
  const scratchA = new Float64Array(width);
  const scratchB = new Float64Array(width);
  const state: WideSearch = {
    n,
    width,
    edgeFrom,
    edgeTo,
    endpoint,
    neighbourStart,
    neighbourEnd,
    mate,
    label: new Int32Array(2 * n),
    labelEnd: new Int32Array(2 * n).fill(-1),
    inBlossom,
    blossomParent: new Int32Array(2 * n).fill(-1),
    blossomChildren: new Array(2 * n).fill(null),
    blossomBase,
    blossomEnds: new Array(2 * n).fill(null),
    bestEdge: new Int32Array(2 * n).fill(-1),
    blossomBestEdges: new Array(2 * n).fill(null),
    unusedBlossoms,
    allowEdge: new Uint8Array(edgeCount),
    queue: [],
    dual,
    twiceWeight,
    bestSlack: new Float64Array(2 * n * width),
    bestSlackEpoch,
    dualEpoch: 0,
    scratch: new Float64Array(width),
    other: new Float64Array(width),
    delta: new Float64Array(width),
    deltaEdge: -1,
    deltaBlossom: -1,
    isSlackLess: (a, b) => {
      slackInto(state, a, scratchA, 0);
      slackInto(state, b, scratchB, 0);
      return compare(scratchA, 0, scratchB, 0, width) < 0;
    },
    startBlossomDual: (b) => {
      dual.fill(0, b * width, (b + 1) * width);
      bestSlackEpoch[b] = -1;
    },
    isBlossomDualZero: (b) => isZero(dual, b * width, width),
  };
  const { label, blossomParent, allowEdge, bestEdge, blossomBestEdges } = state;

  // Each vertex dual starts at its largest incident weight; cold, every vertex at the largest weight.
  const raise = (v: number, k: number) => {
    if (compare(weightLimbs, k * width, dual, v * width, width) > 0)
      copy(weightLimbs, k * width, dual, v * width, width);
  };
  for (let k = 0; k < edgeCount; k += 1) {
    raise(edgeFrom[k]!, k);
    raise(edgeTo[k]!, k);
  }
  if (isWarmStart) {
    // Edges tight at both ends are matched greedily (blossom.ts explains why this start is sound).
    for (let k = 0; k < edgeCount; k += 1) {
      const i = edgeFrom[k]!;
      const j = edgeTo[k]!;
      if (mate[i] !== -1 || mate[j] !== -1) continue;
      slackInto(state, k, scratchA, 0);
      if (isZero(scratchA, 0, width)) {
        mate[i] = 2 * k + 1;
        mate[j] = 2 * k;
      }
    }
  } else {
    let largest = 0;
    for (let v = 1; v < n; v += 1)
      if (compare(dual, v * width, dual, largest * width, width) > 0) largest = v;
    for (let v = 0; v < n; v += 1) copy(dual, largest * width, dual, v * width, width);
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
      const deltaType = updateDuals(state);
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
      if (
        blossomParent[b] === -1 &&
        blossomBase[b]! >= 0 &&
        label[b] === 1 &&
        isZero(dual, b * width, width)
      ) {
        expandBlossom(state, b, true);
      }
    }
  }

  if (isWarmStart) {
    // Optimal only if every free vertex ended with dual 0 (complementary slackness); else solve cold.
    for (let v = 0; v < n; v += 1) {
      if (mate[v] === -1 && !isZero(dual, v * width, width)) return maxWeightMatchingBig(graph, false);
    }
  }
  for (let v = 0; v < n; v += 1) mateOut[v] = mate[v]! >= 0 ? endpoint[mate[v]!]! : -1;

  // In the caller's units: every value the search held is a multiple of the weights' scale.
  const dualOf = (x: number): bigint => readLimbs(dual, x * width, width) >> shift;
  const vertexDual = Array.from({ length: n }, (_, v) => dualOf(v));
  const chainSum: (bigint | null)[] = new Array(2 * n).fill(null);
  const depth = new Int32Array(2 * n).fill(-1);
  const fillChain = (x: number): void => {
    if (depth[x]! >= 0) return;
    const parent = blossomParent[x]!;
    const own = x >= n ? 2n * dualOf(x) : 0n;
    if (parent === -1) {
      depth[x] = 0;
      chainSum[x] = own;
      return;
    }
    fillChain(parent);
    depth[x] = depth[parent]! + 1;
    chainSum[x] = chainSum[parent]! + own;
  };
  const reducedCost = (i: number, j: number, w: bigint): bigint => {
    const cost = vertexDual[i]! + vertexDual[j]! - 2n * w;
    if (inBlossom[i] !== inBlossom[j]) return cost;
    let a = blossomParent[i]!;
    let b = blossomParent[j]!;
    fillChain(a);
    fillChain(b);
    while (depth[a]! > depth[b]!) a = blossomParent[a]!;
    while (depth[b]! > depth[a]!) b = blossomParent[b]!;
    while (a !== b) {
      a = blossomParent[a]!;
      b = blossomParent[b]!;
    }
    return cost + chainSum[a]!;
  };
  const face = () => {
    const blossoms: number[][] = [];
    for (let b = n; b < 2 * n; b += 1) {
      if (blossomBase[b]! >= 0 && !isZero(dual, b * width, width)) blossoms.push(leaves(state, b, []));
    }
    const tight = new Int32Array(edgeCount);
    // For each blossom: its depth in the blossom forest, and over it and the blossoms holding it, the sum
    // of 2·z (limbs) and the number of those with a positive dual.
    const depth = new Int32Array(2 * n).fill(-1);
    const chainSum = new Float64Array(2 * n * width);
    const chainCount = new Int32Array(2 * n);
    const fill = (x: number): void => {
      if (depth[x]! >= 0) return;
      const parent = blossomParent[x]!;
      if (parent === -1) depth[x] = 0;
      else {
        fill(parent);
        depth[x] = depth[parent]! + 1;
        copy(chainSum, parent * width, chainSum, x * width, width);
        chainCount[x] = chainCount[parent]!;
      }
      if (x >= n && !isZero(dual, x * width, width)) {
        const own = dual.subarray(x * width, (x + 1) * width);
        const at = chainSum.subarray(x * width, (x + 1) * width);
        addTo(at, 0, own, width);
        addTo(at, 0, own, width);
        chainCount[x]! += 1;
      }
    };
    if (blossoms.length > 0) for (let x = n; x < 2 * n; x += 1) if (blossomBase[x]! >= 0) fill(x);
    const lowestCommon = new Float64Array(width);
    for (let k = 0; k < edgeCount; k += 1) {
      // The search never reads a slack inside a blossom, where it is negative; the limbs then hold it
      // modulo 2^(48·width), and adding the blossoms' duals below brings the reduced cost back exactly.
      slackInto(state, k, scratchA, 0);
      let holding = 0;
      if (blossoms.length > 0 && inBlossom[edgeFrom[k]!] === inBlossom[edgeTo[k]!]) {
        // Add 2·z(B) for each blossom B holding both ends: those holding their lowest common blossom.
        let a = blossomParent[edgeFrom[k]!]!;
        let b = blossomParent[edgeTo[k]!]!;
        while (depth[a]! > depth[b]!) a = blossomParent[a]!;
        while (depth[b]! > depth[a]!) b = blossomParent[b]!;
        while (a !== b) {
          a = blossomParent[a]!;
          b = blossomParent[b]!;
        }
        holding = chainCount[a]!;
        if (holding > 0) {
          for (let t = 0; t < width; t += 1) lowestCommon[t] = chainSum[a * width + t]!;
          addTo(scratchA, 0, lowestCommon, width);
        }
      }
      tight[k] = isZero(scratchA, 0, width) ? 1 + holding : 0;
    }
    const mustPair = new Uint8Array(n);
    for (let v = 0; v < n; v += 1) mustPair[v] = isZero(dual, v * width, width) ? 0 : 1;
    return { tight, mustPair, blossoms };
  };
  return { mate: mateOut, vertexDual, reducedCost, face };
}
