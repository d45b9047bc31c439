/**
 * Counts shown with their noun: the one place plural forms are made ("1 team", "3 teams", "1 entry", "2 entries").
 * Pages, messages and the server's texts use these rather than writing `n === 1 ? … : …` themselves, so a "1 points"
 * cannot come back.
 */
import { formatPoints } from './scoring/results';

/** The noun for a count: `one` for exactly 1, `many` otherwise ("0 teams", "1 team", "2 teams"). */
export function nounFor(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}

/** "1 team", "12 teams", "1,250 entries": the count (grouped in thousands) and its noun. */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${groupedCount(count)} ${nounFor(count, one, many)}`;
}

/**
 * A count as en-IE writes it ("7", "1,250"). A whole number under a thousand needs no grouping and is written
 * without Intl: the first use of Intl costs a phone tens of milliseconds (its locale data), and the counts on a
 * public page's first screen are all small (issue 37).
 */
function groupedCount(count: number): string {
  return Number.isInteger(count) && Math.abs(count) < 1_000 ? String(count) : count.toLocaleString('en-IE');
}

/**
 * The noun after a score in half-points (docs/conventions.md §4.2): "½ point", "1 point", "1½ points", "0 points".
 * A score below one point but above none reads as a fraction of one point, as "½ mile" does.
 */
export function pointsNoun(halfPoints: number): string {
  return halfPoints === 1 || halfPoints === 2 ? 'point' : 'points';
}

/** "1 point", "2½ points": a score in half-points with its noun. */
export function pointsText(halfPoints: number): string {
  return `${formatPoints(halfPoints)} ${pointsNoun(halfPoints)}`;
}
