import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type JobRun, onePerApp } from '../../core/jobs';
import type { FeatureContext } from '../../feature-context';
import { BackupService } from './backups.service';

/**
 * The app's backup folder and service, shared by the routes and the daily backup (one running job per process).
 * Without a configured folder (tests), backups go to a throwaway folder and no daily backup is scheduled.
 */
export const backupsOf = onePerApp((context: FeatureContext) => {
  const dir = context.backupDir ?? join(tmpdir(), `chess-backups-${randomUUID()}`);
  const service = new BackupService({
    database: context.database,
    audit: context.audit,
    clock: context.clock,
    logger: context.logger,
    maintenance: context.maintenance,
    dir,
  });
  return { dir, service };
});

/**
 * The daily backup's check (scheduled in `src/server/background-jobs.ts`): every process checks; the database's
 * day claim lets one back up per day (ADR 025).
 */
export function dailyBackupJob(context: FeatureContext): JobRun {
  const { service } = backupsOf(context);
  const { logger } = context;
  return () =>
    service.runScheduledBackup().then(
      (backup) => {
        if (backup) logger.info({ backup: backup.name }, 'scheduled backup written');
      },
      (error: unknown) =>
        logger.warn({ err: error }, 'the scheduled backup failed; the next check tries again'),
    );
}
