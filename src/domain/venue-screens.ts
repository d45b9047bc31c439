/**
 * Pairings by name on the hall's screens (issue #31): the paired players sorted by the name as shown, split
 * across the screens that show "pairings by name" by the alphabet, so a pupil knows which screen to walk to
 * ("A–F"), and each screen's slice paged. The split is a pure function of the list and the number of screens, so
 * every screen computing its own slice from the same pairing shows every player exactly once across all of them.
 */
import { crockfordCodeFrom, normalizeCrockfordCode } from './badges';
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
  /**
   * The first and last prefix it covers, as a sign says it: "A"–"F", "Ma"–"Mi" when letters are split, or longer
   * when many names share their start ("Pupil 05"–"Pupil 12").
   */
  range: { from: string; to: string } | null;
}

/** How much larger than an even share a slice may be before the split goes by one more letter. */
const UNEVEN = 1.25;

const isLetterOrDigit = (char: string) => /[\p{L}\p{N}]/u.test(char);

/** The key names are grouped by: the first `length` letters and digits, accents and case aside. */
const prefixKey = (name: string, length: number) =>
  [...normalizeName(name)].filter(isLetterOrDigit).slice(0, length).join('');

/** The same prefix as the name is written ("Ó Br", "Pupil 05"), first letter in capitals; "#" for none. */
const prefixLabel = (name: string, length: number) => {
  let counted = 0;
  let end = 0;
  const chars = [...name.trim()];
  while (end < chars.length && counted < length) {
    if (isLetterOrDigit(chars[end]!)) counted += 1;
    end += 1;
  }
  const prefix = chars.slice(0, end).join('').trim();
  return prefix ? prefix.charAt(0).toLocaleUpperCase('en') + prefix.slice(1) : '#';
};

/**
 * Cuts `sizes` (in order) into `parts` contiguous runs, as even as can be: the sum of the runs' squares as small
 * as possible, which keeps every run near the even share and leaves a screen empty only when the groups are
 * fewer than the screens. Returns where each run starts.
 */
