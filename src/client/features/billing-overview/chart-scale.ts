/** Pure helpers of the payments chart: a round axis maximum, its ticks, and which days get a label. */

/** The smallest "round" number (1, 2, 2.5 or 5 × 10^n) at or above `value`; 1 for nothing. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * magnitude >= value) return step * magnitude;
  }
  return 10 * magnitude;
}

/**
 * An axis in cents from 0 with about `target` round steps (at least €1 each) that covers `value`: its
 * maximum and ticks, e.g. 24000 → 0, 10000, 20000, 30000.
 */
export function axis(value: number, target = 4): { max: number; ticks: number[] } {
  const step = Math.max(100, niceMax(value / target));
  const steps = Math.max(1, Math.ceil(value / step));
  return { max: step * steps, ticks: Array.from({ length: steps + 1 }, (_, index) => step * index) };
}

/** Indexes of the bars to label so that labels sit at least `minGap` px apart; the last day always. */
export function labelledIndexes(length: number, slotWidth: number, minGap = 72): number[] {
  if (length === 0) return [];
  const every = Math.max(1, Math.ceil(minGap / Math.max(slotWidth, 1)));
  const indexes: number[] = [];
  for (let index = 0; index < length; index += every) indexes.push(index);
  const last = length - 1;
  const previous = indexes.at(-1) ?? 0;
  if (previous !== last) {
    if ((last - previous) * slotWidth < minGap) indexes.pop();
    indexes.push(last);
  }
  return indexes;
}
