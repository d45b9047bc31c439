import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { LiveTopic } from '../../../contracts/live';
import {
  autoOutcome,
  autoTransition,
  CRM_KIND_DEFAULTS,
  type CrmTaskKind,
  type CrmTaskState,
  defaultDueDate,
  type SchoolFacts,
} from '../../../domain/crm';
import type { Tx } from '../../audit/audit';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { crmActivity, crmTasks } from '../../db/schema/crm';
import type { ChangeFeed } from '../../live/change-feed';
import { DebouncedChanges } from '../../live/debounced-changes';
import {
  type CrmTemplateView,
  type EventContext,
  loadEventContext,
  loadSchoolData,
  loadTemplates,
  schoolsInScope,
} from './crm-facts';

/** The longest a shutdown waits for a running sync. */
const STOP_WAIT_MS = 5_000;
/** The first key of the two-key advisory lock a school's sync holds (the second is the school's id hashed). */
const CRM_SYNC_LOCK = 27_027;
/** Change topics the tasks tick from. */
const SOURCE_TOPICS: ReadonlySet<LiveTopic> = new Set(['registrations', 'players', 'settings']);

interface SyncTask {
  id: number;
  kind: CrmTaskKind | null;
  state: CrmTaskState;
}

export interface SchoolSyncPlan {
  /** Template kinds the school has no task for yet. */
  create: CrmTaskKind[];
  /** Automatic moves of existing tasks. */
  moves: { taskId: number; from: CrmTaskState; to: CrmTaskState; reason: string }[];
}

/**
 * What a school's sync would do, given its template tasks and facts: create the missing tasks of every active
 * template (only while the school has a registration that is not cancelled), and move each automatic task
 * as `autoTransition(state, autoOutcome(kind, facts))` says. Pure, so the plan made without locks (to skip
 * schools with nothing to do) and the one made under the school's lock are the same computation.
 */
export function planSchoolSync(
  tasks: readonly SyncTask[],
  facts: SchoolFacts,
  templates: readonly CrmTemplateView[],
  hasLiveRegistration: boolean,
): SchoolSyncPlan {
  const present = new Set(tasks.map((task) => task.kind));
  const create = hasLiveRegistration
    ? templates.filter((template) => template.isActive && !present.has(template.kind)).map((t) => t.kind)
    : [];
  const moves: SchoolSyncPlan['moves'] = [];
  for (const task of tasks) {
    if (task.kind === null) continue;
    const outcome = autoOutcome(task.kind, facts);
    if (!outcome) continue;
    const to = autoTransition(task.state, outcome);
    if (to !== null) moves.push({ taskId: task.id, from: task.state, to, reason: outcome.reason });
  }
  return { create, moves };
}

export interface SyncReport {
  /** Schools looked at. */
  schools: number;
  /** Schools that needed a change (and got their own transaction). */
  changedSchools: number;
  created: number;
  moved: number;
}

export interface CrmSyncDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** While true (the site is read-only, a restore runs), the sync writes nothing. */
  isPaused: () => boolean;
}

/**
 * Tasks that tick themselves (ADR 027), by reconciliation: the sync compares every followed school's facts
 * with its tasks and writes only the difference, so running it again, on any process, at any time, changes
 * nothing more. One per process: driven by the change feed (registrations, players, settings; debounced), a
 * timer (for what no row announces: a closing time passing; the `crm-sync` job of `src/server/background-jobs.ts`,
 * which also starts the following), and the CRM's own reads (so a page never shows
 * tasks older than the facts beside them). Each school is changed in its own transaction under a lock on
 * that school, so two processes syncing at once create each task once and record each move once.
 */
export class CrmSync {
  private running: Promise<SyncReport> | null = null;
  private queued: Promise<SyncReport> | null = null;
  private readonly changes: DebouncedChanges;
  private stopped = false;

  constructor(
    private readonly deps: CrmSyncDeps,
    options: { debounceMs?: number } = {},
  ) {
    this.changes = new DebouncedChanges(SOURCE_TOPICS, options.debounceMs ?? 200, () =>
      this.runInBackground(),
    );
  }

  /** Follows the change feed: a change to registrations, players or settings syncs shortly after (debounced). */
  follow(feed: ChangeFeed): void {
    this.changes.follow(feed);
  }

