/**
 * FIDE C.07 (2023) tie-breaks against the published worked answers: IA Mario Held, "Exercises in
 * Tie-Breaking", Rev. 2403220900 (FIDE Arbiters' Commission / FIDE Technical Commission, March 2024), as
 * transcribed in the FIDE TEC TieBreakServer (tests/fixtures/tiebreaks/README.md names the sources). The numbers below are the
 * paper's answers in points; the test converts them to the domain's units.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTextFile, testFixturesRoot } from '../../../scripts/lib/trf-fixtures';
import { computeIndividualStandings, computeStandings, type StandingsInput } from '../standings/individual';
import { applyResultChanges, type ResultChange } from './result-changes';
import { type ByeKind, MATCH_RESULTS, type MatchResult } from './results';
import {
  DEFAULT_TIEBREAK_ORDER,
  FIDE_TIEBREAK_ORDER,
  knownTiebreakOrder,
  tiebreakOrderProblem,
  tiebreakOrderText,
  tiebreakRuleText,
} from './tiebreak-keys';
import {
  computeTiebreakTable,
  directEncounterSplit,
  formatTiebreak,
  type PlayerTiebreakKey,
  rankByTiebreaks,
  type TiebreakInput,
} from './tiebreaks';

interface Fixture {
  input: TiebreakInput;
  /** The points column of the file, in half-points. */
  declaredPoints: Map<string, number>;
}

/** Reads the TRF-16 player lines (fixed columns: start number 5–8, rating 49–52, points 81–84, rounds from 92). */
function readTrf(name: string, predetermined = false): Fixture {
  const text = readTextFile(`${testFixturesRoot}/tiebreaks/${name}`);
  const games = new Map<string, TiebreakInput['games'][number]>();
  const byes: { roundNumber: number; playerId: string; kind: ByeKind }[] = [];
  const ratings = new Map<string, number | null>();
  const declaredPoints = new Map<string, number>();
  const playerIds: string[] = [];
  const byeKinds: Record<string, ByeKind> = { U: 'pairing', F: 'full', H: 'half', Z: 'zero' };
  const whiteResult: Record<string, MatchResult> = {
    '1': 'white',
    '0': 'black',
    '=': 'draw',
    '+': 'white_forfeit_win',
    '-': 'black_forfeit_win',
  };
  for (const line of text.split('\n')) {
    if (!line.startsWith('001')) continue;
    const id = line.slice(4, 8).trim();
    playerIds.push(id);
    ratings.set(id, Number(line.slice(48, 52)));
    declaredPoints.set(id, Number(line.slice(80, 84)) * 2);
    for (let round = 1, at = 91; at + 8 <= line.length; round += 1, at += 10) {
      const opponent = line.slice(at, at + 4).trim();
      const colour = line.slice(at + 5, at + 6);
      const code = line.slice(at + 7, at + 8);
      const kind = byeKinds[code];
      if (opponent === '0' && kind) {
        byes.push({ roundNumber: round, playerId: id, kind });
        continue;
      }
      if (colour !== 'w') continue; // each game is read once, from white's line
      games.set(`${round}-${id}`, {
        roundNumber: round,
        whiteId: id,
        blackId: opponent,
        result: whiteResult[code]!,
      });
    }
  }
  return { input: { playerIds, games: [...games.values()], byes, ratings, predetermined }, declaredPoints };
}

const swiss5 = readTrf('held_swiss_5.trf');
const swiss9 = readTrf('held_swiss_9.trf');
const roundRobin = readTrf('held_round_robin.trf', true);

