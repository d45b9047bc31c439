import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { CalendarClock, GripVertical, MoveRight, Plus, Radio, UserRound, X } from 'lucide-react';
import { type FormEvent, memo, useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CRM_MESSAGES, type CrmCard, crmBulkChangeSchema } from '../../../contracts/crm';
import {
  CRM_KIND_DEFAULTS,
  CRM_STATE_LABELS,
  CRM_TASK_KINDS,
  CRM_TASK_STATES,
  type CrmTaskKind,
  type CrmTaskState,
} from '../../../domain/crm';
import { countOf } from '../../../domain/plural';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { QueryView } from '../../components/query-view';
import { Button } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { Dialog, DialogSubmitActions } from '../../components/ui/dialog';
import { CheckboxField, SelectField, TextareaField, TextField } from '../../components/ui/field';
import { SearchField, SearchForm } from '../../components/ui/search-field';
import { serverMessage } from '../../lib/api-client';
import { useFieldErrors } from '../../lib/form';
import { notify } from '../../lib/notify';
import { useHydrated } from '../../lib/use-hydrated';
import { useNearViewport } from '../../lib/use-near-viewport';
import { AddTaskDialog } from './add-task-dialog';
import {
  type BoardLane,
  cardBlocks,
  columnId,
  groupBoard,
  lanesDrawnFirst,
  neighbourState,
  parseColumnId,
  placeholderHeight,
  SWIMLANES,
  type Swimlane,
  swimlaneOf,
} from './board-logic';
import { type CrmFilters, filterTasks, hasFilters, UNASSIGNED } from './crm-filters';
import { staleTaskOf, useBulkChange, useChangeTask, useCrmBoard } from './queries';
import { MoveMenu, TaskCard } from './task-card';
import { type Staff, staffNameOf, TaskDialog } from './task-dialog';
import { StateBadge } from './task-states';
import { useFilterControls, useUrlFilters } from './use-url-filters';

/** The window height a server-drawn board assumes (ADR 037): a laptop's; a phone's first screen needs less. */
const DRAWN_WINDOW_HEIGHT = 900;

const SWIMLANE_LABELS: Record<Swimlane, string> = { school: 'By school', kind: 'By task type' };

interface DragData {
  task: CrmCard;
  laneKey: string;
}

const dragDataOf = (data: unknown) => data as DragData | undefined;

/** The column a dragged card is over, or (before it moved) the one it came from. */
function currentColumn(active: { data: { current?: unknown } }, overId: unknown) {
  const over = typeof overId === 'string' ? parseColumnId(overId) : null;
  if (over) return over;
  const data = dragDataOf(active.data.current);
  return data ? { laneKey: data.laneKey, state: data.task.state } : null;
}

/**
 * The keyboard sensor's arrows: left and right jump to the neighbouring column of the card's lane (rather
 * than nudging it a few pixels), so Space, → , Space moves a card one column on.
 */
const columnCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const { active, over, collisionRect, droppableRects } = context;
  if (!active || !collisionRect) return undefined;
  const from = currentColumn(active, over?.id);
  if (!from) return undefined;
  const state = neighbourState(from.state, event.code);
  if (!state) {
    if (event.code.startsWith('Arrow')) event.preventDefault();
    return undefined;
  }
  const rect = droppableRects.get(columnId(from.laneKey, state));
  if (!rect) return undefined;
  event.preventDefault();
  return { x: rect.left + Math.max(0, (rect.width - collisionRect.width) / 2), y: rect.top + 4 };
};

/** The pointer's column when there is a pointer; otherwise (the keyboard) the column the card overlaps most. */
const collisionDetection: CollisionDetection = (args) => {
  const hits = args.pointerCoordinates ? pointerWithin(args) : [];
  return hits.length > 0 ? hits : rectIntersection(args);
};

const titleOf = (active: { data: { current?: unknown } }) => {
  const task = dragDataOf(active.data.current)?.task;
  return task ? `“${task.title}” (${task.schoolName})` : 'The task';
};
const columnLabel = (id: unknown) => {
  const column = typeof id === 'string' ? parseColumnId(id) : null;
  return column ? CRM_STATE_LABELS[column.state] : null;
};

