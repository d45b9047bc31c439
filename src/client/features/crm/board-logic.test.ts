import { describe, expect, it } from 'vitest';
import { crmBoard, crmTask } from '../../../../tests/support/client/crm-fixtures';
import {
  applyChange,
  CARD_BLOCK,
  cardBlocks,
  cardOf,
  checklistProgress,
  columnId,
  groupBoard,
  lanesDrawnFirst,
  neighbourState,
  parseColumnId,
  placeholderHeight,
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
    expect(back.tasks.find((task) => task.id === 1)).toEqual(cardOf(current));
    // The board keeps cards only: the whole task's checklist and watchers stay with its dialog.
    expect(back.tasks.find((task) => task.id === 1)).not.toHaveProperty('checklist');
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
    expect(checklistProgress({ checklistDone: 0, checklistTotal: 0 })).toBeNull();
    expect(checklistProgress({ checklistDone: 1, checklistTotal: 2 })).toEqual({ done: 1, total: 2 });
  });
});

describe('drawing a large board a screen at a time', () => {
  const school = (index: number, cards: number) =>
    Array.from({ length: cards }, (_, card) =>
      crmTask({
        id: index * 1_000 + card,
        schoolId: `school-${String(index).padStart(2, '0')}`,
        schoolName: `School ${String(index).padStart(2, '0')}`,
      }),
    );

  it('draws the lanes of the first screen and a half at once, and a small board whole', () => {
    // 60 schools with 3 cards each, all "Not started": each lane is one column of 3 cards high.
    const lanes = groupBoard(Array.from({ length: 60 }, (_, index) => school(index, 3)).flat(), 'school');
    const first = lanesDrawnFirst(lanes, 1_200);
    expect(first.size).toBeGreaterThan(0);
    expect(first.size).toBeLessThan(5);
    expect([...first]).toEqual(lanes.slice(0, first.size).map((lane) => lane.key));
    expect(lanesDrawnFirst(lanes.slice(0, 2), 1_200).size).toBe(2);
  });

  it('cuts a long column into blocks, each placeholder as tall as its cards would be', () => {
    const cards = Array.from({ length: CARD_BLOCK * 2 + 3 }, (_, index) => index);
    expect(cardBlocks(cards).map((block) => block.length)).toEqual([CARD_BLOCK, CARD_BLOCK, 3]);
    expect(cardBlocks([])).toEqual([]);
    expect(placeholderHeight(0)).toBe(0);
    expect(placeholderHeight(3)).toBeGreaterThan(placeholderHeight(2));
  });
});
