import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import {
  BACKUP_MESSAGES,
  type Backup,
  type BackupJob,
  type BackupKind,
  type BackupList,
  type BackupSchedule,
  type BackupVerification,
  type RestoreSummary,
  restoreMaintenanceReason,
} from '../../../contracts/backups';
import type { Audit, AuditContext } from '../../audit/audit';
import type { Clock } from '../../clock';
import { DEFAULT_BACKUP_SCHEDULE, INTERNAL_SETTING_KEYS } from '../../core/settings/settings.registry';
import {
  beforeAndAfter,
  claimDay,
  readSettingValue,
  recordInternalSetting,
  saveSettingIn,
} from '../../core/settings/settings.service';
import type { Database, Db } from '../../db/client';
import type { FeatureContext } from '../../feature-context';
import { HttpError } from '../../http/errors';
import { latestMigration } from './backup-catalog';
import { dumpDatabase } from './backup-dump';
import { BackupFormatError } from './backup-file';
import { BackupJobs, type JobReporter } from './backup-jobs';
import { BackupRefusedError, restoreBackupFile } from './backup-restore';
import {
  type BackupMeta,
  backupExists,
  backupNameFor,
  backupPath,
  ensureBackupDir,
  listBackupMetas,
  PENDING_VERIFICATION,
  readBackupMeta,
  removeBackupFiles,
  sha256OfFile,
  toBackup,
  writeBackupMeta,
} from './backup-store';
import { restoreIntoScratch } from './scratch-restore';

/**
 * The settings rows this feature writes (registered in core/settings); system-status reads the first two for the
 * dashboard. Both `backup_schedule*` rows keep their values across a restore (backup-restore.ts).
 */
export const BACKUP_SETTING_KEYS = {
  lastBackup: INTERNAL_SETTING_KEYS.lastBackup,
  lastVerifiedRestore: INTERNAL_SETTING_KEYS.lastVerifiedRestore,
  schedule: INTERNAL_SETTING_KEYS.backupSchedule,
  /** The UTC day the daily backup was last claimed, `"2026-11-27"`: one process per day gets it. */
  scheduleLastDay: INTERNAL_SETTING_KEYS.backupScheduleLastDay,
} as const;

export { DEFAULT_BACKUP_SCHEDULE };

/** Serialises restores across processes (PostgreSQL advisory lock; PGlite has one process). */
const RESTORE_LOCK_ID = 72_430_025;
/** Who the scheduled backups and the retention act as in the audit trail. */
const SYSTEM: AuditContext = { actorId: null, ip: null };
const ERROR_TEXT_LIMIT = 500;

export interface BackupsDeps {
  database: Database;
  audit: Audit;
  clock: Clock;
  logger: Logger;
  maintenance: FeatureContext['maintenance'];
  /** The folder backups are written to. */
  dir: string;
}

const noReport: JobReporter = { phase: () => {}, progress: () => {}, named: () => {} };
const elapsedSince = (start: number) => Math.round(performance.now() - start);
const textOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, ERROR_TEXT_LIMIT);

/** A damaged file: our own format checks, or gzip's (its error codes start with Z_). */
function isUnreadable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return error instanceof BackupFormatError || (typeof code === 'string' && code.startsWith('Z_'));
}

/**
 * Database backups (ADR 025): write, verify, list, delete, restore, and the daily schedule with its retention.
 * One instance per process; its jobs run in the background and report progress in memory.
 */
export class BackupService {
  readonly jobs: BackupJobs;
  private readonly db: Db;

  constructor(private readonly deps: BackupsDeps) {
    this.db = deps.database.db;
    this.jobs = new BackupJobs(
      deps.clock.now,
      (error, kind) => this.describeFailure(error, kind),
      join(deps.dir, 'jobs'),
      (error, message) => deps.logger.warn({ err: error }, message),
      BACKUP_MESSAGES.jobLost,
    );
  }

