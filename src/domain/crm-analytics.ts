import {
  CRM_TASK_STATES,
  type CrmTaskKind,
  type CrmTaskState,
  isOverdue,
  isSchoolReady,
  isSettled,
} from './crm';

/**
 * Team-tasks analytics (`/crm/analytics`, issue #15 item 5): readiness per task kind, schools ready or not,
 * overdue tasks by assignee, the cumulative flow of the weeks before the event, money collected and
 * outstanding, and the event-day funnel. Pure: the server reads the tasks, their state moves, the registrations
 * and the staff once and hands them here. The counts follow the same rules as the readiness overview
 * (`isOverdue`, `isSchoolReady`, paid and owed from the registrations that are not cancelled), so the two views
 * cannot disagree about one fact.
 */

/** The activity actions that move a task between states (`from` → `to` are states). */
export const STATE_MOVE_ACTIONS: readonly string[] = ['state', 'auto_move'];
/** The cumulative flow covers at most this many days before its last day (twelve weeks). */
export const FLOW_MAX_DAYS = 84;

export const FUNNEL_STEPS = ['registered', 'paid', 'roster_locked', 'arrived', 'collected'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
export const FUNNEL_LABELS: Record<FunnelStep, string> = {
  registered: 'Registered',
  paid: 'Paid',
  roster_locked: 'Roster locked',
  arrived: 'Arrived',
  collected: 'Collected',
};
/** The task kind whose settled state passes a school through each step after "registered". */
const FUNNEL_KINDS: Record<Exclude<FunnelStep, 'registered'>, CrmTaskKind> = {
  paid: 'fee_paid',
  roster_locked: 'roster_locked',
  arrived: 'arrived',
  collected: 'collected',
};

export interface AnalyticsTask {
  id: number;
  schoolId: string;
  kind: CrmTaskKind | null;
  state: CrmTaskState;
  dueDate: string | null;
  assigneeId: string | null;
  /** When the task was created (ISO date-time). */
  createdAt: string;
}

export interface AnalyticsMove {
  taskId: number;
  action: string;
  from: string | null;
  to: string | null;
  /** ISO date-time. */
  at: string;
}

export interface AnalyticsInput {
  /** Today (YYYY-MM-DD) in the event's zone. */
  today: string;
  /** The active tournament's day, or null. */
  eventDay: string | null;
  /** The kinds the overview shows (active templates and kinds still in use), in order, with their labels. */
  kinds: readonly { kind: CrmTaskKind; label: string }[];
  tasks: readonly AnalyticsTask[];
  /** Activity rows; only state moves (STATE_MOVE_ACTIONS) are used. */
  activity: readonly AnalyticsMove[];
  /** Registrations of the schools with tasks (cancelled ones are left out here). */
  registrations: readonly { schoolId: string; amountCents: number; isPaid: boolean; isCancelled: boolean }[];
  staff: readonly { id: string; name: string }[];
  /** The calendar day (YYYY-MM-DD, event's zone) of an ISO date-time. */
  dayOf: (isoDateTime: string) => string;
}

export type StateCounts = Record<CrmTaskState, number>;

export interface CrmAnalytics {
  today: string;
  eventDay: string | null;
  /** Per kind (null: tasks added by hand), how many tasks are in each state. */
  byKind: { kind: CrmTaskKind | null; label: string; counts: StateCounts; total: number }[];
  readiness: { ready: number; notReady: number };
  /** Overdue tasks per assignee (null: unassigned), most first; assignees with none are left out. */
  overdueByAssignee: { assigneeId: string | null; name: string; overdue: number }[];
  /** Tasks per state at the end of each day, oldest day first. */
  flow: { date: string; counts: StateCounts }[];
  money: { collectedCents: number; outstandingCents: number };
  /** Schools at each step; a school counts at a step when it passed that step and every one before it. */
  funnel: { step: FunnelStep; label: string; schools: number }[];
}

export const HAND_TASKS_LABEL = 'Added by hand';
export const UNASSIGNED_LABEL = 'Unassigned';

const zeroCounts = (): StateCounts =>
  Object.fromEntries(CRM_TASK_STATES.map((state) => [state, 0])) as StateCounts;

const isState = (value: string | null): value is CrmTaskState =>
  value !== null && (CRM_TASK_STATES as readonly string[]).includes(value);

/** YYYY-MM-DD plus some days (negative: before). */
function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The days the flow covers: from the day before the first task (at most FLOW_MAX_DAYS back) to today or the event day. */
function flowDays(input: AnalyticsInput): string[] {
  if (input.tasks.length === 0) return [];
  const first = input.tasks.map((task) => input.dayOf(task.createdAt)).reduce((a, b) => (a < b ? a : b));
  // After the event the flow stops on its day, unless every task came later (then it runs to today).
  const { eventDay, today } = input;
  const last = eventDay !== null && eventDay < today && eventDay >= first ? eventDay : today;
  // The day before the first task (none yet), so even one day's flow rises from nothing.
  const before = shiftDay(first, -1);
  const start = before > shiftDay(last, -FLOW_MAX_DAYS) ? before : shiftDay(last, -FLOW_MAX_DAYS);
  const days: string[] = [];
  for (let day = start; day <= last; day = shiftDay(day, 1)) days.push(day);
  return days;
}

/**
 * Each task's state at the end of every day, from its creation and its moves: before its first move it was in
 * that move's `from` state (or, never moved, the state it is in now); a move counts from its day on.
 */
function cumulativeFlow(input: AnalyticsInput): CrmAnalytics['flow'] {
  const days = flowDays(input);
  const moves = new Map<number, { day: string; to: CrmTaskState; from: CrmTaskState | null }[]>();
  for (const row of [...input.activity].sort((a, b) => a.at.localeCompare(b.at))) {
    if (!STATE_MOVE_ACTIONS.includes(row.action) || !isState(row.to)) continue;
    const list = moves.get(row.taskId) ?? [];
    list.push({ day: input.dayOf(row.at), to: row.to, from: isState(row.from) ? row.from : null });
    moves.set(row.taskId, list);
  }
  const series = days.map((date) => ({ date, counts: zeroCounts() }));
  for (const task of input.tasks) {
    const created = input.dayOf(task.createdAt);
    const own = moves.get(task.id) ?? [];
    let state: CrmTaskState = own[0]?.from ?? (own.length === 0 ? task.state : 'not_started');
    let next = 0;
    for (const point of series) {
      while (next < own.length && own[next]!.day <= point.date) {
        state = own[next]!.to;
        next += 1;
      }
      if (created <= point.date) point.counts[state] += 1;
    }
  }
  return series;
}

function funnelOf(input: AnalyticsInput, schoolIds: readonly string[]): CrmAnalytics['funnel'] {
  const registered = new Set(
    input.registrations.filter((row) => !row.isCancelled).map((row) => row.schoolId),
  );
  const settledKinds = new Map<string, Set<CrmTaskKind>>();
  for (const task of input.tasks) {
    if (task.kind === null || !isSettled(task.state)) continue;
    const kinds = settledKinds.get(task.schoolId) ?? new Set<CrmTaskKind>();
    kinds.add(task.kind);
    settledKinds.set(task.schoolId, kinds);
  }
  let remaining = schoolIds.filter((id) => registered.has(id));
  return FUNNEL_STEPS.map((step) => {
    if (step !== 'registered') {
      const kind = FUNNEL_KINDS[step];
      remaining = remaining.filter((id) => settledKinds.get(id)?.has(kind) === true);
    }
    return { step, label: FUNNEL_LABELS[step], schools: remaining.length };
  });
}

/** Every series of the analytics page from one read of the tasks, their moves, the registrations and the staff. */
export function computeCrmAnalytics(input: AnalyticsInput): CrmAnalytics {
  const { today } = input;
  const labels = new Map(input.kinds.map(({ kind, label }) => [kind, label]));
  const rows = new Map<CrmTaskKind | null, StateCounts>(input.kinds.map(({ kind }) => [kind, zeroCounts()]));
  for (const task of input.tasks) {
    if (task.kind !== null && !rows.has(task.kind)) continue;
    const counts = rows.get(task.kind) ?? zeroCounts();
    counts[task.state] += 1;
    rows.set(task.kind, counts);
  }
  const byKind = [...rows.entries()].map(([kind, counts]) => ({
    kind,
    label: kind === null ? HAND_TASKS_LABEL : (labels.get(kind) ?? kind),
    counts,
    total: CRM_TASK_STATES.reduce((total, state) => total + counts[state], 0),
  }));

  const bySchool = new Map<string, AnalyticsTask[]>();
  for (const task of input.tasks) bySchool.set(task.schoolId, [...(bySchool.get(task.schoolId) ?? []), task]);
  const schoolIds = [...bySchool.keys()];
  const ready = schoolIds.filter((id) => isSchoolReady(bySchool.get(id)!)).length;

  const overdue = new Map<string | null, number>();
  for (const task of input.tasks) {
    if (isOverdue(task, today)) overdue.set(task.assigneeId, (overdue.get(task.assigneeId) ?? 0) + 1);
  }
  const names = new Map(input.staff.map((member) => [member.id, member.name]));
  const overdueByAssignee = [...overdue.entries()]
    .map(([assigneeId, count]) => ({
      assigneeId,
      name: assigneeId === null ? UNASSIGNED_LABEL : (names.get(assigneeId) ?? assigneeId),
      overdue: count,
    }))
    .sort((a, b) => b.overdue - a.overdue || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));

  const inScope = new Set(schoolIds);
  const live = input.registrations.filter((row) => !row.isCancelled && inScope.has(row.schoolId));
  const collectedCents = live.filter((row) => row.isPaid).reduce((total, row) => total + row.amountCents, 0);
  const outstandingCents = live
    .filter((row) => !row.isPaid)
    .reduce((total, row) => total + row.amountCents, 0);

  return {
    today,
    eventDay: input.eventDay,
    byKind,
    readiness: { ready, notReady: schoolIds.length - ready },
    overdueByAssignee,
    flow: cumulativeFlow(input),
    money: { collectedCents, outstandingCents },
    funnel: funnelOf(input, schoolIds),
  };
}
