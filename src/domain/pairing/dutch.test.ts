/**
 * The Dutch engine against bbpPairings (issue 36): every round of the small generated tournaments and of the
 * small real files, each cut back to the round before, paired exactly as bbpPairings paired it (pairs,
 * colours and the bye). The whole comparison, larger files included, is `npm run pair:reference -- --dutch`.
 */
import { describe, expect, it } from 'vitest';
import { referenceRounds } from '../../../scripts/lib/pairing-reference';
import { trfToPairingInput } from '../trf/trf-pairing';
import { pairDutch } from './dutch';

const SMALL = 30;
/**
 * Rounds where the window-first step (ADR 046) still leaves the bye or a last bracket other than bbpPairings'
 * (pairing every bracket on all players matches them all): to be fixed, listed so that a new one fails.
 */
const KNOWN_DIFFERENCES = [
  'generated/rtg_017p_09r_s1026.trf round 8',
  'generated/rtg_017p_09r_s1026.trf round 9',
  'generated/rtg_021p_09r_s1006.trf round 7',
];

describe('the Dutch engine pairs as bbpPairings does', () => {
  const rounds = referenceRounds().filter((round) => round.input.players.length <= SMALL);

  it(`covers at least 100 rounds of files up to ${SMALL} players`, () => {
    expect(rounds.length).toBeGreaterThanOrEqual(100);
  });

  it('every round but the known ones: the same pairs, colours and bye', () => {
    const differing: string[] = [];
    for (const round of rounds) {
      const reference = round.reference;
      if (!('pairs' in reference)) continue;
      const ours = pairDutch(trfToPairingInput(round.input));
      const mine = ours.pairs.map(([white, black]) => `${white}-${black}`).sort();
      const theirs = reference.pairs.map(([white, black]) => `${white}-${black}`).sort();
      const bye = ours.byeId === null ? null : Number(ours.byeId);
      if (bye !== reference.bye || mine.join(' ') !== theirs.join(' ')) {
        differing.push(`${round.file} round ${round.round}`);
      }
    }
    expect(differing).toEqual(KNOWN_DIFFERENCES);
  });
});
