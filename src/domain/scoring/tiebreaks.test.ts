import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIndividualStandings, type StandingsInput } from '../standings/individual';
import { computeTeamStandings } from '../standings/teams';
import { applyResultChanges, type ResultChange } from './result-changes';
import { MATCH_RESULTS } from './results';
import { computeTiebreakTable, directEncounter, formatTiebreak, type TiebreakInput } from './tiebreaks';

const game = (
  roundNumber: number,
  whiteId: string,
  blackId: string,
  result: TiebreakInput['games'][number]['result'],
) => ({
  roundNumber,
  whiteId,
  blackId,
  result,
});

// A: four players, three rounds, all games played (hand-checked, values in half-points / quarter-points).
const allPlayed: TiebreakInput = {
  playerIds: ['p1', 'p2', 'p3', 'p4'],
  games: [
    game(1, 'p1', 'p2', 'white'),
    game(1, 'p3', 'p4', 'draw'),
    game(2, 'p1', 'p3', 'draw'),
    game(2, 'p2', 'p4', 'white'),
    game(3, 'p4', 'p1', 'black'),
    game(3, 'p2', 'p3', 'black'),
  ],
  byes: [],
};

// B: three players with byes and a forfeit (virtual opponents; see tiebreaks.ts for the formula).
const withUnplayed: TiebreakInput = {
  playerIds: ['p1', 'p2', 'p3'],
  games: [
    game(1, 'p1', 'p2', 'white'),
    game(2, 'p3', 'p1', 'draw'),
    game(3, 'p2', 'p3', 'white_forfeit_win'),
  ],
  byes: [
    { roundNumber: 1, playerId: 'p3', kind: 'pairing' },
    { roundNumber: 2, playerId: 'p2', kind: 'pairing' },
    { roundNumber: 3, playerId: 'p1', kind: 'half' },
  ],
};

describe('FIDE C.07 tie-breaks (hand-checked tables)', () => {
  it.each([
    // player, points, Buchholz, Buchholz Cut-1, Sonneborn-Berger (quarter-points), wins
    ['p1', 5, 7, 6, 10, 2],
    ['p2', 2, 10, 9, 2, 1],
    ['p3', 4, 8, 7, 10, 1],
    ['p4', 1, 11, 9, 4, 0],
  ])('all games played: %s', (id, points, buchholz, cut1, sonneborn, wins) => {
    const table = computeTiebreakTable(allPlayed);
    expect(table.roundsPlayed).toBe(3);
    expect(table.points.get(id)).toBe(points);
    expect(table.values.get('buchholz')?.get(id)).toBe(buchholz);
    expect(table.values.get('buchholz_cut1')?.get(id)).toBe(cut1);
    expect(table.values.get('sonneborn_berger')?.get(id)).toBe(sonneborn);
    expect(table.values.get('wins')?.get(id)).toBe(wins);
  });

  it.each([
    // p1: opponents p2 (adjusted 2), p3 (adjusted 3), virtual in round 3: 3 + (2 − 1) + 0 = 4.
    ['p1', 4, 9, 7, 11, 1],
    // p2: opponent p1 (adjusted 4), virtual round 2: 0 + 0 + 1 = 1, virtual round 3: 2 + 0 + 0 = 2.
    ['p2', 4, 7, 6, 6, 2],
    // p3: virtual round 1: 0 + 0 + 2 = 2, opponent p1 (4), virtual round 3: 3 + 2 + 0 = 5.
    ['p3', 3, 11, 9, 8, 1],
  ])('byes and forfeits with virtual opponents: %s', (id, points, buchholz, cut1, sonneborn, wins) => {
    const table = computeTiebreakTable(withUnplayed);
    expect(table.points.get(id)).toBe(points);
    expect(table.values.get('buchholz')?.get(id)).toBe(buchholz);
    expect(table.values.get('buchholz_cut1')?.get(id)).toBe(cut1);
    expect(table.values.get('sonneborn_berger')?.get(id)).toBe(sonneborn);
    expect(table.values.get('wins')?.get(id)).toBe(wins);
  });

  it('direct encounter separates tied players who all met, and nobody otherwise', () => {
    const table = computeTiebreakTable(allPlayed);
    expect([...directEncounter(table, ['p1', 'p3'])]).toEqual([
      ['p1', 1],
      ['p3', 1],
    ]);
    expect([...directEncounter(table, ['p2', 'p4'])]).toEqual([
      ['p2', 2],
      ['p4', 0],
    ]);
    const partial = computeTiebreakTable({ ...allPlayed, games: allPlayed.games.slice(0, 2) });
    expect([...directEncounter(partial, ['p1', 'p3'])]).toEqual([
      ['p1', 0],
      ['p3', 0],
    ]);
  });

  it.each([
    ['buchholz', 9, '4½'],
    ['sonneborn_berger', 11, '2¾'],
    ['wins', 3, '3'],
    ['buchholz', 1, '½'],
  ] as const)('formats %s %i as %s', (tiebreak, value, text) => {
    expect(formatTiebreak(tiebreak, value)).toBe(text);
  });
});

