/**
 * Prizes by category (issue 32): brackets hold categories, categories hold places. Pure: the standings and the
 * players' details are passed in, amounts are integer cents.
 *
 * - **One prize per player per bracket**; a player may win in several brackets (a cash bracket and a medals
 *   bracket, say).
 * - **Each player gets the most valuable prize open to them** (US Chess 32B1, Sharly Chess): every place of every
 *   category is a slot; slots are handed out from the most valuable down, each to the best-placed eligible player
 *   who has no prize in the bracket yet. A trophy or medal has a value too, for this ordering only.
 * - **Place first or category first**, chosen up front, decides between slots of equal value: place first gives
 *   the bracket's main (first) category its places before other categories' (US Chess 32B4: at equal amounts,
 *   place beats class); category first the other way round.
 * - **Ties** are players level on points. Indivisible prizes go by the announced tie-break order (the order of
 *   the standings). Cash in the main category is shared as the bracket says: `none` (by tie-break), `equal`
 *   (US Chess 32B2–32B3: the tied players add up every cash prize they hold in the bracket and split it equally;
 *   a tied player whose category prize is worth more than the share keeps it and stays out), or `hort` (each
 *   tied player keeps half the prize of the place the tie-break gave them; the other halves are pooled and split
 *   equally among the tied players; shares in whole units, as Hort's system pays them).
 * - **Every award explains itself** in one line, and each category names the players tied with its last winner
 *   who got nothing, for the ceremony.
 */

export const PRIZE_KINDS = ['cash', 'trophy', 'medal', 'certificate'] as const;
export type PrizeKind = (typeof PRIZE_KINDS)[number];

export interface Prize {
  kind: PrizeKind;
  /** Cents for cash; for a trophy, medal or certificate the value it ranks by (e.g. 6000 beats €50 cash). */
  value: number;
}

export type Criterion =
  | { kind: 'overall' }
  /** Rating from `min` up to `max`, both included; null for no bound. Unrated players are not in a band. */
  | { kind: 'rating'; min: number | null; max: number | null }
  /** Age on the event's cut-off date, from `min` up to `max`, both included. */
  | { kind: 'age'; min: number | null; max: number | null }
  | { kind: 'class'; classes: readonly string[] }
  | { kind: 'girls' }
  | { kind: 'unrated' }
  | { kind: 'first-event' }
  | { kind: 'school'; schoolId: string }
  /** A named criterion staff decide player by player ("best newcomer from a DEIS school"). */
  | { kind: 'custom'; name: string; playerIds: readonly string[] };

export interface Category {
  id: string;
  name: string;
  criterion: Criterion;
  /** The prize of each place, first place first. */
  places: readonly Prize[];
}

export const CASH_SHARING = ['none', 'equal', 'hort'] as const;
export type CashSharing = (typeof CASH_SHARING)[number];
export const PRIZE_PRIORITIES = ['place-first', 'category-first'] as const;
export type PrizePriority = (typeof PRIZE_PRIORITIES)[number];

export interface Bracket {
  id: string;
  name: string;
  /** The first is the main category: its places are the "place" prizes, and only its cash is shared. */
  categories: readonly Category[];
  priority: PrizePriority;
  sharing: CashSharing;
}

export interface PrizePlayer {
  id: string;
  name: string;
  rating: number | null;
  age: number | null;
  /** Class or school year ("3rd year"), as the section's rule reads it. */
  class: string | null;
  isGirl: boolean;
  isFirstEvent: boolean;
  schoolId: string | null;
}

/** A line of the standings, best first, in the tie-break order the event announced. */
export interface RankedPlayer {
  playerId: string;
  halfPoints: number;
}

export interface Award {
  playerId: string;
  categoryId: string;
  /** 1-based place in its category. */
  place: number;
  prize: Prize;
  /** What the player receives: for shared cash the share, otherwise the prize's value. */
  amount: number;
  /** Players level on points with this one who shared this cash with them (empty when not shared). */
  sharedWith: string[];
  /** One line: "Overall 2nd", "U1200 1st: moved from Overall 3rd, €30 > €20", "Overall 1st–2nd shared (Hort) …". */
  explanation: string;
}

export interface CategoryOutcome {
  categoryId: string;
  awards: Award[];
  /** Players level on points with the category's last winner who won nothing in the bracket: named at the ceremony. */
  tiedWithLast: string[];
  /** No player meets the category's criterion. */
  hasNoEligible: boolean;
}

export interface BracketOutcome {
  bracketId: string;
  categories: CategoryOutcome[];
}

