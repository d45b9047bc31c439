/**
 * The Dutch engine against bbpPairings (issue 36): every reference round (the 51 rounds of the real files
 * and the 273 of the generated tournaments, each cut back to the round before, and the 9 rounds of the
 * 350-player synthetic file) paired exactly as bbpPairings paired it: pairs, colours and the bye. The same
 * comparison with the 1,000-player file is `npm run pair:reference -- --dutch --large`.
 */
import { describe, expect, it } from 'vitest';
import { referenceRounds } from '../../../scripts/lib/pairing-reference';
import { trfToPairingInput } from '../trf/trf-pairing';
import { type DutchStep, pairDutch } from './dutch';
import { pairNextRound } from './engine';

describe('the Dutch engine pairs as bbpPairings does', () => {
  const rounds = referenceRounds({ withLarge: true }).filter((round) => round.input.players.length <= 350);

  it('covers the real files, the generated tournaments and 350 players', () => {
    expect(rounds.length).toBeGreaterThanOrEqual(324 + 9);
    expect(rounds.some((round) => round.input.players.length === 350)).toBe(true);
  });

  const steps = new Map<DutchStep, number>();
  const count = (step: DutchStep) => steps.set(step, (steps.get(step) ?? 0) + 1);

  it('every round: the same pairs, colours and bye', () => {
    const differing: string[] = [];
    for (const round of rounds) {
      const reference = round.reference;
      if (!('pairs' in reference)) continue;
      const ours = pairDutch(trfToPairingInput(round.input), count);
      const mine = ours.pairs.map(([white, black]) => `${white}-${black}`).sort();
      const theirs = reference.pairs.map(([white, black]) => `${white}-${black}`).sort();
      const bye = ours.byeId === null ? null : Number(ours.byeId);
      if (bye !== reference.bye || mine.join(' ') !== theirs.join(' ')) {
        differing.push(`${round.file} round ${round.round}`);
      }
    }
    expect(differing).toEqual([]);
  });

  it('the comparison goes through every way the engine has to reach a pairing', () => {
    // The fast ways (a bracket on its own players, the optimal face, E and J without a solve) and the ones
    // they fall back to must each have decided some of the rounds above, or their equality proves nothing.
    const all: DutchStep[] = [
      'bracket-within',
      'bracket-floating',
      'bracket-window',
      'bracket-all',
      'attempt-undone',
      'solve-criteria',
      'solve-face',
      'solve-full',
      'e-without-solve',
      'j-search',
      'j-solve',
    ];
    expect(all.filter((step) => !steps.has(step))).toEqual([]);
  });
});

const players = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: String(index + 1),
    pairingNumber: index + 1,
    isActive: true,
  }));
const game = (roundNumber: number, whiteId: string, blackId: string, result: 'white' | 'black' | 'draw') => ({
  roundNumber,
  whiteId,
  blackId,
  result,
});

describe('the bye is chosen by the same criteria as everything else', () => {
  // Round 3 of five players. 2 and 4 have had black twice (both must have white: C3 forbids them to meet),
  // 3 has had white twice, 5 has no points. Giving the bye to 5, the lowest, forces 2 against 4: the old
  // engine did so (one of them got a third black). FIDE's criteria put C3 first, so the bye goes to 3.
  const input = {
    roundNumber: 3,
    players: players(5),
    games: [
      game(1, '1', '2', 'white'),
      game(1, '3', '4', 'white'),
      game(2, '3', '2', 'black'),
      game(2, '5', '4', 'black'),
    ],
    byes: [
      { roundNumber: 1, playerId: '5', kind: 'zero' as const },
      { roundNumber: 2, playerId: '1', kind: 'zero' as const },
    ],
    options: { totalRounds: 5 },
  };

  it('gives the bye to 3, so that nobody gets the same colour three times', () => {
    const result = pairDutch(input);
    expect(result.byeId).toBe('3');
    expect(result.pairs).toEqual([
      ['4', '1'],
      ['2', '5'],
    ]);
  });

  it('the site engine gives the same bye, and says why each lower-ranked player was passed over', () => {
    const result = pairNextRound(input);
    expect(result.byePlayerId).toBe('3');
    const bye = result.notes.find((note) => note.kind === 'bye');
    // 5 (no points): C4, its bye leaves 2 and 4 (both due white) to meet. 4: C12, its bye costs a
    // colour preference (2 or 5 would not get white).
    expect(bye).toMatchObject({
      reason: 'the bye of the best pairing by the Dutch criteria',
      passedOver: [
        { playerId: '5', reason: 'C4' },
        { playerId: '4', reason: 'C12' },
      ],
    });
  });
});

describe('the last round relaxes the colour rule for topscorers (C3, A.7)', () => {
  // Five rounds of eight players. Before round 5, 3 (2½ points, a topscorer: more than half of 4) and 5 both
  // must have black (3 has had white three times, 5 the last two). In the last round FIDE lets a topscorer meet
  // such an opponent; in any other round the two may not meet.
  const history = [
    game(1, '1', '5', 'white'),
    game(1, '6', '2', 'white'),
    game(1, '3', '7', 'draw'),
    game(1, '8', '4', 'draw'),
    game(2, '6', '1', 'draw'),
    game(2, '4', '3', 'black'),
    game(2, '7', '8', 'white'),
    game(2, '2', '5', 'black'),
    game(3, '1', '7', 'white'),
    game(3, '3', '6', 'draw'),
    game(3, '5', '4', 'black'),
    game(3, '8', '2', 'white'),
    game(4, '3', '1', 'draw'),
    game(4, '7', '6', 'black'),
    game(4, '4', '2', 'white'),
    game(4, '5', '8', 'black'),
  ];
  const input = (totalRounds: number) => ({
    roundNumber: 5,
    players: players(8),
    games: history,
    byes: [],
    options: { totalRounds },
  });

  it('pairs the topscorer 3 with 5 in the last round, as bbpPairings does', () => {
    expect(pairDutch(input(5)).pairs).toEqual([
      ['1', '4'],
      ['6', '8'],
      ['5', '3'],
      ['2', '7'],
    ]);
  });

  it("the site engine pairs them too, and its note gives FIDE's last-round rule as the reason", () => {
    const result = pairNextRound(input(5));
    const board = result.boards.find((b) => b.whiteId === '5' && b.blackId === '3')!;
    expect(board).toBeDefined();
    expect(result.notes).toContainEqual({
      kind: 'colour_preferences_clash',
      board: board.board,
      playerIds: ['3', '5'],
      reason: 'topscorers_last_round',
    });
  });

  it('keeps them apart when a round is still to come', () => {
    const pairs = pairDutch(input(6)).pairs.map((pair) => [...pair].sort().join('-'));
    expect(pairs).not.toContain('3-5');
    expect(pairs).toEqual(['1-4', '6-8', '2-3', '5-7']);
  });
});

describe('forbidden pairs (TRF XXP; schoolmates when the site pairs by these rules)', () => {
  it('are never paired: S1 against S2 moves to the next transposition', () => {
    const input = { roundNumber: 1, players: players(4), games: [], byes: [] };
    const pairsOf = (result: ReturnType<typeof pairDutch>) =>
      result.pairs.map((pair) => [...pair].sort().join('-')).sort();
    expect(pairsOf(pairDutch(input))).toEqual(['1-3', '2-4']);
    const apart = pairDutch({ ...input, options: { forbiddenPairs: [['3', '1']] as [string, string][] } });
    expect(pairsOf(apart)).toEqual(['1-4', '2-3']);
  });
});
