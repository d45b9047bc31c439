import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { colourClashCost } from './colours';
import { pairNextRound } from './engine';
import { buildPlayerStates, type PlayerState } from './history';
import { assignPairingNumbers } from './pairing-numbers';
import { findPairingProblems, measurePairing } from './quality';
import { buildTournament, tournamentShape } from './test-tournaments';
import { PairingError, type PairingInput, type PairingResult } from './types';

interface Optimum {
  byeId: string | null;
  /** Lexicographic minimum of [schoolmates, clubmates, colour clashes, score difference]. */
  costs: number[];
}

/** Exhaustive search over all pairings of a small field, in the engine's priority order. */
function exhaustiveOptimum(input: PairingInput): Optimum | null {
  const states = buildPlayerStates(input);
  const field = [...states.values()]
    .filter((state) => state.player.isActive && !state.isPreAssigned)
    .sort((a, b) => b.score - a.score || a.player.pairingNumber - b.player.pairingNumber);
  const isClubAvoided = input.options?.isSameClubAvoided === true;
  const school = (s: PlayerState) =>
    s.player.groupName
      ?.trim()
      .replace(/\s+[A-Z]$/, '')
      .toLowerCase() ?? null;
  const pairCosts = (a: PlayerState, b: PlayerState): number[] => [
    school(a) !== null && school(a) === school(b) ? 1 : 0,
    isClubAvoided && a.player.club && a.player.club === b.player.club ? 1 : 0,
    colourClashCost(a.preference, b.preference) === 3 ? 1 : 0,
    Math.abs(a.score - b.score),
  ];
  const less = (x: number[], y: number[]) => {
    for (let k = 0; k < x.length; k += 1) if (x[k] !== y[k]) return x[k]! < y[k]!;
    return false;
  };
  const best = (rest: PlayerState[]): number[] | null => {
    if (rest.length === 0) return [0, 0, 0, 0];
    const [first, ...others] = rest as [PlayerState, ...PlayerState[]];
    let result: number[] | null = null;
    others.forEach((partner, index) => {
      if (first.opponents.has(partner.player.id)) return;
      const tail = best(others.filter((_, k) => k !== index));
      if (!tail) return;
      const total = pairCosts(first, partner).map((cost, k) => cost + tail[k]!);
      if (!result || less(total, result)) result = total;
    });
    return result;
  };
  if (field.length % 2 === 0) {
    const costs = best(field);
    return costs ? { byeId: null, costs } : null;
  }
  // Eligible players first (lowest-ranked first), then the others only if no eligible one can take it.
  const candidates = [
    ...field.filter((state) => state.isByeEligible).reverse(),
    ...field.filter((state) => !state.isByeEligible).reverse(),
  ];
  for (const candidate of candidates) {
    const costs = best(field.filter((state) => state !== candidate));
    if (costs) return { byeId: candidate.player.id, costs };
  }
  return null;
}

function engineCosts(input: PairingInput, result: PairingResult): number[] {
  const quality = measurePairing(input, result);
  const states = buildPlayerStates(input);
  let clashes = 0;
  for (const board of result.boards) {
    const white = states.get(board.whiteId)!;
    const black = states.get(board.blackId)!;
    if (colourClashCost(white.preference, black.preference) === 3) clashes += 1;
  }
  return [
    quality.schoolmatePairs,
    input.options?.isSameClubAvoided ? quality.clubmatePairs : 0,
    clashes,
    quality.scoreDifference,
  ];
}

function tryPair(input: PairingInput): PairingResult | PairingError {
  try {
    return pairNextRound(input);
  } catch (error) {
    if (error instanceof PairingError) return error;
    throw error;
  }
}

describe('pairNextRound on random small tournaments (checked against exhaustive search)', () => {
  it('is valid, optimal in priority order, and fails only when no valid pairing exists', () => {
    fc.assert(
      fc.property(tournamentShape(10, 5), (shape) => {
        const input = buildTournament(shape);
        const optimum = exhaustiveOptimum(input);
        const result = tryPair(input);
        if (optimum === null) {
          expect(result).toBeInstanceOf(PairingError);
          expect((result as PairingError).code).toBe('no_valid_pairing');
          return;
        }
        expect(result).not.toBeInstanceOf(PairingError);
        const pairing = result as PairingResult;
        // Hard rules: no rematch, everyone paired once, no second bye while avoidable.
        expect(
          findPairingProblems(input, pairing).filter((problem) => !problem.startsWith('bye to')),
        ).toEqual([]);
        expect(pairing.byePlayerId).toBe(optimum.byeId);
        // Schoolmates only when unavoidable and as few as possible; then clubs, colour clashes, score
        // differences, each minimal given the ones before.
        expect(engineCosts(input, pairing)).toEqual(optimum.costs);
        const schoolNotes = pairing.notes.filter((note) => note.kind === 'schoolmates_paired');
        expect(schoolNotes).toHaveLength(optimum.costs[0]!);
      }),
      { numRuns: 300, seed: 20261122 },
    );
  });

  it('gives the same output for the same input, in any input order', () => {
    fc.assert(
      fc.property(tournamentShape(14, 4), fc.nat(1000), (shape, salt) => {
        const input = buildTournament(shape);
        const first = tryPair(input);
        const rotate = <T>(list: readonly T[]) => {
          const k = list.length === 0 ? 0 : salt % list.length;
          return [...list.slice(k), ...list.slice(0, k)].reverse();
        };
        const shuffled: PairingInput = {
          ...input,
          players: rotate(input.players),
          games: rotate(input.games),
          byes: rotate(input.byes),
        };
        expect(tryPair(shuffled)).toEqual(first);
        expect(tryPair(input)).toEqual(first);
      }),
      { numRuns: 100, seed: 7 },
    );
  });
});

