/**
 * The explanation of the Dutch pairing (issue 36): over every reference round up to 100 players, each bye,
 * each player passed over for it and each downfloater is explained by a criterion on which the best pairing
 * that decides otherwise is worse, and never by one on which that pairing would be better (which would mean
 * the explanation reads the criteria differently from the engine).
 */
import { describe, expect, it } from 'vitest';
import { REFERENCE_DECIDING_CRITERIA, referenceRounds } from '../../../scripts/lib/pairing-reference';
import { trfToPairingInput } from '../trf/trf-pairing';
import { pairDutch } from './dutch';
import type { DutchCriterion } from './dutch-criteria';
import { explainDutch, firstWorseCriterion } from './dutch-explain';

describe('explaining the Dutch pairing', () => {
  const rounds = referenceRounds({ withLarge: false }).filter((round) => round.input.players.length <= 100);
  const seen = new Map<DutchCriterion, number>();
  let decisions = 0;

  it('explains every decision of the reference rounds by a criterion the other choice breaks', () => {
    let unexplained = 0;
    for (const round of rounds) {
      const input = trfToPairingInput(round.input);
      const explanation = explainDutch(input, pairDutch(input));
      unexplained += explanation.unexplained;
      const criteria = [
        ...(explanation.bye ? [explanation.bye.criterion] : []),
        ...(explanation.bye?.passedOver.map((entry) => entry.criterion) ?? []),
        ...explanation.floaters.map((floater) => floater.criterion),
      ];
      decisions += criteria.length;
      for (const criterion of criteria) seen.set(criterion, (seen.get(criterion) ?? 0) + 1);
    }
    expect(rounds.length).toBeGreaterThan(250);
    expect(decisions).toBeGreaterThan(1000);
    expect(unexplained).toBe(0);
  });

  it('reaches the absolute, bye, score-group, colour and float criteria, and the order', () => {
    const expected: readonly DutchCriterion[] = REFERENCE_DECIDING_CRITERIA;
    expect(expected.filter((criterion) => !seen.has(criterion))).toEqual([]);
  });

  it('the comparison is one-sided: the other pairing is never the better one', () => {
    // For decisions found by a quality criterion, the comparison the other way round finds the other
    // pairing worse nowhere first: firstWorseCriterion says so with null.
    let checked = 0;
    for (const round of rounds.slice(0, 80)) {
      const input = trfToPairingInput(round.input);
      const chosen = pairDutch(input);
      for (const [white, black] of chosen.pairs.slice(0, 3)) {
        for (const id of [white, black]) {
          let other: ReturnType<typeof pairDutch>;
          try {
            other = pairDutch(input, () => {}, { staysUp: id });
          } catch {
            continue;
          }
          const forward = firstWorseCriterion(input, chosen, other);
          if (forward === null || forward === 'order') continue;
          expect(firstWorseCriterion(input, other, chosen)).toBeNull();
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(30);
  });
});
