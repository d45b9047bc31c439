import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxWeightMatching } from './blossom';

/** Exhaustive maximum-weight matching for small graphs (reference for the property test). */
function bruteForce(n: number, edges: [number, number, number][]): number {
  const weight = new Map<string, number>();
  for (const [i, j, w] of edges) weight.set(`${Math.min(i, j)},${Math.max(i, j)}`, w);
  const used = new Array<boolean>(n).fill(false);
  const best = (from: number): number => {
    let v = from;
    while (v < n && used[v]) v += 1;
    if (v >= n) return 0;
    used[v] = true;
    let result = best(v + 1); // v stays unmatched
    for (let u = v + 1; u < n; u += 1) {
      const w = weight.get(`${v},${u}`);
      if (used[u] || w === undefined) continue;
      used[u] = true;
      result = Math.max(result, w + best(v + 1));
      used[u] = false;
    }
    used[v] = false;
    return result;
  };
  return best(0);
}

/** Exhaustive [most pairs, then largest weight] for small graphs (reference for max-cardinality mode). */
function bruteForceMaxCardinality(n: number, edges: [number, number, number][]): [number, number] {
  const weight = new Map<string, number>();
  for (const [i, j, w] of edges) weight.set(`${Math.min(i, j)},${Math.max(i, j)}`, w);
  const used = new Array<boolean>(n).fill(false);
  const better = (a: [number, number], b: [number, number]) =>
    a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]) ? a : b;
  const best = (from: number): [number, number] => {
    let v = from;
    while (v < n && used[v]) v += 1;
    if (v >= n) return [0, 0];
    used[v] = true;
    let result = best(v + 1);
    for (let u = v + 1; u < n; u += 1) {
      const w = weight.get(`${v},${u}`);
      if (used[u] || w === undefined) continue;
      used[u] = true;
      const [pairs, total] = best(v + 1);
      result = better([pairs + 1, total + w], result);
      used[u] = false;
    }
    used[v] = false;
    return result;
  };
  return best(0);
}

function solve(n: number, edges: [number, number, number][], isMaxCardinality = false) {
  return maxWeightMatching({
    vertexCount: n,
    edgeFrom: Int32Array.from(edges.map((edge) => edge[0])),
    edgeTo: Int32Array.from(edges.map((edge) => edge[1])),
    weight: Float64Array.from(edges.map((edge) => edge[2])),
    isMaxCardinality,
  });
}

const graphArbitrary = fc
  .integer({ min: 1, max: 10 })
  .chain((n) =>
    fc
      .uniqueArray(
        fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 }), fc.nat(20)),
        { selector: ([i, j]) => `${Math.min(i, j)},${Math.max(i, j)}`, maxLength: 30 },
      )
      .map((edges) => ({ n, edges: edges.filter(([i, j]) => i !== j) })),
  );

describe('maxWeightMatching', () => {
  it('matches a hand-checked case with a blossom', () => {
    // A triangle 0-1-2 with a pendant 3 on 2: the best is 0-1 + 2-3.
    const { mate } = solve(4, [
      [0, 1, 6],
      [1, 2, 10],
      [0, 2, 7],
      [2, 3, 5],
    ]);
    expect([...mate]).toEqual([1, 0, 3, 2]);
  });

  it('finds the optimum weight of the exhaustive search, with a valid dual certificate', () => {
    fc.assert(
      fc.property(graphArbitrary, ({ n, edges }) => {
        const { mate, vertexDual, reducedCost } = solve(n, edges);
        let total = 0;
        for (const [i, j, w] of edges) {
          if (mate[i] === j) {
            expect(mate[j]).toBe(i);
            expect(reducedCost(i, j, w)).toBe(0); // matched edges are tight
            total += w;
          }
          expect(reducedCost(i, j, w)).toBeGreaterThanOrEqual(0); // dual feasibility, blossoms included
        }
        for (let v = 0; v < n; v += 1) {
          expect(vertexDual[v]).toBeGreaterThanOrEqual(0);
          if (mate[v] === -1) expect(vertexDual[v]).toBe(0);
        }
        expect(total).toBe(bruteForce(n, edges));
      }),
      { numRuns: 400, seed: 42 },
    );
  });

  it('in max-cardinality mode finds the most pairs, then the largest weight; a perfect result is certified', () => {
    fc.assert(
      fc.property(graphArbitrary, ({ n, edges }) => {
        const { mate, reducedCost } = solve(n, edges, true);
        let pairs = 0;
        let total = 0;
        for (const [i, j, w] of edges) {
          if (mate[i] === j) {
            expect(mate[j]).toBe(i);
            pairs += 1;
            total += w;
          }
        }
        expect([pairs, total]).toEqual(bruteForceMaxCardinality(n, edges));
        if (pairs * 2 === n) {
          // The certificate the engine relies on: every edge has non-negative reduced cost, matched ones 0.
          for (const [i, j, w] of edges) {
            expect(reducedCost(i, j, w)).toBeGreaterThanOrEqual(0);
            if (mate[i] === j) expect(reducedCost(i, j, w)).toBe(0);
          }
        }
      }),
      { numRuns: 600, seed: 7 },
    );
  });

  it('in max-cardinality mode prefers a complete pairing to a heavier incomplete one', () => {
    // Path 0-1-2-3: the heavy middle edge alone (100) loses to the two light outer edges (1 + 1).
    const { mate } = solve(
      4,
      [
        [0, 1, 1],
        [1, 2, 100],
        [2, 3, 1],
      ],
      true,
    );
    expect([...mate]).toEqual([1, 0, 3, 2]);
  });

  it('is exact for weights near 2^50', () => {
    const big = 2 ** 50;
    const { mate } = solve(4, [
      [0, 1, big - 1],
      [2, 3, big - 1],
      [0, 2, big],
      [1, 3, 0],
    ]);
    expect([...mate]).toEqual([1, 0, 3, 2]);
  });
});
