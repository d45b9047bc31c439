import type { JobRun } from '../../core/jobs';
import { runDailyRetention } from '../../core/retention/retention.service';
import type { FeatureContext } from '../../feature-context';

/**
 * The daily retention's check (scheduled in `src/server/background-jobs.ts`): every process checks; the day
 * claim lets one run per UTC day (ADR 035).
 */
export function retentionJob(context: FeatureContext): JobRun {
  const { clock, logger } = context;
  return () =>
    runDailyRetention(context, clock.now()).then(
      (run) => {
        if (run) logger.info(run.counts, 'retention ran');
      },
      (error: unknown) => logger.warn({ err: error }, 'the retention run failed; the next check tries again'),
    );
}
