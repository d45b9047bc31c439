import { describe, expect, it } from 'vitest';
import type { CrmTaskKind, CrmTaskState } from './crm';
import { type AnalyticsInput, type AnalyticsTask, computeCrmAnalytics } from './crm-analytics';

const dayOf = (at: string) => at.slice(0, 10);

let nextId = 1;
function task(
  schoolId: string,
  kind: CrmTaskKind | null,
  state: CrmTaskState,
  extra: Partial<AnalyticsTask> = {},
): AnalyticsTask {
  return {
    id: nextId++,
    schoolId,
    kind,
    state,
    dueDate: null,
    assigneeId: null,
    createdAt: '2026-05-01T09:00:00.000Z',
    ...extra,
  };
}

const zero = {
  not_started: 0,
  waiting_on_school: 0,
  received_to_check: 0,
  done: 0,
  blocked: 0,
  not_applicable: 0,
};

function input(overrides: Partial<AnalyticsInput>): AnalyticsInput {
  return {
    today: '2026-05-04',
    eventDay: '2026-05-10',
    kinds: [
      { kind: 'fee_paid', label: 'Fee paid' },
      { kind: 'roster_locked', label: 'Roster locked' },
      { kind: 'arrived', label: 'Arrived' },
      { kind: 'collected', label: 'Collected' },
    ],
    tasks: [],
    activity: [],
    registrations: [],
    staff: [
      { id: 'u1', name: 'Aoife' },
      { id: 'u2', name: 'Brian' },
    ],
    dayOf,
    ...overrides,
  };
}