  async list(): Promise<BackupList> {
    const [metas, schedule, runningJob] = await Promise.all([
      listBackupMetas(this.deps.dir),
      this.readSchedule(),
      this.jobs.current(),
    ]);
    return { backups: metas.map(toBackup), schedule, runningJob };
  }

  async job(id: string): Promise<BackupJob> {
    const job = await this.jobs.get(id);
    if (!job) throw new HttpError(404, BACKUP_MESSAGES.jobNotFound);
    return job;
  }

  /** Starts a manual backup in the background (202 and a job to poll). */
  async startBackup(who: AuditContext): Promise<BackupJob> {
    const job = this.jobs.start('backup', null, async (report) => ({
      backup: await this.createBackup('manual', who, report),
      restore: null,
    }));
    if (!job) throw new HttpError(409, BACKUP_MESSAGES.busy);
    // Its file written before the answer: the page's first poll may reach the other process.
    await this.jobs.written();
    return job;
  }

  /** Checks the backup can be restored here, then restores it in the background. */
  async startRestore(who: AuditContext, name: string): Promise<BackupJob> {
    await this.requireRestorable(name);
    const job = this.jobs.start('restore', name, async (report) => ({
      backup: null,
      restore: await this.restoreBackup(who, name, report),
    }));
    if (!job) throw new HttpError(409, BACKUP_MESSAGES.busy);
    await this.jobs.written();
    return job;
  }

  /** Writes a backup, records it (`last_backup`, audit row), then verifies it. */
  async createBackup(kind: BackupKind, who: AuditContext, report: JobReporter = noReport): Promise<Backup> {
    const written = await this.writeBackup(kind, who, report);
    report.named(written.name);
    report.phase('verifying');
    const verification = await this.verifyBackup(written.name, report);
    return toBackup({ ...written, verification });
  }

  /** The snapshot file and its sidecar; `last_backup` and the audit row commit together afterwards. */
  async writeBackup(
    kind: BackupKind,
    who: AuditContext,
    report: JobReporter = noReport,
  ): Promise<BackupMeta> {
    const createdAt = this.deps.clock.now();
    const name = backupNameFor(kind, createdAt);
    await ensureBackupDir(this.deps.dir);
    report.phase(kind === 'rollback' ? 'rollback-point' : 'writing');
    const started = performance.now();
    const dump = await dumpDatabase(this.deps.database, backupPath(this.deps.dir, name), createdAt, (p) =>
      report.progress(p),
    );
    const meta: BackupMeta = {
      name,
      kind,
      createdAt: createdAt.toISOString(),
      sizeBytes: dump.sizeBytes,
      totalRows: dump.totalRows,
      schemaMigration: dump.header.schemaMigration,
      durationMs: elapsedSince(started),
      verification: PENDING_VERIFICATION,
      sha256: dump.sha256,
    };
    await writeBackupMeta(this.deps.dir, meta);
    await this.db.transaction(async (tx) => {
      await recordInternalSetting(tx, BACKUP_SETTING_KEYS.lastBackup, meta.createdAt, who.actorId);
      await this.deps.audit.logChange(tx, who, 'create_backup', `Created the ${kind} backup ${name}`, {
        name,
        kind,
        totalRows: meta.totalRows,
        sizeBytes: meta.sizeBytes,
        sha256: meta.sha256,
      });
    });
    return meta;
  }

  /**
   * Restores the backup into a scratch database (in-memory PGlite, migrated, closed afterwards) with the same
   * code a real restore runs, and compares the row counts per table. The result goes to the sidecar;
   * `last_verified_restore` moves on success. Never throws: a failure is the result `error`.
   */
  async verifyBackup(name: string, report: JobReporter = noReport): Promise<BackupVerification> {
    const started = performance.now();
    const verification = await this.restoreIntoScratch(name, report);
    const result: BackupVerification = {
      ...verification,
      verifiedAt: this.deps.clock.now().toISOString(),
      durationMs: elapsedSince(started),
    };
    const meta = await readBackupMeta(this.deps.dir, name);
    if (meta) await writeBackupMeta(this.deps.dir, { ...meta, verification: result });
    if (result.status === 'ok') {
      await recordInternalSetting(this.db, BACKUP_SETTING_KEYS.lastVerifiedRestore, result.verifiedAt);
    }
    return result;
  }

