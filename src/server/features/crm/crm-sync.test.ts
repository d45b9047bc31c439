import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  databaseTargets,
  silentLogger,
  type TestDatabase,
} from '../../../../tests/support/server/test-database';
import { DEFAULT_TEAM_PRICE_CENTS, SETTING_KEYS } from '../../../contracts/settings';
import { CRM_TASK_KINDS, type CrmTaskKind } from '../../../domain/crm';
import { createClock } from '../../clock';
import { JobRunner } from '../../core/jobs';
import { saveSetting } from '../../core/settings/settings.repo';
import type { Database, Db } from '../../db/client';
import { crmActivity, crmTasks } from '../../db/schema/crm';
import { registrations, registrationTeamPlayers, registrationTeams } from '../../db/schema/registrations';
import { schools } from '../../db/schema/schools';
import { tournaments } from '../../db/schema/tournaments';
import { crmSyncJob } from './crm.jobs';
import { CrmSync } from './crm-sync';

const EVENT_DAY = '2025-11-22';
const NOW = Date.parse('2025-10-01T09:00:00Z');

/** A school with one registration of `teams` teams of four pupils (the first pupil of each a minor). */
async function seedSchool(
  db: Db,
  index: number,
  teams = 2,
): Promise<{ schoolId: string; registrationId: string }> {
  const [school] = await db
    .insert(schools)
    .values({
      name: `Sync School ${index}`,
      teacherName: 'Ms Teacher',
      teacherEmail: `t${index}@school.example`,
    })
    .returning({ id: schools.id });
  const [registration] = await db
    .insert(registrations)
    .values({
      reference: `REG-S${String(index).padStart(3, '0')}-XX`,
      registrantName: 'Ms Teacher',
      registrantEmail: `t${index}@school.example`,
      schoolName: `Sync School ${index}`,
      schoolId: school!.id,
      teamCount: teams,
      amountCents: teams * DEFAULT_TEAM_PRICE_CENTS,
    })
    .returning({ id: registrations.id });
  for (let t = 1; t <= teams; t += 1) {
    const [team] = await db
      .insert(registrationTeams)
      .values({ registrationId: registration!.id, name: `Sync ${index} ${t}`, position: t })
      .returning({ id: registrationTeams.id });
    await db.insert(registrationTeamPlayers).values(
      [1, 2, 3, 4].map((position) => ({
        teamId: team!.id,
        position,
        name: `Pupil ${index}-${t}-${position}`,
        dateOfBirth: position === 1 ? '2011-03-01' : '2005-03-01',
        guardianEmail: position === 1 ? `parent${index}@family.example` : null,
        guardianConfirmedAt: position === 1 ? new Date(NOW) : null,
      })),
    );
  }
  return { schoolId: school!.id, registrationId: registration!.id };
}

