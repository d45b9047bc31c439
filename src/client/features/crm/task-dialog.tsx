import { History, ListChecks, MessageSquare, Plus, Save, Zap } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import {
  CRM_LABEL_MAX,
  CRM_MESSAGES,
  CRM_ROSTER_CHANGE_ACTION,
  CRM_TEXT_MAX,
  type CrmActivity,
  type CrmTask,
  crmChecklistCreateSchema,
  crmCommentCreateSchema,
  crmTaskChangeSchema,
} from '../../../contracts/crm';
import {
  CRM_PRIORITIES,
  CRM_STATE_LABELS,
  CRM_TASK_STATES,
  type CrmPriority,
  type CrmTaskState,
} from '../../../domain/crm';
import { QueryView } from '../../components/query-view';
import { Button, SubmitButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { CheckboxField, SelectField, TextareaField, TextField } from '../../components/ui/field';
import { serverMessage } from '../../lib/api-client';
import { useFieldErrors } from '../../lib/form';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { kindLabel } from './board-logic';
import {
  staleTaskOf,
  type TaskChange,
  useAddChecklistItem,
  useAddComment,
  useChangeChecklistItem,
  useChangeTask,
  useCrmTask,
} from './queries';
import { PRIORITY_LABELS } from './task-card';
import { StateBadge } from './task-states';

export type Staff = { id: string; name: string }[];

export const staffNameOf = (staff: Staff) => (id: string | null) =>
  id === null ? null : (staff.find((member) => member.id === id)?.name ?? null);

/** A state code in the activity log as its label; anything else as it is. */
const activityValue = (value: string | null) =>
  value === null ? '–' : (CRM_STATE_LABELS[value as CrmTaskState] ?? value);

interface Draft {
  base: CrmTask;
  state: CrmTaskState;
  assigneeId: string;
  dueDate: string;
  priority: CrmPriority;
  labels: string;
  watcherIds: string[];
  reason: string;
}

const draftOf = (task: CrmTask): Draft => ({
  base: task,
  state: task.state,
  assigneeId: task.assigneeId ?? '',
  dueDate: task.dueDate ?? '',
  priority: task.priority,
  labels: task.labels.join(', '),
  watcherIds: task.watcherIds,
  reason: '',
});

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/** What the form changes of the task it was drawn from (only the fields that differ). */
export function changeOf(draft: Draft): TaskChange {
  const task = draft.base;
  const change: TaskChange = {};
  if (draft.state !== task.state) change.state = draft.state;
  if ((draft.assigneeId || null) !== task.assigneeId) change.assigneeId = draft.assigneeId || null;
  if ((draft.dueDate || null) !== task.dueDate) change.dueDate = draft.dueDate || null;
  if (draft.priority !== task.priority) change.priority = draft.priority;
  const labels = draft.labels
    .split(',')
    .map((label) => label.trim())
    .filter(Boolean);
  if (!sameList(labels, task.labels)) change.labels = labels;
  if (!sameList([...draft.watcherIds].sort(), [...task.watcherIds].sort()))
    change.watcherIds = draft.watcherIds;
  if (draft.reason.trim()) change.reason = draft.reason.trim();
  return change;
}

function TaskForm({ task, staff }: { task: CrmTask; staff: Staff }) {
  const [draft, setDraft] = useState(() => draftOf(task));
  const { errors, formRef, check } = useFieldErrors();
  const change = useChangeTask();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((old) => ({ ...old, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const asked = changeOf(draft);
    const body = check(crmTaskChangeSchema, { ...asked, version: draft.base.version });
    if (!body || Object.keys(asked).length === 0) return;
    change.mutate(
      { task: draft.base, change: asked },
      {
        onSuccess: () => {
          notify('success', CRM_MESSAGES.updated, { id: 'crm-task' });
          setDraft((old) => ({ ...old, reason: '' }));
        },
        onError: (error) => {
          const current = staleTaskOf(error);
          if (current) {
            notify('error', CRM_MESSAGES.stale, { id: 'crm-task' });
            setDraft(draftOf(current));
          } else notify('error', serverMessage(error, CRM_MESSAGES.updateFailed), { id: 'crm-task' });
        },
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="State"
          value={draft.state}
          onChange={(event) => set('state', event.target.value as CrmTaskState)}
        >
          {CRM_TASK_STATES.map((state) => (
            <option key={state} value={state}>
              {CRM_STATE_LABELS[state]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Assignee"
          value={draft.assigneeId}
          onChange={(event) => set('assigneeId', event.target.value)}
        >
          <option value="">Unassigned</option>
          {staff.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Due date"
          type="date"
          value={draft.dueDate}
          onChange={(event) => set('dueDate', event.target.value)}
          error={errors.dueDate}
        />
        <SelectField
          label="Priority"
          value={draft.priority}
          onChange={(event) => set('priority', event.target.value as CrmPriority)}
        >
          {CRM_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {PRIORITY_LABELS[priority]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Labels"
          className="sm:col-span-2"
          value={draft.labels}
          onChange={(event) => set('labels', event.target.value)}
          hint={`Separated by commas, up to ${CRM_LABEL_MAX} characters each`}
          error={errors.labels}
        />
      </div>
      {staff.length > 0 ? (
        <fieldset className="flex flex-col">
          <legend className="mb-1 text-sm font-semibold text-fg">Watchers</legend>
          <div className="grid gap-x-4 sm:grid-cols-2">
            {staff.map((member) => (
              <CheckboxField
                key={member.id}
                label={member.name}
                checked={draft.watcherIds.includes(member.id)}
                onChange={(event) =>
                  set(
                    'watcherIds',
                    event.target.checked
                      ? [...draft.watcherIds, member.id]
                      : draft.watcherIds.filter((id) => id !== member.id),
                  )
                }
              />
            ))}
          </div>
        </fieldset>
      ) : null}
      <TextField
        label="Reason (optional)"
        value={draft.reason}
        onChange={(event) => set('reason', event.target.value)}
        hint="Recorded in the activity log"
        maxLength={300}
        error={errors.reason}
      />
      <div>
        <SubmitButton isPending={change.isPending} pendingLabel="Saving…">
          <Save aria-hidden="true" className="size-4" />
          Save changes
        </SubmitButton>
      </div>
    </form>
  );
}

function Checklist({ task, staff }: { task: CrmTask; staff: Staff }) {
  const add = useAddChecklistItem(task.id);
  const changeItem = useChangeChecklistItem();
  const [text, setText] = useState('');
  const [assigneeId, setAssigneeId] = useState('');
  const { errors, formRef, check } = useFieldErrors();

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const body = check(crmChecklistCreateSchema, { text, assigneeId: assigneeId || null });
    if (!body) return;
    add.mutate(body, {
      onSuccess: () => {
        notify('success', CRM_MESSAGES.updated, { id: 'crm-checklist' });
        setText('');
      },
      onError: (error) =>
        notify('error', serverMessage(error, CRM_MESSAGES.updateFailed), { id: 'crm-checklist' }),
    });
  };
  const onChangeItem = (itemId: number, body: { done?: boolean; assigneeId?: string | null }) =>
    changeItem.mutate(
      { itemId, ...body },
      {
        onError: (error) =>
          notify('error', serverMessage(error, CRM_MESSAGES.updateFailed), { id: 'crm-checklist' }),
      },
    );

  return (
    <section aria-labelledby={`checklist-${task.id}`} className="flex flex-col gap-2">
      <h3 id={`checklist-${task.id}`} className="flex items-center gap-2 font-semibold text-fg">
        <ListChecks aria-hidden="true" className="size-4" />
        Checklist
      </h3>
      {task.checklist.length > 0 ? (
        <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
          {task.checklist.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-1.5">
              <CheckboxField
                label={<span className={item.done ? 'text-muted line-through' : ''}>{item.text}</span>}
                checked={item.done}
                onChange={(event) => onChangeItem(item.id, { done: event.target.checked })}
              />
              <select
                aria-label={`Assignee of “${item.text}”`}
                className="min-h-9 rounded-lg border border-line bg-surface px-2 text-sm text-fg"
                value={item.assigneeId ?? ''}
                onChange={(event) => onChangeItem(item.id, { assigneeId: event.target.value || null })}
              >
                <option value="">Unassigned</option>
                {staff.map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name}
                  </option>
                ))}
              </select>
            </li>
          ))}
        </ul>
      ) : null}
      <form ref={formRef} onSubmit={onAdd} noValidate className="flex flex-wrap items-end gap-2">
        <TextField
          label="New item"
          name="text"
          className="min-w-48 flex-1"
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
          error={errors.text}
        />
        <SelectField
          label="Item assignee"
          className="w-44"
          value={assigneeId}
          onChange={(event) => setAssigneeId(event.target.value)}
        >
          <option value="">Unassigned</option>
          {staff.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </SelectField>
        <SubmitButton isPending={add.isPending} pendingLabel="Adding…" variant="secondary">
          <Plus aria-hidden="true" className="size-4" />
          Add item
        </SubmitButton>
      </form>
    </section>
  );
}

/** A comment or note form and its list (task comments; the school page's notes use it too). */
export function CommentThread({
  title,
  items,
  onAdd,
  isPending,
  fieldLabel,
}: {
  title: string;
  items: { id: number; at: string; authorName: string | null; body: string }[];
  onAdd: (body: string, done: () => void) => void;
  isPending: boolean;
  fieldLabel: string;
}) {
  const [body, setBody] = useState('');
  const { errors, formRef, check } = useFieldErrors();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = check(crmCommentCreateSchema, { body });
    if (parsed) onAdd(parsed.body, () => setBody(''));
  };
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h3 className="flex items-center gap-2 font-semibold text-fg">
        <MessageSquare aria-hidden="true" className="size-4" />
        {title}
      </h3>
      {items.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {items.map((item) => (
            <li key={item.id} className="rounded-xl bg-surface-muted px-3 py-2 text-sm">
              <p className="text-xs text-muted">
                {item.authorName ?? 'Someone'} · {formatDateTime(item.at)}
              </p>
              <p className="whitespace-pre-wrap break-words text-fg">{item.body}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        <TextareaField
          label={fieldLabel}
          name="body"
          rows={2}
          maxLength={CRM_TEXT_MAX}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          error={errors.body}
        />
        <div>
          <SubmitButton isPending={isPending} pendingLabel="Adding…" variant="secondary">
            <Plus aria-hidden="true" className="size-4" />
            Add
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}

const isRosterChange = (entry: CrmActivity) => entry.action === CRM_ROSTER_CHANGE_ACTION;

/** The append-only activity log: who, when, from → to, why; a teacher's roster change as its sentence. */
export function ActivityList({
  activity,
  showTask = false,
}: {
  activity: CrmActivity[];
  showTask?: boolean;
}) {
  return (
    <section aria-label="Activity" className="flex flex-col gap-2">
      <h3 className="flex items-center gap-2 font-semibold text-fg">
        <History aria-hidden="true" className="size-4" />
        Activity
      </h3>
      {activity.length === 0 ? (
        <p className="text-sm text-muted">Nothing recorded yet.</p>
      ) : (
        <ol className="flex flex-col gap-1.5 text-sm" data-testid="crm-activity">
          {activity.map((entry) => (
            <li key={entry.id} className="border-l-2 border-line pl-3">
              <p className="text-xs text-muted">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> ·{' '}
                {entry.actorName ??
                  (isRosterChange(entry) ? (
                    "The school's teacher"
                  ) : (
                    <span className="inline-flex items-center gap-0.5">
                      <Zap aria-hidden="true" className="size-3" />
                      Automatic
                    </span>
                  ))}
              </p>
              <p className="text-fg">
                {showTask && entry.taskTitle ? (
                  <span className="font-semibold">{entry.taskTitle}: </span>
                ) : null}
                {isRosterChange(entry) ? (
                  entry.to
                ) : (
                  <>
                    {entry.action}
                    {entry.from !== null || entry.to !== null
                      ? ` ${activityValue(entry.from)} → ${activityValue(entry.to)}`
                      : ''}
                  </>
                )}
              </p>
              {entry.reason ? <p className="text-xs text-muted">{entry.reason}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function TaskDetail({ taskId, staff }: { taskId: number; staff: Staff }) {
  const detail = useCrmTask(taskId);
  const addComment = useAddComment(taskId);
  return (
    <QueryView query={detail} errorTitle={CRM_MESSAGES.loadFailed} keepDataOnError>
      {({ task, comments, activity }) => (
        <div className="flex flex-col gap-6">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <StateBadge state={task.state} />
            <Link to={`/crm/teams/${encodeURIComponent(task.schoolId)}`} className="text-link">
              {task.schoolName}
            </Link>
            {task.teams.length > 0 ? <span className="text-muted">{task.teams.join(', ')}</span> : null}
            {kindLabel(task) ? <span className="text-muted">· {kindLabel(task)}</span> : null}
          </div>
          {task.isAuto ? (
            <p className="flex items-start gap-1.5 rounded-xl bg-surface-muted px-3 py-2 text-sm">
              <Zap aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-text" />
              <span>
                <span className="font-semibold">Ticked by events.</span>
                {task.autoReason ? ` ${task.autoReason}` : ''}
              </span>
            </p>
          ) : null}
          {/* Keyed by the task: a live refetch keeps what is being typed; a stale save resets it to the server’s. */}
          <TaskForm key={task.id} task={task} staff={staff} />
          <Checklist task={task} staff={staff} />
          <CommentThread
            title="Comments"
            fieldLabel="New comment"
            items={comments}
            isPending={addComment.isPending}
            onAdd={(body, done) =>
              addComment.mutate(body, {
                onSuccess: () => {
                  notify('success', CRM_MESSAGES.commentAdded, { id: 'crm-comment' });
                  done();
                },
                onError: (error) =>
                  notify('error', serverMessage(error, CRM_MESSAGES.updateFailed), { id: 'crm-comment' }),
              })
            }
          />
          <ActivityList activity={activity} />
        </div>
      )}
    </QueryView>
  );
}

/** The task's detail in a dialog: its fields, checklist, comments and activity. */
export function TaskDialog({
  taskId,
  title,
  staff,
  onClose,
}: {
  taskId: number | null;
  title: string | null;
  staff: Staff;
  onClose: () => void;
}) {
  if (taskId === null) return null;
  return (
    <Dialog isOpen onClose={onClose} size="lg" title={title ?? 'Task'}>
      <TaskDetail taskId={taskId} staff={staff} />
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
