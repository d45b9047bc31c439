/**
 * Pairings by name on the hall's screens (issue #31): the paired players sorted by the name as shown, split
 * across the screens that show "pairings by name" by the alphabet, so a pupil knows which screen to walk to
 * ("A–F"), and each screen's slice paged. The split is a pure function of the list and the number of screens, so
 * every screen computing its own slice from the same pairing shows every player exactly once across all of them.
 */
import { normalizeName } from './names';

/** One line of the list: the name as public pages show it, and an id that breaks ties between namesakes. */
export interface NamedLine {
  id: string;
  name: string;
}

/** The lines sorted by name (case, accents and spacing aside), namesakes by id: the same order everywhere. */
export function sortByName<T extends NamedLine>(lines: readonly T[]): T[] {
  const keyed = lines.map((line) => ({ line, key: normalizeName(line.name) }));
  keyed.sort((a, b) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : a.line.id < b.line.id ? -1 : a.line.id > b.line.id ? 1 : 0,
  );
  return keyed.map((entry) => entry.line);
}

/** One screen's part of the list: its lines, and the name range it covers ("A–F"), or null when it has none. */
export interface NameSlice<T> {
  lines: T[];
  /** The first and last prefix it covers, as a sign says it: "A"–"F", or "Ma"–"Mi" when letters are split. */
  range: { from: string; to: string } | null;
}

/** How much larger than an even share a slice may be before the split goes by two letters instead of one. */
const UNEVEN = 1.5;

const prefixOf = (name: string, length: number) => {
  const letters = normalizeName(name).replace(/[^\p{L}\p{N}]/gu, '');
  const prefix = letters.slice(0, length) || '#';
  return prefix.charAt(0).toLocaleUpperCase('en') + prefix.slice(1);
};

/**
 * Cuts `sizes` (in order) into `parts` contiguous runs, as even as can be: the largest run as small as possible
 * (the classic linear partition). Returns where each run starts.
 */
function evenCuts(sizes: readonly number[], parts: number): number[] {
  const n = sizes.length;
  const sums = [0];
  for (const size of sizes) sums.push(sums[sums.length - 1]! + size);
  const run = (from: number, to: number) => sums[to]! - sums[from]!;
  // best[k][i]: the smallest largest run cutting the first i groups into k runs; from[k][i]: where the last starts.
  const best: number[][] = Array.from({ length: parts + 1 }, () => new Array<number>(n + 1).fill(Infinity));
  const from: number[][] = Array.from({ length: parts + 1 }, () => new Array<number>(n + 1).fill(0));
  best[0]![0] = 0;
  for (let k = 1; k <= parts; k += 1) {
    for (let i = 0; i <= n; i += 1) {
      for (let j = 0; j <= i; j += 1) {
        const value = Math.max(best[k - 1]![j]!, run(j, i));
        // Ties go to the later cut, so empty runs come last rather than first.
        if (value <= best[k]![i]!) {
          best[k]![i] = value;
          from[k]![i] = j;
        }
      }
    }
  }
  const starts: number[] = [];
  let end = n;
  for (let k = parts; k >= 1; k -= 1) {
    const start = from[k]![end]!;
    starts.unshift(start);
    end = start;
  }
  return starts;
}

function sliceBy<T extends NamedLine>(
  sorted: readonly T[],
  screens: number,
  prefixLength: number,
): NameSlice<T>[] {
  const groups: { prefix: string; lines: T[] }[] = [];
  for (const line of sorted) {
    const prefix = prefixOf(line.name, prefixLength);
    const last = groups[groups.length - 1];
    if (last && last.prefix === prefix) last.lines.push(line);
    else groups.push({ prefix, lines: [line] });
  }
  const starts = evenCuts(
    groups.map((group) => group.lines.length),
    screens,
  );
  return starts.map((start, index) => {
    const end = starts[index + 1] ?? groups.length;
    const part = groups.slice(start, end);
    return {
      lines: part.flatMap((group) => group.lines),
      range: part.length === 0 ? null : { from: part[0]!.prefix, to: part[part.length - 1]!.prefix },
    };
  });
}

/**
 * The sorted list cut into one slice per screen, by the alphabet: every line in exactly one slice, in order.
 * Names sharing a first letter stay on one screen unless that leaves a screen more than half as full again as an
 * even share; then the cut goes by the first two letters.
 */
export function alphabetSlices<T extends NamedLine>(lines: readonly T[], screens: number): NameSlice<T>[] {
  const count = Math.max(1, Math.floor(screens));
  const sorted = sortByName(lines);
  const byLetter = sliceBy(sorted, count, 1);
  const even = Math.ceil(sorted.length / count);
  const largest = Math.max(0, ...byLetter.map((slice) => slice.lines.length));
  return largest > even * UNEVEN ? sliceBy(sorted, count, 2) : byLetter;
}

/** A slice's pages of `perPage` lines (at least one page, empty when there is nothing to show). */
export function pagesOf<T>(lines: readonly T[], perPage: number): T[][] {
  const size = Math.max(1, Math.floor(perPage));
  const pages: T[][] = [];
  for (let start = 0; start < lines.length; start += size) pages.push(lines.slice(start, start + size));
  return pages.length === 0 ? [[]] : pages;
}
