import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxWeightMatching } from './blossom';
import { LIMB_BITS, maxWeightMatchingBig, writeLimbs } from './blossom-big';

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

/** Every matching of a small graph, as the list of its edges' indices. */
function allMatchings(n: number, edges: readonly (readonly [number, number, ...unknown[]])[]): number[][] {
  const result: number[][] = [];
  const walk = (from: number, used: boolean[], chosen: number[]) => {
    result.push([...chosen]);
    for (let k = from; k < edges.length; k += 1) {
      const [i, j] = edges[k]!;
      if (used[i] || used[j]) continue;
      used[i] = used[j] = true;
      chosen.push(k);
      walk(k + 1, used, chosen);
      chosen.pop();
      used[i] = used[j] = false;
    }
  };
  walk(0, new Array<boolean>(n).fill(false), []);
  return result;
}

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

  it('maximises lexicographic weights of several hundred bits exactly, and names the optimal face', () => {
    // Three fields far apart (as the Dutch engine's criteria are): only an exact matcher keeps the lower
    // fields once the upper ones are summed. Checked against every matching of the graph.
    const layered = fc.integer({ min: 2, max: 8 }).chain((n) =>
      fc
        .uniqueArray(fc.tuple(fc.nat(n - 1), fc.nat(n - 1), fc.nat(3), fc.nat(3), fc.nat(3)), {
          selector: ([i, j]) => `${Math.min(i, j)},${Math.max(i, j)}`,
          maxLength: 16,
        })
        .map((raw) => ({
          n,
          edges: raw
            .filter(([i, j]) => i !== j)
            .map(([i, j, a, b, c]) => [i, j, (BigInt(a) << 300n) + (BigInt(b) << 150n) + BigInt(c)] as const),
        })),
    );
    fc.assert(
      fc.property(layered, ({ n, edges }) => {
        const solved = maxWeightMatchingBig({
          vertexCount: n,
          edgeFrom: Int32Array.from(edges.map((edge) => edge[0])),
          edgeTo: Int32Array.from(edges.map((edge) => edge[1])),
          weight: edges.map((edge) => edge[2]),
        });
        const matchings = allMatchings(n, edges);
        const weightOf = (chosen: number[]) => chosen.reduce((sum, k) => sum + edges[k]![2], 0n);
        const best = matchings.reduce((top, chosen) => (weightOf(chosen) > top ? weightOf(chosen) : top), 0n);
        const found = edges.reduce((sum, [i, j, w]) => sum + (solved.mate[i] === j ? w : 0n), 0n);
        expect(found).toBe(best);
        // The face: a matching is optimal exactly when it uses tight edges only, pairs every vertex of
        // positive dual, and holds (size − 1) / 2 pairs inside each blossom of positive dual.
        const { tight, mustPair, blossoms } = solved.face();
        for (const chosen of matchings) {
          const paired = new Set(chosen.flatMap((k) => [edges[k]![0], edges[k]![1]]));
          const onFace =
            chosen.every((k) => tight[k]! > 0) &&
            mustPair.every((flag, v) => !flag || paired.has(v)) &&
            blossoms.every((members) => {
              const inside = new Set(members);
              const count = chosen.filter((k) => inside.has(edges[k]![0]) && inside.has(edges[k]![1])).length;
              return count === (members.length - 1) / 2;
            });
          expect(onFace).toBe(weightOf(chosen) === best);
        }
      }),
      { numRuns: 300, seed: 36 },
    );
  });

  it('writes and checks limbs exactly', () => {
    const value = (3n << 200n) + (5n << 96n) + 7n;
    const width = Math.ceil(202 / LIMB_BITS) + 1;
    const out = new Float64Array(width);
    writeLimbs(value, out, 0, width);
    const back = [...out].reverse().reduce((sum, limb) => (sum << BigInt(LIMB_BITS)) + BigInt(limb), 0n);
    expect(back).toBe(value);
    expect(() => writeLimbs(1n << 300n, out, 0, width)).toThrow(RangeError);
  });
});
