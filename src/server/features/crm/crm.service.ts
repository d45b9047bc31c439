import { and, asc, count, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CRM_MESSAGES,
  type CrmActivity,
  type CrmBoard,
  type CrmCard,
  type CrmOverview,
  type CrmSchool,
  type CrmTask,
  type CrmTaskChange,
  type CrmTemplate,
  type crmBulkChangeSchema,
  type crmBulkResultSchema,
  type crmChecklistChangeSchema,
  type crmChecklistCreateSchema,
  type crmCommentSchema,
  type crmTaskCreateSchema,
  type crmTaskDetailSchema,
  type crmTemplateChangeSchema,
} from '../../../contracts/crm';
import { may } from '../../../domain/access-rules';
import {
  CRM_KIND_DEFAULTS,
  CRM_TASK_KINDS,
  type CrmTaskKind,
  isOverdue,
  isSchoolReady,
  isSettled,
  schoolMoney,
} from '../../../domain/crm';
import { eventDayOf } from '../../../domain/event-day';
import { resolveAccess } from '../../../domain/permissions';
import type { AuditContext, Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import { customRoles, userRoles, userStatus } from '../../db/schema/accounts';
import { user } from '../../db/schema/auth';
import { crmActivity, crmChecklistItems, crmComments, crmTasks, crmTaskTemplates } from '../../db/schema/crm';
import { registrations, registrationTeams } from '../../db/schema/registrations';
import { schools } from '../../db/schema/schools';
import type { FeatureContext } from '../../feature-context';
import { HttpError } from '../../http/errors';
import { loadEventContext, loadSchoolData, loadTemplates } from './crm-facts';

type Deps = Pick<FeatureContext, 'db' | 'clock' | 'audit'>;
type TaskRow = typeof crmTasks.$inferSelect;
type Staff = { id: string; name: string };
export type StaleTask = { stale: true; current: CrmTask };

/** The most activity rows the per-school page shows. */
const SCHOOL_ACTIVITY_LIMIT = 200;

/** Activity actions (the `action` of crm_activity). */
export const CRM_ACTIONS = {
  create: 'create',
  autoMove: 'auto_move',
  state: 'state',
  assignee: 'assignee',
  dueDate: 'due_date',
  priority: 'priority',
  labels: 'labels',
  watchers: 'watchers',
  checklistAdd: 'checklist_add',
  checklistDone: 'checklist_done',
  checklistUndone: 'checklist_undone',
  checklistAssignee: 'checklist_assignee',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Staff

/** Users who may use the CRM (`crm` access) and are not frozen, by name: whom tasks can be assigned to. */
export async function loadStaff(db: Db): Promise<Staff[]> {
  const [rows, roles] = await Promise.all([
    db
      .select({
        id: user.id,
        name: user.name,
        role: userRoles.role,
        customRoleName: userRoles.customRoleName,
        isFrozen: userStatus.isFrozen,
      })
      .from(user)
      // A user without a role record is a player, who may not: only users with one can be staff.
      .innerJoin(userRoles, eq(userRoles.userId, user.id))
      .leftJoin(userStatus, eq(userStatus.userId, user.id)),
    db.select({ name: customRoles.name, permissions: customRoles.permissions }).from(customRoles),
  ]);
  return rows
    .filter((row) => !row.isFrozen && may(resolveAccess(row, roles), 'crm'))
    .map((row) => ({ id: row.id, name: row.name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
}

function requireStaff(staff: readonly Staff[], ids: readonly (string | null | undefined)[]): void {
  const known = new Set(staff.map((member) => member.id));
  for (const id of ids) {
    if (id !== null && id !== undefined && !known.has(id)) throw new HttpError(400, CRM_MESSAGES.notStaff);
  }
}

const nameOf = (staff: readonly Staff[], id: string | null): string | null =>
  id === null ? null : (staff.find((member) => member.id === id)?.name ?? id);

// ---------------------------------------------------------------------------------------------------------------
// Reading tasks

/** Team names of each school's registrations that are not cancelled. */
async function teamNamesBySchool(db: Db, schoolIds: readonly string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (schoolIds.length === 0) return result;
  const rows = await db
    .select({ schoolId: registrations.schoolId, name: registrationTeams.name })
    .from(registrationTeams)
    .innerJoin(registrations, eq(registrations.id, registrationTeams.registrationId))
    .where(and(inArray(registrations.schoolId, [...schoolIds]), ne(registrations.paymentStatus, 'cancelled')))
    .orderBy(registrations.createdAt, registrationTeams.position);
  for (const row of rows) result.set(row.schoolId, [...(result.get(row.schoolId) ?? []), row.name]);
  return result;
}

/** The task rows matching `where` (every task without), by school name and id, with their school's name. */
function taskRows(db: Db, where?: SQL) {
  return db
    .select({ task: crmTasks, schoolName: schools.name })
    .from(crmTasks)
    .innerJoin(schools, eq(schools.id, crmTasks.schoolId))
    .where(where)
    .orderBy(asc(schools.name), asc(crmTasks.id));
}
type TaskWithSchool = Awaited<ReturnType<typeof taskRows>>[number];

/** The cards of these rows: comment counts and the teams read here, checklist counts given. */
async function cardsOf(
  db: Db,
  rows: readonly TaskWithSchool[],
  today: string,
  checklistCounts: (taskId: number) => { done: number; total: number },
): Promise<CrmCard[]> {
  const ids = rows.map((row) => row.task.id);
  const [comments, teams] = await Promise.all([
    db
      .select({ taskId: crmComments.taskId, n: count() })
      .from(crmComments)
      .where(inArray(crmComments.taskId, ids))
      .groupBy(crmComments.taskId),
    teamNamesBySchool(db, [...new Set(rows.map((row) => row.task.schoolId))]),
  ]);
  const commentCount = new Map(comments.map((row) => [row.taskId, row.n]));
  return rows.map(({ task, schoolName }) => {
    const checklist = checklistCounts(task.id);
    return {
      id: task.id,
      version: task.version,
      schoolId: task.schoolId,
      schoolName,
      kind: task.kind,
      title: task.title,
      state: task.state,
      isAuto: task.kind !== null && CRM_KIND_DEFAULTS[task.kind].isAuto,
      autoReason: task.autoReason,
      assigneeId: task.assigneeId,
      dueDate: task.dueDate,
      isOverdue: isOverdue(task, today),
      priority: task.priority,
      labels: task.labels,
      teams: teams.get(task.schoolId) ?? [],
      checklistDone: checklist.done,
      checklistTotal: checklist.total,
      commentCount: commentCount.get(task.id) ?? 0,
    };
  });
}

/**
 * Every task's card, for the board and the overview (ADR 030): the checklists only counted, in the database, and
 * no watchers or change times, which no card shows.
 */
export async function loadCards(db: Db, today: string): Promise<CrmCard[]> {
  const rows = await taskRows(db);
  if (rows.length === 0) return [];
  const counts = await db
    .select({
      taskId: crmChecklistItems.taskId,
      total: count(),
      done: sql<number>`count(*) filter (where ${crmChecklistItems.done})`.mapWith(Number),
    })
    .from(crmChecklistItems)
    .groupBy(crmChecklistItems.taskId);
  const byTask = new Map(counts.map((row) => [row.taskId, { done: row.done, total: row.total }]));
  return cardsOf(db, rows, today, (id) => byTask.get(id) ?? { done: 0, total: 0 });
}

/** The tasks matching `where` (every task without), oldest first, with their checklists and comment counts. */
export async function loadTasks(db: Db, today: string, where?: SQL): Promise<CrmTask[]> {
  const rows = await taskRows(db, where);
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(crmChecklistItems)
    .where(
      inArray(
        crmChecklistItems.taskId,
        rows.map((row) => row.task.id),
      ),
    )
    .orderBy(crmChecklistItems.id);
  const itemsByTask = new Map<number, CrmTask['checklist']>();
  for (const item of items) {
    itemsByTask.set(item.taskId, [
      ...(itemsByTask.get(item.taskId) ?? []),
      { id: item.id, text: item.text, done: item.done, assigneeId: item.assigneeId },
    ]);
  }
  const checklistOf = (id: number) => itemsByTask.get(id) ?? [];
  const cards = await cardsOf(db, rows, today, (id) => ({
    done: checklistOf(id).filter((item) => item.done).length,
    total: checklistOf(id).length,
  }));
  return cards.map((card, index) => {
    const task = rows[index]!.task;
    return {
      ...card,
      watcherIds: task.watcherIds,
      checklist: checklistOf(task.id),
      updatedAt: task.updatedAt.toISOString(),
    };
  });
}

async function loadTask(db: Db, id: number, today: string): Promise<CrmTask> {
  const [task] = await loadTasks(db, today, eq(crmTasks.id, id));
  if (!task) throw new HttpError(404, CRM_MESSAGES.notFound);
  return task;
}

const todayOf = (deps: Pick<Deps, 'clock'>) => eventDayOf(deps.clock.now());

export async function readBoard(deps: Deps): Promise<CrmBoard> {
  const today = todayOf(deps);
  const [tasks, staff] = await Promise.all([loadCards(deps.db, today), loadStaff(deps.db)]);
  return { tasks, staff, today };
}

async function activityOf(db: Db, where: SQL, limit: number): Promise<CrmActivity[]> {
  const rows = await db
    .select({ row: crmActivity, actorName: user.name, taskTitle: crmTasks.title })
    .from(crmActivity)
    .leftJoin(user, eq(user.id, crmActivity.actorId))
    .leftJoin(crmTasks, eq(crmTasks.id, crmActivity.taskId))
    .where(where)
    .orderBy(desc(crmActivity.createdAt), desc(crmActivity.id))
    .limit(limit);
  return rows.map(({ row, actorName, taskTitle }) => ({
    id: row.id,
    at: row.createdAt.toISOString(),
    actorName: row.actorId === null ? null : (actorName ?? null),
    actorId: row.actorId,
    taskId: row.taskId,
    taskTitle: taskTitle ?? null,
    action: row.action,
    from: row.fromValue,
    to: row.toValue,
    reason: row.reason,
  }));
}

async function commentsOf(db: Db, where: SQL): Promise<z.infer<typeof crmCommentSchema>[]> {
  const rows = await db
    .select({ row: crmComments, authorName: user.name })
    .from(crmComments)
    .leftJoin(user, eq(user.id, crmComments.authorId))
    .where(where)
    .orderBy(asc(crmComments.createdAt), asc(crmComments.id));
  return rows.map(({ row, authorName }) => ({
    id: row.id,
    at: row.createdAt.toISOString(),
    authorName: authorName ?? null,
    body: row.body,
  }));
}

export async function readTaskDetail(deps: Deps, id: number): Promise<z.infer<typeof crmTaskDetailSchema>> {
  const task = await loadTask(deps.db, id, todayOf(deps));
  const [comments, activity] = await Promise.all([
    commentsOf(deps.db, eq(crmComments.taskId, id)),
    activityOf(deps.db, eq(crmActivity.taskId, id), SCHOOL_ACTIVITY_LIMIT),
  ]);
  return { task, comments, activity };
}

// ---------------------------------------------------------------------------------------------------------------
// The overview and the school page

export async function readOverview(deps: Deps): Promise<CrmOverview> {
  const { db } = deps;
  const today = todayOf(deps);
  const [tasks, staff, templates] = await Promise.all([
    loadCards(db, today),
    loadStaff(db),
    loadTemplates(db),
  ]);
  const schoolIds = [...new Set(tasks.map((task) => task.schoolId))];
  const registrationRows =
    schoolIds.length === 0
      ? []
      : await db
          .select({
            schoolId: registrations.schoolId,
            paymentStatus: registrations.paymentStatus,
            amountCents: registrations.amountCents,
          })
          .from(registrations)
          .where(
            and(inArray(registrations.schoolId, schoolIds), ne(registrations.paymentStatus, 'cancelled')),
          );
  const usedKinds = new Set(tasks.map((task) => task.kind));
  const kinds = templates
    .filter((template) => template.isActive || usedKinds.has(template.kind))
    .map((template) => ({ kind: template.kind, label: template.label }));
  const bySchool = new Map<string, CrmCard[]>();
  for (const task of tasks) bySchool.set(task.schoolId, [...(bySchool.get(task.schoolId) ?? []), task]);
  const overviewSchools = [...bySchool.entries()].map(([id, own]) => {
    const money = schoolMoney(registrationRows.filter((row) => row.schoolId === id));
    return {
      id,
      name: own[0]!.schoolName,
      teams: own[0]!.teams,
      dueCents: money.dueCents,
      owedCents: money.owedCents,
      paidCents: money.paidCents,
      payment: money.payment,
      cells: CRM_TASK_KINDS.flatMap((kind) => {
        const task = own.find((candidate) => candidate.kind === kind);
        return task
          ? [
              {
                kind,
                taskId: task.id,
                state: task.state,
                isOverdue: task.isOverdue,
                assigneeId: task.assigneeId,
                dueDate: task.dueDate,
              },
            ]
          : [];
      }),
      open: own.filter((task) => !isSettled(task.state)).length,
      overdue: own.filter((task) => task.isOverdue).length,
      blocked: own.filter((task) => task.state === 'blocked').length,
      isReady: isSchoolReady(own),
    };
  });
  overviewSchools.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
  return { kinds, schools: overviewSchools, staff, today };
}

export async function readSchool(deps: Deps, schoolId: string): Promise<CrmSchool> {
  const { db } = deps;
  const context = await loadEventContext(db, deps.clock.now());
  const school = (await loadSchoolData(db, [schoolId], context)).get(schoolId);
  if (!school) throw new HttpError(404, CRM_MESSAGES.schoolNotFound);
  const [tasks, notes, activity, staff] = await Promise.all([
    loadTasks(db, context.today, eq(crmTasks.schoolId, schoolId)),
    commentsOf(db, and(eq(crmComments.schoolId, schoolId), isNull(crmComments.taskId))!),
    activityOf(db, eq(crmActivity.schoolId, schoolId), SCHOOL_ACTIVITY_LIMIT),
    loadStaff(db),
  ]);
  return {
    id: school.id,
    name: school.name,
    contacts: {
      teacherName: school.teacherName,
      teacherEmail: school.teacherEmail,
      teacherPhone: school.teacherPhone,
    },
    registrations: [...school.registrations].reverse().map((row) => ({
      id: row.id,
      reference: row.reference,
      registrantName: row.registrantName,
      registrantEmail: row.registrantEmail,
      teamCount: row.teamCount,
      amountCents: row.amountCents,
      paymentStatus: row.paymentStatus,
      paidAt: row.paidAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    teams: school.teams,
    tasks,
    notes,
    activity,
    staff,
    today: context.today,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Changing tasks

type ActivityInsert = typeof crmActivity.$inferInsert;

const listText = (values: readonly string[]) => (values.length === 0 ? null : values.join(', '));
const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/**
 * The columns a change sets and one activity row per field that differs (from → to), or nothing when the
 * change names only the values already there.
 */
function diffTask(
  task: TaskRow,
  change: Omit<CrmTaskChange, 'version' | 'reason'>,
  staff: readonly Staff[],
): { set: Partial<TaskRow>; activity: Omit<ActivityInsert, 'schoolId' | 'taskId' | 'actorId' | 'reason'>[] } {
  const set: Partial<TaskRow> = {};
  const activity: Omit<ActivityInsert, 'schoolId' | 'taskId' | 'actorId' | 'reason'>[] = [];
  if (change.state !== undefined && change.state !== task.state) {
    set.state = change.state;
    activity.push({ action: CRM_ACTIONS.state, fromValue: task.state, toValue: change.state });
  }
  if (change.assigneeId !== undefined && change.assigneeId !== task.assigneeId) {
    set.assigneeId = change.assigneeId;
    activity.push({
      action: CRM_ACTIONS.assignee,
      fromValue: nameOf(staff, task.assigneeId),
      toValue: nameOf(staff, change.assigneeId),
    });
  }
  if (change.dueDate !== undefined && change.dueDate !== task.dueDate) {
    set.dueDate = change.dueDate;
    activity.push({ action: CRM_ACTIONS.dueDate, fromValue: task.dueDate, toValue: change.dueDate });
  }
  if (change.priority !== undefined && change.priority !== task.priority) {
    set.priority = change.priority;
    activity.push({ action: CRM_ACTIONS.priority, fromValue: task.priority, toValue: change.priority });
  }
  if (change.labels !== undefined) {
    const labels = [...new Set(change.labels)];
    if (!sameList(labels, task.labels)) {
      set.labels = labels;
      activity.push({
        action: CRM_ACTIONS.labels,
        fromValue: listText(task.labels),
        toValue: listText(labels),
      });
    }
  }
  if (change.watcherIds !== undefined) {
    const watchers = [...new Set(change.watcherIds)];
    if (!sameList(watchers, task.watcherIds)) {
      set.watcherIds = watchers;
      const names = (ids: readonly string[]) => listText(ids.map((id) => nameOf(staff, id) ?? id));
      activity.push({
        action: CRM_ACTIONS.watchers,
        fromValue: names(task.watcherIds),
        toValue: names(watchers),
      });
    }
  }
  return { set, activity };
}

/** Applies a diff: the columns, version + 1, and the activity rows, in the caller's transaction. */
async function applyDiff(
  tx: Tx,
  task: TaskRow,
  diff: ReturnType<typeof diffTask>,
  actorId: string,
  reason: string | null,
  now: Date,
): Promise<void> {
  await tx
    .update(crmTasks)
    .set({ ...diff.set, version: task.version + 1, updatedAt: now })
    .where(eq(crmTasks.id, task.id));
  await tx.insert(crmActivity).values(
    diff.activity.map((row) => ({
      ...row,
      schoolId: task.schoolId,
      taskId: task.id,
      actorId,
      reason,
      createdAt: now,
    })),
  );
}

/**
 * PATCH a task naming the version read: applied with one activity row per changed field, or, when the task
 * changed meanwhile, nothing changes and the task as it stands is returned to show.
 */
export async function changeTask(
  deps: Deps,
  actorId: string,
  id: number,
  change: CrmTaskChange,
): Promise<CrmTask | StaleTask> {
  const { version, reason, ...fields } = change;
  const staff = await loadStaff(deps.db);
  requireStaff(staff, [fields.assigneeId, ...(fields.watcherIds ?? [])]);
  const now = deps.clock.now();
  const isStale = await deps.db.transaction(async (tx) => {
    const [task] = await tx.select().from(crmTasks).where(eq(crmTasks.id, id)).for('update');
    if (!task) throw new HttpError(404, CRM_MESSAGES.notFound);
    if (task.version !== version) return true;
    const diff = diffTask(task, fields, staff);
    if (diff.activity.length > 0) await applyDiff(tx, task, diff, actorId, reason || null, now);
    return false;
  });
  const current = await loadTask(deps.db, id, todayOf(deps));
  return isStale ? { stale: true, current } : current;
}

/** One change to several tasks with a stated reason, in one transaction; tasks changed meanwhile are left. */
export async function changeTasks(
  deps: Deps,
  actorId: string,
  body: z.infer<typeof crmBulkChangeSchema>,
): Promise<z.infer<typeof crmBulkResultSchema>> {
  const staff = await loadStaff(deps.db);
  if (body.change.action === 'assign') requireStaff(staff, [body.change.assigneeId]);
  const fields: Omit<CrmTaskChange, 'version' | 'reason'> =
    body.change.action === 'assign'
      ? { assigneeId: body.change.assigneeId }
      : body.change.action === 'move'
        ? { state: body.change.state }
        : { dueDate: body.change.dueDate };
  const versions = new Map(body.tasks.map((task) => [task.id, task.version]));
  const now = deps.clock.now();
  const { updated, staleIds } = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(crmTasks)
      .where(inArray(crmTasks.id, [...versions.keys()]))
      .orderBy(crmTasks.id)
      .for('update');
    if (rows.length !== versions.size) throw new HttpError(404, CRM_MESSAGES.notFound);
    const updated: number[] = [];
    const staleIds: number[] = [];
    for (const task of rows) {
      if (task.version !== versions.get(task.id)) {
        staleIds.push(task.id);
        continue;
      }
      const diff = diffTask(task, fields, staff);
      if (diff.activity.length > 0) await applyDiff(tx, task, diff, actorId, body.reason, now);
      updated.push(task.id);
    }
    return { updated, staleIds };
  });
  const stale =
    staleIds.length === 0 ? [] : await loadTasks(deps.db, todayOf(deps), inArray(crmTasks.id, staleIds));
  return { message: CRM_MESSAGES.bulkUpdated(updated.length), updated, stale };
}

/** A task added by hand to a school. */
export async function createTask(
  deps: Deps,
  actorId: string,
  body: z.infer<typeof crmTaskCreateSchema>,
): Promise<CrmTask> {
  const staff = await loadStaff(deps.db);
  requireStaff(staff, [body.assigneeId]);
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const [school] = await tx
      .select({ id: schools.id })
      .from(schools)
      .where(eq(schools.id, body.schoolId))
      .for('share');
    if (!school) throw new HttpError(404, CRM_MESSAGES.schoolNotFound);
    const [row] = await tx
      .insert(crmTasks)
      .values({
        schoolId: body.schoolId,
        kind: null,
        title: body.title,
        priority: body.priority,
        assigneeId: body.assigneeId,
        dueDate: body.dueDate,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: crmTasks.id });
    await tx.insert(crmActivity).values({
      schoolId: body.schoolId,
      taskId: row!.id,
      actorId,
      action: CRM_ACTIONS.create,
      toValue: body.title,
      createdAt: now,
    });
    return row!.id;
  });
  return loadTask(deps.db, id, todayOf(deps));
}

async function taskSchool(db: Db | Tx, taskId: number): Promise<string> {
  const [task] = await db
    .select({ schoolId: crmTasks.schoolId })
    .from(crmTasks)
    .where(eq(crmTasks.id, taskId));
  if (!task) throw new HttpError(404, CRM_MESSAGES.notFound);
  return task.schoolId;
}

export async function addComment(deps: Deps, actorId: string, taskId: number, body: string): Promise<void> {
  const schoolId = await taskSchool(deps.db, taskId);
  await deps.db
    .insert(crmComments)
    .values({ schoolId, taskId, authorId: actorId, body, createdAt: deps.clock.now() });
}

export async function addSchoolNote(
  deps: Deps,
  actorId: string,
  schoolId: string,
  body: string,
): Promise<void> {
  const [school] = await deps.db.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId));
  if (!school) throw new HttpError(404, CRM_MESSAGES.schoolNotFound);
  await deps.db
    .insert(crmComments)
    .values({ schoolId, taskId: null, authorId: actorId, body, createdAt: deps.clock.now() });
}

export async function addChecklistItem(
  deps: Deps,
  actorId: string,
  taskId: number,
  body: z.infer<typeof crmChecklistCreateSchema>,
): Promise<CrmTask> {
  requireStaff(await loadStaff(deps.db), [body.assigneeId]);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const schoolId = await taskSchool(tx, taskId);
    await tx
      .insert(crmChecklistItems)
      .values({ taskId, text: body.text, assigneeId: body.assigneeId, createdAt: now, updatedAt: now });
    await tx.insert(crmActivity).values({
      schoolId,
      taskId,
      actorId,
      action: CRM_ACTIONS.checklistAdd,
      toValue: body.text,
      createdAt: now,
    });
  });
  return loadTask(deps.db, taskId, todayOf(deps));
}

export async function changeChecklistItem(
  deps: Deps,
  actorId: string,
  itemId: number,
  body: z.infer<typeof crmChecklistChangeSchema>,
): Promise<CrmTask> {
  const staff = await loadStaff(deps.db);
  requireStaff(staff, [body.assigneeId]);
  const now = deps.clock.now();
  const taskId = await deps.db.transaction(async (tx) => {
    const [item] = await tx
      .select({ item: crmChecklistItems, schoolId: crmTasks.schoolId })
      .from(crmChecklistItems)
      .innerJoin(crmTasks, eq(crmTasks.id, crmChecklistItems.taskId))
      .where(eq(crmChecklistItems.id, itemId))
      .for('update');
    if (!item) throw new HttpError(404, CRM_MESSAGES.notFound);
    const activity: ActivityInsert[] = [];
    const base = { schoolId: item.schoolId, taskId: item.item.taskId, actorId, createdAt: now };
    if (body.done !== undefined && body.done !== item.item.done) {
      activity.push({
        ...base,
        action: body.done ? CRM_ACTIONS.checklistDone : CRM_ACTIONS.checklistUndone,
        toValue: item.item.text,
      });
    }
    if (body.assigneeId !== undefined && body.assigneeId !== item.item.assigneeId) {
      activity.push({
        ...base,
        action: CRM_ACTIONS.checklistAssignee,
        fromValue: nameOf(staff, item.item.assigneeId),
        toValue: nameOf(staff, body.assigneeId),
        reason: item.item.text,
      });
    }
    if (activity.length > 0) {
      await tx
        .update(crmChecklistItems)
        .set({
          ...(body.done !== undefined ? { done: body.done } : {}),
          ...(body.assigneeId !== undefined ? { assigneeId: body.assigneeId } : {}),
          updatedAt: now,
        })
        .where(eq(crmChecklistItems.id, itemId));
      await tx.insert(crmActivity).values(activity);
    }
    return item.item.taskId;
  });
  return loadTask(deps.db, taskId, todayOf(deps));
}

// ---------------------------------------------------------------------------------------------------------------
// Templates

export async function readTemplates(db: Db): Promise<{ templates: CrmTemplate[] }> {
  return { templates: await loadTemplates(db) };
}

/**
 * Saves a kind's template (audited). Tasks already created keep their title and due date; an inactive template
 * creates no more tasks.
 */
export async function saveTemplate(
  deps: Deps,
  who: AuditContext,
  kind: CrmTaskKind,
  body: z.infer<typeof crmTemplateChangeSchema>,
): Promise<{ templates: CrmTemplate[] }> {
  const before = (await loadTemplates(deps.db)).find((template) => template.kind === kind)!;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const values = { ...body, updatedBy: who.actorId, updatedAt: now };
    await tx
      .insert(crmTaskTemplates)
      .values({ kind, ...values })
      .onConflictDoUpdate({ target: crmTaskTemplates.kind, set: values });
    await deps.audit.logChange(tx, who, 'update_crm_template', `Task template "${body.label}" saved`, {
      kind,
      before: {
        label: before.label,
        description: before.description,
        dueDaysBefore: before.dueDaysBefore,
        isActive: before.isActive,
      },
      after: body,
    });
  });
  return readTemplates(deps.db);
}