  private async restoreIntoScratch(
    name: string,
    report: JobReporter,
  ): Promise<Omit<BackupVerification, 'verifiedAt' | 'durationMs'>> {
    try {
      const { tables, mismatchedTables } = await restoreIntoScratch(backupPath(this.deps.dir, name), (p) =>
        report.progress(p),
      );
      return {
        status: mismatchedTables.length > 0 ? 'mismatch' : 'ok',
        tables,
        mismatchedTables,
        error: null,
      };
    } catch (error) {
      this.deps.logger.warn({ err: error, backup: name }, 'backup verification failed');
      return { status: 'error', tables: [], mismatchedTables: [], error: textOf(error) };
    }
  }

  /**
   * Restores a backup (ADR 025): in maintenance, keeps the current data as a verified rollback point, then
   * replaces every row in one transaction with the audit row of the restore; a count that differs rolls it back.
   */
  async restoreBackup(
    who: AuditContext,
    name: string,
    report: JobReporter = noReport,
  ): Promise<RestoreSummary> {
    const { sha256 } = await this.requireRestorable(name);
    const { database, maintenance } = this.deps;
    return maintenance.during(restoreMaintenanceReason(name), () =>
      database.withLock(RESTORE_LOCK_ID, async (lockedDb) => {
        const rollback = await this.writeBackup('rollback', who, report);
        report.phase('verifying-rollback-point');
        const check = await this.verifyBackup(rollback.name, report);
        if (check.status !== 'ok') throw new BackupRefusedError(BACKUP_MESSAGES.rollbackNotVerified);
        report.phase('restoring');
        return this.replaceData(lockedDb, who, { name, sha256 }, rollback.name, report);
      }),
    );
  }

  private async replaceData(
    db: Db,
    who: AuditContext,
    { name, sha256 }: Pick<BackupMeta, 'name' | 'sha256'>,
    rollbackPoint: string,
    report: JobReporter,
  ): Promise<RestoreSummary> {
    const started = performance.now();
    const outcome = await restoreBackupFile(db, backupPath(this.deps.dir, name), {
      onProgress: (p) => report.progress(p),
      // Checked up front too; hashing the bytes restored closes the gap between that check and this read.
      expectedSha256: sha256,
      beforeCommit: async (tx, { tables, mismatchedTables }) => {
        if (mismatchedTables.length > 0) throw new BackupRefusedError(BACKUP_MESSAGES.countsDiffer);
        const totalRows = tables.reduce((sum, table) => sum + table.restored, 0);
        await this.deps.audit.logChange(tx, who, 'restore_backup', `Restored the backup ${name}`, {
          name,
          rollbackPoint,
          totalRows,
        });
      },
    });
    const tables = outcome.tables.map((table) => ({ name: table.name, rows: table.restored }));
    return {
      name,
      rollbackPoint,
      tables,
      totalRows: tables.reduce((sum, table) => sum + table.rows, 0),
      durationMs: elapsedSince(started),
    };
  }

