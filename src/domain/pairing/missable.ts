/**
 * The vertices some maximum matching leaves unpaired (the set D of the Gallai–Edmonds decomposition), for a
 * graph given a maximum matching with exactly one unpaired vertex: the vertices reached from it by an
 * alternating path of even length, blossoms included (Edmonds' search; no augmenting path exists since
 * the matching is maximum). The Dutch engine reads it to know which players can complete an odd score
 * group (issue 36). O(V³) with the plain blossom contraction: it runs on one score group.
 */

/**
 * `neighbours[v]` lists v's neighbours; `mate[v]` is v's partner in a maximum matching or −1, with exactly
 * one vertex at −1 (`root`). Returns whether each vertex is missed by some maximum matching.
 */
export function missableVertices(neighbours: readonly (readonly number[])[], mate: Int32Array): boolean[] {
  const count = neighbours.length;
  const root = mate.findIndex((partner) => partner < 0);
  const isEven = new Array<boolean>(count).fill(false);
  if (root < 0) return isEven;
  const base = Array.from({ length: count }, (_, v) => v);
  const parent = new Int32Array(count).fill(-1);
  const queue = [root];
  isEven[root] = true;

  const commonBase = (a0: number, b0: number): number => {
    const seen = new Array<boolean>(count).fill(false);
    let a = a0;
    for (;;) {
      a = base[a]!;
      seen[a] = true;
      if (mate[a]! < 0) break;
      a = parent[mate[a]!]!;
    }
    let b = b0;
    for (;;) {
      b = base[b]!;
      if (seen[b]) return b;
      b = parent[mate[b]!]!;
    }
  };
  const markPath = (inBlossom: boolean[], v0: number, blossomBase: number, child0: number) => {
    let v = v0;
    let child = child0;
    while (base[v] !== blossomBase) {
      inBlossom[base[v]!] = true;
      inBlossom[base[mate[v]!]!] = true;
      parent[v] = child;
      child = mate[v]!;
      v = parent[mate[v]!]!;
    }
  };

  for (let head = 0; head < queue.length; head += 1) {
    const v = queue[head]!;
    for (const w of neighbours[v]!) {
      if (base[v] === base[w] || mate[v] === w) continue;
      if (w === root || (mate[w]! >= 0 && parent[mate[w]!] !== -1)) {
        // An edge between two even vertices: the cycle through their common base becomes one even blossom.
        const blossomBase = commonBase(v, w);
        const inBlossom = new Array<boolean>(count).fill(false);
        markPath(inBlossom, v, blossomBase, w);
        markPath(inBlossom, w, blossomBase, v);
        for (let u = 0; u < count; u += 1) {
          if (!inBlossom[base[u]!]) continue;
          base[u] = blossomBase;
          if (!isEven[u]) {
            isEven[u] = true;
            queue.push(u);
          }
        }
      } else if (parent[w] === -1 && mate[w]! >= 0) {
        parent[w] = v;
        isEven[mate[w]!] = true;
        queue.push(mate[w]!);
      }
    }
  }
  return isEven;
}
