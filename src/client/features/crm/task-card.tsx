import { CalendarClock, Flag, ListChecks, MessageSquare, UserRound, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CrmCard } from '../../../contracts/crm';
import { CRM_STATE_LABELS, CRM_TASK_STATES, type CrmPriority, type CrmTaskState } from '../../../domain/crm';
import { cx } from '../../components/ui/cx';
import { checklistProgress, kindLabel } from './board-logic';
import { StateBadge } from './task-states';

export const PRIORITY_LABELS: Record<CrmPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

const shortDate = new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** "2025-03-15" → "15 Mar" (a calendar date, no time zone shift). */
export const formatDue = (isoDate: string) => shortDate.format(new Date(`${isoDate}T00:00:00Z`));

/** A "Move to…" menu: a plain select, the keyboard's and screen reader's way to move a card without dragging. */
export function MoveMenu({
  task,
  onMove,
  disabled,
}: {
  task: CrmCard;
  onMove: (state: CrmTaskState) => void;
  disabled?: boolean;
}) {
  return (
    <select
      aria-label={`Move “${task.title}” (${task.schoolName}) to`}
      className="min-h-9 max-w-full rounded-lg border border-line bg-surface px-2 text-sm text-fg"
      value=""
      disabled={disabled}
      onChange={(event) => {
        const state = event.target.value as CrmTaskState;
        if (state) onMove(state);
      }}
    >
      <option value="">Move to…</option>
      {CRM_TASK_STATES.filter((state) => state !== task.state).map((state) => (
        <option key={state} value={state}>
          {CRM_STATE_LABELS[state]}
        </option>
      ))}
    </select>
  );
}

/**
 * A task card (the board and the school page): title, kind, school and teams, assignee, due date (overdue in the
 * danger tone, with the word), priority, labels, checklist progress, comments, and the automation's badge with
 * its reason. The title opens the task.
 */
export function TaskCard({
  task,
  staffName,
  onOpen,
  handle,
  select,
  actions,
  showState = false,
  isHighlighted = false,
}: {
  task: CrmCard;
  staffName: (id: string | null) => string | null;
  onOpen: (task: CrmCard) => void;
  /** The drag handle, on the board. */
  handle?: ReactNode;
  /** The bulk-selection checkbox, on the board. */
  select?: ReactNode;
  /** The "Move to…" menu. */
  actions?: ReactNode;
  /** Show the state (outside the board's columns, where the column says it). */
  showState?: boolean;
  isHighlighted?: boolean;
}) {
  const progress = checklistProgress(task);
  const assignee = staffName(task.assigneeId);
  const kind = kindLabel(task);
  return (
    <article
      aria-label={task.title}
      data-testid="crm-task-card"
      data-task-id={task.id}
      data-state={task.state}
      className={cx(
        'flex flex-col gap-2 rounded-xl border bg-surface p-3 text-sm shadow-sm',
        task.isOverdue ? 'border-loss/60' : 'border-line',
        isHighlighted && 'ring-2 ring-focus',
      )}
    >
      <div className="flex items-start gap-2">
        {select}
        <div className="min-w-0 flex-1">
          <h4 className="font-semibold leading-snug text-fg">
            <button
              type="button"
              onClick={() => onOpen(task)}
              className="text-left underline-offset-2 hover:underline"
            >
              {task.title}
            </button>
          </h4>
          <p className="truncate text-xs text-muted">
            {task.schoolName}
            {task.teams.length > 0 ? ` · ${task.teams.join(', ')}` : ''}
          </p>
          {kind && kind !== task.title ? <p className="text-xs text-muted">{kind}</p> : null}
        </div>
        {handle}
      </div>
      {showState ? (
        <div>
          <StateBadge state={task.state} />
        </div>
      ) : null}
      <ul className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
        <li className="flex items-center gap-1">
          <UserRound aria-hidden="true" className="size-3.5" />
          <span className="sr-only">Assignee:</span>
          {assignee ?? 'Unassigned'}
        </li>
        {task.dueDate ? (
          <li className={cx('flex items-center gap-1', task.isOverdue && 'font-semibold text-loss')}>
            <CalendarClock aria-hidden="true" className="size-3.5" />
            <span className="sr-only">Due:</span>
            <time dateTime={task.dueDate}>{formatDue(task.dueDate)}</time>
            {task.isOverdue ? <span>(overdue)</span> : null}
          </li>
        ) : null}
        {task.priority !== 'normal' ? (
          <li
            className={cx(
              'flex items-center gap-1',
              (task.priority === 'high' || task.priority === 'urgent') && 'font-semibold text-fg',
            )}
          >
            <Flag aria-hidden="true" className="size-3.5" />
            <span className="sr-only">Priority:</span>
            {PRIORITY_LABELS[task.priority]}
          </li>
        ) : null}
        {progress ? (
          <li className="flex items-center gap-1">
            <ListChecks aria-hidden="true" className="size-3.5" />
            <span className="sr-only">Checklist:</span>
            {progress.done}/{progress.total}
          </li>
        ) : null}
        {task.commentCount > 0 ? (
          <li className="flex items-center gap-1">
            <MessageSquare aria-hidden="true" className="size-3.5" />
            {task.commentCount}
            <span className="sr-only">{task.commentCount === 1 ? 'comment' : 'comments'}</span>
          </li>
        ) : null}
      </ul>
      {task.labels.length > 0 ? (
        <ul className="flex flex-wrap gap-1" aria-label="Labels">
          {task.labels.map((label) => (
            <li key={label} className="rounded-md bg-surface-muted px-1.5 py-0.5 text-xs text-fg">
              {label}
            </li>
          ))}
        </ul>
      ) : null}
      {task.isAuto ? (
        <p className="flex items-start gap-1 text-xs text-muted">
          <Zap aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-accent-text" />
          <span>
            <span className="font-semibold text-fg">Auto</span>
            {task.autoReason ? `: ${task.autoReason}` : ''}
          </span>
        </p>
      ) : null}
      {actions}
    </article>
  );
}
