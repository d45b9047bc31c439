/**
 * Sections inside one event (issue 32): Irish school events run sections by school year (1st–2nd, 3rd–4th,
 * 5th–6th), by age on a cut-off day, or by rating band, each paired, ranked and awarded on its own. This module is
 * the placement rule: which section a pupil plays in, and what is wrong with a set of sections. Pure: ages are
 * counted by the caller on the event's cut-off day.
 *
 * - A pupil placed by staff stays where staff put them (an override wins over every rule).
 * - Otherwise the first section, in the order staff listed them, whose rule the pupil meets.
 * - A section whose rule is `all` takes everyone no other section takes; without one, a pupil no rule takes is
 *   left for staff to place (never silently put somewhere).
 * - An event with one `all` section is the event as it has always been.
 */
import { countOf, nounFor } from './plural';
import type { TournamentState } from './tournament/state';

export type SectionRule =
  | { kind: 'all' }
  | { kind: 'school-years'; years: readonly string[] }
  /** Age on the event's cut-off day, from `min` to `max`, both included; null for no bound. */
  | { kind: 'age'; min: number | null; max: number | null }
  /** Rating from `min` to `max`, both included; `unrated` says whether unrated pupils belong here. */
  | { kind: 'rating'; min: number | null; max: number | null; unrated: boolean };

export interface Section {
  id: string;
  name: string;
  rule: SectionRule;
}

export interface SectionPupil {
  id: string;
  schoolYear: string | null;
  age: number | null;
  rating: number | null;
  /** The section staff placed the pupil in by hand, or null. */
  placedIn: string | null;
}

const within = (value: number | null, min: number | null, max: number | null) =>
  value !== null && (min === null || value >= min) && (max === null || value <= max);

/** Whether a pupil meets a section's rule (`all` takes everyone). */
export function meetsRule(pupil: SectionPupil, rule: SectionRule): boolean {
  switch (rule.kind) {
    case 'all':
      return true;
    case 'school-years':
      return pupil.schoolYear !== null && rule.years.includes(pupil.schoolYear);
    case 'age':
      return within(pupil.age, rule.min, rule.max);
    case 'rating':
      return pupil.rating === null ? rule.unrated : within(pupil.rating, rule.min, rule.max);
  }
}

export interface Placement {
  /** Each placed pupil's section. */
  sectionOf: Map<string, string>;
  /** Pupils no section takes: staff place them by hand. */
  unplaced: string[];
}

/** Where each pupil plays (see the module comment for the order of the rules). */
export function placeInSections(sections: readonly Section[], pupils: readonly SectionPupil[]): Placement {
  const ids = new Set(sections.map((section) => section.id));
  const catchAll = sections.find((section) => section.rule.kind === 'all');
  const sectionOf = new Map<string, string>();
  const unplaced: string[] = [];
  for (const pupil of pupils) {
    if (pupil.placedIn && ids.has(pupil.placedIn)) {
      sectionOf.set(pupil.id, pupil.placedIn);
      continue;
    }
    const match =
      sections.find((section) => section.rule.kind !== 'all' && meetsRule(pupil, section.rule)) ?? catchAll;
    if (match) sectionOf.set(pupil.id, match.id);
    else unplaced.push(pupil.id);
  }
  return { sectionOf, unplaced };
}

const overlaps = (
  a: { min: number | null; max: number | null },
  b: { min: number | null; max: number | null },
) => (a.min ?? -Infinity) <= (b.max ?? Infinity) && (b.min ?? -Infinity) <= (a.max ?? Infinity);

/**
 * What is wrong with a set of sections, one sentence each (empty when nothing is): no section, names used twice,
 * more than one section for everyone else, a school year in two sections, overlapping age or rating bands, a band
 * upside down, unrated pupils in two sections; and, given a placement, a section with fewer than two pupils (it
 * cannot be paired) and pupils no section takes.
 */
