/**
 * Edge-weight layout for the pairing matching: one exact integer per edge, built from fields so that a
 * single maximum-weight matching optimises the criteria lexicographically, most important first (the
 * bbpPairings idea, FIDE C.04.3 C.1–C.21 as "weights"). Each field's unit is larger than the largest
 * possible sum of all lower fields over a matching (P pairs), so no sum can carry into a higher field:
 *
 *   unit(field k+1) = P · maxPerEdge(fields ≤ k) + 1
 *
 * Fields, most significant first:
 *   completion (1 per edge)        → maximum number of pairs (everyone paired: C.04.1)
 *   school (when active)           → fewest schoolmate pairs (docs/requirements.md §5)
 *   club (when active)             → fewest clubmate pairs (docs/requirements.md §5, optional)
 *   colour clash (when active)     → fewest pairs of two absolute preferences for one colour (C.04.3 C.3)
 *   score difference  0..D·(D+1)   → smallest sum of score differences, each weighted by the higher player's
 *                                   score group (d · (1 + its score above the lowest)): a float from a higher
 *                                   group costs more than the same float lower down, so a leader is never
 *                                   floated far where a chain of shorter floats below would do (issue 11;
 *                                   C.04.3 C.6–C.7 settle the highest brackets first)
 *   floats            0..6         → 4 per floating pair + 1 per repeated float (C.04.3 C.14–C.17)
 *   colour preference 0..2         → compatible preferences (C.04.3 C.12–C.13)
 *   board order       0..31        → S1 against S2 inside a score group (C.04.3 B.1/B.2, the "1 vs n/2+1");
 *                                   capped at 31, or 15 or 7 when the range needs it
 *
 * "When active": the school, club and colour-clash fields are needed only when no complete pairing avoids
 * them; otherwise the engine deletes those edges, which is the same optimum with fewer bits.
 * The largest weight must stay ≤ 2^50 for the fast matching over doubles (blossom.ts). The number layout
 * has no completion field: the doubles matcher runs in max-cardinality mode, which puts the number of
 * pairs first by itself (issue 11: the completion unit alone cost log2(pairs) + the width of all other
 * fields, and pushed every 3,000-player round past 2^50). Without it, and with every optional field
 * inactive, 3,000 players fit up to a score spread of about 29 half-points, and the board-order cap stays
 * at 31. When it does not fit (e.g. 1,000 players with unavoidable schoolmates), buildBigLayout gives the
 * same fields in BigInt, with the completion field, for blossom-big.ts: exact always, slower.
 */
import { MAX_EXACT_WEIGHT } from './blossom';

/** Board-order costs are capped; the largest cap that fits the weight range is used. */
export const ORDER_COST_CAPS = [31, 15, 7] as const;
export const FLOAT_COST_MAX = 6;
export const COLOUR_COST_MAX = 2;

export type OptionalField = 'school' | 'club' | 'clash';

export interface WeightLayout {
  pairs: number;
  /** Largest score-difference cost of an edge (see EdgeCosts.diffCost). */
  maxDiffCost: number;
  order: number;
  colour: number;
  float: number;
  diff: number;
  clash: number;
  club: number;
  school: number;
  completion: number;
  maxWeight: number;
  /** Cap of the board-order cost in this layout. */
  orderCap: number;
}

export interface EdgeCosts {
  isSchool: boolean;
  isClub: boolean;
  isClash: boolean;
  /** Half-points between the two players (for the notes). */
  scoreDifference: number;
  /** scoreDifference weighted by the higher player's score group: d · (1 + its score − the lowest score). */
  diffCost: number;
  floatCost: number;
  colourCost: number;
  orderCost: number;
}

/**
 * The number layout (for the max-cardinality doubles matcher: completion 0) with the largest board-order
 * cap that fits in 2^50, or null when none fits.
 */
export function buildLayout(
  pairs: number,
  maxDiffCost: number,
  active: ReadonlySet<OptionalField>,
): WeightLayout | null {
  for (const orderCap of ORDER_COST_CAPS) {
    const p = Math.max(1, pairs);
    let maxLower = 0;
    const next = (maxCost: number, isOn: boolean): number => {
      if (!isOn) return 0;
      const unit = p * maxLower + 1;
      maxLower += maxCost * unit;
      return unit;
    };
    const order = next(orderCap, true);
    const colour = next(COLOUR_COST_MAX, true);
    const float = next(FLOAT_COST_MAX, true);
    const diff = next(maxDiffCost, true);
    const clash = next(1, active.has('clash'));
    const club = next(1, active.has('club'));
    const school = next(1, active.has('school'));
    // Cardinality comes from the matcher's max-cardinality mode, not from a weight field.
    const completion = 0;
    const maxWeight = maxLower;
    if (maxWeight <= MAX_EXACT_WEIGHT) {
      return {
        pairs,
        maxDiffCost,
        order,
        colour,
        float,
        diff,
        clash,
        club,
        school,
        completion,
        maxWeight,
        orderCap,
      };
    }
  }
  return null;
}

export interface BigWeightLayout {
  maxDiffCost: number;
  orderCap: number;
  order: bigint;
  colour: bigint;
  float: bigint;
  diff: bigint;
  clash: bigint;
  club: bigint;
  school: bigint;
  completion: bigint;
}

/** The same fields as buildLayout in BigInt, with the largest board-order cap. */
export function buildBigLayout(
  pairs: number,
  maxDiffCost: number,
  active: ReadonlySet<OptionalField>,
): BigWeightLayout {
  const p = BigInt(Math.max(1, pairs));
  let maxLower = 0n;
  const next = (maxCost: number, isOn: boolean): bigint => {
    if (!isOn) return 0n;
    const unit = p * maxLower + 1n;
    maxLower += BigInt(maxCost) * unit;
    return unit;
  };
  const orderCap = ORDER_COST_CAPS[0];
  const order = next(orderCap, true);
  const colour = next(COLOUR_COST_MAX, true);
  const float = next(FLOAT_COST_MAX, true);
  const diff = next(maxDiffCost, true);
  const clash = next(1, active.has('clash'));
  const club = next(1, active.has('club'));
  const school = next(1, active.has('school'));
  const completion = p * maxLower + 1n;
  return { maxDiffCost, orderCap, order, colour, float, diff, clash, club, school, completion };
}

export function edgeWeightBig(layout: BigWeightLayout, costs: EdgeCosts): bigint {
  return (
    layout.completion +
    (costs.isSchool ? 0n : layout.school) +
    (costs.isClub ? 0n : layout.club) +
    (costs.isClash ? 0n : layout.clash) +
    BigInt(layout.maxDiffCost - costs.diffCost) * layout.diff +
    BigInt(FLOAT_COST_MAX - costs.floatCost) * layout.float +
    BigInt(COLOUR_COST_MAX - costs.colourCost) * layout.colour +
    BigInt(layout.orderCap - Math.min(costs.orderCost, layout.orderCap)) * layout.order
  );
}