describe('computeCrmAnalytics', () => {
  it('counts tasks per kind and state, hand-added tasks in a row of their own', () => {
    const result = computeCrmAnalytics(
      input({
        tasks: [
          task('a', 'fee_paid', 'done'),
          task('b', 'fee_paid', 'not_started'),
          task('c', 'fee_paid', 'blocked'),
          task('a', 'arrived', 'not_started'),
          task('a', null, 'waiting_on_school'),
        ],
      }),
    );
    expect(result.byKind).toEqual([
      {
        kind: 'fee_paid',
        label: 'Fee paid',
        counts: { ...zero, done: 1, not_started: 1, blocked: 1 },
        total: 3,
      },
      { kind: 'roster_locked', label: 'Roster locked', counts: zero, total: 0 },
      { kind: 'arrived', label: 'Arrived', counts: { ...zero, not_started: 1 }, total: 1 },
      { kind: 'collected', label: 'Collected', counts: zero, total: 0 },
      { kind: null, label: 'Added by hand', counts: { ...zero, waiting_on_school: 1 }, total: 1 },
    ]);
  });

  it('counts schools ready (every task settled) and overdue tasks per assignee, most first', () => {
    const result = computeCrmAnalytics(
      input({
        tasks: [
          task('a', 'fee_paid', 'done'),
          task('a', 'arrived', 'not_applicable'),
          task('b', 'fee_paid', 'done'),
          task('b', 'arrived', 'not_started', { dueDate: '2026-05-01', assigneeId: 'u2' }),
          task('c', 'fee_paid', 'blocked', { dueDate: '2026-05-03', assigneeId: 'u1' }),
          task('c', 'arrived', 'not_started', { dueDate: '2026-05-02', assigneeId: 'u1' }),
          // Due today: not overdue yet; done: never overdue; unassigned and overdue.
          task('c', 'roster_locked', 'not_started', { dueDate: '2026-05-04', assigneeId: 'u2' }),
          task('c', 'collected', 'done', { dueDate: '2026-05-01', assigneeId: 'u2' }),
          task('c', null, 'not_started', { dueDate: '2026-05-01' }),
        ],
      }),
    );
    expect(result.readiness).toEqual({ ready: 1, notReady: 2 });
    expect(result.overdueByAssignee).toEqual([
      { assigneeId: 'u1', name: 'Aoife', overdue: 2 },
      { assigneeId: 'u2', name: 'Brian', overdue: 1 },
      { assigneeId: null, name: 'Unassigned', overdue: 1 },
    ]);
  });

  it('adds money from registrations that are not cancelled, of schools with tasks', () => {
    const result = computeCrmAnalytics(
      input({
        tasks: [task('a', 'fee_paid', 'done'), task('b', 'fee_paid', 'not_started')],
        registrations: [
          { schoolId: 'a', amountCents: 4000, isPaid: true, isCancelled: false },
          { schoolId: 'b', amountCents: 2000, isPaid: false, isCancelled: false },
          { schoolId: 'b', amountCents: 9900, isPaid: false, isCancelled: true },
          { schoolId: 'z', amountCents: 7000, isPaid: false, isCancelled: false },
        ],
      }),
    );
    expect(result.money).toEqual({ collectedCents: 4000, outstandingCents: 2000 });
  });

  it('narrows the funnel step by step: each step needs the ones before it', () => {
    const settled = (school: string, kinds: CrmTaskKind[]) =>
      (['fee_paid', 'roster_locked', 'arrived', 'collected'] as const).map((kind) =>
        task(
          school,
          kind,
          kinds.includes(kind) ? (kind === 'collected' ? 'not_applicable' : 'done') : 'not_started',
        ),
      );
    const result = computeCrmAnalytics(
      input({
        tasks: [
          ...settled('a', ['fee_paid', 'roster_locked', 'arrived', 'collected']),
          ...settled('b', ['fee_paid', 'roster_locked']),
          // Arrived but never paid: stops at "registered".
          ...settled('c', ['roster_locked', 'arrived']),
          // No live registration: not in the funnel at all.
          ...settled('d', ['fee_paid']),
        ],
        registrations: ['a', 'b', 'c', 'd'].map((schoolId) => ({
          schoolId,
          amountCents: 1000,
          isPaid: true,
          isCancelled: schoolId === 'd',
        })),
      }),
    );
    expect(result.funnel.map((step) => [step.step, step.schools])).toEqual([
      ['registered', 3],
      ['paid', 2],
      ['roster_locked', 2],
      ['arrived', 1],
      ['collected', 1],
    ]);
  });

  it('reconstructs the cumulative flow from creation times and state moves', () => {
    const first = task('a', 'fee_paid', 'done', { id: 101, createdAt: '2026-05-01T08:00:00.000Z' });
    const second = task('b', 'fee_paid', 'blocked', { id: 102, createdAt: '2026-05-02T08:00:00.000Z' });
    const never = task('b', 'arrived', 'waiting_on_school', {
      id: 103,
      createdAt: '2026-05-03T08:00:00.000Z',
    });
    const result = computeCrmAnalytics(
      input({
        today: '2026-05-04',
        tasks: [first, second, never],
        activity: [
          { taskId: 101, action: 'create', from: null, to: 'Fee paid', at: '2026-05-01T08:00:00.000Z' },
          {
            taskId: 101,
            action: 'state',
            from: 'not_started',
            to: 'waiting_on_school',
            at: '2026-05-02T10:00:00.000Z',
          },
          {
            taskId: 101,
            action: 'auto_move',
            from: 'waiting_on_school',
            to: 'done',
            at: '2026-05-03T10:00:00.000Z',
          },
          // Two moves on one day: the day ends in the last.
          { taskId: 102, action: 'state', from: 'not_started', to: 'done', at: '2026-05-04T09:00:00.000Z' },
          { taskId: 102, action: 'state', from: 'done', to: 'blocked', at: '2026-05-04T11:00:00.000Z' },
          // Not a state move.
          { taskId: 102, action: 'assignee', from: null, to: 'Aoife', at: '2026-05-03T11:00:00.000Z' },
        ],
      }),
    );
    expect(result.flow).toEqual([
      { date: '2026-04-30', counts: zero },
      { date: '2026-05-01', counts: { ...zero, not_started: 1 } },
      { date: '2026-05-02', counts: { ...zero, waiting_on_school: 1, not_started: 1 } },
      { date: '2026-05-03', counts: { ...zero, done: 1, not_started: 1, waiting_on_school: 1 } },
      { date: '2026-05-04', counts: { ...zero, done: 1, blocked: 1, waiting_on_school: 1 } },
    ]);
  });

  it('ends the flow on the event day once it is past, and starts it at most twelve weeks before', () => {
    const old = task('a', 'fee_paid', 'done', { createdAt: '2026-01-01T08:00:00.000Z' });
    const result = computeCrmAnalytics(input({ today: '2026-06-01', eventDay: '2026-05-10', tasks: [old] }));
    expect(result.flow.at(-1)?.date).toBe('2026-05-10');
    expect(result.flow[0]?.date).toBe('2026-02-15');
    expect(result.flow).toHaveLength(85);
    expect(computeCrmAnalytics(input({ tasks: [] })).flow).toEqual([]);
  });
});

describe('computeCrmAnalytics flow bounds', () => {
  it('runs the flow to today when every task came after the event day', () => {
    const late = task('a', 'fee_paid', 'done', { createdAt: '2026-06-01T08:00:00.000Z' });
    const result = computeCrmAnalytics(input({ today: '2026-06-02', eventDay: '2026-05-10', tasks: [late] }));
    expect(result.flow.map((day) => day.date)).toEqual(['2026-05-31', '2026-06-01', '2026-06-02']);
  });
});