export function sectionProblems(sections: readonly Section[], placement?: Placement): string[] {
  const problems: string[] = [];
  if (sections.length === 0) return ['Add at least one section'];
  const names = new Set<string>();
  for (const section of sections) {
    // Names that read alike in an address ("Juniors" and "juniors!") are one name.
    const key = sectionSlug(section.name);
    if (names.has(key)) problems.push(`Two sections are called ${section.name}`);
    names.add(key);
    const { rule } = section;
    if (
      (rule.kind === 'age' || rule.kind === 'rating') &&
      rule.min !== null &&
      rule.max !== null &&
      rule.min > rule.max
    ) {
      problems.push(`${section.name}: the lower bound is above the upper one`);
    }
    if (rule.kind === 'school-years' && rule.years.length === 0)
      problems.push(`${section.name}: choose its school years`);
  }
  if (sections.filter((section) => section.rule.kind === 'all').length > 1) {
    problems.push('Only one section can take everyone the others do not');
  }
  for (let i = 0; i < sections.length; i += 1) {
    for (let j = i + 1; j < sections.length; j += 1) {
      const a = sections[i]!;
      const b = sections[j]!;
      const pair = `${a.name} and ${b.name}`;
      if (a.rule.kind === 'school-years' && b.rule.kind === 'school-years') {
        const shared = a.rule.years.filter((year) =>
          (b.rule as { years: readonly string[] }).years.includes(year),
        );
        if (shared.length > 0) problems.push(`${pair} both take ${shared.join(', ')}`);
      }
      if (a.rule.kind === 'age' && b.rule.kind === 'age' && overlaps(a.rule, b.rule)) {
        problems.push(`The ages of ${pair} overlap`);
      }
      if (a.rule.kind === 'rating' && b.rule.kind === 'rating') {
        if (overlaps(a.rule, b.rule)) problems.push(`The rating bands of ${pair} overlap`);
        if (a.rule.unrated && b.rule.unrated) problems.push(`${pair} both take unrated pupils`);
      }
    }
  }
  if (placement) {
    for (const section of sections) {
      const count = [...placement.sectionOf.values()].filter((id) => id === section.id).length;
      if (count < 2) {
        problems.push(
          `${section.name} has ${count === 0 ? 'no players' : 'one player'}: a section needs two to be paired`,
        );
      }
    }
    if (placement.unplaced.length > 0) {
      const count = placement.unplaced.length;
      problems.push(
        `${countOf(count, 'pupil')} ${nounFor(count, 'is', 'are')} in no section: place them by hand`,
      );
    }
  }
  return problems;
}

/** One round's pairing of every section, boards numbered through the hall. */
export interface SectionsPairing<Board, Note> {
  boards: Board[];
  /** The pairing-allocated byes: one per section with an odd number of players at most. */
  byePlayerIds: string[];
  notes: Note[];
}

/**
 * The pairings of each section as one round (ADR 044): the sections' boards follow one another in the sections'
 * order, so board numbers are unique in the hall (the first section's boards 1–20, the second's from 21), and a
 * note about a board names its number in the hall.
 */
export function mergeSectionPairings<Board extends { board: number }, Note>(
  results: readonly { boards: readonly Board[]; byePlayerId: string | null; notes: readonly Note[] }[],
): SectionsPairing<Board, Note> {
  const merged: SectionsPairing<Board, Note> = { boards: [], byePlayerIds: [], notes: [] };
  let offset = 0;
  for (const result of results) {
    const shift = offset;
    merged.boards.push(...result.boards.map((board) => ({ ...board, board: board.board + shift })));
    if (result.byePlayerId) merged.byePlayerIds.push(result.byePlayerId);
    merged.notes.push(
      ...result.notes.map((note) =>
        note !== null && typeof note === 'object' && 'board' in note && typeof note.board === 'number'
          ? { ...note, board: note.board + shift }
          : note,
      ),
    );
    offset += Math.max(0, ...result.boards.map((board) => board.board));
  }
  return merged;
}

/** A section's short name in addresses: "3rd–4th year" → "3rd-4th-year". */
export function sectionSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'section';
}

/**
 * Once round 1 is paired the sections and who plays where are fixed: a pupil moved after playing would take their
 * games into a section whose players never met them. A late entry with no game yet may still be placed.
 */
export function areSectionsFixed(state: Pick<TournamentState, 'games' | 'byes'>): boolean {
  return state.games.length > 0 || state.byes.some((bye) => bye.kind === 'pairing');
}

/** Whether a player has a game or a pairing-allocated bye: then their section is theirs for good. */
export function hasPlayed(state: Pick<TournamentState, 'games' | 'byes'>, playerId: string): boolean {
  return (
    state.games.some((game) => game.whiteId === playerId || game.blackId === playerId) ||
    state.byes.some((bye) => bye.playerId === playerId && bye.kind === 'pairing')
  );
}
