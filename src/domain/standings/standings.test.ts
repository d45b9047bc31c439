import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MATCH_RESULTS, type MatchResult } from '../scoring/results';
import {
  computeIndividualStandings,
  computeScores,
  type StandingsGame,
  type StandingsPlayer,
} from './individual';
import { computeTeamStandings } from './teams';

const player = (
  id: string,
  rating: number,
  groupName: string | null = null,
  active = true,
): StandingsPlayer => ({
  id,
  name: id,
  rating,
  groupName,
  active,
});

describe('individual standings', () => {
  const players = [
    player('ann', 1500, 'North A'),
    player('bob', 1600, 'North A'),
    player('cat', 1400, 'South A'),
    player('dan', 1700, 'South A'),
  ];

  it('derives points, wins, draws and losses from the results', () => {
    const rows = computeIndividualStandings({
      players,
      games: [
        { roundNumber: 1, whiteId: 'ann', blackId: 'dan', result: 'white' },
        { roundNumber: 1, whiteId: 'bob', blackId: 'cat', result: 'draw' },
        { roundNumber: 2, whiteId: 'dan', blackId: 'bob', result: null },
      ],
      byes: [{ roundNumber: 2, playerId: 'cat', kind: 'half' }],
    });
    expect(
      rows.map((row) => [row.player.id, row.rank, row.halfPoints, row.wins, row.draws, row.losses, row.byes]),
    ).toEqual([
      ['ann', 1, 2, 1, 0, 0, 0],
      ['cat', 2, 2, 0, 1, 0, 1],
      ['bob', 3, 1, 0, 1, 0, 0],
      ['dan', 4, 0, 0, 0, 1, 0],
    ]);
  });

  it('shares a rank between players level on points and rating, and leaves withdrawn players out', () => {
    const rows = computeIndividualStandings({
      players: [player('x', 1500), player('y', 1500), player('z', 1200), player('gone', 2000, null, false)],
      games: [],
      byes: [],
    });
    expect(rows.map((row) => [row.player.id, row.rank])).toEqual([
      ['x', 1],
      ['y', 1],
      ['z', 3],
    ]);
  });

  it('keeps a pupil withdrawn after playing in the standings with the points won, marked not active', () => {
    const rows = computeIndividualStandings({
      players: [
        player('ann', 1500),
        player('bob', 1400),
        player('cat', 1300, null, false),
        player('dan', 1200),
      ],
      games: [
        { roundNumber: 1, whiteId: 'cat', blackId: 'ann', result: 'white' },
        { roundNumber: 1, whiteId: 'bob', blackId: 'dan', result: 'draw' },
        { roundNumber: 2, whiteId: 'ann', blackId: 'bob', result: 'white' },
      ],
      // cat withdrew after round 1, having won it.
      byes: [{ roundNumber: 2, playerId: 'dan', kind: 'half' }],
    });
    expect(rows.map((row) => [row.player.id, row.rank, row.halfPoints, row.player.active])).toEqual([
      ['ann', 1, 2, true],
      ['cat', 2, 2, false],
      ['dan', 3, 2, true],
      ['bob', 4, 1, true],
    ]);
    // A zero-point bye does not make a pupil who never played appear.
    const neverPlayed = computeIndividualStandings({
      players: [player('ann', 1500), player('eve', 1400, null, false)],
      games: [],
      byes: [{ roundNumber: 1, playerId: 'eve', kind: 'zero' }],
    });
    expect(neverPlayed.map((row) => row.player.id)).toEqual(['ann']);
  });

  it('gives the same scores whatever order results are entered, changed or cleared in', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    const pairs: [string, string][] = [
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['a', 'c'],
      ['b', 'e'],
      ['d', 'f'],
    ];
    const result = fc.constantFrom<MatchResult | null>(null, ...MATCH_RESULTS);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(pairs.length - 1), result), { maxLength: 40 }), (edits) => {
        // Apply edits one by one, as staff would, recomputing after each; the end state alone must decide.
        const games: StandingsGame[] = pairs.map(([whiteId, blackId], index) => ({
          roundNumber: Math.floor(index / 3) + 1,
          whiteId,
          blackId,
          result: null,
        }));
        const input = { players: ids.map((id) => player(id, 1000)), games, byes: [] };
        for (const [index, value] of edits) {
          games[index] = { ...games[index]!, result: value };
          computeScores(input);
        }
        const fromScratch = computeScores({ ...input, games: games.map((game) => ({ ...game })) });
        const total = [...fromScratch.values()].reduce((sum, score) => sum + score.halfPoints, 0);
        const decisive = games.filter((g) => g.result !== null && g.result !== 'double_forfeit').length;
        expect(total).toBe(decisive * 2);
        expect(computeScores(input)).toEqual(fromScratch);
      }),
      { numRuns: 200 },
    );
  });
});

