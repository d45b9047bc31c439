import { LOG_DAY_MS } from '../contracts/system-logs';
import type { BackgroundJob, JobRunner } from './core/jobs';
import type { SafeControl } from './core/safe-control/safe-control.state';
import type { Database } from './db/client';
import type { FeatureContext } from './feature-context';
import { dailyBackupJob } from './features/backups/backups.job';
import { crmReminderJob, crmSyncJob, crmSyncOf } from './features/crm/crm.jobs';
import { followAnnouncerOf, pushQueueOf } from './features/follows/follows.jobs';
import { retentionJob } from './features/retention/retention.job';
import { logPurgeJob } from './features/system-logs/system-logs.job';
import { analyticsFlushJob } from './features/visitor-analytics/visitor-analytics.job';
import type { ChangeFeed } from './live/change-feed';

/*
 * Every background loop of a server process, in one place (issue #28; docs/architecture.md "Background jobs").
 * `app.ts` starts them: the followers of the database's notifications before the features (which subscribe to
 * the change feed), the jobs on a clock after them. A feature gives only a job's work; its name, timing, claim
 * and shutdown bound are here. Every process runs every job; a job whose work must happen once per day across
 * the processes claims the day in the database inside its run. Nothing else in the server starts a repeating
 * timer (the app-level test in `core/jobs.test.ts` counts them).
 */

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

/** The jobs on a clock, in the order they start. */
export function backgroundJobs(context: FeatureContext): BackgroundJob[] {
  return [
    {
      name: 'mail-queue',
      firstAfterMs: 5 * SECOND,
      everyMs: 5 * SECOND,
      claim: 'none',
      claimNote:
        'each due mail is taken by one process (FOR UPDATE SKIP LOCKED), so every process may deliver',
      shutdownMs: 3 * SECOND,
      run: () => context.mailQueue.tick(),
    },
    {
      name: 'push-queue',
      firstAfterMs: 5 * SECOND,
      everyMs: 5 * SECOND,
      claim: 'none',
      claimNote:
        'each due push message is taken by one process (FOR UPDATE SKIP LOCKED), so every process may deliver (ADR 045)',
      shutdownMs: 3 * SECOND,
      run: () => pushQueueOf(context).tick(),
    },
    {
      name: 'page-view-flush',
      firstAfterMs: 2 * SECOND,
      everyMs: 2 * SECOND,
      claim: 'none',
      claimNote: 'each process writes the page views it counted in memory (ADR 034)',
      // Not waited here: the feature's last flush on close queues behind this one and waits for both.
      shutdownMs: 0,
      run: analyticsFlushJob(context),
    },
    {
      name: 'crm-sync',
      firstAfterMs: MINUTE,
      everyMs: MINUTE,
      claim: 'none',
      claimNote:
        'a reconciliation: any process may run it, each school is changed under its own lock (ADR 027)',
      // Not waited here: CrmSync.stop (the `crm-sync-changes` follower's stop) waits up to 5 s for any sync.
      shutdownMs: 0,
      run: crmSyncJob(crmSyncOf(context)),
    },
    {
      name: 'crm-reminders',
      firstAfterMs: MINUTE,
      everyMs: 15 * MINUTE,
      claim: 'day',
      claimNote:
        'one reminder mail per school a day: the process that claims the Europe/Dublin day sends (ADR 027)',
      shutdownMs: 3 * SECOND,
      run: crmReminderJob(context),
    },
    {
      name: 'log-purge',
      firstAfterMs: MINUTE,
      everyMs: LOG_DAY_MS,
      claim: 'none',
      claimNote: 'deletes rows past the retention: a second run the same day finds nothing to delete',
      shutdownMs: 3 * SECOND,
      run: logPurgeJob(context),
    },
    {
      name: 'daily-retention',
      firstAfterMs: 90 * SECOND,
      everyMs: 60 * MINUTE,
      claim: 'day',
      claimNote:
        'one run per UTC day records one last run and one log row, whichever process claims it (ADR 035)',
      shutdownMs: 3 * SECOND,
      run: retentionJob(context),
    },
    // Only with a backup folder configured (not in tests, which back up to a throwaway folder by hand).
    ...(context.backupDir === null
      ? []
      : [
          {
            name: 'daily-backup',
            firstAfterMs: MINUTE,
            everyMs: 15 * MINUTE,
            claim: 'day',
            claimNote:
              'one scheduled backup a day for the whole site, by the process that claims the day (ADR 025)',
            // Not waited here: the backups feature's close waits for its running backup or restore.
            shutdownMs: 0,
            run: dailyBackupJob(context),
          } satisfies BackgroundJob,
        ]),
  ];
}

/** The followers that features need running before they register: started by `app.ts` before the features. */
export async function startFollowers(
  runner: JobRunner,
  parts: { database: Database; feed: ChangeFeed; safeControl: SafeControl },
): Promise<void> {
  const { database, feed, safeControl } = parts;
  // The change feed: this process's LISTEN connection (it reconnects by itself, db/client.ts), turned into
  // coalesced live events. Its close hook is the first added, so it stops last.
  await runner.follow('change-feed', { start: () => feed.start(database), stop: () => feed.stop() });
  // The emergency switches as this process knows them: reloaded on every settings change, a timed switch ended
  // at its time, an abandoned restore noticed (one-shot timers of its own, ADR 026).
  await runner.follow('safe-control', {
    start: () => safeControl.start(feed),
    stop: () => safeControl.stop(),
  });
}

/**
 * After the features: the CRM sync's following of the change feed, then the jobs. Their close hooks are the
 * last added, so on close the jobs' timers are cleared first, then the sync stops, then the features close.
 */
export async function startBackgroundJobs(runner: JobRunner, context: FeatureContext): Promise<void> {
  const sync = crmSyncOf(context);
  // A change to registrations, players or settings syncs the CRM tasks shortly after (debounced).
  await runner.follow('crm-sync-changes', {
    start: () => sync.follow(context.feed),
    stop: () => sync.stop(),
  });
  // A change to rounds, games or the tournament tells its followers what happened, once (ADR 045).
  const announcer = followAnnouncerOf(context);
  await runner.follow('follow-announcer', {
    start: () => announcer.follow(context.feed),
    stop: () => announcer.stop(),
  });
  runner.start(backgroundJobs(context));
}
