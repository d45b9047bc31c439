import type { JobRun } from '../../core/jobs';
import { purgeOldLogs } from '../../core/system-logs/system-logs.service';
import type { FeatureContext } from '../../feature-context';

/**
 * The daily log purge (docs/requirements.md §1; scheduled in `src/server/background-jobs.ts`): every process
 * runs it; a second run the same day finds nothing.
 */
export function logPurgeJob(context: FeatureContext): JobRun {
  const { clock, logger } = context;
  return () =>
    purgeOldLogs(context, clock.now()).then(
      (removed) => {
        if (removed.system + removed.security > 0) logger.info(removed, 'old log rows removed');
      },
      (error: unknown) => logger.warn({ err: error }, 'the log purge failed; it runs again tomorrow'),
    );
}
