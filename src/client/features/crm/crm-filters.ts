import type { CrmCard, CrmOverview } from '../../../contracts/crm';
import {
  CRM_TASK_KINDS,
  CRM_TASK_STATES,
  type CrmTaskKind,
  type CrmTaskState,
  isSettled,
} from '../../../domain/crm';

/**
 * The filters of the readiness matrix (/crm) live in the page's address (`?kind=fee_paid&open=1`) so a view can
 * be shared. A school row is shown when its name or a team matches the search, its payment state matches, and
 * — when any task filter is set — at least one of its tasks matches every task filter at once (so "fee paid" and
 * "not done" together mean: the school's fee-paid task is not done).
 */

export const PAYMENT_STATES = ['paid', 'partly_paid', 'unpaid', 'none'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export interface CrmFilters {
  /** Search text: school or team name (on the board also the task's title). */
  q?: string;
  /** One school's id. */
  school?: string;
  kind?: CrmTaskKind;
  state?: CrmTaskState;
  /** A staff id, or 'none' for unassigned tasks. */
  assignee?: string;
  overdue?: true;
  /** Due within this many days from today (and not settled). */
  due?: number;
  payment?: PaymentState;
  /** Any task not done (not settled: neither done nor not applicable). */
  open?: true;
}

/** The address's parameters, in the order they are written. */
export const CRM_FILTER_KEYS = [
  'q',
  'school',
  'kind',
  'state',
  'assignee',
  'overdue',
  'due',
  'payment',
  'open',
] as const;

export const UNASSIGNED = 'none';
export const MAX_DUE_DAYS = 365;

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** The filters an address asks for; a value the page does not know (an unknown kind, a bad number) is dropped. */
export function filtersFromParams(params: URLSearchParams): CrmFilters {
  const filters: CrmFilters = {};
  const q = params.get('q')?.trim();
  if (q) filters.q = q.slice(0, 100);
  const school = params.get('school')?.trim();
  if (school) filters.school = school.slice(0, 100);
  const kind = params.get('kind') ?? '';
  if (isOneOf(CRM_TASK_KINDS, kind)) filters.kind = kind;
  const state = params.get('state') ?? '';
  if (isOneOf(CRM_TASK_STATES, state)) filters.state = state;
  const assignee = params.get('assignee')?.trim();
  if (assignee) filters.assignee = assignee;
  if (params.get('overdue') === '1') filters.overdue = true;
  const due = params.get('due');
  if (due !== null && /^\d{1,3}$/.test(due) && Number(due) <= MAX_DUE_DAYS) filters.due = Number(due);
  const payment = params.get('payment') ?? '';
  if (isOneOf(PAYMENT_STATES, payment)) filters.payment = payment;
  if (params.get('open') === '1') filters.open = true;
  return filters;
}

/** The query parameters of these filters, in a stable order (the same view is the same address). */
export function filtersToParams(filters: CrmFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  if (filters.school) params.set('school', filters.school);
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.state) params.set('state', filters.state);
  if (filters.assignee) params.set('assignee', filters.assignee);
  if (filters.overdue) params.set('overdue', '1');
  if (filters.due !== undefined) params.set('due', String(filters.due));
  if (filters.payment) params.set('payment', filters.payment);
  if (filters.open) params.set('open', '1');
  return params;
}

export const hasFilters = (filters: CrmFilters) => filtersToParams(filters).toString() !== '';

/** Whether any filter about the tasks (rather than the school) is set. */
const hasTaskFilters = (filters: CrmFilters) =>
  Boolean(
    filters.kind ||
      filters.state ||
      filters.assignee ||
      filters.overdue ||
      filters.due !== undefined ||
      filters.open,
  );

/** YYYY-MM-DD plus some days. */
export function addDays(isoDate: string, days: number): string {
  const day = new Date(`${isoDate}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

type School = CrmOverview['schools'][number];
type Cell = Pick<School['cells'][number], 'state' | 'isOverdue' | 'assigneeId' | 'dueDate'> & {
  kind: CrmTaskKind | null;
};

/** Whether one matrix cell or board card (a school's task) matches every task filter. */
export function cellMatches(cell: Cell, filters: CrmFilters, today: string): boolean {
  if (filters.kind && cell.kind !== filters.kind) return false;
  if (filters.state && cell.state !== filters.state) return false;
  if (filters.assignee) {
    const wanted = filters.assignee === UNASSIGNED ? null : filters.assignee;
    if (cell.assigneeId !== wanted) return false;
  }
  if (filters.overdue && !cell.isOverdue) return false;
  if (filters.due !== undefined) {
    if (cell.dueDate === null || isSettled(cell.state) || cell.dueDate > addDays(today, filters.due))
      return false;
  }
  if (filters.open && isSettled(cell.state)) return false;
  return true;
}

/** The schools the filters keep, in the overview's order. */
export function filterSchools(overview: CrmOverview, filters: CrmFilters): School[] {
  const q = filters.q?.trim().toLocaleLowerCase('en-IE') ?? '';
  const withTasks = hasTaskFilters(filters);
  return overview.schools.filter((school) => {
    if (q) {
      const names = [school.name, ...school.teams].map((name) => name.toLocaleLowerCase('en-IE'));
      if (!names.some((name) => name.includes(q))) return false;
    }
    if (filters.school && school.id !== filters.school) return false;
    if (filters.payment && school.payment !== filters.payment) return false;
    if (withTasks && !school.cells.some((cell) => cellMatches(cell, filters, overview.today))) return false;
    return true;
  });
}

/**
 * The board's cards the filters keep: the same task filters as the matrix's cells, the school, and the search
 * over the task's title, its school and the school's teams (the payment filter is the matrix's only).
 */
export function filterTasks(tasks: readonly CrmCard[], filters: CrmFilters, today: string): CrmCard[] {
  const q = filters.q?.trim().toLocaleLowerCase('en-IE') ?? '';
  return tasks.filter((task) => {
    if (filters.school && task.schoolId !== filters.school) return false;
    if (q) {
      const names = [task.title, task.schoolName, ...task.teams].map((name) =>
        name.toLocaleLowerCase('en-IE'),
      );
      if (!names.some((name) => name.includes(q))) return false;
    }
    return cellMatches(task, filters, today);
  });
}
