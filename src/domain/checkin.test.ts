import { describe, expect, it } from 'vitest';
import {
  type CheckinPlayer,
  checkinTime,
  matchesCheckinSearch,
  normalizeSearchText,
  OFFLINE_CHECKIN_MAX_AGE_MS,
  schoolActionTargets,
  summarizeCheckin,
  summarizeSchools,
} from './checkin';

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
  const kevins = { id: 's1', name: "St Kevin's" };
  const loreto = { id: 's2', name: 'Loreto CBS' };
  const player = (
    id: string,
    groupName: string | null,
    checkedIn: boolean,
    active = true,
    school = groupName === null ? null : groupName.startsWith('Loreto') ? loreto : kevins,
  ): CheckinPlayer & { id: string } => ({
    id,
    name: `Pupil ${id}`,
    groupName,
    school,
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
    expect(summary.counts).toEqual({ checkedIn: 2, total: 5, inHall: 2 });
    expect(summary.schools).toEqual([
      { name: 'Loreto CBS', checkedIn: 0, total: 1 },
      { name: "St Kevin's", checkedIn: 2, total: 3 },
      { name: null, checkedIn: 0, total: 1 },
    ]);
    expect(summary.teams).toEqual([
      { name: 'Loreto CBS', schoolName: 'Loreto CBS', checkedIn: 0, total: 1 },
      { name: "St Kevin's A", schoolName: "St Kevin's", checkedIn: 1, total: 2 },
      { name: "st kevin's B", schoolName: "St Kevin's", checkedIn: 1, total: 1 },
      { name: null, schoolName: null, checkedIn: 0, total: 1 },
    ]);
    expect(summary.missing.map((p) => p.id)).toEqual(['4', '2', '5']);
  });

  it('counts two schools apart though their team names share a pattern', () => {
    // "St Kevin's B" belongs to St Kevin's College: the name rule would have made it St Kevin's.
    const other = { id: 's3', name: "St Kevin's College" };
    const summary = summarizeCheckin([
      player('1', "St Kevin's A", true),
      player('2', "St Kevin's B", false, true, other),
    ]);
    expect(summary.schools).toEqual([
      { name: "St Kevin's", checkedIn: 1, total: 1 },
      { name: "St Kevin's College", checkedIn: 0, total: 1 },
    ]);
    expect(summary.teams.map((team) => [team.name, team.schoolName])).toEqual([
      ["St Kevin's A", "St Kevin's"],
      ["St Kevin's B", "St Kevin's College"],
    ]);
  });

  it('counts who is still in the hall: checked in and not signed out', () => {
    const left = { ...player('3', "St Kevin's B", true), signedOutAt: '2026-11-22T15:00:00Z' };
    const pupils = [player('1', "St Kevin's A", true), player('2', "St Kevin's A", false), left];
    expect(summarizeCheckin(pupils).counts).toEqual({ checkedIn: 2, total: 3, inHall: 1 });
    expect(summarizeSchools([...pupils, player('4', 'Loreto CBS', true), player('5', null, true)])).toEqual([
      { id: 's2', name: 'Loreto CBS', checkedIn: 1, total: 1, inHall: 1 },
      { id: 's1', name: "St Kevin's", checkedIn: 2, total: 3, inHall: 1 },
    ]);
  });
});

describe('whole-school actions', () => {
  const pupil = (id: string, state: 'out' | 'in' | 'left', active = true): CheckinPlayer => ({
    id,
    name: `Pupil ${id}`,
    groupName: "St Kevin's A",
    school: { id: 's1', name: "St Kevin's" },
    active,
    checkedInAt: state === 'out' ? null : '2026-11-22T08:00:00Z',
    signedOutAt: state === 'left' ? '2026-11-22T15:00:00Z' : null,
  });
  const pupils = [
    pupil('1', 'out'),
    pupil('2', 'out'),
    pupil('3', 'in'),
    pupil('4', 'left'),
    pupil('5', 'out', false),
  ];
  const ids = (list: CheckinPlayer[]) => list.map((p) => (p as CheckinPlayer & { id: string }).id);

  it('checks in the pupils not ticked absent who are not in yet, never a withdrawn one', () => {
    expect(ids(schoolActionTargets(pupils, 'check-in', new Set()))).toEqual(['1', '2']);
    expect(ids(schoolActionTargets(pupils, 'check-in', new Set(['2'])))).toEqual(['1']);
  });

  it('signs out only the pupils still in the hall and not staying', () => {
    expect(ids(schoolActionTargets(pupils, 'sign-out', new Set()))).toEqual(['3']);
    expect(ids(schoolActionTargets(pupils, 'sign-out', new Set(['3'])))).toEqual([]);
  });
});

describe('checkinTime', () => {
  const arrived = new Date('2026-11-22T09:40:00Z');
  it('keeps the time a check-in was made offline, and falls back to the arrival for an implausible clock', () => {
    const madeOffline = new Date('2026-11-22T09:31:00Z');
    expect(checkinTime(madeOffline, arrived)).toEqual(madeOffline);
    expect(checkinTime(null, arrived)).toEqual(arrived);
    expect(checkinTime(new Date('2026-11-22T09:45:00Z'), arrived)).toEqual(arrived);
    expect(checkinTime(new Date(arrived.getTime() - OFFLINE_CHECKIN_MAX_AGE_MS - 1), arrived)).toEqual(
      arrived,
    );
    expect(checkinTime(new Date(Number.NaN), arrived)).toEqual(arrived);
  });
});