// Published answers, in points (or counts / ratings), by start number: Held, exercises as numbered.
const BH = [12.5, 13, 15.5, 15, 8.5, 12, 14.5, 13.5, 9, 13, 13.5, 11.5, 14, 11, 12, 12.5]; // ex. 1–4
const BH_C1 = [11, 12, 13, 11.5, 7.5, 11, 12.5, 12, 7.5, 11.5, 12, 9.5, 12, 9, 11, 11]; // ex. 5–8
const SB = [8, 9.5, 10.5, 9.75, 4.25, 6.5, 3.25, 5.25, 2.25, 1.5, 5.75, 4, 4.25, 4.5, 3.5, 7.25]; // ex. 11–12
const ARO = [1820, 1880, 1940, 1888, 1690, 1813, 1760, 1730, 1975, 1880, 1863, 2050, 1930, 1800, 1860, 1820]; // ex. 17
const ARO_C1 = [
  1900,
  1988,
  2000,
  1983,
  1738,
  1900,
  1838,
  1800,
  2200,
  1975,
  2000,
  null,
  2025,
  1900,
  1963,
  1900,
]; // ex. 18
const WIN = [2, 3, 2, 2, 2, 3, 1, 2, 1, 1, 2, 2, 1, 2, 2, 3]; // ex. 27
const WON = [2, 3, 2, 2, 2, 2, 1, 2, 0, 1, 1, 0, 1, 2, 2, 3]; // ex. 28
const BPG = [2, 3, 2, 2, 2, 2, 3, 2, 1, 3, 2, 0, 3, 2, 3, 2]; // ex. 29
const BWG = [1, 1, 1, 1, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 1, 1]; // ex. 30

const startNumbers = Array.from({ length: 16 }, (_, index) => String(index + 1));
const valuesOf = (fixture: Fixture, key: PlayerTiebreakKey) => {
  const table = computeTiebreakTable(fixture.input);
  return (id: string) => table.values.get(key)?.get(id);
};

/** Ranks after points and the order (players still level share the first rank of their group). */
function ranksBy(fixture: Fixture, order: Parameters<typeof rankByTiebreaks>[2]): Map<string, number> {
  const table = computeTiebreakTable(fixture.input);
  const { tiedGroups } = rankByTiebreaks(
    table,
    fixture.input.playerIds,
    order,
    (a, b) => Number(a) - Number(b),
  );
  const ranks = new Map<string, number>();
  let place = 1;
  for (const group of tiedGroups) {
    for (const id of group) ranks.set(id, place);
    place += group.length;
  }
  return ranks;
}

describe('FIDE C.07 (2023) worked exercises, Swiss, 16 players, 5 rounds', () => {
  it('reads the crosstable: every score equals the points column of the file', () => {
    const table = computeTiebreakTable(swiss5.input);
    expect(table.roundsPlayed).toBe(5);
    for (const id of startNumbers) expect(table.points.get(id)).toBe(swiss5.declaredPoints.get(id));
  });

  it.each([
    ['Buchholz (ex. 1–4)', 'buchholz', BH, 2],
    ['Buchholz Cut-1 (ex. 5–8): unplayed rounds cut first', 'buchholz_cut1', BH_C1, 2],
    ['Sonneborn-Berger (ex. 11–12)', 'sonneborn_berger', SB, 4],
  ] as const)('%s: all 16 published values', (_name, key, published, unitsPerPoint) => {
    const value = valuesOf(swiss5, key);
    expect(startNumbers.map(value)).toEqual(published.map((points) => points * unitsPerPoint));
  });

  it.each([
    ['ARO (ex. 17): over-the-board opponents, rounded half up', 'aro', ARO],
    ['ARO Cut-1 (ex. 18): no value with a single game', 'aro_cut1', ARO_C1],
    ['WIN (ex. 27): byes and forfeit wins count', 'wins', WIN],
    ['WON (ex. 28): over the board only', 'won', WON],
    ['BPG (ex. 29): forfeits are not games with black', 'black_games', BPG],
    ['BWG (ex. 30)', 'black_wins', BWG],
  ] as const)('%s: all 16 published values', (_name, key, published) => {
    expect(startNumbers.map(valuesOf(swiss5, key))).toEqual(published);
  });

  it('direct encounter (ex. 23–24): level players who did not all meet stay level', () => {
    const ranks = ranksBy(swiss5, ['direct_encounter']);
    // Ex. 23: 1, 3, 4 and 16 on 3½ share 2nd; ex. 24: 5, 8 and 11 on 2½ share 7th.
    expect(['1', '3', '4', '16'].map((id) => ranks.get(id))).toEqual([2, 2, 2, 2]);
    expect(['5', '8', '11'].map((id) => ranks.get(id))).toEqual([7, 7, 7]);
  });

  it('Buchholz with the 2009 virtual opponent would differ: the half-point bye of player 4 counts his own 3½', () => {
    // Player 4: opponents 12 (2 + two withdrawn rounds as draws = 3), 13 (1½), 3 (3½), 1 (3½), bye: own 3½.
    expect(valuesOf(swiss5, 'buchholz')('4')).toBe(30);
    expect(valuesOf(swiss5, 'buchholz_cut1')('4')).toBe(23);
  });
});

