import { describe, expect, it } from 'vitest';
import { stateRound } from '../../tests/support/domain/tournament-state';
import {
  DEFAULT_ROSTER_RULES,
  decideByeRequest,
  decideByeWithdrawal,
  decideJoinTeam,
  decideLateEntry,
  decideLateTeam,
  decideReturn,
  decideSubstitution,
  decideWithdrawal,
  lateEntryLastRound,
  type RosterRound,
  rosterLock,
  rosterLockNow,
  rosterRoundsOf,
} from './roster-changes';
import type { TournamentState } from './tournament/state';

/** Five rounds: those up to `paired` are paired, those up to `started` have started. */
const rounds = (paired: number, started = paired): RosterRound[] =>
  [1, 2, 3, 4, 5].map((number) => ({
    number,
    isOpen: number > paired && number > started,
    isStarted: number <= started,
  }));
const rules = DEFAULT_ROSTER_RULES;

describe('requested byes', () => {
  const ask = (input: Partial<Parameters<typeof decideByeRequest>[1]>) =>
    decideByeRequest(rules, {
      rounds: rounds(3, 2),
      roundNumber: 4,
      kind: 'half',
      isActive: true,
      requested: [],
      ...input,
    });

  it('gives one half-point bye per pupil, then refuses a second half-point bye with the rule', () => {
    expect(ask({})).toEqual({ ok: true, kind: 'half' });
    const second = ask({ requested: [{ roundNumber: 2, kind: 'half' }] });
    expect(second).toEqual({ ok: false, refusal: 'half-bye-limit' });
    // A zero-point bye is always possible, and a tournament may allow two half-point byes.
    expect(ask({ kind: 'zero', requested: [{ roundNumber: 2, kind: 'half' }] })).toEqual({
      ok: true,
      kind: 'zero',
    });
    expect(
      decideByeRequest(
        { ...rules, halfPointByesPerPlayer: 2 },
        {
          rounds: rounds(3, 2),
          roundNumber: 4,
          kind: 'half',
          isActive: true,
          requested: [{ roundNumber: 2, kind: 'half' }],
        },
      ),
    ).toEqual({ ok: true, kind: 'half' });
  });

  it('refuses a round already paired, the final round once round 1 started, a second request and a withdrawn pupil', () => {
    expect(ask({ roundNumber: 3 })).toEqual({ ok: false, refusal: 'round-paired' });
    expect(ask({ roundNumber: 5 })).toEqual({ ok: false, refusal: 'final-round-bye' });
    // A zero-point bye in the final round is still taken, just not a half point.
    expect(ask({ roundNumber: 5, kind: 'zero' })).toEqual({ ok: true, kind: 'zero' });
    // Before round 1 starts, the final round's bye may be asked for.
    expect(ask({ rounds: rounds(0), roundNumber: 5 })).toEqual({ ok: true, kind: 'half' });
    expect(ask({ requested: [{ roundNumber: 4, kind: 'zero' }], kind: 'zero' })).toEqual({
      ok: false,
      refusal: 'bye-already-requested',
    });
    expect(ask({ isActive: false })).toEqual({ ok: false, refusal: 'withdrawn' });
    expect(ask({ roundNumber: 9 })).toEqual({ ok: false, refusal: 'no-such-round' });
  });

  it('can be taken back until its round is paired', () => {
    expect(decideByeWithdrawal({ rounds: rounds(3, 2), roundNumber: 4, hasRequest: true })).toEqual({
      ok: true,
    });
    expect(decideByeWithdrawal({ rounds: rounds(4, 2), roundNumber: 4, hasRequest: true })).toEqual({
      ok: false,
      refusal: 'round-paired',
    });
    expect(decideByeWithdrawal({ rounds: rounds(3, 2), roundNumber: 4, hasRequest: false })).toEqual({
      ok: false,
      refusal: 'no-bye-requested',
    });
  });
});

describe('withdrawals', () => {
  it('keeps past rounds and leaves the pupil out of every round not paired yet', () => {
    expect(decideWithdrawal({ rounds: rounds(3), fromRound: 4, isActive: true })).toEqual({
      ok: true,
      leftOutOf: [4, 5],
    });
    expect(decideWithdrawal({ rounds: rounds(3), fromRound: 3, isActive: true })).toEqual({
      ok: false,
      refusal: 'round-paired',
    });
    expect(decideWithdrawal({ rounds: rounds(3), fromRound: 4, isActive: false })).toEqual({
      ok: false,
      refusal: 'withdrawn',
    });
  });

  it('is undone by the teacher until the round is paired, by an arbiter after; paired rounds keep their bye', () => {
    expect(decideReturn({ rounds: rounds(3), fromRound: 4, isActive: false, by: 'teacher' })).toEqual({
      ok: true,
      pairedAgainIn: [4, 5],
    });
    expect(decideReturn({ rounds: rounds(4), fromRound: 4, isActive: false, by: 'teacher' })).toEqual({
      ok: false,
      refusal: 'withdrawal-paired',
    });
    expect(decideReturn({ rounds: rounds(4), fromRound: 4, isActive: false, by: 'arbiter' })).toEqual({
      ok: true,
      pairedAgainIn: [5],
    });
    expect(decideReturn({ rounds: rounds(3), fromRound: 4, isActive: true, by: 'arbiter' })).toEqual({
      ok: false,
      refusal: 'not-withdrawn',
    });
  });
});

