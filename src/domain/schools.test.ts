import { describe, expect, it } from 'vitest';
import { pairNextRound } from './pairing/engine';
import type { PairingPlayer } from './pairing/types';
import { areSchoolmates, hasIdenticalPlayers, schoolKeyOf, schoolNameKey, suggestTeamName } from './schools';

describe('schools as records (docs/decisions/012-school-identity.md)', () => {
  it('treats names differing only in case and spacing as one school', () => {
    expect(schoolNameKey("  St   Kevin's ")).toBe(schoolNameKey("st kevin's"));
    expect(schoolNameKey('Loreto CBS')).not.toBe(schoolNameKey('Loreto'));
  });

  it('suggests a free team name: short name, then school name, then a free letter, then a number', () => {
    const taken = new Set(['gaelcholáiste mhuire a', 'gaelcholáiste mhuire b']);
    const isTaken = (name: string) => taken.has(name.toLowerCase());
    expect(
      suggestTeamName(
        'Gaelcholáiste Mhuire A',
        { name: 'Gaelcholáiste Mhuire AG', shortName: 'GCM Cobh' },
        isTaken,
      ),
    ).toBe('Gaelcholáiste Mhuire A (GCM Cobh)');
    expect(suggestTeamName('Gaelcholáiste Mhuire A', { name: 'Gaelcholáiste Mhuire AG' }, isTaken)).toBe(
      'Gaelcholáiste Mhuire A (Gaelcholáiste Mhuire AG)',
    );
    // The school's own name in brackets would say nothing: the next free letter instead.
    expect(suggestTeamName('Gaelcholáiste Mhuire A', { name: 'gaelcholáiste mhuire' }, isTaken)).toBe(
      'Gaelcholáiste Mhuire C',
    );
    const everyLetter = (name: string) => /^X [A-Z]$/.test(name) || name === 'X A (X)';
    expect(suggestTeamName('X A', { name: 'X' }, everyLetter)).toBe('X A 2');
  });

  it('refuses four identical player names in a team, whatever their case, but not three', () => {
    expect(hasIdenticalPlayers(['Sam Same', 'sam  same', 'SAM SAME', ' Sam Same'])).toBe(true);
    expect(hasIdenticalPlayers(['Sam Same', 'Sam Same', 'Sam Same', 'Alex Other'])).toBe(false);
  });

  it('compares school ids when given, and the name rule only for input without them', () => {
    const a = { groupName: 'Gaelcholáiste Mhuire A', schoolId: 's1' };
    const b = { groupName: 'Gaelcholáiste Mhuire B', schoolId: 's2' };
    expect(areSchoolmates(a, b)).toBe(false);
    expect(areSchoolmates(a, { ...b, schoolId: 's1' })).toBe(true);
    expect(
      areSchoolmates({ groupName: 'Gaelcholáiste Mhuire A' }, { groupName: 'Gaelcholáiste Mhuire B' }),
    ).toBe(true);
    expect(schoolKeyOf({ groupName: "St Kevin's A", schoolId: null })).toBeNull();
  });

  it('pairs players of two schools whose team names read as one school against each other', () => {
    // Four players of "Gaelcholáiste Mhuire A" (school s1) and four of "Gaelcholáiste Mhuire B" (school s2).
    const players: PairingPlayer[] = Array.from({ length: 8 }, (_, index) => ({
      id: `p${index + 1}`,
      pairingNumber: index + 1,
      rating: 2000 - index * 10,
      groupName: index % 2 === 0 ? 'Gaelcholáiste Mhuire A' : 'Gaelcholáiste Mhuire B',
      schoolId: index % 2 === 0 ? 's1' : 's2',
      isActive: true,
    }));
    const schoolOf = new Map(players.map((player) => [player.id, player.schoolId]));
    const byId = pairNextRound({ roundNumber: 1, players, games: [], byes: [] });
    expect(byId.boards).toHaveLength(4);
    for (const board of byId.boards)
      expect(schoolOf.get(board.whiteId)).not.toBe(schoolOf.get(board.blackId));

    // Same players, one school by id: every board is a pair of schoolmates the engine could not avoid.
    const oneSchool = pairNextRound({
      roundNumber: 1,
      players: players.map((player) => ({ ...player, schoolId: 's1' })),
      games: [],
      byes: [],
    });
    expect(oneSchool.notes.filter((note) => note.kind === 'schoolmates_paired')).toHaveLength(4);
    expect(byId.notes.filter((note) => note.kind === 'schoolmates_paired')).toHaveLength(0);
  });
});
