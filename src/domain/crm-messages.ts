/**
 * Messages to schools and reminder e-mails (the CRM, issue #15; ADR 027 "Messages and reminders"). Pure: the
 * merge fields a message may use, the one function that fills them in (or refuses a message naming a field it
 * does not know, so nothing is ever sent half-filled), and which tasks a reminder lists.
 */
import { type CrmTaskState, isSettled } from './crm';
import { formatEuro } from './registration';

/** The merge fields, in the order the message form lists them. */
export const CRM_MERGE_FIELDS = [
  'teacher_name',
  'school_name',
  'amount_owed',
  'teams',
  'open_tasks',
] as const;
export type CrmMergeField = (typeof CRM_MERGE_FIELDS)[number];

export const CRM_MERGE_FIELD_LABELS: Record<CrmMergeField, string> = {
  teacher_name: 'The teacher in charge',
  school_name: 'The school',
  amount_owed: 'Amount owed (e.g. €50.00)',
  teams: 'The school’s teams',
  open_tasks: 'The school’s open tasks',
};

/** What a school's message is filled in from. */
export interface CrmMergeSource {
  teacherName: string | null;
  schoolName: string;
  owedCents: number;
  teams: readonly string[];
  openTasks: readonly string[];
}

/** `{{ name }}`, spaces inside the braces allowed; anything else in double braces is a field name too. */
const FIELD_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

const isMergeField = (name: string): name is CrmMergeField =>
  (CRM_MERGE_FIELDS as readonly string[]).includes(name);

/** The field names a text uses that are not merge fields (each once, in order of appearance). */
export function unknownMergeFields(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(FIELD_PATTERN)) {
    const name = match[1] ?? '';
    if (!isMergeField(name)) unknown.add(name);
  }
  return [...unknown];
}

export function mergeValues(source: CrmMergeSource): Record<CrmMergeField, string> {
  return {
    teacher_name: source.teacherName?.trim() || 'Teacher',
    school_name: source.schoolName,
    amount_owed: formatEuro(source.owedCents),
    teams: source.teams.length === 0 ? 'no team' : source.teams.join(', '),
    open_tasks: source.openTasks.length === 0 ? 'none' : source.openTasks.join(', '),
  };
}

export type MergeResult =
  | { ok: true; subject: string; body: string }
  | { ok: false; unknown: string[]; error: string };

/** The error a message naming unknown fields gets, listing them and the fields there are. */
export function unknownFieldsError(unknown: readonly string[]): string {
  const named = unknown.map((name) => `{{${name}}}`).join(', ');
  const known = CRM_MERGE_FIELDS.map((name) => `{{${name}}}`).join(', ');
  return `Unknown merge field${unknown.length === 1 ? '' : 's'} ${named}. Use ${known}.`;
}

/**
 * Fills a message's merge fields for one school. A subject or body naming a field that is not a merge field is
 * refused as a whole (with the names), never sent with the braces left in.
 */
export function renderCrmMessage(
  template: { subject: string; body: string },
  source: CrmMergeSource,
): MergeResult {
  const unknown = [
    ...new Set([...unknownMergeFields(template.subject), ...unknownMergeFields(template.body)]),
  ];
  if (unknown.length > 0) return { ok: false, unknown, error: unknownFieldsError(unknown) };
  const values = mergeValues(source);
  const fill = (text: string) =>
    text.replace(FIELD_PATTERN, (_whole, name: string) => values[name as CrmMergeField]);
  // A subject is one line: a merged value never breaks it.
  return { ok: true, subject: fill(template.subject).replace(/\s*\n\s*/g, ' '), body: fill(template.body) };
}

/** The reminder timing's bounds: 0 switches reminders off. */
export const CRM_REMINDER_DAYS_DEFAULT = 3;
export const CRM_REMINDER_DAYS_MAX = 30;

/** Adds days to a YYYY-MM-DD date. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export interface ReminderCandidate {
  id: number;
  state: CrmTaskState;
  dueDate: string | null;
}

/**
 * The tasks a school's reminder lists today: open, due from today to `days` days ahead, and not already
 * reminded for that due date (`sent` holds "taskId:dueDate" of reminders gone before). Overdue tasks are not
 * reminded of again: the reminder is about what comes up.
 */
export function tasksToRemind<T extends ReminderCandidate>(
  tasks: readonly T[],
  today: string,
  days: number,
  sent: ReadonlySet<string>,
): T[] {
  if (days <= 0) return [];
  const last = addDays(today, days);
  return tasks.filter(
    (task) =>
      !isSettled(task.state) &&
      task.dueDate !== null &&
      task.dueDate >= today &&
      task.dueDate <= last &&
      !sent.has(reminderKey(task.id, task.dueDate)),
  );
}

export const reminderKey = (taskId: number, dueDate: string) => `${taskId}:${dueDate}`;