describe('late entries', () => {
  it('are taken until the middle round is paired, with a bye of the configured kind for each round missed', () => {
    expect(lateEntryLastRound(rules, 5)).toBe(3);
    expect(lateEntryLastRound(rules, 7)).toBe(4);
    expect(decideLateEntry(rules, rounds(2))).toEqual({
      ok: true,
      joinsRound: 3,
      missedRounds: [1, 2],
      missedRoundBye: 'zero',
    });
    expect(decideLateEntry({ ...rules, lateEntryMissedRound: 'half' }, rounds(0))).toEqual({
      ok: true,
      joinsRound: 1,
      missedRounds: [],
      missedRoundBye: 'half',
    });
    expect(decideLateEntry(rules, rounds(3))).toEqual({ ok: false, refusal: 'late-entry-closed' });
    expect(decideLateEntry({ ...rules, lateEntryUntilRound: 4 }, rounds(3))).toMatchObject({
      ok: true,
      joinsRound: 4,
    });
  });
});

describe('locks', () => {
  const eventStart = new Date('2026-12-05T09:30:00Z');
  it('lock names 48 hours before the event, then open between rounds until 15 minutes before a pairing', () => {
    const before = rosterLock(rules, {
      now: new Date('2026-12-03T09:00:00Z'),
      eventStart,
      hasStarted: false,
      nextRoundAt: null,
    });
    expect(before).toEqual({ open: true, until: new Date('2026-12-03T09:30:00Z') });
    expect(
      rosterLock(rules, {
        now: new Date('2026-12-04T12:00:00Z'),
        eventStart,
        hasStarted: false,
        nextRoundAt: null,
      }),
    ).toEqual({ open: false, since: new Date('2026-12-03T09:30:00Z') });
    const nextRoundAt = new Date('2026-12-05T11:00:00Z');
    expect(
      rosterLock(rules, { now: new Date('2026-12-05T10:40:00Z'), eventStart, hasStarted: true, nextRoundAt }),
    ).toEqual({ open: true, until: new Date('2026-12-05T10:45:00Z') });
    expect(
      rosterLock(rules, { now: new Date('2026-12-05T10:50:00Z'), eventStart, hasStarted: true, nextRoundAt }),
    ).toEqual({ open: false, since: new Date('2026-12-05T10:45:00Z') });
    // A next round without a start time takes changes until it is paired.
    expect(
      rosterLock(rules, {
        now: new Date('2026-12-05T10:50:00Z'),
        eventStart,
        hasStarted: true,
        nextRoundAt: null,
      }),
    ).toEqual({ open: true, until: null });
  });

  it('read from the rounds: round 1’s start time, else the first day; then the next open round’s', () => {
    const timed = (paired: number, times: (string | null)[]) =>
      rounds(paired).map((round, index) => ({
        ...round,
        startTime: times[index] ? new Date(times[index]!) : null,
      }));
    const now = new Date('2026-12-04T12:00:00Z');
    expect(rosterLockNow(rules, { now, rounds: timed(0, []), startDate: '2026-12-05' })).toEqual({
      open: false,
      since: new Date('2026-12-03T00:00:00Z'),
    });
    expect(rosterLockNow(rules, { now, rounds: timed(0, []), startDate: '2026-12-07' })).toEqual({
      open: true,
      until: new Date('2026-12-05T00:00:00Z'),
    });
    expect(
      rosterLockNow(rules, { now, rounds: timed(0, ['2026-12-06T14:00:00Z']), startDate: '2026-12-05' }),
    ).toEqual({ open: true, until: new Date('2026-12-04T14:00:00Z') });
    const day = timed(2, ['2026-12-05T09:00:00Z', '2026-12-05T10:30:00Z', '2026-12-05T12:00:00Z']);
    expect(
      rosterLockNow(rules, { now: new Date('2026-12-05T11:40:00Z'), rounds: day, startDate: null }),
    ).toEqual({
      open: true,
      until: new Date('2026-12-05T11:45:00Z'),
    });
    expect(
      rosterLockNow(rules, { now: new Date('2026-12-05T11:50:00Z'), rounds: day, startDate: null }),
    ).toEqual({
      open: false,
      since: new Date('2026-12-05T11:45:00Z'),
    });
  });
});