describe('pairNextRound known cases', () => {
  const player = (n: number, groupName: string | null = null) => ({
    id: `p${n}`,
    pairingNumber: n,
    rating: 2000 - n,
    groupName,
    isActive: true,
  });

  it('round 1: top half against bottom half, colours by pairing number (C.04.3 E.5)', () => {
    const result = pairNextRound({
      roundNumber: 1,
      players: [1, 2, 3, 4, 5, 6].map((n) => player(n)),
      games: [],
      byes: [],
    });
    expect(result.boards.map((board) => [board.whiteId, board.blackId])).toEqual([
      ['p1', 'p4'],
      ['p5', 'p2'],
      ['p3', 'p6'],
    ]);
    expect(result.byePlayerId).toBeNull();
    expect(result.notes.filter((note) => note.kind === 'colour')[0]).toMatchObject({
      playerId: 'p1',
      colour: 'white',
      reason: 'initial_colour_by_pairing_number',
    });
  });

  it('avoids schoolmates when possible, and explains when it cannot', () => {
    const avoidable = pairNextRound({
      roundNumber: 1,
      players: [player(1, 'Loreto A'), player(2, 'Gonzaga A'), player(3, 'Loreto B'), player(4, 'Gonzaga B')],
      games: [],
      byes: [],
    });
    expect(avoidable.notes.some((note) => note.kind === 'schoolmates_paired')).toBe(false);
    const forced = pairNextRound({
      roundNumber: 1,
      players: [player(1, 'Loreto A'), player(2, 'Loreto A'), player(3, 'Loreto B'), player(4, 'Gonzaga B')],
      games: [],
      byes: [],
    });
    expect(forced.notes.filter((note) => note.kind === 'schoolmates_paired')).toEqual([
      {
        kind: 'schoolmates_paired',
        board: 1,
        playerIds: ['p1', 'p3'],
        school: 'Loreto',
        reason: 'no complete pairing avoids it',
      },
    ]);
  });

  it('gives the bye to the lowest-ranked eligible player and says who was passed over', () => {
    const result = pairNextRound({
      roundNumber: 2,
      players: [1, 2, 3].map((n) => player(n)),
      games: [{ roundNumber: 1, whiteId: 'p1', blackId: 'p2', result: 'draw' }],
      byes: [{ roundNumber: 1, playerId: 'p3', kind: 'pairing' }],
    });
    // p3 has 1 point and the lowest... but already had the bye; p2 (½, pairing number 2) is below p1.
    expect(result.byePlayerId).toBe('p2');
    expect(result.notes.find((note) => note.kind === 'bye')).toEqual({
      kind: 'bye',
      playerId: 'p2',
      reason: 'lowest-ranked eligible player',
      passedOver: [],
    });
  });

  it('never pairs a rematch and reports when no valid pairing exists', () => {
    expect(() =>
      pairNextRound({
        roundNumber: 2,
        players: [1, 2].map((n) => player(n)),
        games: [{ roundNumber: 1, whiteId: 'p1', blackId: 'p2', result: 'white' }],
        byes: [],
      }),
    ).toThrow(PairingError);
  });
});

describe('assignPairingNumbers', () => {
  it('orders by rating, unrated last, then name, whatever the input order', () => {
    const players = [
      { id: 'c', rating: null, name: 'Cara' },
      { id: 'a', rating: 1500, name: 'Zoe' },
      { id: 'b', rating: 1500, name: 'Amy' },
      { id: 'd', rating: 1900, name: 'Dan' },
    ];
    const expected = [
      ['d', 1],
      ['b', 2],
      ['a', 3],
      ['c', 4],
    ];
    expect([...assignPairingNumbers(players)]).toEqual(expected);
    expect([...assignPairingNumbers([...players].reverse())]).toEqual(expected);
  });
});

describe('sparse candidates with the LP certificate', () => {
  it('reach the optimum of the complete graph on medium random tournaments (also with BigInt weights)', () => {
    fc.assert(
      fc.property(tournamentShape(40, 6), (shape) => {
        const input = buildTournament(shape);
        const weights = (isDenseGraph: boolean, isBigIntSolver = false): number[] => {
          const found: number[] = [];
          const outcome = tryPair({
            ...input,
            options: {
              ...input.options,
              isDenseGraph,
              isBigIntSolver,
              onSolve: (event) => {
                if (event.purpose === 'pairing') found.push(event.matchingWeight);
              },
            },
          });
          return outcome instanceof PairingError ? [] : found.slice(-1);
        };
        const sparse = weights(false);
        expect(sparse).toEqual(weights(true));
        expect(weights(false, true)).toEqual(sparse);
      }),
      { numRuns: 60, seed: 11 },
    );
  });
});
