import type { CrmBoard, CrmCard, CrmOverview, CrmTask } from '../../../src/contracts/crm';

/** A task as GET /api/crm/tasks/:id sends it (its card and more), with what a test cares about overridden. */
export function crmTask(overrides: Partial<CrmTask> & Pick<CrmTask, 'id'>): CrmTask {
  return {
    version: 1,
    schoolId: 'school-a',
    schoolName: 'Ardscoil',
    kind: 'fee_paid',
    title: 'Fee paid',
    state: 'not_started',
    isAuto: true,
    autoReason: null,
    assigneeId: null,
    watcherIds: [],
    dueDate: null,
    isOverdue: false,
    priority: 'normal',
    labels: [],
    teams: ['Ardscoil A'],
    checklist: [],
    checklistDone: 0,
    checklistTotal: 0,
    commentCount: 0,
    updatedAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export const CRM_STAFF = [
  { id: 'staff-1', name: 'Aoife Admin' },
  { id: 'staff-2', name: 'Seán Super' },
];

export function crmBoard(tasks: CrmCard[]): CrmBoard {
  return { tasks, staff: CRM_STAFF, today: '2025-03-10' };
}

type School = CrmOverview['schools'][number];

/** The readiness matrix with two kinds and the given schools. */
export function crmOverview(schools: School[]): CrmOverview {
  return {
    kinds: [
      { kind: 'teacher_named', label: 'Teacher in charge named' },
      { kind: 'fee_paid', label: 'Fee paid' },
    ],
    schools,
    staff: CRM_STAFF,
    today: '2025-03-10',
  };
}

export function crmSchoolRow(overrides: Partial<School> & Pick<School, 'id' | 'name'>): School {
  return {
    teams: [],
    dueCents: 0,
    owedCents: 0,
    paidCents: 0,
    payment: 'none',
    cells: [],
    open: 0,
    overdue: 0,
    blocked: 0,
    isReady: false,
    ...overrides,
  };
}
