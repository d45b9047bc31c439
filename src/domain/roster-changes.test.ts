import { describe, expect, it } from 'vitest';
import { stateRound } from '../../tests/support/domain/tournament-state';
import {
  DEFAULT_ROSTER_RULES,
  decideByeRequest,
  decideByeWithdrawal,
  decideJoinTeam,
  decideLateEntry,
  decideReturn,
  decideWithdrawal,
  lateEntryLastRound,
  type RosterRound,
  rosterLock,
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