describe('team standings', () => {
  it('adds up each team and splits level teams by wins, then by Buchholz', () => {
    const rows = computeIndividualStandings({
      players: [
        player('a1', 1500, "St Kevin's A"),
        player('a2', 1400, "St Kevin's A"),
        player('b1', 1500, "St Kevin's B"),
        player('c1', 1300, 'Loreto A'),
      ],
      games: [
        { roundNumber: 1, whiteId: 'a1', blackId: 'c1', result: 'draw' },
        { roundNumber: 1, whiteId: 'a2', blackId: 'b1', result: 'black' },
      ],
      byes: [],
    });
    const teams = computeTeamStandings(rows);
    // Loreto A and St Kevin's A both have ½ and no win; St Kevin's A's players met stronger opposition
    // (Buchholz: a1 met c1 with ½, a2 met b1 with 1 → 3 half-points; c1 met a1 → 1).
    expect(
      teams.map((team) => [team.rank, team.team, team.school, team.halfPoints, team.wins, team.buchholz]),
    ).toEqual([
      [1, "St Kevin's B", "St Kevin's", 2, 1, 0],
      [2, "St Kevin's A", "St Kevin's", 1, 0, 3],
      [3, 'Loreto A', 'Loreto', 1, 0, 1],
    ]);
  });

  it("counts a bye scored as a win among the team's wins (C.07 Art. 7.1), as the rule states", () => {
    const rows = computeIndividualStandings({
      players: [
        player('x1', 1500, 'Ardscoil A'),
        player('y1', 1500, 'Belvedere A'),
        player('z1', 1500, 'Coláiste A'),
      ],
      games: [{ roundNumber: 1, whiteId: 'y1', blackId: 'z1', result: 'white' }],
      byes: [{ roundNumber: 1, playerId: 'x1', kind: 'pairing' }],
    });
    // Both leaders have 1 point and 1 win (a game, a bye); the bye's dummy opponent has x1's own score
    // (Buchholz 2 half-points), y1 beat a player on 0.
    expect(
      computeTeamStandings(rows).map((team) => [team.rank, team.team, team.wins, team.buchholz]),
    ).toEqual([
      [1, 'Ardscoil A', 1, 2],
      [2, 'Belvedere A', 1, 0],
      [3, 'Coláiste A', 0, 2],
    ]);
  });

  it("counts only a team's best 4 players (docs/requirements.md §3: teams of 4), and says which", () => {
    const names = ['t1', 't2', 't3', 't4', 't5'];
    const rows = computeIndividualStandings({
      players: [...names.map((id) => player(id, 1500, 'Gonzaga A')), player('x', 1500, 'Loreto A')],
      games: [],
      // A fifth player (a late substitute) with the lowest score does not count.
      byes: names.map((id, index) => ({
        roundNumber: 1,
        playerId: id,
        kind: index === 4 ? ('zero' as const) : ('half' as const),
      })),
    });
    const [gonzaga] = computeTeamStandings(rows);
    expect(gonzaga?.halfPoints).toBe(4);
    expect(gonzaga?.members.map((member) => [member.name, member.counted])).toEqual([
      ['t1', true],
      ['t2', true],
      ['t3', true],
      ['t4', true],
      ['t5', false],
    ]);
  });
});