  /**
   * 404 for no such backup; 409 for one that failed its verification, whose file is no longer the one written
   * and verified (its SHA-256 differs from the recorded one: edited, damaged or swapped since), or that was
   * made by another schema. Nothing has changed when it refuses.
   */
  private async requireRestorable(name: string): Promise<BackupMeta> {
    const meta = await readBackupMeta(this.deps.dir, name);
    if (!meta) throw new HttpError(404, BACKUP_MESSAGES.notFound);
    if (meta.verification.status !== 'ok') throw new HttpError(409, BACKUP_MESSAGES.notVerified);
    const actual = await sha256OfFile(backupPath(this.deps.dir, name));
    if (meta.sha256 === '' || actual !== meta.sha256) {
      this.deps.logger.warn(
        { backup: name, recorded: meta.sha256, actual },
        'backup file changed since it was written; restore refused',
      );
      throw new HttpError(409, BACKUP_MESSAGES.checksumMismatch);
    }
    if (meta.schemaMigration !== (await latestMigration(this.db))) {
      throw new HttpError(409, BACKUP_MESSAGES.otherSchema);
    }
    return meta;
  }

  /** Deletes a backup: the audit row commits only when the files are gone. */
  async deleteBackup(
    who: AuditContext,
    name: string,
    reason: 'request' | 'retention' = 'request',
  ): Promise<void> {
    if (!(await backupExists(this.deps.dir, name))) throw new HttpError(404, BACKUP_MESSAGES.notFound);
    await this.db.transaction(async (tx) => {
      await this.deps.audit.logChange(tx, who, 'delete_backup', `Deleted the backup ${name}`, {
        name,
        reason,
      });
      await removeBackupFiles(this.deps.dir, name);
    });
  }

  /** `db` is the transaction when read inside one (PGlite's one connection would wait for it forever). */
  async readSchedule(db: Db = this.db): Promise<BackupSchedule> {
    return readSettingValue(db, BACKUP_SETTING_KEYS.schedule);
  }

  /** A new schedule, stored with its audit row (before, after) in one transaction. */
  async saveSchedule(who: AuditContext, schedule: BackupSchedule): Promise<BackupSchedule> {
    const what = schedule.enabled ? `daily, keeping ${schedule.keep}` : 'off';
    await this.db.transaction((tx) =>
      saveSettingIn(tx, this.deps.audit, who, BACKUP_SETTING_KEYS.schedule, schedule, {
        action: 'change_backup_schedule',
        description: `Backup schedule: ${what}`,
        details: beforeAndAfter,
      }),
    );
    return schedule;
  }

  /**
   * The daily backup: every process calls this; the first to claim today's UTC day in the database writes the
   * backup, the others find the day taken. Then the scheduled backups beyond `keep` are deleted.
   */
  async runScheduledBackup(): Promise<Backup | null> {
    const schedule = await this.readSchedule();
    if (!schedule.enabled || this.jobs.isBusy) return null;
    if (!(await claimDay(this.db, BACKUP_SETTING_KEYS.scheduleLastDay, this.deps.clock.now()))) return null;
    let backup: Backup | null = null;
    const job = this.jobs.start('backup', null, async (report) => {
      backup = await this.createBackup('scheduled', SYSTEM, report);
      return { backup, restore: null };
    });
    if (!job) return null;
    await this.jobs.idle();
    await this.pruneScheduledBackups(schedule.keep);
    return backup;
  }

  /** Deletes the oldest scheduled backups beyond `keep`; manual backups and rollback points stay. */
  async pruneScheduledBackups(keep: number): Promise<string[]> {
    const scheduled = (await listBackupMetas(this.deps.dir)).filter((meta) => meta.kind === 'scheduled');
    const surplus = scheduled.slice(keep).map((meta) => meta.name);
    for (const name of surplus) await this.deleteBackup(SYSTEM, name, 'retention');
    return surplus;
  }

  /** The message a failed job shows; anything unexpected is logged in full and shown generically. */
  private describeFailure(error: unknown, kind: BackupJob['kind']): string {
    this.deps.logger.warn({ err: error, kind }, 'backup job failed');
    if (error instanceof HttpError || error instanceof BackupRefusedError) return error.message;
    if (isUnreadable(error)) return BACKUP_MESSAGES.unreadable;
    return kind === 'backup' ? BACKUP_MESSAGES.createFailed : BACKUP_MESSAGES.restoreFailed;
  }
}