describe('FIDE C.07 (2023) worked exercises, direct encounter over 9 rounds (ex. 25)', () => {
  it('gives the published ranks, the partial case included', () => {
    const table = computeTiebreakTable(swiss9.input);
    for (const id of startNumbers) expect(table.points.get(id)).toBe(swiss9.declaredPoints.get(id));
    const published: Record<string, number> = {
      1: 3,
      2: 5,
      3: 1,
      4: 3,
      5: 9,
      6: 2,
      7: 6,
      8: 6,
      9: 14,
      10: 9,
      11: 13,
      12: 14,
      13: 16,
      14: 9,
      15: 9,
      16: 6,
    };
    const ranks = ranksBy(swiss9, ['direct_encounter']);
    expect(Object.fromEntries(ranks)).toEqual(Object.fromEntries(Object.entries(published)));
  });
});

describe('FIDE C.07 (2023) worked exercises, round robin, 6 players (ex. 14, 26)', () => {
  it('Sonneborn-Berger (ex. 14): a forfeit counts against the scheduled opponent', () => {
    const value = valuesOf(roundRobin, 'sonneborn_berger');
    expect(['1', '2', '3', '4', '5', '6'].map(value)).toEqual(
      [9.25, 6.25, 6.25, 4.25, 3.25, 2.25].map((v) => v * 4),
    );
  });

  it('direct encounter (ex. 26)', () => {
    const ranks = ranksBy(roundRobin, ['direct_encounter']);
    expect(['1', '2', '3', '4', '5', '6'].map((id) => ranks.get(id))).toEqual([1, 2, 2, 6, 5, 4]);
  });
});

