import { and, desc, eq, gte, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type {
  CrmActivityFilters,
  CrmActivityLogRow,
  CrmActivityPage,
  CrmAnalyticsView,
} from '../../../contracts/crm-analytics';
import { type AnalyticsTask, computeCrmAnalytics, STATE_MOVE_ACTIONS } from '../../../domain/crm-analytics';
import { formatCsv } from '../../../domain/csv';
import { eventDayOf } from '../../../domain/event-day';
import type { Db } from '../../db/client';
import { isDigits, keysetPage, parseCursor, utcMicros } from '../../db/keyset';
import { user } from '../../db/schema/auth';
import { crmActivity, crmTasks } from '../../db/schema/crm';
import { registrations } from '../../db/schema/registrations';
import { schools } from '../../db/schema/schools';
import type { FeatureContext } from '../../feature-context';
import { loadStaff } from './crm.service';
import { loadEventContext, loadTemplates } from './crm-facts';

type Deps = Pick<FeatureContext, 'db' | 'clock'>;

/**
 * The analytics page's one read (the tasks, their state moves, the schools' registrations, the staff, the
 * templates and the event day), handed to `computeCrmAnalytics`. Kinds, money and readiness are read the way
 * the overview reads them, so both pages say the same.
 */
export async function readAnalytics(deps: Deps): Promise<CrmAnalyticsView> {
  const { db } = deps;
  const [context, taskRows, moves, staff, templates] = await Promise.all([
    loadEventContext(db, deps.clock.now()),
    db
      .select({
        id: crmTasks.id,
        schoolId: crmTasks.schoolId,
        kind: crmTasks.kind,
        state: crmTasks.state,
        dueDate: crmTasks.dueDate,
        assigneeId: crmTasks.assigneeId,
        createdAt: crmTasks.createdAt,
      })
      .from(crmTasks),
    db
      .select({
        taskId: crmActivity.taskId,
        action: crmActivity.action,
        from: crmActivity.fromValue,
        to: crmActivity.toValue,
        at: crmActivity.createdAt,
      })
      .from(crmActivity)
      .where(and(inArray(crmActivity.action, [...STATE_MOVE_ACTIONS]), isNotNull(crmActivity.taskId))),
    loadStaff(db),
    loadTemplates(db),
  ]);
  const tasks: AnalyticsTask[] = taskRows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  const schoolIds = [...new Set(tasks.map((task) => task.schoolId))];
  const registrationRows =
    schoolIds.length === 0
      ? []
      : await db
          .select({
            schoolId: registrations.schoolId,
            amountCents: registrations.amountCents,
            paymentStatus: registrations.paymentStatus,
          })
          .from(registrations)
          .where(inArray(registrations.schoolId, schoolIds));
  const usedKinds = new Set(tasks.map((task) => task.kind));
  return computeCrmAnalytics({
    today: context.today,
    eventDay: context.eventDay,
    kinds: templates
      .filter((template) => template.isActive || usedKinds.has(template.kind))
      .map((template) => ({ kind: template.kind, label: template.label })),
    tasks,
    activity: moves.map((row) => ({ ...row, taskId: row.taskId!, at: row.at.toISOString() })),
    registrations: registrationRows.map((row) => ({
      schoolId: row.schoolId!,
      amountCents: row.amountCents,
      isPaid: row.paymentStatus === 'paid',
      isCancelled: row.paymentStatus === 'cancelled',
    })),
    staff,
    dayOf: (at) => eventDayOf(new Date(at)),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The activity log (/crm/system-logs, crm_admin)

/** Who made a change, for the actor filter: `event` stands for the automatic moves (no actor). */
export const EVENT_ACTOR = 'event';
export const MANUAL_KIND = 'manual';

function conditions(filters: CrmActivityFilters): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (filters.school) where.push(eq(crmActivity.schoolId, filters.school));
  if (filters.kind === MANUAL_KIND) where.push(and(isNotNull(crmActivity.taskId), isNull(crmTasks.kind)));
  else if (filters.kind) where.push(eq(crmTasks.kind, filters.kind));
  if (filters.actor === EVENT_ACTOR) where.push(isNull(crmActivity.actorId));
  else if (filters.actor) where.push(eq(crmActivity.actorId, filters.actor));
  if (filters.action) where.push(eq(crmActivity.action, filters.action));
  if (filters.from) where.push(gte(crmActivity.createdAt, new Date(filters.from)));
  if (filters.to) where.push(lte(crmActivity.createdAt, new Date(filters.to)));
  return where.length === 0 ? undefined : and(...where);
}

async function selectActivity(db: Db, filters: CrmActivityFilters, limit: number, cursor?: string) {
  let page: SQL | undefined;
  if (cursor) {
    const [at, id] = parseCursor(cursor, [isDigits]);
    page = or(
      sql`${crmActivity.createdAt} < ${at}::timestamptz`,
      and(sql`${crmActivity.createdAt} = ${at}::timestamptz`, sql`${crmActivity.id} < ${Number(id)}`),
    );
  }
  return db
    .select({
      row: crmActivity,
      cursorAt: utcMicros(crmActivity.createdAt),
      actorName: user.name,
      taskTitle: crmTasks.title,
      taskKind: crmTasks.kind,
      schoolName: schools.name,
    })
    .from(crmActivity)
    .innerJoin(schools, eq(schools.id, crmActivity.schoolId))
    .leftJoin(user, eq(user.id, crmActivity.actorId))
    .leftJoin(crmTasks, eq(crmTasks.id, crmActivity.taskId))
    .where(and(conditions(filters), page))
    .orderBy(desc(crmActivity.createdAt), desc(crmActivity.id))
    .limit(limit);
}

type Selected = Awaited<ReturnType<typeof selectActivity>>[number];

function toLogRow({ row, actorName, taskTitle, taskKind, schoolName }: Selected): CrmActivityLogRow {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actorName: row.actorId === null ? null : (actorName ?? null),
    actorId: row.actorId,
    taskId: row.taskId,
    taskTitle: taskTitle ?? null,
    taskKind: taskKind ?? null,
    action: row.action,
    from: row.fromValue,
    to: row.toValue,
    reason: row.reason,
    schoolId: row.schoolId,
    schoolName,
  };
}

async function readOptions(db: Db): Promise<CrmActivityPage['options']> {
  const [schoolRows, actorRows, actionRows] = await Promise.all([
    db
      .selectDistinct({ id: schools.id, name: schools.name })
      .from(crmActivity)
      .innerJoin(schools, eq(schools.id, crmActivity.schoolId))
      .orderBy(schools.name),
    db
      .selectDistinct({ id: user.id, name: user.name })
      .from(crmActivity)
      .innerJoin(user, eq(user.id, crmActivity.actorId))
      .orderBy(user.name),
    db.selectDistinct({ action: crmActivity.action }).from(crmActivity).orderBy(crmActivity.action),
  ]);
  return { schools: schoolRows, actors: actorRows, actions: actionRows.map((row) => row.action) };
}

/** One page of the filtered activity, newest first, the next page's cursor and what the filters offer. */
export async function readActivityPage(
  db: Db,
  filters: CrmActivityFilters,
  limit: number,
  cursor?: string,
): Promise<CrmActivityPage> {
  const [records, options] = await Promise.all([
    selectActivity(db, filters, limit + 1, cursor),
    readOptions(db),
  ]);
  const { shown, nextCursor } = keysetPage(records, limit, (record) => `${record.cursorAt}|${record.row.id}`);
  return { rows: shown.map(toLogRow), nextCursor, options };
}

/** The filtered activity as CSV, newest first, at most `limit` rows. */
export async function exportActivity(db: Db, filters: CrmActivityFilters, limit: number): Promise<string> {
  const rows = (await selectActivity(db, filters, limit)).map(toLogRow);
  return formatCsv([
    ['time', 'school', 'task', 'task kind', 'actor', 'action', 'from', 'to', 'reason'],
    ...rows.map((row) => [
      row.at,
      row.schoolName,
      row.taskTitle,
      row.taskKind,
      row.actorId === null ? 'event' : (row.actorName ?? row.actorId),
      row.action,
      row.from,
      row.to,
      row.reason,
    ]),
  ]);
}
