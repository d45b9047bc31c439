/**
 * Messages to schools and reminder e-mails (the CRM, issue #15; ADR 027 "Messages and reminders"). Pure: the
 * merge fields a message may use, the one function that fills them in (or refuses a message naming a field it
 * does not know, or holding double braces outside a field, so nothing is ever sent half-filled or with braces
 * left in), and which tasks a reminder lists.
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

/** How much text either side of stray braces a refusal quotes. */
const EXCERPT_CHARS = 12;

/**
 * Double braces (`{{` or `}}`) that are not part of a merge field, as short excerpts of the text around them:
 * `{{{{school_name}}}}` (braces around a field), `{{ {{teacher_name}} }}` (a field inside braces), `{{school_name}`
 * (one brace short). Filling the fields would leave them in the mail, so such a text is refused.
 */
export function strayMergeBraces(text: string): string[] {
  // The text between merge fields, each field replaced by a character that is no brace.
  const between = text.replace(FIELD_PATTERN, '\u0000');
  // Stray braces close together are quoted in one excerpt.
  const ranges: { from: number; to: number }[] = [];
  for (const match of between.matchAll(/\{\{+|\}\}+/g)) {
    const from = Math.max(0, match.index - EXCERPT_CHARS);
    const to = Math.min(between.length, match.index + match[0].length + EXCERPT_CHARS);
    const last = ranges.at(-1);
    if (last && from <= last.to) last.to = to;
    else ranges.push({ from, to });
  }
  return ranges.map(({ from, to }) =>
    between.slice(from, to).replaceAll('\u0000', '…').replace(/\s+/g, ' ').trim(),
  );
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

/**
 * A filled message, or why the template was refused: fields that are not merge fields (named), or double braces
 * outside any merge field (quoted). The words the user reads are `CRM_MESSAGE_TEXTS` in src/contracts.
 */
export type MergeResult =
  | { ok: true; subject: string; body: string }
  | { ok: false; reason: 'unknown_merge_field'; unknown: string[] }
  | { ok: false; reason: 'stray_merge_braces'; excerpts: string[] };

/** Runs of braces in filled text become one brace: a value can never make `{{` or `}}` (see renderCrmMessage). */
const withoutDoubleBraces = (text: string) => text.replace(/\{\{+/g, '{').replace(/\}\}+/g, '}');

/**
 * Checks a message template without filling it: unknown merge fields first (they are the likelier mistake),
 * then stray double braces. Null when the template may be sent.
 */
export function checkCrmMessageTemplate(template: {
  subject: string;
  body: string;
}): Exclude<MergeResult, { ok: true }> | null {
  const unknown = [
    ...new Set([...unknownMergeFields(template.subject), ...unknownMergeFields(template.body)]),
  ];
  if (unknown.length > 0) return { ok: false, reason: 'unknown_merge_field', unknown };
  const excerpts = [...strayMergeBraces(template.subject), ...strayMergeBraces(template.body)];
  if (excerpts.length > 0) return { ok: false, reason: 'stray_merge_braces', excerpts };
  return null;
}

/**
 * Fills a message's merge fields for one school, in one pass (a value is never read as a field). A subject or
 * body naming a field that is not a merge field, or holding double braces outside a merge field, is refused as
 * a whole, never sent with braces left in. What is sent never holds `{{` or `}}`, whatever the template and the
 * school's data: the template's own text has none (checked), a value's runs of braces are made single, and so
 * is a brace of the template that meets one of a value.
 */
export function renderCrmMessage(
  template: { subject: string; body: string },
  source: CrmMergeSource,
): MergeResult {
  const refusal = checkCrmMessageTemplate(template);
  if (refusal) return refusal;
  const values = mergeValues(source);
  const fill = (text: string) =>
    withoutDoubleBraces(text.replace(FIELD_PATTERN, (_whole, name: string) => values[name as CrmMergeField]));
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