  /** Stops following changes and waits for a sync under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.changes.stop();
    // A sync is idempotent and any process runs the next one: shutting down waits for it a while, never for a
    // query stuck on a connection the database dropped (seen once as a 60 s hang after a PostgreSQL restart).
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([this.running, this.queued]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, STOP_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
  }

  private runInBackground(): void {
    void this.tick();
  }

  /** A sync in the background (the timer's, the debounced change's): settled once it ends, a failure logged. */
  tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return this.run().then(
      () => undefined,
      (error: unknown) => this.deps.logger.warn({ err: error }, 'CRM sync failed'),
    );
  }

  /**
   * Syncs every followed school. A call made while a sync runs waits for it and then for one more, which
   * starts after the call (so it sees every change committed before the call); calls arriving meanwhile share
   * that second run.
   */
  run(): Promise<SyncReport> {
    if (this.queued) return this.queued;
    if (!this.running) return this.begin();
    this.queued = this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.begin();
      });
    return this.queued;
  }

  private begin(): Promise<SyncReport> {
    const pass: Promise<SyncReport> = this.syncAll().finally(() => {
      if (this.running === pass) this.running = null;
    });
    this.running = pass;
    return pass;
  }

  /** One pass over every followed school. */
  async syncAll(): Promise<SyncReport> {
    const report: SyncReport = { schools: 0, changedSchools: 0, created: 0, moved: 0 };
    if (this.deps.isPaused()) return report;
    const { db } = this.deps;
    const context = await loadEventContext(db, this.deps.clock.now());
    const [templates, schoolIds] = await Promise.all([loadTemplates(db), schoolsInScope(db)]);
    report.schools = schoolIds.length;
    if (schoolIds.length === 0) return report;
    const [data, taskRows] = await Promise.all([
      loadSchoolData(db, schoolIds, context),
      db
        .select({ id: crmTasks.id, schoolId: crmTasks.schoolId, kind: crmTasks.kind, state: crmTasks.state })
        .from(crmTasks)
        .where(isNotNull(crmTasks.kind)),
    ]);
    const tasksBySchool = new Map<string, SyncTask[]>();
    for (const row of taskRows)
      tasksBySchool.set(row.schoolId, [...(tasksBySchool.get(row.schoolId) ?? []), row]);
    for (const schoolId of schoolIds) {
      const school = data.get(schoolId);
      if (!school) continue;
      const plan = planSchoolSync(
        tasksBySchool.get(schoolId) ?? [],
        school.facts,
        templates,
        school.hasLiveRegistration,
      );
      if (plan.create.length === 0 && plan.moves.length === 0) continue;
      const done = await this.syncSchool(schoolId, context, templates);
      if (done.created + done.moved > 0) report.changedSchools += 1;
      report.created += done.created;
      report.moved += done.moved;
    }
    return report;
  }

  /**
   * One school, in one transaction under the school's advisory lock: its facts and tasks read again under the
   * lock, the missing tasks created, the automatic moves applied, each with its activity row.
   */
  async syncSchool(
    schoolId: string,
    context: EventContext,
    templates: readonly CrmTemplateView[],
  ): Promise<{ created: number; moved: number }> {
    return this.deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CRM_SYNC_LOCK}, hashtext(${schoolId}))`);
      const school = (await loadSchoolData(tx, [schoolId], context)).get(schoolId);
      if (!school) return { created: 0, moved: 0 };
      const existing = await tx
        .select({ id: crmTasks.id, kind: crmTasks.kind, state: crmTasks.state })
        .from(crmTasks)
        .where(and(eq(crmTasks.schoolId, schoolId), isNotNull(crmTasks.kind)))
        .for('update');
      const first = planSchoolSync(existing, school.facts, templates, school.hasLiveRegistration);
      const now = this.deps.clock.now();
      const created = await createTasks(tx, schoolId, first.create, templates, context.eventDay, now);
      const { moves } = planSchoolSync(
        [...existing, ...created],
        school.facts,
        templates,
        school.hasLiveRegistration,
      );
      for (const move of moves) {
        await tx
          .update(crmTasks)
          .set({
            state: move.to,
            autoReason: move.reason,
            version: sql`${crmTasks.version} + 1`,
            updatedAt: now,
          })
          .where(eq(crmTasks.id, move.taskId));
      }
      if (moves.length > 0) {
        await tx.insert(crmActivity).values(
          moves.map((move) => ({
            schoolId,
            taskId: move.taskId,
            actorId: null,
            action: 'auto_move',
            fromValue: move.from,
            toValue: move.to,
            reason: move.reason,
            createdAt: now,
          })),
        );
      }
      return { created: created.length, moved: moves.length };
    });
  }
}

async function createTasks(
  tx: Tx,
  schoolId: string,
  kinds: readonly CrmTaskKind[],
  templates: readonly CrmTemplateView[],
  eventDay: string | null,
  now: Date,
): Promise<SyncTask[]> {
  if (kinds.length === 0) return [];
  const byKind = new Map(templates.map((template) => [template.kind, template]));
  const rows = await tx
    .insert(crmTasks)
    .values(
      kinds.map((kind) => {
        const template = byKind.get(kind);
        return {
          schoolId,
          kind,
          title: template?.label ?? CRM_KIND_DEFAULTS[kind].label,
          dueDate: defaultDueDate(eventDay, template?.dueDaysBefore ?? CRM_KIND_DEFAULTS[kind].dueDaysBefore),
          createdAt: now,
          updatedAt: now,
        };
      }),
    )
    // Under the school's lock this cannot collide; the unique index is the backstop.
    .onConflictDoNothing()
    .returning({ id: crmTasks.id, kind: crmTasks.kind, state: crmTasks.state, title: crmTasks.title });
  if (rows.length > 0) {
    await tx.insert(crmActivity).values(
      rows.map((row) => ({
        schoolId,
        taskId: row.id,
        actorId: null,
        action: 'create',
        fromValue: null,
        toValue: row.title,
        reason: 'The school registered',
        createdAt: now,
      })),
    );
  }
  return rows;
}