describe('substitutions', () => {
  const open = { open: true as const, until: null };
  const closed = { open: false as const, since: new Date('2026-12-05T11:45:00Z') };
  const substitute = (input: Partial<Parameters<typeof decideSubstitution>[1]>) =>
    decideSubstitution(rules, {
      rounds: rounds(0),
      lock: open,
      replacedIsActive: true,
      teamActive: 4,
      playsForSchoolId: null,
      isInTeam: false,
      schoolId: 'school-a',
      ...input,
    });

  it('before round 1: the substitute plays every round and the pupil leaving none', () => {
    expect(substitute({})).toEqual({
      ok: true,
      mode: 'now',
      leftOutOf: [1, 2, 3, 4, 5],
      joinsRound: 1,
      missedRounds: [],
      missedRoundBye: 'zero',
    });
  });

  it('on the day: joins at the next round with a bye per round missed; fills a withdrawn pupil’s place', () => {
    expect(substitute({ rounds: rounds(2) })).toMatchObject({ leftOutOf: [3, 4, 5], missedRounds: [1, 2] });
    expect(substitute({ rounds: rounds(2), replacedIsActive: false, teamActive: 3 })).toMatchObject({
      ok: true,
      leftOutOf: [],
      joinsRound: 3,
    });
  });

  it('after the lock waits for an arbiter, who decides without the lock; other rules refuse outright', () => {
    expect(substitute({ lock: closed })).toMatchObject({ ok: true, mode: 'request' });
    expect(substitute({ lock: null })).toMatchObject({ ok: true, mode: 'now' });
    // Replacing a pupil who plays is open until the last round is paired; filling a withdrawn pupil's
    // place is a late entry, refused after the late-entry round.
    expect(substitute({ lock: closed, rounds: rounds(3) })).toMatchObject({ ok: true, joinsRound: 4 });
    expect(substitute({ rounds: rounds(5) })).toEqual({ ok: false, refusal: 'round-paired' });
    expect(substitute({ rounds: rounds(3), replacedIsActive: false, teamActive: 3 })).toEqual({
      ok: false,
      refusal: 'late-entry-closed',
    });
    expect(substitute({ replacedIsActive: false, teamActive: 4 })).toEqual({
      ok: false,
      refusal: 'team-full',
    });
    expect(substitute({ playsForSchoolId: 'school-b' })).toEqual({
      ok: false,
      refusal: 'plays-for-another-school',
    });
    expect(substitute({ isInTeam: true })).toEqual({ ok: false, refusal: 'already-in-team' });
  });
});

describe('joining a team', () => {
  const join = (input: Partial<Parameters<typeof decideJoinTeam>[0]>) =>
    decideJoinTeam({
      teamSize: 4,
      playsForSchoolId: null,
      isInTeam: false,
      schoolId: 'school-a',
      replacesOne: true,
      ...input,
    });
  it('never makes a fifth player or takes another school’s pupil', () => {
    expect(join({})).toEqual({ ok: true });
    expect(join({ replacesOne: false })).toEqual({ ok: false, refusal: 'team-full' });
    expect(join({ replacesOne: false, teamSize: 3 })).toEqual({ ok: true });
    expect(join({ playsForSchoolId: 'school-b' })).toEqual({
      ok: false,
      refusal: 'plays-for-another-school',
    });
    expect(join({ isInTeam: true })).toEqual({ ok: false, refusal: 'already-in-team' });
  });
});

describe('the rounds as the roster rules read them', () => {
  it('are open until paired, by the round lifecycle’s own rule', () => {
    const round = stateRound;
    const state: TournamentState = {
      id: 't',
      name: 'Test',
      currentRound: 1,
      totalRounds: 3,
      tiebreakOrder: [],
      schools: [],
      teams: [],
      players: [],
      // Round 2 is paired (it has a board) but not started; round 3 is neither.
      rounds: [round(1, 'active'), round(2, 'upcoming'), round(3, 'upcoming')],
      games: [{ id: 'g', roundId: 'r2', roundNumber: 2, board: 1, whiteId: 'a', blackId: 'b', result: null }],
      byes: [],
    };
    expect(rosterRoundsOf(state)).toEqual([
      { number: 1, isOpen: false, isStarted: true },
      { number: 2, isOpen: false, isStarted: false },
      { number: 3, isOpen: true, isStarted: false },
    ]);
  });
});

describe('late teams', () => {
  it('join like late entrants, wait for an arbiter after the lock, and are refused after the late-entry round', () => {
    const closed = { open: false as const, since: new Date('2026-12-05T11:45:00Z') };
    expect(decideLateTeam(rules, { rounds: rounds(2), lock: { open: true, until: null } })).toEqual({
      ok: true,
      mode: 'now',
      joinsRound: 3,
      missedRounds: [1, 2],
      missedRoundBye: 'zero',
    });
    expect(decideLateTeam(rules, { rounds: rounds(2), lock: closed })).toMatchObject({
      ok: true,
      mode: 'request',
    });
    expect(decideLateTeam(rules, { rounds: rounds(2), lock: null })).toMatchObject({ ok: true, mode: 'now' });
    expect(decideLateTeam(rules, { rounds: rounds(3), lock: null })).toEqual({
      ok: false,
      refusal: 'late-entry-closed',
    });
  });
});