// Hand-computed from the article text (not published answers): a withdrawal and a pending game.
describe('C.07 Art. 16 cases beyond the exercises (hand-computed)', () => {
  const game = (roundNumber: number, whiteId: string, blackId: string, result: MatchResult | null) => ({
    roundNumber,
    whiteId,
    blackId,
    result,
  });

  it('an opponent who withdrew counts his rounds after leaving as draws (Art. 16.3)', () => {
    // w withdraws after round 1 (absent in rounds 2 and 3): his score 1 (win) → 1 + ½ + ½ = 2 for a's Buchholz.
    const table = computeTiebreakTable({
      playerIds: ['a', 'b', 'c', 'w'],
      games: [
        game(1, 'w', 'b', 'white'),
        game(1, 'a', 'c', 'draw'),
        game(2, 'a', 'b', 'white'),
        game(3, 'c', 'b', 'draw'),
      ],
      byes: [{ roundNumber: 3, playerId: 'a', kind: 'pairing' }],
    });
    // b's opponents: w (adjusted 4 half-points), a (scored 1+2+2 = 5), c (1+0+1 = 2).
    expect(table.values.get('buchholz')?.get('b')).toBe(4 + 5 + 2);
  });

  it('direct encounter, partial case (Art. 6): a player out of reach is separated, the rest stay level', () => {
    // The group of level players is given; byes fill the rounds not shown.
    const split = (table: ReturnType<typeof computeTiebreakTable>, tied: string[]) =>
      directEncounterSplit(table, tied).groups.map((group) => [...group].sort());
    const byes = (ids: string[], roundNumber: number) =>
      ids.map((playerId) => ({ roundNumber, playerId, kind: 'full' as const }));
    const base = {
      playerIds: ['a', 'b', 'c', 'd'],
      byes: [...byes(['c', 'd'], 1), ...byes(['b'], 2), ...byes(['b', 'c', 'd'], 3)],
    };
    // a beat b and c; b and c never met: a's 2 points are more than b or c could have reached (1).
    const outOfReach = computeTiebreakTable({
      ...base,
      games: [game(1, 'a', 'b', 'white'), game(2, 'a', 'c', 'white'), game(2, 'd', 'x', 'white')],
      playerIds: [...base.playerIds, 'x'],
    });
    expect(split(outOfReach, ['a', 'b', 'c'])).toEqual([['a'], ['b', 'c']]);
    // a beat b only; c met neither: c could still have reached 2, so nobody is separated.
    const reachable = computeTiebreakTable({ ...base, games: [game(1, 'a', 'b', 'white')] });
    expect(split(reachable, ['a', 'b', 'c'])).toEqual([['a', 'b', 'c']]);
    // All met: ordered by the points between them, equal points stay together.
    const allMet = computeTiebreakTable({
      playerIds: ['a', 'b', 'c'],
      games: [game(1, 'a', 'b', 'draw'), game(2, 'b', 'c', 'draw'), game(3, 'c', 'a', 'white')],
      byes: [],
    });
    expect(split(allMet, ['a', 'b', 'c'])).toEqual([['c'], ['b'], ['a']]);
  });

  it('a game without a result yet counts for nothing, for neither player', () => {
    // Round 1: a beat b, c and d drew. Round 2: a–c is being played, b and d drew.
    const table = computeTiebreakTable({
      playerIds: ['a', 'b', 'c', 'd'],
      games: [
        game(1, 'a', 'b', 'white'),
        game(1, 'c', 'd', 'draw'),
        game(2, 'a', 'c', null),
        game(2, 'b', 'd', 'draw'),
      ],
      byes: [],
    });
    // Left out, in half-points: a's Buchholz is b's ½ point (counted as a game against c it would be 1, as
    // an unplayed round a dummy with a's own point 1½).
    expect(table.values.get('buchholz')?.get('a')).toBe(1);
    // c's is d's 1 point (as a game against a: 2; unplayed: 1½).
    expect(table.values.get('buchholz')?.get('c')).toBe(2);
    expect(table.values.get('sonneborn_berger')?.get('a')).toBe(1 * 2);
    expect(table.values.get('wins')?.get('a')).toBe(1);
    expect(table.values.get('wins')?.get('c')).toBe(0);
  });

  it('a player whose game is in progress is still in the event (Art. 16.3): an earlier zero bye stays 0', () => {
    // e beat g, then took a zero-point bye, and now plays f. g lost to e and to h, then had a full bye.
    const games = (roundThree: MatchResult | null) => [
      game(1, 'e', 'g', 'white'),
      game(1, 'f', 'h', 'draw'),
      game(2, 'g', 'h', 'black'),
      game(3, 'e', 'f', roundThree),
    ];
    const byes = [
      { roundNumber: 2, playerId: 'e', kind: 'zero' as const },
      { roundNumber: 2, playerId: 'f', kind: 'half' as const },
      { roundNumber: 3, playerId: 'g', kind: 'full' as const },
    ];
    const buchholzOfG = (roundThree: MatchResult | null) =>
      computeTiebreakTable({ playerIds: ['e', 'f', 'g', 'h'], games: games(roundThree), byes })
        .values.get('buchholz')
        ?.get('g');
    // e's 1 point as scored (the zero bye is not a draw: e is still playing) + h's 1½ and a draw for h's
    // absence in round 3 (h is no longer in the event) + g's own 1 point for the bye: 2 + 4 + 2.
    expect(buchholzOfG(null)).toBe(8);
    // The same once e's game has its result (a loss leaves e on 1 point): nothing moves when it comes in.
    expect(buchholzOfG('black')).toBe(8);
  });
});

