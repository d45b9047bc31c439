import { type CrmBoard, type CrmCard, type CrmTaskChange, crmCardSchema } from '../../../contracts/crm';
import { CRM_KIND_DEFAULTS, CRM_TASK_KINDS, CRM_TASK_STATES, type CrmTaskState } from '../../../domain/crm';

/** The board's swimlanes: one per school, or one per task kind (kept in the address as `lane`). */
export const SWIMLANES = ['school', 'kind'] as const;
export type Swimlane = (typeof SWIMLANES)[number];

export const swimlaneOf = (params: URLSearchParams): Swimlane =>
  params.get('lane') === 'kind' ? 'kind' : 'school';

/** Tasks staff added by hand have no kind: their lane when the board is grouped by kind. */
export const HAND_TASKS_LANE = 'other';

export interface BoardLane {
  key: string;
  label: string;
  columns: Record<CrmTaskState, CrmCard[]>;
  count: number;
}

const emptyColumns = (): Record<CrmTaskState, CrmCard[]> =>
  Object.fromEntries(CRM_TASK_STATES.map((state) => [state, []])) as unknown as Record<
    CrmTaskState,
    CrmCard[]
  >;

/** The label of a task's kind ('Fee paid'), or null for a task added by hand. */
export const kindLabel = (task: Pick<CrmCard, 'kind'>) =>
  task.kind ? CRM_KIND_DEFAULTS[task.kind].label : null;

/** Cards in a column: overdue first, then by due date (none last), then by title. */
function compareCards(a: CrmCard, b: CrmCard): number {
  if (a.isOverdue !== b.isOverdue) return a.isOverdue ? -1 : 1;
  if (a.dueDate !== b.dueDate) {
    if (a.dueDate === null) return 1;
    if (b.dueDate === null) return -1;
    return a.dueDate < b.dueDate ? -1 : 1;
  }
  return a.title.localeCompare(b.title, 'en-IE') || a.id - b.id;
}

/**
 * The board as lanes × state columns. By school: one lane per school, by name. By kind: one lane per kind in the
 * templates' order, then the tasks added by hand. Lanes without a task are left out.
 */
export function groupBoard(tasks: readonly CrmCard[], swimlane: Swimlane): BoardLane[] {
  const lanes = new Map<string, BoardLane>();
  for (const task of tasks) {
    const key = laneKeyOf(task, swimlane);
    let lane = lanes.get(key);
    if (!lane) {
      const label = swimlane === 'school' ? task.schoolName : (kindLabel(task) ?? 'Tasks added by hand');
      lane = { key, label, columns: emptyColumns(), count: 0 };
      lanes.set(key, lane);
    }
    lane.columns[task.state].push(task);
    lane.count += 1;
  }
  for (const lane of lanes.values())
    for (const state of CRM_TASK_STATES) lane.columns[state].sort(compareCards);
  const order =
    swimlane === 'kind'
      ? (lane: BoardLane) => {
          const index = (CRM_TASK_KINDS as readonly string[]).indexOf(lane.key);
          return index === -1 ? CRM_TASK_KINDS.length : index;
        }
      : () => 0;
  return [...lanes.values()].sort(
    (a, b) => order(a) - order(b) || a.label.localeCompare(b.label, 'en-IE') || a.key.localeCompare(b.key),
  );
}

/** The board with one task changed as asked (the optimistic draft of a change; the version stays the one read). */
export function applyChange(
  board: CrmBoard,
  taskId: number,
  change: Omit<CrmTaskChange, 'version' | 'reason'>,
): CrmBoard {
  return {
    ...board,
    tasks: board.tasks.map((task) => {
      if (task.id !== taskId) return task;
      const next: CrmCard = { ...task };
      if (change.state !== undefined) next.state = change.state;
      if (change.assigneeId !== undefined) next.assigneeId = change.assigneeId;
      if (change.dueDate !== undefined) next.dueDate = change.dueDate;
      if (change.priority !== undefined) next.priority = change.priority;
      if (change.labels !== undefined) next.labels = change.labels;
      // A settled task is never overdue; a reopened one is, when its date has passed.
      next.isOverdue =
        next.dueDate !== null &&
        next.dueDate < board.today &&
        next.state !== 'done' &&
        next.state !== 'not_applicable';
      return next;
    }),
  };
}

