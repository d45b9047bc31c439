import { describe, expect, it } from 'vitest';
import { nameMatches, normalizeName } from './names';
import { seededRandom } from './random';
import { isSameSchool, schoolOf } from './schools';
import { computeTournamentStats } from './stats';

describe('schools', () => {
  it.each([
    ["St Kevin's A", "St Kevin's"],
    ["St Kevin's B", "St Kevin's"],
    ['Loreto CBS', 'Loreto CBS'],
    ['  Coláiste Bríde  C ', 'Coláiste Bríde'],
    ['A', 'A'],
    ['', null],
    [null, null],
  ])('the school of %j is %j', (group, school) => {
    expect(schoolOf(group)).toBe(school);
  });

  it('treats A and B teams of a school as schoolmates, and nobody as a schoolmate of a player with no group', () => {
    expect(isSameSchool("St Kevin's A", "st kevin's B")).toBe(true);
    expect(isSameSchool("St Kevin's A", 'Loreto A')).toBe(false);
    expect(isSameSchool(null, null)).toBe(false);
  });
});

describe('names', () => {
  it('matches typed words in any order without case or accents', () => {
    const name = normalizeName('José Raúl  Capablanca');
    expect(name).toBe('jose raul capablanca');
    expect(nameMatches(name, normalizeName('capa JOSE'))).toBe(true);
    expect(nameMatches(name, normalizeName('capa tal'))).toBe(false);
    expect(nameMatches(name, '')).toBe(false);
  });
});

describe('tournament statistics', () => {
  it('computes the completion rate of the current round only, as a whole percent', () => {
    const stats = computeTournamentStats({
      activePlayerCount: 6,
      currentRound: 2,
      totalRounds: 5,
      matches: [
        { roundNumber: 1, hasResult: true },
        { roundNumber: 1, hasResult: true },
        { roundNumber: 2, hasResult: true },
        { roundNumber: 2, hasResult: false },
        { roundNumber: 2, hasResult: false },
      ],
    });
    expect(stats).toEqual({
      totalPlayers: 6,
      currentRound: 2,
      totalRounds: 5,
      completedMatches: 3,
      totalMatches: 5,
      completionRate: 33,
    });
  });

  it('is 0 when the current round has no games', () => {
    expect(
      computeTournamentStats({ activePlayerCount: 0, currentRound: 0, totalRounds: 5, matches: [] })
        .completionRate,
    ).toBe(0);
  });
});

describe('seeded random source', () => {
  it('repeats for a seed and stays in [0, 1)', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const values = Array.from({ length: 1000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
  });
});
