import { type JobRun, onePerApp } from '../../core/jobs';
import type { FeatureContext } from '../../feature-context';
import { PageViewCounter } from './page-view-counter';

/** The app's page-view counter: the routes count into it and flush it before a read, the job flushes it. */
export const pageViewsOf = onePerApp(
  (context: FeatureContext) => new PageViewCounter(context.db, context.logger),
);

/**
 * Writes the page views counted so far (scheduled every few seconds in `src/server/background-jobs.ts`; the
 * feature flushes once more on close). A failed write is logged by the counter.
 */
export function analyticsFlushJob(context: FeatureContext): JobRun {
  const pageViews = pageViewsOf(context);
  return () => pageViews.flush();
}
