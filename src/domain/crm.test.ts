import { describe, expect, it } from 'vitest';
import {
  autoOutcome,
  autoTransition,
  CRM_KIND_DEFAULTS,
  CRM_TASK_KINDS,
  CRM_TASK_STATES,
  defaultDueDate,
  isOverdue,
  isSchoolReady,
  isSettled,
  type SchoolFacts,
  schoolMoney,
} from './crm';

const team = (name: string, playerNames = ['A One', 'B Two', 'C Three', 'D Four']) => ({ name, playerNames });

/** A school with everything in order. */
const ready: SchoolFacts = {
  teacherName: 'Ms Teacher',
  teacherEmail: 'teacher@school.example',
  registrations: [{ paid: true }, { paid: true }],
  teams: [team('School A'), team('School B')],
  minors: [{ name: 'Young One', confirmed: true }],
  registrationClosed: true,
  // The end of the day: every pupil arrived and was signed out at pick-up.
  players: [
    { checkedIn: true, signedOut: true },
    { checkedIn: true, signedOut: true },
  ],
};

describe('autoOutcome', () => {
  it('ticks every automatic kind for a school with everything in order, and leaves manual kinds to staff', () => {
    for (const kind of CRM_TASK_KINDS) {
      const outcome = autoOutcome(kind, ready);
      if (CRM_KIND_DEFAULTS[kind].isAuto) expect(outcome, kind).toMatchObject({ done: true });
      else expect(outcome, kind).toBeNull();
    }
  });

  it('wants a teacher with both a name and an e-mail address', () => {
    expect(autoOutcome('teacher_named', { ...ready, teacherEmail: '  ' })).toEqual({
      done: false,
      reason: 'No teacher in charge with an e-mail address',
    });
    expect(autoOutcome('teacher_named', { ...ready, teacherName: null })?.done).toBe(false);
  });

  it('names the teams whose pupils are missing, and wants at least one team', () => {
    const facts = { ...ready, teams: [team('School A'), team('School B', ['A One', ' ', 'C', 'D'])] };
    expect(autoOutcome('rosters_complete', facts)).toEqual({
      done: false,
      reason: 'Names missing in School B',
    });
    expect(autoOutcome('rosters_complete', { ...ready, teams: [team('', ['A', 'B', 'C'])] })?.reason).toBe(
      'Names missing in a team',
    );
    expect(autoOutcome('rosters_complete', { ...ready, teams: [] })).toEqual({
      done: false,
      reason: 'No team registered',
    });
  });

  it('counts the unpaid registrations, and wants at least one registration', () => {
    expect(autoOutcome('fee_paid', { ...ready, registrations: [{ paid: true }, { paid: false }] })).toEqual({
      done: false,
      reason: '1 registration not paid',
    });
    expect(autoOutcome('fee_paid', { ...ready, registrations: [] })).toEqual({
      done: false,
      reason: 'No registration',
    });
  });

  it('names the under-18s still waiting for consent; no minors is done', () => {
    const facts = {
      ...ready,
      minors: [
        { name: 'Young One', confirmed: true },
        { name: 'Young Two', confirmed: false },
        { name: 'Young Three', confirmed: false },
      ],
    };
    expect(autoOutcome('guardian_consent', facts)).toEqual({
      done: false,
      reason: 'Waiting for consent: Young Two, Young Three',
    });
    expect(autoOutcome('guardian_consent', { ...ready, minors: [] })?.done).toBe(true);
  });

  it('locks the roster when registrations close', () => {
    expect(autoOutcome('roster_locked', { ...ready, registrationClosed: false })).toEqual({
      done: false,
      reason: 'Registrations are still open',
    });
  });

  it('has arrived when every pupil in the tournament is checked in, not before any is there', () => {
    expect(
      autoOutcome('arrived', {
        ...ready,
        players: [
          { checkedIn: true, signedOut: false },
          { checkedIn: false, signedOut: false },
        ],
      }),
    ).toEqual({
      done: false,
      reason: '1 pupil not checked in',
    });
    expect(autoOutcome('arrived', { ...ready, players: [] })).toEqual({
      done: false,
      reason: 'No pupil in the tournament yet',
    });
  });
});

