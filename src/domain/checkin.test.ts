import { describe, expect, it } from 'vitest';
import { type CheckinPlayer, matchesCheckinSearch, normalizeSearchText, summarizeCheckin } from './checkin';

const finds = (name: string, groupName: string | null, typed: string) =>
  matchesCheckinSearch({ name, groupName }, normalizeSearchText(typed));

describe('check-in search', () => {
  it('matches the start of any word of the name or team, in any order, without case or accents', () => {
    expect(finds('Judit Polgár', "St Kevin's A", 'POLGAR')).toBe(true);
    expect(finds('Judit Polgár', "St Kevin's A", 'pol ju')).toBe(true);
    expect(finds('Judit Polgár', "St Kevin's A", 'kevins a')).toBe(true);
    expect(finds('Judit Polgár', 'St Kevin’s A', "kevin's")).toBe(true);
    expect(finds('Mikhail Tal', "St Kevin's B", 'kevins a')).toBe(false);
    expect(finds('Anatoly Karpov', null, 'natoly')).toBe(false);
    expect(finds('Nona Gaprindashvili', 'Coláiste Bríde A', 'colaiste bride')).toBe(true);
  });

  it('treats apostrophes and hyphens both as joining and as separating', () => {
    for (const typed of ['castle-park', 'castlepark', 'castle park', 'park a']) {
      expect(finds('Pupil 001', 'Castle-Park A', typed), typed).toBe(true);
    }
    for (const typed of ['kevins', "kevin's", 'kevin s']) {
      expect(finds('Pupil 001', "St Kevin's A", typed), typed).toBe(true);
    }
  });

  it('finds nobody for an empty search', () => {
    expect(finds('Judit Polgár', null, '  ')).toBe(false);
  });
});

describe('summarizeCheckin', () => {
  const player = (
    id: string,
    groupName: string | null,
    checkedIn: boolean,
    active = true,
  ): CheckinPlayer & { id: string } => ({
    id,
    name: `Pupil ${id}`,
    groupName,
    active,
    checkedInAt: checkedIn ? '2026-11-22T08:00:00Z' : null,
  });

  it('counts active players by school and by team, and lists the missing by team then name', () => {
    const summary = summarizeCheckin([
      player('1', "St Kevin's A", true),
      player('2', "St Kevin's A", false),
      player('3', "st kevin's B", true),
      player('4', 'Loreto CBS', false),
      player('5', null, false),
      player('6', 'Loreto CBS', true, false),
    ]);
    expect(summary.counts).toEqual({ checkedIn: 2, total: 5 });
    expect(summary.schools).toEqual([
      { name: 'Loreto CBS', checkedIn: 0, total: 1 },
      { name: "St Kevin's", checkedIn: 2, total: 3 },
      { name: null, checkedIn: 0, total: 1 },
    ]);
    expect(summary.teams).toEqual([
      { name: 'Loreto CBS', school: 'Loreto CBS', checkedIn: 0, total: 1 },
      { name: "St Kevin's A", school: "St Kevin's", checkedIn: 1, total: 2 },
      { name: "st kevin's B", school: "st kevin's", checkedIn: 1, total: 1 },
      { name: null, school: null, checkedIn: 0, total: 1 },
    ]);
    expect(summary.missing.map((p) => p.id)).toEqual(['4', '2', '5']);
  });
});
