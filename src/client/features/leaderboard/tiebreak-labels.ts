import {
  TIEBREAK_INFO,
  type TiebreakKey,
  tiebreakOrderText,
  tiebreakRuleText,
} from '../../../domain/scoring/tiebreak-keys';

/** Labels and meanings come from the domain's one table (FIDE C.07): header, tooltip, legend, print. */
export const TIEBREAK_LABELS = TIEBREAK_INFO;
export { tiebreakOrderText, tiebreakRuleText };

/** The tie-break columns of a tournament's order: every key but rating, which has its own column. */
export function tiebreakColumns(order: readonly TiebreakKey[]): TiebreakKey[] {
  return order.filter((key) => key !== 'rating');
}

/** "BH-C1 — Buchholz Cut-1: …": the tooltip of a column header. */
export function tiebreakTitle(key: TiebreakKey): string {
  return `${TIEBREAK_INFO[key].name}: ${TIEBREAK_INFO[key].meaning}`;
}