describe('collected at the end', () => {
  const pupil = (checkedIn: boolean, signedOut: boolean) => ({ checkedIn, signedOut });

  it('is left to staff until a pupil of the school is signed out', () => {
    expect(
      autoOutcome('collected', { ...ready, players: [pupil(true, false), pupil(false, false)] }),
    ).toBeNull();
    expect(autoOutcome('collected', { ...ready, players: [] })).toBeNull();
  });

  it('is ticked when every pupil who arrived is signed out, and says how many are still in the hall', () => {
    expect(
      autoOutcome('collected', {
        ...ready,
        players: [pupil(true, true), pupil(true, false), pupil(true, false)],
      }),
    ).toEqual({ done: false, reason: '2 pupils still in the hall' });
    expect(
      autoOutcome('collected', {
        ...ready,
        players: [pupil(true, true), pupil(true, true), pupil(false, false)],
      }),
    ).toEqual({ done: true, reason: 'Every pupil who arrived has been signed out' });
  });
});

describe('autoTransition', () => {
  const done = { done: true as const, reason: 'ok' };
  const open = { done: false as const, reason: 'A refund reopened it' };

  it('ticks any open state, and leaves a done task done', () => {
    for (const state of CRM_TASK_STATES.filter((s) => s !== 'done' && s !== 'not_applicable')) {
      expect(autoTransition(state, done), state).toBe('done');
    }
    expect(autoTransition('done', done)).toBeNull();
  });

  it('reopens only a done task (to Not started) and leaves open work where staff put it', () => {
    expect(autoTransition('done', open)).toBe('not_started');
    for (const state of ['not_started', 'waiting_on_school', 'received_to_check', 'blocked'] as const) {
      expect(autoTransition(state, open), state).toBeNull();
    }
  });

  it('never touches a task staff marked not applicable', () => {
    expect(autoTransition('not_applicable', done)).toBeNull();
    expect(autoTransition('not_applicable', open)).toBeNull();
  });
});

describe('dates and readiness', () => {
  it('is overdue only strictly after the due date and while not settled', () => {
    expect(isOverdue({ state: 'not_started', dueDate: '2025-11-20' }, '2025-11-21')).toBe(true);
    expect(isOverdue({ state: 'not_started', dueDate: '2025-11-21' }, '2025-11-21')).toBe(false);
    expect(isOverdue({ state: 'done', dueDate: '2025-11-01' }, '2025-11-21')).toBe(false);
    expect(isOverdue({ state: 'not_applicable', dueDate: '2025-11-01' }, '2025-11-21')).toBe(false);
    expect(isOverdue({ state: 'blocked', dueDate: '2025-11-01' }, '2025-11-21')).toBe(true);
    expect(isOverdue({ state: 'blocked', dueDate: null }, '2025-11-21')).toBe(false);
  });

  it('settles done and not applicable only', () => {
    expect(CRM_TASK_STATES.filter(isSettled)).toEqual(['done', 'not_applicable']);
  });

  it('is ready when every task is settled, never without tasks', () => {
    expect(isSchoolReady([{ state: 'done' }, { state: 'not_applicable' }])).toBe(true);
    expect(isSchoolReady([{ state: 'done' }, { state: 'received_to_check' }])).toBe(false);
    expect(isSchoolReady([])).toBe(false);
  });

  it('counts due dates back from the event day across month and year ends, none without a day', () => {
    expect(defaultDueDate('2025-11-22', 14)).toBe('2025-11-08');
    expect(defaultDueDate('2025-11-22', 0)).toBe('2025-11-22');
    expect(defaultDueDate('2026-01-05', 7)).toBe('2025-12-29');
    expect(defaultDueDate('2024-03-01', 1)).toBe('2024-02-29');
    expect(defaultDueDate(null, 7)).toBeNull();
  });
});

describe('schoolMoney', () => {
  const row = (paymentStatus: string, amountCents: number) => ({ paymentStatus, amountCents });

  it('a fully paid school has paid what is due, and owes nothing', () => {
    expect(schoolMoney([row('paid', 6000), row('paid', 6000)])).toEqual({
      dueCents: 12_000,
      paidCents: 12_000,
      owedCents: 0,
      payment: 'paid',
    });
  });

  it('a partly paid school: due counts paid and unpaid registrations, cancelled ones not at all', () => {
    expect(schoolMoney([row('paid', 3000), row('pending', 9000), row('cancelled', 6000)])).toEqual({
      dueCents: 12_000,
      paidCents: 3000,
      owedCents: 9000,
      payment: 'partly_paid',
    });
    expect(schoolMoney([row('pending', 6000)])).toMatchObject({
      dueCents: 6000,
      owedCents: 6000,
      payment: 'unpaid',
    });
    expect(schoolMoney([row('cancelled', 6000)])).toEqual({
      dueCents: 0,
      paidCents: 0,
      owedCents: 0,
      payment: 'none',
    });
  });
});
