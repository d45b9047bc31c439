import { describe, expect, it } from 'vitest';
import { crmOverview, crmSchoolRow } from '../../../../tests/support/client/crm-fixtures';
import {
  addDays,
  type CrmFilters,
  filterSchools,
  filtersFromParams,
  filtersToParams,
  hasFilters,
} from './crm-filters';

const cell = (
  kind: 'teacher_named' | 'fee_paid',
  state: 'not_started' | 'done' | 'blocked' | 'not_applicable' | 'waiting_on_school',
  extra: { isOverdue?: boolean; dueDate?: string | null; assigneeId?: string | null } = {},
) => ({
  kind,
  taskId: Math.floor(Math.random() * 1e6),
  state,
  isOverdue: extra.isOverdue ?? false,
  assigneeId: extra.assigneeId ?? null,
  dueDate: extra.dueDate ?? null,
});

const overview = crmOverview([
  crmSchoolRow({
    id: 'a',
    name: 'Ardscoil',
    teams: ['Ardscoil Knights'],
    payment: 'paid',
    cells: [cell('teacher_named', 'done'), cell('fee_paid', 'done')],
  }),
  crmSchoolRow({
    id: 'b',
    name: 'Belvedere',
    payment: 'unpaid',
    cells: [
      cell('teacher_named', 'done'),
      cell('fee_paid', 'waiting_on_school', { dueDate: '2025-03-12', assigneeId: 'staff-1' }),
    ],
  }),
  crmSchoolRow({
    id: 'c',
    name: 'Coláiste',
    payment: 'partly_paid',
    cells: [
      cell('teacher_named', 'blocked', { isOverdue: true, dueDate: '2025-03-01' }),
      cell('fee_paid', 'not_applicable'),
    ],
  }),
]);
const names = (filters: CrmFilters) => filterSchools(overview, filters).map((school) => school.name);

describe('the overview filters in the address', () => {
  it('round-trip every filter through the query string, in a stable order', () => {
    const filters: CrmFilters = {
      q: 'Belv',
      kind: 'fee_paid',
      state: 'waiting_on_school',
      assignee: 'staff-1',
      overdue: true,
      due: 7,
      payment: 'unpaid',
      open: true,
    };
    const query = filtersToParams(filters).toString();
    expect(query).toBe(
      'q=Belv&kind=fee_paid&state=waiting_on_school&assignee=staff-1&overdue=1&due=7&payment=unpaid&open=1',
    );
    expect(filtersFromParams(new URLSearchParams(query))).toEqual(filters);
    expect(filtersToParams(filtersFromParams(new URLSearchParams(query))).toString()).toBe(query);
  });

  it('drop what the page does not know, and write nothing for no filter', () => {
    expect(
      filtersFromParams(
        new URLSearchParams('kind=lunch&state=sleeping&due=-3&overdue=yes&payment=free&open=0&q=%20%20'),
      ),
    ).toEqual({});
    expect(filtersFromParams(new URLSearchParams('due=9999'))).toEqual({});
    expect(filtersToParams({}).toString()).toBe('');
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ open: true })).toBe(true);
  });
});

describe('filterSchools', () => {
  it('search the school and its team names, and the payment state', () => {
    expect(names({ q: 'knights' })).toEqual(['Ardscoil']);
    expect(names({ payment: 'partly_paid' })).toEqual(['Coláiste']);
  });

  it('combine task filters on one task: "fee paid" and "not done" keep schools whose fee task is open', () => {
    expect(names({ kind: 'fee_paid', open: true })).toEqual(['Belvedere']);
    // Not applicable counts as settled, like done.
    expect(names({ open: true })).toEqual(['Belvedere', 'Coláiste']);
    expect(names({ kind: 'teacher_named', state: 'blocked' })).toEqual(['Coláiste']);
  });

  it('filter by assignee, overdue and due within N days (open tasks only)', () => {
    expect(names({ assignee: 'staff-1' })).toEqual(['Belvedere']);
    expect(names({ assignee: 'none', kind: 'fee_paid' })).toEqual(['Ardscoil', 'Coláiste']);
    expect(names({ overdue: true })).toEqual(['Coláiste']);
    expect(names({ due: 1 })).toEqual(['Coláiste']);
    expect(names({ due: 2 })).toEqual(['Belvedere', 'Coláiste']);
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
  });
});
