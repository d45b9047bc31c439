import { describe, expect, it } from 'vitest';
import { crmBoard, crmTask } from '../../../../tests/support/client/crm-fixtures';
import {
  applyChange,
  checklistProgress,
  columnId,
  groupBoard,
  neighbourState,
  parseColumnId,
  replaceTasks,
  swimlaneOf,
} from './board-logic';

const tasks = [
  crmTask({ id: 1, schoolId: 'b', schoolName: 'Belvedere', kind: 'fee_paid', title: 'Fee paid' }),
  crmTask({
    id: 2,
    schoolId: 'a',
    schoolName: 'Ardscoil',
    kind: 'teacher_named',
    title: 'Teacher',
    state: 'done',
  }),
  crmTask({ id: 3, schoolId: 'a', schoolName: 'Ardscoil', kind: 'fee_paid', title: 'Fee paid' }),
  crmTask({ id: 4, schoolId: 'a', schoolName: 'Ardscoil', kind: null, title: 'Book the bus', isAuto: false }),
  crmTask({
    id: 5,
    schoolId: 'b',
    schoolName: 'Belvedere',
    kind: 'fee_paid',
    title: 'Late',
    dueDate: '2025-03-01',
    isOverdue: true,
  }),
];

describe('groupBoard', () => {
  it('makes one lane per school, by name, with the tasks in their state columns', () => {
    const lanes = groupBoard(tasks, 'school');
    expect(lanes.map((lane) => [lane.label, lane.count])).toEqual([
      ['Ardscoil', 3],
      ['Belvedere', 2],
    ]);
    const [ardscoil, belvedere] = lanes;
    expect(ardscoil?.columns.done.map((task) => task.id)).toEqual([2]);
    expect(ardscoil?.columns.not_started.map((task) => task.id)).toEqual([4, 3]);
    // Overdue first.
    expect(belvedere?.columns.not_started.map((task) => task.id)).toEqual([5, 1]);
    expect(belvedere?.columns.blocked).toEqual([]);
  });

  it('makes one lane per task kind in the templates’ order, then the tasks added by hand', () => {
    const lanes = groupBoard(tasks, 'kind');
    expect(lanes.map((lane) => lane.key)).toEqual(['teacher_named', 'fee_paid', 'other']);
    expect(lanes.map((lane) => lane.label)).toEqual([
      'Teacher in charge named',
      'Fee paid',
      'Tasks added by hand',
    ]);
    expect(lanes[1]?.columns.not_started.map((task) => task.id)).toEqual([5, 1, 3]);
  });

  it('reads the swimlane from the address (school by default)', () => {
    expect(swimlaneOf(new URLSearchParams('lane=kind'))).toBe('kind');
    expect(swimlaneOf(new URLSearchParams('lane=weird'))).toBe('school');
    expect(swimlaneOf(new URLSearchParams())).toBe('school');
  });
});

describe('moves', () => {
  it('apply a change optimistically, keeping the version read, and settle overdue', () => {
    const board = crmBoard(tasks);
    const moved = applyChange(board, 5, { state: 'done' });
    const task = moved.tasks.find((candidate) => candidate.id === 5);
    expect(task).toMatchObject({ state: 'done', version: 1, isOverdue: false });
    expect(board.tasks.find((candidate) => candidate.id === 5)?.state).toBe('not_started');
  });

  it('put the server’s task back in place of the draft', () => {
    const board = applyChange(crmBoard(tasks), 1, { state: 'done' });
    const current = crmTask({ id: 1, schoolId: 'b', schoolName: 'Belvedere', state: 'blocked', version: 4 });
    const back = replaceTasks(board, [current]);
    expect(back.tasks.find((task) => task.id === 1)).toEqual(current);
    expect(back.tasks).toHaveLength(tasks.length);
  });

  it('walk the columns with the arrow keys within a lane, and name columns both ways', () => {
    expect(neighbourState('not_started', 'ArrowRight')).toBe('waiting_on_school');
    expect(neighbourState('waiting_on_school', 'ArrowLeft')).toBe('not_started');
    expect(neighbourState('not_started', 'ArrowLeft')).toBeNull();
    expect(neighbourState('not_applicable', 'ArrowRight')).toBeNull();
    expect(neighbourState('done', 'ArrowDown')).toBeNull();
    expect(parseColumnId(columnId('school:with:colons', 'received_to_check'))).toEqual({
      laneKey: 'school:with:colons',
      state: 'received_to_check',
    });
    expect(parseColumnId('task:3')).toBeNull();
  });

  it('count the checklist', () => {
    expect(checklistProgress({ checklist: [] })).toBeNull();
    expect(
      checklistProgress({
        checklist: [
          { id: 1, text: 'a', done: true, assigneeId: null },
          { id: 2, text: 'b', done: false, assigneeId: null },
        ],
      }),
    ).toEqual({ done: 1, total: 2 });
  });
});