describe.each(databaseTargets)('CRM sync on %s', (target) => {
  let testDatabase: TestDatabase;
  let database: Database;
  const db = () => database.db;
  const newSync = (on: Database = database) =>
    new CrmSync({ db: on.db, clock: createClock(() => NOW), logger: silentLogger, isPaused: () => false });

  beforeAll(async () => {
    testDatabase = await createTestDatabase(target);
    database = testDatabase.database;
    await db().insert(tournaments).values({ name: 'Schools Cup', startDate: EVENT_DAY, active: true });
    await saveSetting(db(), SETTING_KEYS.registration, {
      is_enabled: true,
      team_price: DEFAULT_TEAM_PRICE_CENTS,
    });
  });
  afterAll(async () => testDatabase?.drop());

  const stateOf = async (schoolId: string, kind: CrmTaskKind) =>
    (
      await db()
        .select()
        .from(crmTasks)
        .where(and(eq(crmTasks.schoolId, schoolId), eq(crmTasks.kind, kind)))
    )[0]!;

  it('creates each task once and records each move once when syncs race (several processes)', async () => {
    const seeded = await Promise.all([1, 2, 3].map((index) => seedSchool(db(), index)));
    const others =
      target === 'postgres' ? [await testDatabase.openAnother(), await testDatabase.openAnother()] : [];
    const syncs = [newSync(), newSync(), ...others.map((other) => newSync(other)), newSync()];
    const reports = await Promise.all(syncs.map((sync) => sync.syncAll()));
    expect(reports.reduce((total, report) => total + report.created, 0)).toBe(3 * CRM_TASK_KINDS.length);
    for (const { schoolId } of seeded) {
      const [tasks] = await db().select({ n: count() }).from(crmTasks).where(eq(crmTasks.schoolId, schoolId));
      expect(tasks?.n).toBe(CRM_TASK_KINDS.length);
      const moves = await db()
        .select({ taskId: crmActivity.taskId, n: count() })
        .from(crmActivity)
        .where(and(eq(crmActivity.schoolId, schoolId), eq(crmActivity.action, 'auto_move')))
        .groupBy(crmActivity.taskId);
      // teacher named, rosters complete, consent: one move each, however many processes synced.
      expect(moves.map((row) => row.n)).toEqual([1, 1, 1]);
    }
    const again = await Promise.all(syncs.map((sync) => sync.syncAll()));
    expect(again.map((report) => report.changedSchools)).toEqual(syncs.map(() => 0));
    // The other connections close with the test database.
  });

  it('reopens a done task when a renamed pupil needs consent again, saying why, and ticks it again', async () => {
    const { schoolId, registrationId } = await seedSchool(db(), 10, 1);
    const sync = newSync();
    await sync.syncAll();
    const before = await stateOf(schoolId, 'guardian_consent');
    expect(before.state).toBe('done');
    // A renamed pupil's consent no longer holds (guardian-consent clearConsentOfRenamed).
    const [team] = await db()
      .select({ id: registrationTeams.id })
      .from(registrationTeams)
      .where(eq(registrationTeams.registrationId, registrationId));
    await db()
      .update(registrationTeamPlayers)
      .set({ name: 'Pupil Renamed', guardianConfirmedAt: null })
      .where(and(eq(registrationTeamPlayers.teamId, team!.id), eq(registrationTeamPlayers.position, 1)));
    expect((await sync.syncAll()).moved).toBe(1);
    expect(await stateOf(schoolId, 'guardian_consent')).toMatchObject({
      state: 'not_started',
      autoReason: 'Waiting for consent: Pupil Renamed',
      version: before.version + 1,
    });
    const [move] = await db()
      .select()
      .from(crmActivity)
      .where(and(eq(crmActivity.taskId, before.id), eq(crmActivity.fromValue, 'done')));
    expect(move).toMatchObject({ action: 'auto_move', toValue: 'not_started', actorId: null });

    // A task staff marked not applicable is left alone whatever the facts say.
    const arrived = await stateOf(schoolId, 'arrived');
    await db().update(crmTasks).set({ state: 'not_applicable' }).where(eq(crmTasks.id, arrived.id));
    await db()
      .update(registrationTeamPlayers)
      .set({ guardianConfirmedAt: new Date(NOW) })
      .where(eq(registrationTeamPlayers.name, 'Pupil Renamed'));
    await sync.syncAll();
    expect((await stateOf(schoolId, 'guardian_consent')).state).toBe('done');
    expect((await stateOf(schoolId, 'arrived')).state).toBe('not_applicable');
  });

  it('ticks "roster locked" once the closing time has passed, found by the timer', async () => {
    const { schoolId } = await seedSchool(db(), 20, 1);
    let now = NOW;
    const sync = new CrmSync({
      db: db(),
      clock: createClock(() => now),
      logger: silentLogger,
      isPaused: () => false,
    });
    await sync.syncAll();
    await saveSetting(db(), SETTING_KEYS.registration, {
      is_enabled: true,
      team_price: DEFAULT_TEAM_PRICE_CENTS,
      closes_at: new Date(NOW + 60_000).toISOString(),
    });
    await sync.syncAll();
    expect((await stateOf(schoolId, 'roster_locked')).state).toBe('not_started');
    now = NOW + 61_000;
    // The crm-sync job as background-jobs.ts schedules it, every 50 ms instead of every minute.
    const closeHooks: (() => Promise<void>)[] = [];
    const app = { addHook: (_name: string, hook: () => Promise<void>) => void closeHooks.push(hook) };
    new JobRunner(app as never, silentLogger).start([
      {
        name: 'crm-sync',
        firstAfterMs: 50,
        everyMs: 50,
        claim: 'none',
        claimNote: 'a test',
        shutdownMs: 0,
        run: crmSyncJob(sync),
      },
    ]);
    const deadline = Date.now() + 3_000;
    while ((await stateOf(schoolId, 'roster_locked')).state !== 'done' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    for (const hook of closeHooks) await hook();
    await sync.stop();
    expect(await stateOf(schoolId, 'roster_locked')).toMatchObject({
      state: 'done',
      autoReason: 'Registrations are closed',
    });
    await saveSetting(db(), SETTING_KEYS.registration, {
      is_enabled: true,
      team_price: DEFAULT_TEAM_PRICE_CENTS,
    });
  });

  it('writes nothing while paused (read-only site)', async () => {
    const { schoolId } = await seedSchool(db(), 30, 1);
    const paused = new CrmSync({
      db: db(),
      clock: createClock(() => NOW),
      logger: silentLogger,
      isPaused: () => true,
    });
    expect(await paused.syncAll()).toEqual({ schools: 0, changedSchools: 0, created: 0, moved: 0 });
    const [tasks] = await db().select({ n: count() }).from(crmTasks).where(eq(crmTasks.schoolId, schoolId));
    expect(tasks?.n).toBe(0);
    await newSync().syncAll();
  });

  it('syncs 40 schools (360 tasks) in one pass, and a pass with nothing to do is cheap', async () => {
    for (let index = 100; index < 140; index += 1) await seedSchool(db(), index);
    const sync = newSync();
    let started = performance.now();
    const first = await sync.syncAll();
    const firstMs = performance.now() - started;
    expect(first.created).toBe(40 * CRM_TASK_KINDS.length);
    started = performance.now();
    const idle = await sync.syncAll();
    const idleMs = performance.now() - started;
    expect(idle).toMatchObject({ changedSchools: 0, created: 0, moved: 0 });
    expect(idle.schools).toBeGreaterThanOrEqual(40);
    console.info(
      `CRM sync on ${target}: 40 new schools ${firstMs.toFixed(0)} ms; ${idle.schools} schools, nothing to do, ${idleMs.toFixed(0)} ms`,
    );
    expect(idleMs).toBeLessThan(2_000);
  });
});