export function isEligible(player: PrizePlayer, criterion: Criterion): boolean {
  const within = (value: number | null, min: number | null, max: number | null) =>
    value !== null && (min === null || value >= min) && (max === null || value <= max);
  switch (criterion.kind) {
    case 'overall':
      return true;
    case 'rating':
      return within(player.rating, criterion.min, criterion.max);
    case 'age':
      return within(player.age, criterion.min, criterion.max);
    case 'class':
      return player.class !== null && criterion.classes.includes(player.class);
    case 'girls':
      return player.isGirl;
    case 'unrated':
      return player.rating === null;
    case 'first-event':
      return player.isFirstEvent;
    case 'school':
      return player.schoolId === criterion.schoolId;
    case 'custom':
      return criterion.playerIds.includes(player.id);
  }
}

const ORDINALS = ['th', 'st', 'nd', 'rd'];
export function ordinal(place: number): string {
  const tens = place % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (ORDINALS[place % 10] ?? 'th');
  return `${place}${suffix}`;
}

/** "€30" or "€162.50" for cash, "trophy (value 60)" otherwise. */
export function formatPrize(prize: Prize, amount = prize.value): string {
  if (prize.kind !== 'cash') return prize.kind;
  return formatEuro(amount);
}

export function formatEuro(cents: number): string {
  const euros = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? `€${euros}` : `€${euros}.${String(rest).padStart(2, '0')}`;
}

interface Slot {
  category: Category;
  categoryIndex: number;
  place: number;
  prize: Prize;
}

/** The order slots are handed out in: value, then main category first or last by priority, then category, place. */
function slotsOf(bracket: Bracket): Slot[] {
  const slots = bracket.categories.flatMap((category, categoryIndex) =>
    category.places.map((prize, index) => ({ category, categoryIndex, place: index + 1, prize })),
  );
  const mainFirst = bracket.priority === 'place-first' ? -1 : 1;
  return slots.sort((a, b) => {
    if (a.prize.value !== b.prize.value) return b.prize.value - a.prize.value;
    const aMain = a.categoryIndex === 0;
    if (aMain !== (b.categoryIndex === 0)) return aMain ? mainFirst : -mainFirst;
    return a.categoryIndex - b.categoryIndex || a.place - b.place;
  });
}

const slotName = (slot: { category: Category; place: number }) =>
  `${slot.category.name} ${ordinal(slot.place)}`;

/**
 * The bracket's prizes for these standings: who wins what, what each receives, and why.
 * `standings` lists the players best first in the announced tie-break order; players missing from `players` are
 * left out.
 */
export function allocateBracket(
  bracket: Bracket,
  standings: readonly RankedPlayer[],
  players: ReadonlyMap<string, PrizePlayer>,
): BracketOutcome {
  const ranked = standings.filter((line) => players.has(line.playerId));
  const pointsOf = new Map(ranked.map((line) => [line.playerId, line.halfPoints]));
  const held = new Map<string, { slot: Slot; award: Award }>();
  const notes = new Map<string, string>();

  for (const slot of slotsOf(bracket)) {
    const eligible = ranked.filter((line) =>
      isEligible(players.get(line.playerId)!, slot.category.criterion),
    );
    const winner = eligible.find((line) => !held.has(line.playerId));
    if (!winner) continue;
    // Better-placed eligible players passed over hold a prize worth at least as much: say so on their award.
    for (const line of eligible) {
      if (line === winner) break;
      const theirs = held.get(line.playerId)!;
      if (!notes.has(line.playerId) && theirs.slot.category !== slot.category) {
        notes.set(
          line.playerId,
          `moved from ${slotName(slot)}, ${formatPrize(theirs.slot.prize)} ${theirs.slot.prize.value > slot.prize.value ? '>' : '='} ${formatPrize(slot.prize)}`,
        );
      }
    }
    const award: Award = {
      playerId: winner.playerId,
      categoryId: slot.category.id,
      place: slot.place,
      prize: slot.prize,
      amount: slot.prize.value,
      sharedWith: [],
      explanation: slotName(slot),
    };
    held.set(winner.playerId, { slot, award });
  }
  for (const [playerId, note] of notes) {
    const entry = held.get(playerId);
    if (entry) entry.award.explanation = `${slotName(entry.slot)}: ${note}`;
  }

  shareCash(bracket, ranked, pointsOf, held);

  return {
    bracketId: bracket.id,
    categories: bracket.categories.map((category) => {
      const order = new Map(ranked.map((line, index) => [line.playerId, index]));
      const awards = [...held.values()]
        .filter((entry) => entry.slot.category === category)
        .map((entry) => entry.award)
        .sort((a, b) => a.place - b.place || order.get(a.playerId)! - order.get(b.playerId)!);
      const eligible = ranked.filter((line) => isEligible(players.get(line.playerId)!, category.criterion));
      const last = awards[awards.length - 1];
      const lastPoints = last ? pointsOf.get(last.playerId) : undefined;
      return {
        categoryId: category.id,
        awards,
        tiedWithLast:
          lastPoints === undefined
            ? []
            : eligible
                .filter((line) => line.halfPoints === lastPoints && !held.has(line.playerId))
                .map((line) => line.playerId),
        hasNoEligible: eligible.length === 0,
      };
    }),
  };
}

