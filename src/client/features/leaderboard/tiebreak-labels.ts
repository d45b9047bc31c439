import type { TiebreakValues } from '../../../contracts/leaderboard';
import type { Tiebreak } from '../../../domain/scoring/tiebreaks';

/** Short column labels and their meaning (FIDE C.07), for headers, the legend and printed standings. */
export const TIEBREAK_LABELS: Record<Tiebreak, { abbr: string; name: string; meaning: string }> = {
  buchholz_cut1: {
    abbr: 'BH-C1',
    name: 'Buchholz Cut-1',
    meaning: "the opponents' scores added up, leaving out the lowest",
  },
  buchholz: { abbr: 'BH', name: 'Buchholz', meaning: "the opponents' scores added up" },
  sonneborn_berger: {
    abbr: 'SB',
    name: 'Sonneborn-Berger',
    meaning: 'the scores of the opponents beaten, plus half the scores of those drawn',
  },
  wins: { abbr: 'W', name: 'Wins', meaning: 'rounds won, byes scored as a win included' },
  direct_encounter: {
    abbr: 'DE',
    name: 'Direct encounter',
    meaning: 'the games between the players still level',
  },
};

/** The tie-breaks shown as columns (wins have their own W / D / L column). */
export const TIEBREAK_COLUMNS: readonly (keyof TiebreakValues)[] = [
  'buchholz_cut1',
  'buchholz',
  'sonneborn_berger',
];

/** "Points, then BH-C1, BH, SB, W, DE, then rating": how players level on points are separated. */
export function tiebreakOrderText(order: readonly Tiebreak[]): string {
  return ['Points', ...order.map((tiebreak) => TIEBREAK_LABELS[tiebreak].abbr), 'rating'].join(', then ');
}