/** What a screen reader hears while a card is dragged. */
const announcements: Announcements = {
  onDragStart: ({ active }) => {
    const task = dragDataOf(active.data.current)?.task;
    return `Picked up ${titleOf(active)}${task ? `, in ${CRM_STATE_LABELS[task.state]}` : ''}.`;
  },
  onDragOver: ({ active, over }) => {
    const label = columnLabel(over?.id);
    return label ? `${titleOf(active)} is over ${label}.` : `${titleOf(active)} is not over a column.`;
  },
  onDragEnd: ({ active, over }) => {
    const label = columnLabel(over?.id);
    return label
      ? `${titleOf(active)} was dropped in ${label}.`
      : `${titleOf(active)} was dropped outside the columns and stays where it was.`;
  },
  onDragCancel: ({ active }) => `Moving ${titleOf(active)} was cancelled; it stays where it was.`,
};
const screenReaderInstructions = {
  draggable:
    'To move a task, press Space or Enter, use the left and right arrow keys to choose a column, then Space or Enter to drop it, or Escape to cancel. The “Move to…” menu on each card does the same.',
};

/**
 * A card on the board, memoised: with 1,500 cards, a move (or a tick of a checkbox) redraws the card it
 * changed, not every card. The board hands it stable callbacks and unchanged tasks keep their object (the
 * query's structural sharing); the card's content is kept as one element, so when dnd-kit's context changes
 * (every draggable hears it) only the <li> is redrawn, not the card inside it.
 */