/** Shares the main category's cash among players level on points, as the bracket says (see the module comment). */
function shareCash(
  bracket: Bracket,
  ranked: readonly RankedPlayer[],
  pointsOf: ReadonlyMap<string, number>,
  held: Map<string, { slot: Slot; award: Award }>,
): void {
  if (bracket.sharing === 'none') return;
  const main = bracket.categories[0];
  if (!main) return;
  const mainCash = [...held.values()].filter(
    (entry) => entry.slot.category === main && entry.slot.prize.kind === 'cash',
  );
  const levels = [...new Set(mainCash.map((entry) => pointsOf.get(entry.award.playerId)!))];
  for (const level of levels) {
    const tied = ranked.filter((line) => line.halfPoints === level).map((line) => line.playerId);
    if (tied.length < 2) continue;
    if (bracket.sharing === 'hort') shareHort(main, tied, held);
    else shareEqually(main, tied, held);
  }
}

/** Hort: half of each tied place's prize stays with its holder, the other halves are split equally (whole units). */
function shareHort(
  main: Category,
  tied: readonly string[],
  held: Map<string, { slot: Slot; award: Award }>,
): void {
  // A tied player holding another category's prize keeps it and is not in the pool.
  const sharers = tied.filter((playerId) => {
    const entry = held.get(playerId);
    return !entry || entry.slot.category === main;
  });
  const places = sharers.flatMap((playerId) => {
    const entry = held.get(playerId);
    return entry ? [entry] : [];
  });
  const pot = places.reduce((sum, entry) => sum + entry.slot.prize.value / 2, 0);
  // Whole units of the currency, as Hort's system pays them (the worked example's €11.67 is paid €12).
  const share = Math.round(pot / sharers.length / 100) * 100;
  const range = placeRange(places.map((entry) => entry.slot.place));
  for (const playerId of sharers) {
    const entry = held.get(playerId);
    const own = entry ? entry.slot.prize.value / 2 : 0;
    const amount = Math.round(own + share);
    const explanation = `${main.name} ${range} shared (Hort): ${formatEuro(Math.round(own))} kept + ${formatEuro(share)} of ${formatEuro(Math.round(pot))} pot`;
    const others = sharers.filter((other) => other !== playerId);
    if (entry) Object.assign(entry.award, { amount, sharedWith: others, explanation });
    else addSharedAward(held, main, playerId, amount, others, explanation);
  }
}

/**
 * Equal (US Chess 32B2–32B3): the tied players add up all the cash they hold in the bracket and split it; one whose
 * category prize is worth more than the share keeps it and leaves the pool, and the share is worked out again.
 */
function shareEqually(
  main: Category,
  tied: readonly string[],
  held: Map<string, { slot: Slot; award: Award }>,
): void {
  let pool = tied.filter((playerId) => {
    const entry = held.get(playerId);
    return !entry || entry.slot.prize.kind === 'cash';
  });
  for (;;) {
    const total = pool.reduce((sum, playerId) => sum + (held.get(playerId)?.slot.prize.value ?? 0), 0);
    const share = total / pool.length;
    const keeps = pool.filter((playerId) => {
      const entry = held.get(playerId);
      return entry !== undefined && entry.slot.category !== main && entry.slot.prize.value > share;
    });
    if (keeps.length === 0) break;
    pool = pool.filter((playerId) => !keeps.includes(playerId));
  }
  if (pool.length < 2) return;
  const total = pool.reduce((sum, playerId) => sum + (held.get(playerId)?.slot.prize.value ?? 0), 0);
  const base = Math.floor(total / pool.length);
  // Cents left over go one each to the best placed, so the shares add up to the prizes exactly.
  let leftover = total - base * pool.length;
  const names = pool
    .map((playerId) => held.get(playerId))
    .flatMap((entry) => (entry ? [slotName(entry.slot)] : []));
  for (const playerId of pool) {
    const amount = base + (leftover > 0 ? 1 : 0);
    if (leftover > 0) leftover -= 1;
    const explanation = `${names.join(' + ')} shared equally by ${pool.length}: ${formatEuro(total)} ÷ ${pool.length}`;
    const others = pool.filter((other) => other !== playerId);
    const entry = held.get(playerId);
    if (entry) Object.assign(entry.award, { amount, sharedWith: others, explanation });
    else addSharedAward(held, main, playerId, amount, others, explanation);
  }
}