function evenCuts(sizes: readonly number[], parts: number): number[] {
  const n = sizes.length;
  const sums = [0];
  for (const size of sizes) sums.push(sums[sums.length - 1]! + size);
  const run = (from: number, to: number) => sums[to]! - sums[from]!;
  // best[k][i]: the least sum of squares cutting the first i groups into k runs; from[k][i]: where the last starts.
  const best: number[][] = Array.from({ length: parts + 1 }, () => new Array<number>(n + 1).fill(Infinity));
  const from: number[][] = Array.from({ length: parts + 1 }, () => new Array<number>(n + 1).fill(0));
  best[0]![0] = 0;
  for (let k = 1; k <= parts; k += 1) {
    for (let i = 0; i <= n; i += 1) {
      for (let j = 0; j <= i; j += 1) {
        const value = best[k - 1]![j]! + run(j, i) ** 2;
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

function sliceBy<T extends NamedLine>(sorted: readonly T[], screens: number, prefixLength: number): T[][] {
  const groups: { key: string; lines: T[] }[] = [];
  for (const line of sorted) {
    const key = prefixKey(line.name, prefixLength);
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.lines.push(line);
    else groups.push({ key, lines: [line] });
  }
  const starts = evenCuts(
    groups.map((group) => group.lines.length),
    screens,
  );
  return starts.map((start, index) =>
    groups.slice(start, starts[index + 1] ?? groups.length).flatMap((group) => group.lines),
  );
}

/** How many letters and digits two names share at their start (accents and case aside). */
function sharedLength(a: string, b: string): number {
  const x = prefixKey(a, Number.POSITIVE_INFINITY);
  const y = prefixKey(b, Number.POSITIVE_INFINITY);
  let length = 0;
  while (length < x.length && length < y.length && x[length] === y[length]) length += 1;
  return length;
}

/**
 * The signs over the slices, as a phone book's: each end as short as tells it from the name across the cut ("A" to
 * "F", then "G" to "Ma"; "Pupil 07" when the names around the cut start alike).
 */
function withRanges<T extends NamedLine>(slices: readonly T[][]): NameSlice<T>[] {
  const filled = slices.filter((lines) => lines.length > 0);
  return slices.map((lines) => {
    if (lines.length === 0) return { lines, range: null };
    const at = filled.indexOf(lines);
    const first = lines[0]!.name;
    const last = lines[lines.length - 1]!.name;
    const before = filled[at - 1]?.at(-1)?.name;
    const after = filled[at + 1]?.[0]?.name;
    const fromLength = before === undefined ? 1 : sharedLength(before, first) + 1;
    // "So" to "So", not "So" to "S": the end as long as the start when the slice's names all share the start.
    const toLength = Math.max(
      after === undefined ? 1 : sharedLength(last, after) + 1,
      sharedLength(first, last) >= fromLength ? fromLength : 1,
    );
    return { lines, range: { from: prefixLabel(first, fromLength), to: prefixLabel(last, toLength) } };
  });
}

/**
 * The sorted list cut into one slice per screen, by the alphabet: every line in exactly one slice, in order.
 * Names sharing a first letter stay on one screen unless that leaves a screen more than half as full again as an
 * even share; then the cut goes by the first two letters, then three, and so on (a list where most names start
 * alike, "Pupil 001"…"Pupil 296", is cut inside them).
 */
export function alphabetSlices<T extends NamedLine>(lines: readonly T[], screens: number): NameSlice<T>[] {
  const count = Math.max(1, Math.floor(screens));
  const sorted = sortByName(lines);
  const even = Math.ceil(sorted.length / count);
  const longest = Math.max(1, ...sorted.map((line) => prefixKey(line.name, Number.POSITIVE_INFINITY).length));
  let slices = sliceBy(sorted, count, 1);
  for (let length = 2; length <= longest; length += 1) {
    if (Math.max(0, ...slices.map((slice) => slice.length)) <= even * UNEVEN) break;
    slices = sliceBy(sorted, count, length);
  }
  return withRanges(slices);
}

/** A slice's pages of `perPage` lines (at least one page, empty when there is nothing to show). */
export function pagesOf<T>(lines: readonly T[], perPage: number): T[][] {
  const size = Math.max(1, Math.floor(perPage));
  const pages: T[][] = [];
  for (let start = 0; start < lines.length; start += size) pages.push(lines.slice(start, start + size));
  return pages.length === 0 ? [[]] : pages;
}

/**
 * What a screen can show. A screen has a programme of one or more of these and rotates through them; the
 * switch on the admin page can put one of them on every screen of a group instead.
 */
export const SCREEN_VIEWS = [
  'pairings-by-name',
  'pairings-by-board',
  'leaderboard',
  'school-standings',
  'find-your-board',
  'broadcast',
  'clock',
  'prizes',
] as const;
export type ScreenView = (typeof SCREEN_VIEWS)[number];

/**
 * Rows on a page: at 1080p each row is 1080 × 0.8 / 18 = 48 px with 34 px letters (3.2 % of the height), about
 * 2 cm on a 55-inch TV, readable from 5 m; at 4K the same page at twice the pixels.
 */
export const SCREEN_ROWS = 18;
/** Names (and leaderboard or school rows) per page on a landscape screen: two columns (the issue asks for 35). */
export const NAMES_PER_PAGE = 2 * SCREEN_ROWS;
/** Boards per page: one column, since a board names two players. */
export const BOARDS_PER_PAGE = SCREEN_ROWS;
/** How long a page stays by default, and the bounds staff may set. */
export const PAGE_SECONDS_DEFAULT = 12;
export const PAGE_SECONDS_MIN = 5;
export const PAGE_SECONDS_MAX = 120;

/** A screen as the share of pairings by name needs it. */
export interface ScreenForShare {
  id: string;
  name: string;
  group: string;
  /** What the screen shows now: its programme, or the view the switch put on its group. */
  views: readonly ScreenView[];
  /** Whether it shows the whole list (paged) rather than its group's share of the alphabet. */
  allNames: boolean;
}

/**
 * What a screen shows now: the view the switch last put on it (on every screen, or on its group's), else its own
 * programme. The last switch wins: switching all screens after a group overrides the group's choice.
 */
export function viewsNow(screen: {
  programme: readonly ScreenView[];
  switchedTo: ScreenView | null;
}): ScreenView[] {
  return screen.switchedTo ? [screen.switchedTo] : [...screen.programme];
}

/**
 * Which part of the alphabet a screen shows: the screens of its group showing a share of pairings by name,
 * ordered by name (then id), each take one slice in that order. `index` is this screen's place, `count` how
 * many share; null when the screen shows no pairings by name or shows them all.
 */
export function nameShareOf(
  screens: readonly ScreenForShare[],
  screenId: string,
): { index: number; count: number } | null {
  const self = screens.find((screen) => screen.id === screenId);
  if (!self || self.allNames || !self.views.includes('pairings-by-name')) return null;
  const sharing = screens
    .filter(
      (screen) =>
        screen.group === self.group && !screen.allNames && screen.views.includes('pairings-by-name'),
    )
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { index: sharing.findIndex((screen) => screen.id === screenId), count: sharing.length };
}

/**
 * Against burn-in on a panel left on all day: everything on the screen drifts by a few pixels, a step a minute,
 * round a small square, so no edge stays on the same pixels for more than a minute. Pure: the minute is passed in.
 */
export const DRIFT_PIXELS = 6;
export function driftAt(minute: number): { x: number; y: number } {
  const steps = [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, 1],
    [-1, 1],
    [-1, 0],
    [-1, -1],
    [0, -1],
    [1, -1],
  ] as const;
  const [x, y] = steps[((Math.floor(minute) % steps.length) + steps.length) % steps.length]!;
  return { x: x * DRIFT_PIXELS, y: y * DRIFT_PIXELS };
}

/**
 * A screen's code: 12 characters of Crockford's base32 (60 random bits), shown as `ABCD-EFGH-JKMN` and typed into
 * the address `/screen/<code>` on the TV. It lets a browser read what that screen shows and nothing else; staff
 * issue a new one (the old one then shows nothing) or revoke it.
 */
export const SCREEN_CODE_LENGTH = 12;
export const SCREEN_PATH = '/screen';

export function screenCodeFrom(bytes: Uint8Array): string {
  return crockfordCodeFrom(bytes, SCREEN_CODE_LENGTH);
}

export function formatScreenCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

/** A typed or linked code in its stored form, or null when it cannot be one. */
export function normalizeScreenCode(typed: string): string | null {
  return normalizeCrockfordCode(typed, SCREEN_CODE_LENGTH);
}
