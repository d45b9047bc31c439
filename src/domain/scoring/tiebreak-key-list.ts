/**
 * The names of the tie-breaks alone (their labels, units and order rules are in tiebreak-keys.ts): what the API
 * contracts validate against. Apart so the browser's first JavaScript, which reads the contracts, does not carry
 * the labels and explanations only the standings pages show.
 */
export const TIEBREAK_KEYS = [
  'buchholz_cut1',
  'buchholz',
  'buchholz_cut2',
  'buchholz_median1',
  'sonneborn_berger',
  'direct_encounter',
  'wins',
  'won',
  'black_games',
  'black_wins',
  'aro',
  'aro_cut1',
  'rating',
] as const;
export type TiebreakKey = (typeof TIEBREAK_KEYS)[number];
