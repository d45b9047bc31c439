import { type JobRun, onePerApp } from '../../core/jobs';
import type { FeatureContext } from '../../feature-context';
import { CrmReminders, CrmUnsubscribeTokens } from './crm-reminders';
import { CrmSync } from './crm-sync';

/**
 * The app's CRM sync (ADR 027): the routes sync before every read, the `crm-sync` job on a timer, and it follows
 * the change feed (both started in `src/server/background-jobs.ts`).
 */
export const crmSyncOf = onePerApp(
  ({ db, clock, logger, safeControl }: FeatureContext) =>
    new CrmSync({ db, clock, logger, isPaused: () => safeControl.isOn('read_only') }),
);

/** The CRM sync's timer tick: what no row announces (a closing time passing) is found by it. */
export function crmSyncJob(sync: CrmSync): JobRun {
  return () => sync.tick();
}

/**
 * The daily reminder e-mails' check (ADR 027): every process checks; the first to claim the day (Europe/Dublin)
 * queues them, and nothing is claimed while the site is read-only or mail is paused.
 */
export function crmReminderJob(context: FeatureContext): JobRun {
  const { db, clock, safeControl, mailQueue, logger } = context;
  const reminders = new CrmReminders({
    db,
    clock,
    mailQueue,
    isBlocked: () => safeControl.isOn('read_only') || safeControl.isOn('mail_paused'),
    tokens: new CrmUnsubscribeTokens(context.auth.options.secret),
    publicUrl: context.publicUrl,
    logger,
  });
  return () =>
    reminders.runDaily().then(
      (queued) => {
        if (queued !== null) logger.info({ queued }, 'CRM reminders queued');
      },
      (error: unknown) => logger.warn({ err: error }, 'CRM reminders failed; the next check tries again'),
    );
}