/** A tied player without a prize who receives a share: listed in the main category after its places. */
function addSharedAward(
  held: Map<string, { slot: Slot; award: Award }>,
  main: Category,
  playerId: string,
  amount: number,
  sharedWith: string[],
  explanation: string,
): void {
  const place = main.places.length + 1;
  const prize: Prize = { kind: 'cash', value: 0 };
  const slot: Slot = { category: main, categoryIndex: 0, place, prize };
  held.set(playerId, {
    slot,
    award: { playerId, categoryId: main.id, place, prize, amount, sharedWith, explanation },
  });
}

function placeRange(places: readonly number[]): string {
  if (places.length === 0) return '';
  const low = Math.min(...places);
  const high = Math.max(...places);
  return low === high ? ordinal(low) : `${ordinal(low)}–${ordinal(high)}`;
}

/** What is wrong with a bracket before it is saved, one sentence each (empty when nothing is). */
export function bracketProblems(bracket: Bracket): string[] {
  return [...categoryProblems(bracket), ...bandProblems(bracket)];
}

/** A category's places must go down in value; so must the best school's. */
export function placesProblems(name: string, places: readonly Prize[]): string[] {
  if (places.length === 0) return [`${name}: give it at least one prize`];
  for (let index = 1; index < places.length; index += 1) {
    if (places[index]!.value > places[index - 1]!.value) {
      return [`${name}: ${ordinal(index + 1)} is worth more than ${ordinal(index)}`];
    }
  }
  return [];
}

function categoryProblems(bracket: Bracket): string[] {
  const problems: string[] = [];
  if (bracket.categories.length === 0) problems.push(`${bracket.name}: add at least one category`);
  for (const category of bracket.categories) {
    problems.push(...placesProblems(category.name, category.places));
    const { criterion } = category;
    if (
      (criterion.kind === 'rating' || criterion.kind === 'age') &&
      criterion.min !== null &&
      criterion.max !== null
    ) {
      if (criterion.min > criterion.max)
        problems.push(`${category.name}: the lower bound is above the upper one`);
    }
  }
  return problems;
}

function bandProblems(bracket: Bracket): string[] {
  const problems: string[] = [];
  const bands = bracket.categories.flatMap((category) =>
    category.criterion.kind === 'rating' ? [{ name: category.name, ...category.criterion }] : [],
  );
  for (let i = 0; i < bands.length; i += 1) {
    for (let j = i + 1; j < bands.length; j += 1) {
      const a = bands[i]!;
      const b = bands[j]!;
      const overlaps =
        (a.min ?? -Infinity) <= (b.max ?? Infinity) && (b.min ?? -Infinity) <= (a.max ?? Infinity);
      if (overlaps) problems.push(`Rating bands ${a.name} and ${b.name} overlap`);
    }
  }
  return problems;
}

/** A school team in the school standings (`domain/standings/teams.ts`: best four pupils, then wins, then Buchholz). */
export interface RankedTeam {
  key: string;
  name: string;
  /** Shared by teams level on points and both tie-breaks. */
  rank: number;
}

export interface SchoolAward {
  teamKey: string;
  place: number;
  prize: Prize;
  explanation: string;
}

/**
 * "Best school" places: the school standings' order decides (the sum of each team's best four pupils, then the
 * school tie-breaks); teams still level after them take the places in the listed order, and the teams level with
 * the last winner are named for the ceremony.
 */
export function allocateSchoolPlaces(
  category: Pick<Category, 'name' | 'places'>,
  teams: readonly RankedTeam[],
): { awards: SchoolAward[]; tiedWithLast: string[] } {
  const awards = category.places.flatMap((prize, index) => {
    const team = teams[index];
    if (!team) return [];
    const level = teams.filter((other) => other.rank === team.rank).length;
    const explanation = `${category.name} ${ordinal(index + 1)}${level > 1 ? ` (level with ${level - 1} more on every tie-break, by the listed order)` : ''}`;
    return [{ teamKey: team.key, place: index + 1, prize, explanation }];
  });
  const last = teams[awards.length - 1];
  return {
    awards,
    tiedWithLast: last
      ? teams
          .slice(awards.length)
          .filter((team) => team.rank === last.rank)
          .map((team) => team.key)
      : [],
  };
}
