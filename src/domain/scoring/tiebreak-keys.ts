/**
 * The tie-break keys a tournament can order its standings by (FIDE C.07, Tie-Break Regulations as revised in
 * 2023, in force for all FIDE-rated events since 2024), with their labels and explanations: the ONE place the
 * names and the column legends come from (server, client, print and e2e tests all read this table).
 *
 * A tournament stores an ordered list of these keys (C.07 Art. 4.1: "an ordered list of tie-breaks"); players
 * level on points are separated by the first key, those still level by the next, and so on. Players level on
 * every key share a rank. The computation is in tiebreaks.ts, the ranking in ../standings/individual.ts.
 */
import { TIEBREAK_KEYS, type TiebreakKey } from './tiebreak-key-list';

export { TIEBREAK_KEYS, type TiebreakKey };
/** The older name of TiebreakKey. */
export type Tiebreak = TiebreakKey;

/** How a value is stored: half-points (2 = one point), quarter-points (SB), a count, or a rating. */
export type TiebreakUnit = 'half_points' | 'quarter_points' | 'count' | 'rating';

export interface TiebreakInfo {
  /** Column header, as arbiters write it (C.07 Art. 4.6 abbreviations). */
  abbr: string;
  name: string;
  /** One short sentence for the legend and the column's tooltip. */
  meaning: string;
  /** The article of FIDE C.07 (2023) defining it. */
  article: string;
  unit: TiebreakUnit;
}

export const TIEBREAK_INFO: Record<TiebreakKey, TiebreakInfo> = {
  buchholz_cut1: {
    abbr: 'BH-C1',
    name: 'Buchholz Cut-1',
    meaning: "the opponents' scores added up, leaving out the lowest (a round not played is left out first)",
    article: 'C.07 Art. 8.1, 14.1, 14.6',
    unit: 'half_points',
  },
  buchholz: {
    abbr: 'BH',
    name: 'Buchholz',
    meaning: "the opponents' scores added up; a round not played counts as an opponent with your own score",
    article: 'C.07 Art. 8.1, 16',
    unit: 'half_points',
  },
  buchholz_cut2: {
    abbr: 'BH-C2',
    name: 'Buchholz Cut-2',
    meaning: "the opponents' scores added up, leaving out the two lowest",
    article: 'C.07 Art. 8.1, 14.2, 14.6',
    unit: 'half_points',
  },
  buchholz_median1: {
    abbr: 'BH-M1',
    name: 'Median Buchholz',
    meaning: "the opponents' scores added up, leaving out the highest and the lowest",
    article: 'C.07 Art. 8.1, 14.3, 14.6',
    unit: 'half_points',
  },
  sonneborn_berger: {
    abbr: 'SB',
    name: 'Sonneborn-Berger',
    meaning: 'the scores of the opponents beaten, plus half the scores of those drawn',
    article: 'C.07 Art. 9.1, 16',
    unit: 'quarter_points',
  },
  direct_encounter: {
    abbr: 'DE',
    name: 'Direct encounter',
    meaning: 'the points scored in the games between the players still level',
    article: 'C.07 Art. 6',
    unit: 'half_points',
  },
  wins: {
    abbr: 'WIN',
    name: 'Wins',
    meaning: 'rounds scored as a win, byes and forfeit wins included',
    article: 'C.07 Art. 7.1',
    unit: 'count',
  },
  won: {
    abbr: 'WON',
    name: 'Games won',
    meaning: 'games won over the board',
    article: 'C.07 Art. 7.2',
    unit: 'count',
  },
  black_games: {
    abbr: 'BPG',
    name: 'Games with black',
    meaning: 'games played over the board with the black pieces',
    article: 'C.07 Art. 7.3',
    unit: 'count',
  },
  black_wins: {
    abbr: 'BWG',
    name: 'Wins with black',
    meaning: 'games won over the board with the black pieces',
    article: 'C.07 Art. 7.4',
    unit: 'count',
  },
  aro: {
    abbr: 'ARO',
    name: 'Average rating of opponents',
    meaning: 'the average rating of the rated opponents met over the board',
    article: 'C.07 Art. 10.1',
    unit: 'rating',
  },
  aro_cut1: {
    abbr: 'ARO-C1',
    name: 'Average rating of opponents Cut-1',
    meaning: 'the average rating of the opponents met over the board, leaving out the lowest-rated',
    article: 'C.07 Art. 10.1, 14.1',
    unit: 'rating',
  },
  rating: {
    abbr: 'Rating',
    name: 'Rating',
    meaning: "the player's own rating, highest first",
    article: 'C.07 Art. 10.6',
    unit: 'rating',
  },
};

