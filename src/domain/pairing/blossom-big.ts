/**
 * The same maximum-weight matching as blossom.ts (Galil 1986, O(n³)) over BigInt weights, for the rare
 * weight layouts that do not fit in 2^50 (very large fields with unavoidable schoolmates, clubmates and
 * colour clashes): exact at any size, several times slower. The same steps in the same order as blossom.ts,
 * kept as the plain closure form (blossom.ts splits them into module functions and caches slacks for speed,
 * without changing a decision); tested against exhaustive search with weights beyond 2^53.
 */

export interface BigMatchingGraph {
  vertexCount: number;
  edgeFrom: Int32Array;
  edgeTo: Int32Array;
  weight: readonly bigint[];
}

export interface BigMatchingResult {
  mate: Int32Array;
  /** Doubled vertex duals, as in blossom.ts. */
  vertexDual: readonly bigint[];
  /** As in blossom.ts: reduced cost of any pair under the final duals (≥ 0 for all ⇔ optimal). */
  reducedCost: (i: number, j: number, w: bigint) => bigint;
}

export function maxWeightMatchingBig(graph: BigMatchingGraph, isWarmStart = true): BigMatchingResult {
  const n = graph.vertexCount;
  const edgeCount = graph.edgeFrom.length;
  const { edgeFrom, edgeTo, weight } = graph;
  const mateOut = new Int32Array(n).fill(-1);
  if (n === 0 || edgeCount === 0) {
    return { mate: mateOut, vertexDual: new Array<bigint>(n).fill(0n), reducedCost: (_i, _j, w) => -2n * w };
  }

  let maxWeight = 0n;
  for (let k = 0; k < edgeCount; k += 1) {
    const w = weight[k]!;
    if (w < 0n) throw new RangeError(`edge weight ${w} is negative`);
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
  const dual: bigint[] = new Array<bigint>(2 * n).fill(0n);
  for (let v = 0; v < n; v += 1) dual[v] = maxWeight;
  const allowEdge = new Uint8Array(edgeCount);
  let queue: number[] = [];

  const slack = (k: number): bigint => dual[edgeFrom[k]!]! + dual[edgeTo[k]!]! - 2n * weight[k]!;

  const at = <T>(list: readonly T[], index: number): T => {
    const length = list.length;
    return list[((index % length) + length) % length]!;
  };

  const leaves = (b: number, out: number[]): number[] => {
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
  };

  const assignLabel = (w0: number, t0: number, p0: number): void => {
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
        leaves(b, queue);
        return;
      }
      // t === 2: the base's mate becomes an S-vertex.
      const base = blossomBase[b]!;
      const baseMate = mate[base]!;
      w = endpoint[baseMate]!;
      t = 1;
      p = baseMate ^ 1;
    }
  };

  /** Traces back from v and w; returns the base of a new blossom, or −1 for an augmenting path. */
  const scanBlossom = (v0: number, w0: number): number => {
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
  };

  const addBlossom = (base: number, k: number): void => {
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
    dual[b] = 0n;
    for (const leaf of leaves(b, [])) {
      if (label[inBlossom[leaf]!] === 2) queue.push(leaf);
      inBlossom[leaf] = b;
    }
    const bestEdgeTo = new Map<number, number>();
    const consider = (edge: number) => {
      let j = edgeTo[edge]!;
      if (inBlossom[j] === b) j = edgeFrom[edge]!;
      const bj = inBlossom[j]!;
      if (bj !== b && label[bj] === 1) {
        const current = bestEdgeTo.get(bj);
        if (current === undefined || slack(edge) < slack(current)) bestEdgeTo.set(bj, edge);
      }
    };
    for (const child of path) {
      const list = blossomBestEdges[child];
      if (list === null || list === undefined) {
        for (const leaf of leaves(child, [])) {
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
    for (const edge of best) if (chosen === -1 || slack(edge) < slack(chosen)) chosen = edge;
    bestEdge[b] = chosen;
  };

  const expandBlossom = (b: number, isEndStage: boolean): void => {
    const children = blossomChildren[b]!;
    for (const s of children) {
      blossomParent[s] = -1;
      if (s < n) inBlossom[s] = s;
      else if (isEndStage && dual[s] === 0n) expandBlossom(s, isEndStage);
      else for (const leaf of leaves(s, [])) inBlossom[leaf] = s;
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
        assignLabel(endpoint[p ^ 1]!, 2, p);
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
        for (const leaf of leaves(bv, [])) {
          if (label[leaf] !== 0) {
            labelled = leaf;
            break;
          }
        }
        if (labelled !== -1) {
          label[labelled] = 0;
          label[endpoint[mate[blossomBase[bv]!]!]!] = 0;
          assignLabel(labelled, 2, labelEnd[labelled]!);
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
  };

  const augmentBlossom = (b: number, v: number): void => {
    let t = v;
    while (blossomParent[t] !== b) t = blossomParent[t]!;
    if (t >= n) augmentBlossom(t, v);
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
      if (t >= n) augmentBlossom(t, endpoint[p]!);
      j += jStep;
      t = at(children, j);
      if (t >= n) augmentBlossom(t, endpoint[p ^ 1]!);
      mate[endpoint[p]!] = p ^ 1;
      mate[endpoint[p ^ 1]!] = p;
    }
    blossomChildren[b] = [...children.slice(i), ...children.slice(0, i)];
    blossomEnds[b] = [...ends.slice(i), ...ends.slice(0, i)];
    blossomBase[b] = blossomBase[blossomChildren[b]![0]!]!;
  };

  const augmentMatching = (k: number): void => {
    const starts: [number, number][] = [
      [edgeFrom[k]!, 2 * k + 1],
      [edgeTo[k]!, 2 * k],
    ];
    for (const [s0, p0] of starts) {
      let s = s0;
      let p = p0;
      for (;;) {
        const bs = inBlossom[s]!;
        if (bs >= n) augmentBlossom(bs, s);
        mate[s] = p;
        if (labelEnd[bs] === -1) break;
        const t = endpoint[labelEnd[bs]!]!;
        const bt = inBlossom[t]!;
        s = endpoint[labelEnd[bt]!]!;
        const j = endpoint[labelEnd[bt]! ^ 1]!;
        if (bt >= n) augmentBlossom(bt, j);
        mate[j] = labelEnd[bt]!;
        p = labelEnd[bt]! ^ 1;
      }
    }
  };

  if (isWarmStart) {
    // Warm start: each vertex dual starts at its largest incident weight (feasible: dual[i] + dual[j] ≥ 2w),
    // and edges tight at both ends are matched greedily. Matched edges are tight and all duals feasible, so
    // the primal-dual invariants hold; free vertices may now differ in dual, which only matters if the
    // search stops with a free vertex of positive dual: then the result is not proven and the caller
    // re-solves cold (see the end of this function).
    dual.fill(0n, 0, n);
    for (let k = 0; k < edgeCount; k += 1) {
      const w = weight[k]!;
      if (w > dual[edgeFrom[k]!]!) dual[edgeFrom[k]!] = w;
      if (w > dual[edgeTo[k]!]!) dual[edgeTo[k]!] = w;
    }
    for (let k = 0; k < edgeCount; k += 1) {
      const i = edgeFrom[k]!;
      const j = edgeTo[k]!;
      if (mate[i] === -1 && mate[j] === -1 && dual[i]! + dual[j]! === 2n * weight[k]!) {
        mate[i] = 2 * k + 1;
        mate[j] = 2 * k;
      }
    }
  }

  for (let stage = 0; stage < n; stage += 1) {
    label.fill(0);
    bestEdge.fill(-1);
    for (let b = n; b < 2 * n; b += 1) blossomBestEdges[b] = null;
    allowEdge.fill(0);
    queue = [];
    for (let v = 0; v < n; v += 1) {
      if (mate[v] === -1 && label[inBlossom[v]!] === 0) assignLabel(v, 1, -1);
    }
    let isAugmented = false;
    for (;;) {
      while (queue.length > 0 && !isAugmented) {
        const v = queue.pop()!;
        for (let q = neighbourStart[v]!; q < neighbourStart[v + 1]!; q += 1) {
          const p = neighbourEnd[q]!;
          const k = p >> 1;
          const w = endpoint[p]!;
          if (inBlossom[v] === inBlossom[w]) continue;
          let kSlack = 0n;
          if (!allowEdge[k]) {
            kSlack = slack(k);
            if (kSlack <= 0n) allowEdge[k] = 1;
          }
          if (allowEdge[k]) {
            if (label[inBlossom[w]!] === 0) {
              assignLabel(w, 2, p ^ 1);
            } else if (label[inBlossom[w]!] === 1) {
              const base = scanBlossom(v, w);
              if (base >= 0) addBlossom(base, k);
              else {
                augmentMatching(k);
                isAugmented = true;
                break;
              }
            } else if (label[w] === 0) {
              label[w] = 2;
              labelEnd[w] = p ^ 1;
            }
          } else if (label[inBlossom[w]!] === 1) {
            const b = inBlossom[v]!;
            if (bestEdge[b] === -1 || kSlack < slack(bestEdge[b]!)) bestEdge[b] = k;
          } else if (label[w] === 0) {
            if (bestEdge[w] === -1 || kSlack < slack(bestEdge[w]!)) bestEdge[w] = k;
          }
        }
      }
      if (isAugmented) break;

      // Dual update (Galil 1986, §6): the smallest of the four kinds of delta.
      // Type 1: an S-vertex dual reaches 0 (they are the ones that decrease).
      let deltaType = 1;
      let delta: bigint | null = null;
      for (let v = 0; v < n; v += 1) {
        if (label[inBlossom[v]!] === 1 && (delta === null || dual[v]! < delta)) delta = dual[v]!;
      }
      let deltaEdge = -1;
      let deltaBlossom = -1;
      for (let v = 0; v < n; v += 1) {
        if (label[inBlossom[v]!] === 0 && bestEdge[v] !== -1) {
          const d = slack(bestEdge[v]!);
          if (delta === null || d < delta) {
            delta = d;
            deltaType = 2;
            deltaEdge = bestEdge[v]!;
          }
        }
      }
      for (let b = 0; b < 2 * n; b += 1) {
        if (blossomParent[b] === -1 && label[b] === 1 && bestEdge[b] !== -1) {
          const d = slack(bestEdge[b]!) / 2n;
          if (delta === null || d < delta) {
            delta = d;
            deltaType = 3;
            deltaEdge = bestEdge[b]!;
          }
        }
      }
      for (let b = n; b < 2 * n; b += 1) {
        if (
          blossomBase[b]! >= 0 &&
          blossomParent[b] === -1 &&
          label[b] === 2 &&
          (delta === null || dual[b]! < delta)
        ) {
          delta = dual[b]!;
          deltaType = 4;
          deltaBlossom = b;
        }
      }
      const step = delta ?? 0n;
      for (let v = 0; v < n; v += 1) {
        const l = label[inBlossom[v]!];
        if (l === 1) dual[v] = dual[v]! - step;
        else if (l === 2) dual[v] = dual[v]! + step;
      }
      for (let b = n; b < 2 * n; b += 1) {
        if (blossomBase[b]! >= 0 && blossomParent[b] === -1) {
          if (label[b] === 1) dual[b] = dual[b]! + step;
          else if (label[b] === 2) dual[b] = dual[b]! - step;
        }
      }
      if (deltaType === 1) break;
      if (deltaType === 2) {
        allowEdge[deltaEdge] = 1;
        let i = edgeFrom[deltaEdge]!;
        if (label[inBlossom[i]!] === 0) i = edgeTo[deltaEdge]!;
        queue.push(i);
      } else if (deltaType === 3) {
        allowEdge[deltaEdge] = 1;
        queue.push(edgeFrom[deltaEdge]!);
      } else {
        expandBlossom(deltaBlossom, false);
      }
    }
    if (!isAugmented) break;
    for (let b = n; b < 2 * n; b += 1) {
      if (blossomParent[b] === -1 && blossomBase[b]! >= 0 && label[b] === 1 && dual[b] === 0n) {
        expandBlossom(b, true);
      }
    }
  }

  if (isWarmStart) {
    // Optimal only if every free vertex ended with dual 0 (complementary slackness); else solve cold.
    for (let v = 0; v < n; v += 1)
      if (mate[v] === -1 && dual[v]! > 0n) return maxWeightMatchingBig(graph, false);
  }
  for (let v = 0; v < n; v += 1) mateOut[v] = mate[v]! >= 0 ? endpoint[mate[v]!]! : -1;
  const chainSum: (bigint | null)[] = new Array(2 * n).fill(null);
  const depth = new Int32Array(2 * n).fill(-1);
  const fillChain = (x: number): void => {
    if (depth[x]! >= 0) return;
    const parent = blossomParent[x]!;
    const own = x >= n ? 2n * dual[x]! : 0n;
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
    const cost = dual[i]! + dual[j]! - 2n * w;
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
  return { mate: mateOut, vertexDual: dual.slice(0, n), reducedCost };
}