/** A task's card alone (a task the server sent whole, put on the board, keeps only what its card shows). */
export const cardOf = (task: CrmCard): CrmCard => crmCardSchema.parse(task);

/** The board with these tasks as the server holds them (a stale refusal's `current`, or a rollback). */
export function replaceTasks(board: CrmBoard, tasks: readonly CrmCard[]): CrmBoard {
  const byId = new Map(tasks.map((task) => [task.id, cardOf(task)]));
  return { ...board, tasks: board.tasks.map((task) => byId.get(task.id) ?? task) };
}

/** "2 of 5" checklist items done, or null without a checklist. */
export function checklistProgress(
  task: Pick<CrmCard, 'checklistDone' | 'checklistTotal'>,
): { done: number; total: number } | null {
  if (task.checklistTotal === 0) return null;
  return { done: task.checklistDone, total: task.checklistTotal };
}

/** The droppable id of a lane's column, and back. */
export const columnId = (laneKey: string, state: CrmTaskState) => `column:${laneKey}:${state}`;
export function parseColumnId(id: string): { laneKey: string; state: CrmTaskState } | null {
  const match = /^column:(.*):([a-z_]+)$/.exec(id);
  if (!match) return null;
  const state = match[2] as CrmTaskState;
  return (CRM_TASK_STATES as readonly string[]).includes(state) ? { laneKey: match[1] ?? '', state } : null;
}

/**
 * The column a keyboard arrow leads to: left and right walk the states of the card's own lane (a move changes
 * only the state; the school and kind stay). Null at an edge or for any other key.
 */
export function neighbourState(from: CrmTaskState, key: string): CrmTaskState | null {
  const index = CRM_TASK_STATES.indexOf(from);
  if (key === 'ArrowRight') return CRM_TASK_STATES[index + 1] ?? null;
  if (key === 'ArrowLeft') return index > 0 ? (CRM_TASK_STATES[index - 1] ?? null) : null;
  return null;
}

/** The lane a task belongs to on a board grouped this way. */
export const laneKeyOf = (task: Pick<CrmCard, 'schoolId' | 'kind'>, swimlane: Swimlane) =>
  swimlane === 'school' ? task.schoolId : (task.kind ?? HAND_TASKS_LANE);

/**
 * Drawing a large board a screen at a time (ADR 030): the heights the placeholders of cards not drawn yet take,
 * so the page has its full length and a lane's heading sits where it will stay.
 */
export const CARD_HEIGHT_ESTIMATE = 200;
/** The gap between two cards of a column (Tailwind's gap-2). */
export const CARD_GAP = 8;
const LANE_HEADING_ESTIMATE = 40;
/** Cards a column of a drawn lane draws at once; the rest follow in blocks of this size as they come near. */
export const CARD_BLOCK = 20;

/** The height cards not drawn yet take: as many cards as estimated, with the gaps between them. */
export const placeholderHeight = (cards: number) =>
  Math.max(0, cards * (CARD_HEIGHT_ESTIMATE + CARD_GAP) - CARD_GAP);

/** A column's cards in blocks: the first drawn with its lane, each later one when it comes near the viewport. */
export function cardBlocks<T>(cards: readonly T[], size = CARD_BLOCK): T[][] {
  const blocks: T[][] = [];
  for (let start = 0; start < cards.length; start += size) blocks.push(cards.slice(start, start + size));
  return blocks;
}

/** How tall a lane is once drawn, roughly: its heading and its longest column's first block. */
const laneHeightEstimate = (lane: BoardLane) =>
  LANE_HEADING_ESTIMATE +
  placeholderHeight(
    Math.max(1, ...CRM_TASK_STATES.map((state) => Math.min(lane.columns[state].length, CARD_BLOCK))),
  );

/**
 * The lanes drawn at once, without waiting to be seen: those starting within `height` pixels of the board's top
 * (a screen and a half), so the first screen is whole in the first frame. A small board is drawn whole.
 */
export function lanesDrawnFirst(lanes: readonly BoardLane[], height: number): Set<string> {
  const keys = new Set<string>();
  let top = 0;
  for (const lane of lanes) {
    if (top >= height) break;
    keys.add(lane.key);
    top += laneHeightEstimate(lane);
  }
  return keys;
}