describe('standings with tie-breaks', () => {
  const players = ['p1', 'p2', 'p3', 'p4'].map((id, index) => ({
    id,
    name: id.toUpperCase(),
    rating: 1500,
    groupName: index < 2 ? 'Loreto A' : 'Gonzaga A',
    active: true,
  }));
  // p4 wins on 1½; p1 and p2 both finish on 1 of 2, and p2 beat p1.
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

  it('keeps the old ordering without options, and splits ties in the configured order with them', () => {
    expect(computeIndividualStandings(input).map((row) => [row.player.id, row.rank])).toEqual([
      ['p4', 1],
      ['p1', 2],
      ['p2', 2],
      ['p3', 4],
    ]);
    const byDirect = computeIndividualStandings(input, { tiebreaks: ['direct_encounter', 'buchholz'] });
    expect(byDirect.map((row) => [row.player.id, row.rank])).toEqual([
      ['p4', 1],
      ['p2', 2],
      ['p1', 3],
      ['p3', 4],
    ]);
    // p2 met p4 (3 half-points) and p1 (2).
    expect(byDirect[1]?.tiebreaks).toEqual({ direct_encounter: 2, buchholz: 5 });
    // Buchholz first: p1 met p3 (1) and p2 (2) = 3; p2 = 5; so p2 is ahead of p1 again.
    const byBuchholz = computeIndividualStandings(input, { tiebreaks: ['buchholz'] });
    expect(byBuchholz.map((row) => [row.player.id, row.tiebreaks?.buchholz, row.rank])).toEqual([
      ['p4', 3, 1],
      ['p2', 5, 2],
      ['p1', 3, 3],
      ['p3', 5, 4],
    ]);
  });

  it('team standings take a tie-break (sum of members’ values) without changing the default', () => {
    const rows = computeIndividualStandings(input, { tiebreaks: ['buchholz'] });
    // Both teams have 2 points (4 half-points); Loreto has 2 wins, Gonzaga 1.
    expect(computeTeamStandings(rows).map((team) => [team.team, team.halfPoints, team.rank])).toEqual([
      ['Loreto A', 4, 1],
      ['Gonzaga A', 4, 2],
    ]);
    const withTiebreak = computeTeamStandings(rows, { tiebreaks: ['buchholz', 'wins'] });
    expect(withTiebreak.map((team) => [team.team, team.tiebreaks, team.rank])).toEqual([
      ['Loreto A', { buchholz: 8, wins: 2 }, 1],
      ['Gonzaga A', { buchholz: 8, wins: 1 }, 2],
    ]);
    const buchholzOnly = computeTeamStandings(rows, { tiebreaks: ['buchholz'] });
    expect(buchholzOnly.map((team) => team.rank)).toEqual([1, 1]);
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
        // Any reordering that keeps the last change of each game reaches the same results.
        const lastByGame = new Map(changes.map((item) => [`${item.roundNumber}${item.whiteId}`, item]));
        const rest = changes.filter((item) => lastByGame.get(`${item.roundNumber}${item.whiteId}`) !== item);
        const rotated = [
          ...rest.slice(salt % (rest.length || 1)),
          ...rest.slice(0, salt % (rest.length || 1)),
        ];
        const reordered = applyResultChanges(games, [...rotated, ...lastByGame.values()]);
        const fromScratch = computeIndividualStandings(
          { players, games: final, byes: [] },
          { tiebreaks: ['buchholz'] },
        );
        expect(
          computeIndividualStandings({ players, games: reordered, byes: [] }, { tiebreaks: ['buchholz'] }),
        ).toEqual(fromScratch);
        // And the total is exactly the sum of the final results: nothing counted twice.
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