/**
 * Points, then rating: the spec's rule for the standings and Leading Players (docs/requirements.md §2 "ties broken
 * by rating"), and so the order a new tournament gets unless another is chosen before round 1 is paired.
 */
export const RATING_TIEBREAK_ORDER: readonly TiebreakKey[] = ['rating'];

/**
 * The default order of a new tournament (and of the demo): points, then rating. The one place the default is
 * written; the database column's default (a migration) and the creation form follow it. Why not a FIDE order:
 * docs/decisions/013-tiebreaks-c07-2023.md.
 */
export const DEFAULT_TIEBREAK_ORDER: readonly TiebreakKey[] = RATING_TIEBREAK_ORDER;

/**
 * The usual FIDE Swiss order (C.07 Art. 4; issue #11): BH-C1, BH, SB, DE, WIN, then rating. Offered as a choice
 * made before round 1 is paired; no longer the default.
 */
export const FIDE_TIEBREAK_ORDER: readonly TiebreakKey[] = [
  'buchholz_cut1',
  'buchholz',
  'sonneborn_berger',
  'direct_encounter',
  'wins',
  'rating',
];

export const MAX_TIEBREAKS = TIEBREAK_KEYS.length;

export function isTiebreakKey(value: unknown): value is TiebreakKey {
  return typeof value === 'string' && (TIEBREAK_KEYS as readonly string[]).includes(value);
}

/** Why an order cannot be stored, or null when it can: known keys, each at most once. */
export function tiebreakOrderProblem(order: readonly unknown[]): string | null {
  const seen = new Set<string>();
  for (const key of order) {
    if (!isTiebreakKey(key)) return `Unknown tie-break "${String(key)}".`;
    if (seen.has(key)) return `The tie-break ${TIEBREAK_INFO[key].abbr} is listed twice.`;
    seen.add(key);
  }
  return null;
}

/** "Points, then BH-C1, then BH, …": how players level on points are separated. */
export function tiebreakOrderText(order: readonly TiebreakKey[]): string {
  return ['Points', ...order.map((key) => TIEBREAK_INFO[key].abbr)].join(', then ');
}

/**
 * The line under the standings that says how ties on points are broken: "Ties broken by: rating." or "Ties broken
 * by: BH-C1, then BH, then SB, then DE, then WIN, then rating." (abbreviations as in the columns; the legend says
 * what each means).
 */
export function tiebreakRuleText(order: readonly TiebreakKey[]): string {
  if (order.length === 0) return 'Ties on points are not broken: players level on points share a place.';
  const names = order.map((key) => (key === 'rating' ? 'rating' : TIEBREAK_INFO[key].abbr));
  return `Ties broken by: ${names.join(', then ')}.`;
}

/**
 * A tournament's stored order as it is used: the known keys only (docs/decisions/013-tiebreaks-c07-2023.md),
 * so a hand-edited row with an unknown key cannot crash a page. The one filter: the state loader and the
 * admin tournament list both read the stored order through it. Absent: the default order.
 */
export function knownTiebreakOrder(stored: readonly unknown[] | null | undefined): TiebreakKey[] {
  return (stored ?? DEFAULT_TIEBREAK_ORDER).filter(isTiebreakKey);
}

/** The order is editable until round 1 is paired: `tiebreakOrderEditable` in ../tournament/rounds.ts. */
export const TIEBREAK_ORDER_LOCKED_MESSAGE =
  'The tie-break order can no longer be changed: round 1 has been paired.';