const DraggableCard = memo(function DraggableCard({
  task,
  laneKey,
  staffName,
  onOpen,
  onMove,
  isSelected,
  onSelect,
  isPending,
  isHighlighted,
}: {
  task: CrmCard;
  laneKey: string;
  staffName: (id: string | null) => string | null;
  onOpen: (task: CrmCard) => void;
  onMove: (task: CrmCard, state: CrmTaskState) => void;
  isSelected: boolean;
  onSelect: (id: number, isSelected: boolean) => void;
  isPending: boolean;
  isHighlighted: boolean;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: `task:${task.id}`,
    data: { task, laneKey } satisfies DragData,
    disabled: isPending,
  });
  const card = useMemo(
    () => (
      <TaskCard
        task={task}
        staffName={staffName}
        onOpen={onOpen}
        isHighlighted={isHighlighted}
        select={
          <input
            type="checkbox"
            className="mt-1 size-4 shrink-0 accent-(--c-primary)"
            aria-label={`Select “${task.title}” (${task.schoolName})`}
            checked={isSelected}
            onChange={(event) => onSelect(task.id, event.target.checked)}
          />
        }
        handle={
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Drag “${task.title}” (${task.schoolName})`}
            data-testid="crm-drag-handle"
            className="-mr-1 grid size-9 shrink-0 touch-none cursor-grab place-items-center rounded-lg text-muted hover:bg-surface-muted hover:text-fg active:cursor-grabbing disabled:opacity-40"
          >
            <GripVertical aria-hidden="true" className="size-4" />
          </button>
        }
        actions={<MoveMenu task={task} onMove={(state) => onMove(task, state)} disabled={isPending} />}
      />
    ),
    [
      task,
      staffName,
      onOpen,
      onMove,
      isSelected,
      onSelect,
      isPending,
      isHighlighted,
      attributes,
      listeners,
      setActivatorNodeRef,
    ],
  );
  return (
    <li ref={setNodeRef} className={cx(isDragging && 'opacity-40')}>
      {card}
    </li>
  );
});

function Column({
  lane,
  state,
  isDropTarget,
  children,
  count,
}: {
  lane: BoardLane;
  state: CrmTaskState;
  isDropTarget: boolean;
  children: React.ReactNode;
  count: number;
}) {
  const { setNodeRef, isOver } = useDroppable({
    id: columnId(lane.key, state),
    disabled: !isDropTarget,
  });
  return (
    <ul
      ref={setNodeRef}
      aria-label={`${lane.label}: ${CRM_STATE_LABELS[state]} (${count})`}
      data-testid="crm-column"
      data-lane={lane.key}
      data-state={state}
      className={cx(
        'flex min-h-20 flex-col gap-2 rounded-xl border p-1.5 transition-colors',
        isOver ? 'border-primary bg-highlight' : 'border-transparent bg-surface-muted',
      )}
    >
      {children}
    </ul>
  );
}

/** Cards not drawn yet: one block of their estimated height, hidden from assistive technology. */
function Placeholder({ cards, nearRef }: { cards: number; nearRef?: (element: Element | null) => void }) {
  return (
    <li
      ref={nearRef}
      aria-hidden="true"
      data-testid="crm-placeholder"
      className="rounded-xl bg-surface/40"
      style={{ height: placeholderHeight(cards) }}
    />
  );
}

type RenderCard = (task: CrmCard, laneKey: string) => React.ReactNode;

/** A later block of a long column: drawn when it comes near the viewport. */
function LaterBlock({
  tasks,
  laneKey,
  renderCard,
}: {
  tasks: CrmCard[];
  laneKey: string;
  renderCard: RenderCard;
}) {
  const [nearRef, isNear] = useNearViewport();
  if (!isNear) return <Placeholder cards={tasks.length} nearRef={nearRef} />;
  return <>{tasks.map((task) => renderCard(task, laneKey))}</>;
}

/**
 * One swimlane: its heading with its count always; its columns' cards once the lane is near the viewport (or at
 * once, for the first screen), a column's first block with the lane and each later block as it comes near (ADR 030).
 */
function Lane({
  lane,
  isDrawnFirst,
  dragLane,
  renderCard,
}: {
  lane: BoardLane;
  isDrawnFirst: boolean;
  dragLane: string | null;
  renderCard: RenderCard;
}) {
  const [nearRef, isNear] = useNearViewport();
  const isDrawn = isDrawnFirst || isNear;
  return (
    <section
      ref={isDrawn ? undefined : nearRef}
      aria-label={lane.label}
      data-testid="crm-lane"
      data-drawn={isDrawn}
      className="col-span-6 mt-2 grid grid-cols-subgrid gap-2"
    >
      <h3 className="col-span-6 px-1 font-display text-base font-bold text-fg">
        {lane.label} <span className="text-sm font-normal text-muted">({lane.count})</span>
      </h3>
      {CRM_TASK_STATES.map((state) => {
        const [first = [], ...later] = cardBlocks(lane.columns[state]);
        return (
          <Column
            key={state}
            lane={lane}
            state={state}
            count={lane.columns[state].length}
            isDropTarget={dragLane === null || dragLane === lane.key}
          >
            {isDrawn ? (
              <>
                {first.map((task) => renderCard(task, lane.key))}
                {later.map((block, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a block is a place in the column
                  <LaterBlock key={index} tasks={block} laneKey={lane.key} renderCard={renderCard} />
                ))}
              </>
            ) : lane.columns[state].length > 0 ? (
              <Placeholder cards={lane.columns[state].length} />
            ) : null}
          </Column>
        );
      })}
    </section>
  );
}

/**
 * The sensors' options, made once: new option objects would make new sensors, hence new listeners for every
 * card's handle, and every card would be drawn again on each change of the board.
 */
const MOUSE_OPTIONS = { activationConstraint: { distance: 6 } };
// A tablet: press and hold to pick a card up, so a swipe still scrolls the board.
const TOUCH_OPTIONS = { activationConstraint: { delay: 200, tolerance: 8 } };
const KEYBOARD_OPTIONS = { coordinateGetter: columnCoordinates };

type BulkAction = 'assign' | 'move' | 'due';
const BULK_TITLES: Record<BulkAction, string> = {
  assign: 'Assign the selected tasks',
  move: 'Move the selected tasks',
  due: 'Set the due date of the selected tasks',
};

function BulkDialog({
  action,
  tasks,
  staff,
  onClose,
  onDone,
}: {
  action: BulkAction | null;
  tasks: CrmCard[];
  staff: Staff;
  onClose: () => void;
  onDone: () => void;
}) {
  const bulk = useBulkChange();
  const { errors, formRef, check } = useFieldErrors();
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  if (!action) return null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const change =
      action === 'assign'
        ? { action, assigneeId: value || null }
        : action === 'move'
          ? { action, state: value || 'not_started' }
          : { action, dueDate: value || null };
    const body = check(crmBulkChangeSchema, {
      tasks: tasks.map((task) => ({ id: task.id, version: task.version })),
      change,
      reason,
    });
    if (!body) return;
    bulk.mutate(body, {
      onSuccess: ({ message, updated, stale }) => {
        notify('success', message || CRM_MESSAGES.bulkUpdated(updated.length), { id: 'crm-bulk' });
        if (stale.length > 0) {
          notify('error', CRM_MESSAGES.stale, {
            id: 'crm-bulk-stale',
            description: stale.map((task) => `${task.title} (${task.schoolName})`).join('; '),
          });
        }
        onDone();
      },
      onError: (error) =>
        notify('error', serverMessage(error, CRM_MESSAGES.updateFailed), { id: 'crm-bulk' }),
    });
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={BULK_TITLES[action]}
      description={`${countOf(tasks.length, 'task')} selected`}
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {action === 'assign' ? (
          <SelectField label="Assignee" value={value} onChange={(event) => setValue(event.target.value)}>
            <option value="">Unassigned</option>
            {staff.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </SelectField>
        ) : action === 'move' ? (
          <SelectField
            label="Move to"
            value={value || 'not_started'}
            onChange={(event) => setValue(event.target.value)}
          >
            {CRM_TASK_STATES.map((state) => (
              <option key={state} value={state}>
                {CRM_STATE_LABELS[state]}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField
            label="Due date"
            type="date"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            hint="Left empty, the tasks have no due date."
          />
        )}
        <TextareaField
          label="Reason"
          name="reason"
          required
          rows={2}
          maxLength={300}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          hint="Recorded in each task's activity log"
          error={errors.reason}
        />
        <DialogSubmitActions onCancel={onClose} isPending={bulk.isPending} pendingLabel="Applying…">
          Apply to {countOf(tasks.length, 'task')}
        </DialogSubmitActions>
      </form>
    </Dialog>
  );
}

function Board({
  tasks,
  staff,
  swimlane,
  onOpen,
}: {
  tasks: CrmCard[];
  staff: Staff;
  swimlane: Swimlane;
  onOpen: (task: CrmCard) => void;
}) {
  const lanes = useMemo(() => groupBoard(tasks, swimlane), [tasks, swimlane]);
  const staffName = useMemo(() => staffNameOf(staff), [staff]);
  const change = useChangeTask();
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [bulkAction, setBulkAction] = useState<BulkAction | null>(null);
  const [dragging, setDragging] = useState<DragData | null>(null);

  const sensors = useSensors(
    useSensor(MouseSensor, MOUSE_OPTIONS),
    useSensor(TouchSensor, TOUCH_OPTIONS),
    useSensor(KeyboardSensor, KEYBOARD_OPTIONS),
  );

  const setPendingId = (id: number, isPending: boolean) =>
    setPending((old) => {
      const next = new Set(old);
      if (isPending) next.add(id);
      else next.delete(id);
      return next;
    });

  const move = (task: CrmCard, state: CrmTaskState) => {
    if (task.state === state) return;
    setPendingId(task.id, true);
    setHighlighted(null);
    change.mutate(
      { task, change: { state } },
      {
        onSuccess: () => notify('success', CRM_MESSAGES.updated, { id: 'crm-move' }),
        onError: (error) => {
          // The card is back where the server says it is (or where it was); say so, never silently.
          if (staleTaskOf(error)) notify('error', CRM_MESSAGES.stale, { id: 'crm-move' });
          else notify('error', serverMessage(error, CRM_MESSAGES.updateFailed), { id: 'crm-move' });
          setHighlighted(task.id);
        },
        onSettled: () => setPendingId(task.id, false),
      },
    );
  };

  const onDragStart = ({ active }: DragStartEvent) => setDragging(dragDataOf(active.data.current) ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const data = dragDataOf(active.data.current);
    const column = over ? parseColumnId(String(over.id)) : null;
    if (!data || !column || column.laneKey !== data.laneKey) return;
    // The card as the board holds it now (a live refetch may have brought a newer version meanwhile).
    const task = tasks.find((candidate) => candidate.id === data.task.id) ?? data.task;
    move(task, column.state);
  };

  const onSelect = useCallback(
    (id: number, isSelected: boolean) =>
      setSelected((old) => {
        const next = new Set(old);
        if (isSelected) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  // The cards get callbacks that never change (reading the latest `move` and `onOpen`), so memo holds.
  const latest = useRef({ move, onOpen });
  latest.current = { move, onOpen };
  const onMoveCard = useCallback(
    (task: CrmCard, state: CrmTaskState) => latest.current.move(task, state),
    [],
  );
  const onOpenCard = useCallback((task: CrmCard) => latest.current.onOpen(task), []);
  const renderCard = (task: CrmCard, laneKey: string) => (
    <DraggableCard
      key={task.id}
      task={task}
      laneKey={laneKey}
      staffName={staffName}
      onOpen={onOpenCard}
      onMove={onMoveCard}
      isSelected={selected.has(task.id)}
      onSelect={onSelect}
      isPending={pending.has(task.id)}
      isHighlighted={highlighted === task.id}
    />
  );
  // The lanes of the first screen and a half are drawn in the first frame; the others as they come near. A board
  // drawn by the server (ADR 037) is drawn for a typical window until the browser has taken it over, so that
  // both first drafts agree.
  const isHydrated = useHydrated();
  const drawnFirst = useMemo(
    () => lanesDrawnFirst(lanes, (isHydrated ? window.innerHeight : DRAWN_WINDOW_HEIGHT) * 1.5),
    [lanes, isHydrated],
  );
  const selectedTasks = tasks.filter((task) => selected.has(task.id));
  const stateCounts = Object.fromEntries(
    CRM_TASK_STATES.map((state) => [state, tasks.filter((task) => task.state === state).length]),
  ) as Record<CrmTaskState, number>;

  return (
    <>
      {selectedTasks.length > 0 ? (
        <div
          role="toolbar"
          aria-label="Selected tasks"
          className="sticky top-2 z-10 flex flex-wrap items-center gap-2 rounded-2xl border border-line bg-surface p-3 shadow-md"
        >
          <p className="mr-2 text-sm font-semibold text-fg" aria-live="polite">
            {`${countOf(selectedTasks.length, 'task')} selected`}
          </p>
          <Button size="sm" variant="secondary" onClick={() => setBulkAction('assign')}>
            <UserRound aria-hidden="true" className="size-4" />
            Assign…
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setBulkAction('move')}>
            <MoveRight aria-hidden="true" className="size-4" />
            Move…
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setBulkAction('due')}>
            <CalendarClock aria-hidden="true" className="size-4" />
            Set due date…
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            <X aria-hidden="true" className="size-4" />
            Clear selection
          </Button>
        </div>
      ) : null}
      <DndContext
        // A fixed id: the ids dnd-kit gives its descriptions are then the same on the server and in the browser.
        id="crm-board"
        sensors={sensors}
        collisionDetection={collisionDetection}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragging(null)}
        accessibility={{ announcements, screenReaderInstructions }}
      >
        <section aria-label="Task board" className="relative overflow-x-auto pb-2">
          <div className="grid min-w-[84rem] grid-cols-6 gap-2 px-0.5">
            {CRM_TASK_STATES.map((state) => (
              <h2 key={state} className="flex items-center justify-between gap-1 px-1 py-1">
                <StateBadge state={state} />
                <span className="text-xs font-semibold text-muted">
                  {stateCounts[state]}
                  <span className="sr-only"> tasks</span>
                </span>
              </h2>
            ))}
            {lanes.map((lane) => (
              <Lane
                key={lane.key}
                lane={lane}
                isDrawnFirst={drawnFirst.has(lane.key)}
                dragLane={dragging?.laneKey ?? null}
                renderCard={renderCard}
              />
            ))}
          </div>
        </section>
        <DragOverlay dropAnimation={null}>
          {dragging ? (
            <div className="w-44 rounded-xl border border-primary bg-surface p-3 text-sm shadow-xl">
              <p className="font-semibold text-fg">{dragging.task.title}</p>
              <p className="text-xs text-muted">{dragging.task.schoolName}</p>
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
      <BulkDialog
        key={bulkAction ?? 'closed'}
        action={bulkAction}
        tasks={selectedTasks}
        staff={staff}
        onClose={() => setBulkAction(null)}
        onDone={() => {
          setBulkAction(null);
          setSelected(new Set());
        }}
      />
    </>
  );
}

/** The schools of the board's tasks, by name. */
function schoolsOf(tasks: readonly CrmCard[]) {
  const byId = new Map(tasks.map((task) => [task.schoolId, task.schoolName]));
  return [...byId.entries()]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

/** The board's search and filters (school, task type, assignee, overdue), kept in the address like the matrix's. */
function BoardFilters({
  filters,
  schools,
  staff,
  onChange,
}: {
  filters: CrmFilters;
  schools: readonly { id: string; name: string }[];
  staff: Staff;
  onChange: (update: (current: CrmFilters) => CrmFilters) => void;
}) {
  const { set, q, setQ } = useFilterControls(filters, onChange);
  return (
    <SearchForm className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-3 shadow-sm sm:p-4">
      <h2 className="sr-only">Search and filters</h2>
      <div className="grid grid-cols-2 items-end gap-3 lg:grid-cols-6">
        <div className="col-span-2">
          <SearchField
            label="Task, school or team"
            value={q}
            onChange={(value) => {
              setQ(value);
              set('q', value.trim() || undefined);
            }}
          />
        </div>
        <SelectField
          label="School"
          value={filters.school ?? ''}
          onChange={(event) => set('school', event.target.value || undefined)}
        >
          <option value="">All schools</option>
          {schools.map((school) => (
            <option key={school.id} value={school.id}>
              {school.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Task type"
          value={filters.kind ?? ''}
          onChange={(event) => set('kind', (event.target.value || undefined) as CrmTaskKind | undefined)}
        >
          <option value="">All task types</option>
          {CRM_TASK_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {CRM_KIND_DEFAULTS[kind].label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Assignee"
          value={filters.assignee ?? ''}
          onChange={(event) => set('assignee', event.target.value || undefined)}
        >
          <option value="">Anyone</option>
          <option value={UNASSIGNED}>Unassigned</option>
          {staff.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </SelectField>
        <div className="flex items-center gap-3 pb-2">
          <CheckboxField
            label="Overdue"
            checked={filters.overdue === true}
            onChange={(event) => set('overdue', event.target.checked ? true : undefined)}
          />
        </div>
      </div>
      {hasFilters(filters) ? (
        <div>
          <Button size="sm" variant="ghost" onClick={() => onChange(() => ({}))}>
            Clear filters
          </Button>
        </div>
      ) : null}
    </SearchForm>
  );
}

/** /crm/tasks (crm_access): the board, states as columns, lanes by school or by task type; live. */
export function CrmTasksPage() {
  const board = useCrmBoard();
  const [params, setParams] = useSearchParams();
  const [isAdding, setIsAdding] = useState(false);
  const swimlane = swimlaneOf(params);
  const [filters, setFilters] = useUrlFilters();
  const taskParam = Number(params.get('task'));
  const openTaskId = Number.isInteger(taskParam) && taskParam > 0 ? taskParam : null;
  const setParam = (key: string, value: string | null) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: key === 'lane' },
    );

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <AdminPageHeading eyebrow="Team Tasks" title="Tasks">
          Drag a card by its handle, or use its “Move to…” menu. Changes by other staff appear at once.
        </AdminPageHeading>
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          <Button onClick={() => setIsAdding(true)} disabled={!board.data}>
            <Plus aria-hidden="true" className="size-4" />
            Add task
          </Button>
          <fieldset className="flex items-center gap-1 rounded-2xl border border-line bg-surface p-1 shadow-sm">
            <legend className="sr-only">Swimlanes</legend>
            {SWIMLANES.map((value) => (
              <Button
                key={value}
                size="sm"
                variant={swimlane === value ? 'primary' : 'ghost'}
                aria-pressed={swimlane === value}
                onClick={() => setParam('lane', value === 'school' ? null : value)}
              >
                {SWIMLANE_LABELS[value]}
              </Button>
            ))}
          </fieldset>
        </div>
      </div>
      <QueryView query={board} errorTitle={CRM_MESSAGES.loadFailed} keepDataOnError>
        {(data) => {
          const shown = filterTasks(data.tasks, filters, data.today);
          const schools = schoolsOf(data.tasks);
          return (
            <>
              <BoardFilters filters={filters} schools={schools} staff={data.staff} onChange={setFilters} />
              <p className="flex items-center gap-1.5 text-sm text-muted" aria-live="polite">
                <Radio aria-hidden="true" className="size-4" />
                {shown.length === data.tasks.length
                  ? `${countOf(data.tasks.length, 'task')} · live`
                  : `${shown.length} of ${data.tasks.length} tasks shown · live`}
              </p>
              <Board
                tasks={shown}
                staff={data.staff}
                swimlane={swimlane}
                onOpen={(task) => setParam('task', String(task.id))}
              />
              <TaskDialog
                taskId={openTaskId}
                title={data.tasks.find((task) => task.id === openTaskId)?.title ?? null}
                staff={data.staff}
                onClose={() => setParam('task', null)}
              />
              <AddTaskDialog
                key={isAdding ? 'open' : 'closed'}
                isOpen={isAdding}
                schools={schools}
                staff={data.staff}
                initialSchoolId={filters.school}
                onClose={() => setIsAdding(false)}
              />
            </>
          );
        }}
      </QueryView>
    </div>
  );
}