describe('tie-break orders', () => {
  it('refuses unknown and repeated keys, and describes an order', () => {
    expect(tiebreakOrderProblem(DEFAULT_TIEBREAK_ORDER)).toBeNull();
    expect(tiebreakOrderProblem(FIDE_TIEBREAK_ORDER)).toBeNull();
    expect(tiebreakOrderProblem(['buchholz', 'koya'])).toBe('Unknown tie-break "koya".');
    expect(tiebreakOrderProblem(['buchholz', 'buchholz'])).toBe('The tie-break BH is listed twice.');
    expect(tiebreakOrderText(FIDE_TIEBREAK_ORDER)).toBe(
      'Points, then BH-C1, then BH, then SB, then DE, then WIN, then Rating',
    );
    expect(tiebreakRuleText(DEFAULT_TIEBREAK_ORDER)).toBe('Ties broken by: rating.');
    expect(tiebreakRuleText(FIDE_TIEBREAK_ORDER)).toBe(
      'Ties broken by: BH-C1, then BH, then SB, then DE, then WIN, then rating.',
    );
    expect(tiebreakRuleText([])).toBe(
      'Ties on points are not broken: players level on points share a place.',
    );
  });

  // docs/requirements.md §2: "by points, ties broken by rating". Ada (1542) and Ben (1608) both score 1½; Ada met
  // the stronger field (Buchholz 2½ against Ben's 1½), which a FIDE order rewards and the default does not.
  const level: StandingsInput = {
    players: [
      { id: 'ada', name: 'Ada', rating: 1542, groupName: null, active: true },
      { id: 'ben', name: 'Ben', rating: 1608, groupName: null, active: true },
      { id: 'cal', name: 'Cal', rating: 1500, groupName: null, active: true },
      { id: 'dan', name: 'Dan', rating: 1400, groupName: null, active: true },
    ],
    games: [
      { roundNumber: 1, whiteId: 'ada', blackId: 'cal', result: 'white' },
      { roundNumber: 1, whiteId: 'ben', blackId: 'dan', result: 'white' },
      { roundNumber: 2, whiteId: 'ada', blackId: 'ben', result: 'draw' },
      { roundNumber: 2, whiteId: 'cal', blackId: 'dan', result: 'white' },
    ],
    byes: [],
  };
  const namesInOrder = (order: readonly (typeof FIDE_TIEBREAK_ORDER)[number][]) =>
    computeStandings(level, order).map((row) => `${row.rank} ${row.player.name}`);

  it('the default order is points, then rating: 1608 ranks above 1542 on the same points', () => {
    expect(DEFAULT_TIEBREAK_ORDER).toEqual(['rating']);
    expect(knownTiebreakOrder(null)).toEqual(['rating']);
    expect(namesInOrder(DEFAULT_TIEBREAK_ORDER)).toEqual(['1 Ben', '2 Ada', '3 Cal', '4 Dan']);
  });

  it('a FIDE order, when chosen, ranks by its values (Buchholz first)', () => {
    expect(namesInOrder(FIDE_TIEBREAK_ORDER)).toEqual(['1 Ada', '2 Ben', '3 Cal', '4 Dan']);
  });

  it.each([
    ['buchholz', 9, '4½'],
    ['sonneborn_berger', 11, '2¾'],
    ['wins', 3, '3'],
    ['aro', 1888, '1888'],
    ['aro_cut1', null, '–'],
    ['buchholz', 1, '½'],
  ] as const)('formats %s %s as %s', (key, value, text) => {
    expect(formatTiebreak(key, value)).toBe(text);
  });
});

