import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxWeightMatching } from './blossom';
import { missableVertices } from './missable';

/** Size of a maximum matching over the vertices in `alive`, by exhaustive search. */
function maximumMatching(edges: readonly [number, number][], alive: readonly boolean[]): number {
  const usable = edges.filter(([a, b]) => alive[a] && alive[b]);
  const best = (from: number, used: Set<number>): number => {
    let result = 0;
    for (let k = from; k < usable.length; k += 1) {
      const [a, b] = usable[k]!;
      if (used.has(a) || used.has(b)) continue;
      used.add(a).add(b);
      result = Math.max(result, 1 + best(k + 1, used));
      used.delete(a);
      used.delete(b);
    }
    return result;
  };
  return best(0, new Set());
}

const oddGraph = fc.integer({ min: 1, max: 4 }).chain((half) =>
  fc
    .uniqueArray(fc.tuple(fc.nat(2 * half), fc.nat(2 * half)), {
      selector: ([a, b]) => `${Math.min(a, b)},${Math.max(a, b)}`,
      maxLength: 16,
    })
    .map((pairs) => ({
      count: 2 * half + 1,
      edges: pairs
        .filter(([a, b]) => a !== b)
        .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as [number, number]),
    })),
);

describe('missableVertices', () => {
  it('finds exactly the vertices some maximum matching leaves out, in graphs with one left out', () => {
    let checked = 0;
    fc.assert(
      fc.property(oddGraph, ({ count, edges }) => {
        const { mate } = maxWeightMatching({
          vertexCount: count,
          edgeFrom: Int32Array.from(edges.map((edge) => edge[0])),
          edgeTo: Int32Array.from(edges.map((edge) => edge[1])),
          weight: new Float64Array(edges.length).fill(1),
          isMaxCardinality: true,
        });
        if (mate.filter((partner) => partner < 0).length !== 1) return;
        checked += 1;
        const neighbours = Array.from({ length: count }, () => [] as number[]);
        for (const [a, b] of edges) {
          neighbours[a]!.push(b);
          neighbours[b]!.push(a);
        }
        const all = new Array<boolean>(count).fill(true);
        const size = maximumMatching(edges, all);
        const expected = Array.from({ length: count }, (_, v) => {
          const alive = [...all];
          alive[v] = false;
          return maximumMatching(edges, alive) === size;
        });
        expect(missableVertices(neighbours, mate)).toEqual(expected);
      }),
      { numRuns: 400, seed: 36 },
    );
    // The property is about graphs with one vertex left out: enough of them were drawn to mean something.
    expect(checked).toBeGreaterThan(100);
  });
});
