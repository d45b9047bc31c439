import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxWeightMatching } from './blossom';
import { maxWeightMatchingBig } from './blossom-big';

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

const total = (edges: [number, number, number][], mate: Int32Array) =>
  edges.reduce((sum, [i, j, w]) => sum + (mate[i] === j ? w : 0), 0);

describe('maxWeightMatchingBig', () => {
  it('finds the same optimum as the number version, also with every weight shifted beyond 2^60', () => {
    fc.assert(
      fc.property(graphArbitrary, ({ n, edges }) => {
        const graph = {
          vertexCount: n,
          edgeFrom: Int32Array.from(edges.map((edge) => edge[0])),
          edgeTo: Int32Array.from(edges.map((edge) => edge[1])),
        };
        const small = maxWeightMatching({
          ...graph,
          weight: Float64Array.from(edges.map((edge) => edge[2])),
        });
        const big = maxWeightMatchingBig({ ...graph, weight: edges.map((edge) => BigInt(edge[2])) });
        expect(total(edges, big.mate)).toBe(total(edges, small.mate));
        // Scaling by 2^60 and adding 1 keeps the optimum (as long as cardinality does not change the sum:
        // compare scaled totals instead).
        const scale = 2n ** 60n;
        const scaled = maxWeightMatchingBig({
          ...graph,
          weight: edges.map((edge) => BigInt(edge[2]) * scale),
        });
        expect(total(edges, scaled.mate)).toBe(total(edges, small.mate));
      }),
      { numRuns: 300, seed: 5 },
    );
  });
});