describe('standings in a tournament order', () => {
  const players = ['p1', 'p2', 'p3', 'p4'].map((id, index) => ({
    id,
    name: id.toUpperCase(),
    rating: 1500 + index,
    groupName: index < 2 ? 'Loreto A' : 'Gonzaga A',
    active: true,
  }));
  const game = (roundNumber: number, whiteId: string, blackId: string, result: MatchResult | null) => ({
    roundNumber,
    whiteId,
    blackId,
    result,
  });
  // p4 leads on 1½; p1 and p2 both finish on 1 of 2, and p2 beat p1.
  const input: StandingsInput = {
    players,
    games: [
      game(1, 'p1', 'p3', 'white'),
      game(1, 'p2', 'p4', 'black'),
      game(2, 'p1', 'p2', 'black'),
      game(2, 'p3', 'p4', 'draw'),
    ],
    byes: [],
  };

  it('splits players level on points by the order, and by rating alone for Leading Players', () => {
    const byDirect = computeStandings(input, ['direct_encounter', 'buchholz']);
    expect(byDirect.map((row) => [row.player.id, row.rank])).toEqual([
      ['p4', 1],
      ['p2', 2],
      ['p1', 3],
      ['p3', 4],
    ]);
    expect(byDirect[1]?.tiebreaks.direct_encounter).toBe(2);
    // Points then rating: p2 (1501) before p1 (1500) too, here because of the rating.
    const byRating = computeIndividualStandings(input);
    expect(byRating.map((row) => [row.player.id, row.rank])).toEqual([
      ['p4', 1],
      ['p2', 2],
      ['p1', 3],
      ['p3', 4],
    ]);
    // With no tie-break at all, level players share a rank (C.07 Art. 2.1) and are listed by name.
    expect(computeStandings(input, []).map((row) => [row.player.id, row.rank])).toEqual([
      ['p4', 1],
      ['p1', 2],
      ['p2', 2],
      ['p3', 4],
    ]);
  });

  it('result changes in any order give the standings computed from scratch', () => {
    const pairs = [
      ['p1', 'p2'],
      ['p3', 'p4'],
      ['p1', 'p3'],
      ['p2', 'p4'],
    ] as const;
    const games = pairs.map(([whiteId, blackId], index) =>
      game(Math.floor(index / 2) + 1, whiteId, blackId, null),
    );
    const change = fc
      .record({ index: fc.nat(pairs.length - 1), result: fc.option(fc.constantFrom(...MATCH_RESULTS)) })
      .map(({ index, result }): ResultChange => ({ ...games[index]!, result }));
    fc.assert(
      fc.property(fc.array(change, { maxLength: 12 }), fc.nat(), (changes, salt) => {
        const final = applyResultChanges(games, changes);
        const lastByGame = new Map(changes.map((item) => [`${item.roundNumber}${item.whiteId}`, item]));
        const rest = changes.filter((item) => lastByGame.get(`${item.roundNumber}${item.whiteId}`) !== item);
        const rotated = [
          ...rest.slice(salt % (rest.length || 1)),
          ...rest.slice(0, salt % (rest.length || 1)),
        ];
        const reordered = applyResultChanges(games, [...rotated, ...lastByGame.values()]);
        const fromScratch = computeStandings({ players, games: final, byes: [] }, FIDE_TIEBREAK_ORDER);
        expect(computeStandings({ players, games: reordered, byes: [] }, FIDE_TIEBREAK_ORDER)).toEqual(
          fromScratch,
        );
        const total = fromScratch.reduce((sum, row) => sum + row.halfPoints, 0);
        const expected = final.reduce(
          (sum, item) => sum + (item.result === null || item.result === 'double_forfeit' ? 0 : 2),
          0,
        );
        expect(total).toBe(expected);
      }),
      { numRuns: 200, seed: 3 },
    );
  });
});
