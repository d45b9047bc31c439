import {
  RETENTION_LAST_DAY_KEY,
  RETENTION_LAST_RUN_KEY,
  RETENTION_SETTING_KEY,
  type RetentionCounts,
  type RetentionLastRun,
  type RetentionPlan,
  type RetentionStatus,
} from '../../../contracts/retention';
import { countOf } from '../../../domain/plural';
import {
  mailCutoff,
  type RetentionPeriods,
  registrationCutoffDay,
  visitorCutoff,
} from '../../../domain/retention';
import type { AuditContext } from '../../audit/audit';
import type { Db } from '../../db/client';
import type { AuditedDb } from '../../feature-context';
import {
  claimDay,
  readSettingValue,
  recordInternalSetting,
  saveRegisteredSetting,
} from '../settings/settings.service';
import { applyRetention, type DueRows, findDueRows } from './retention.repo';

const SYSTEM: AuditContext = { actorId: null, ip: null };

export async function readPeriods(db: Db): Promise<RetentionPeriods> {
  return readSettingValue(db, RETENTION_SETTING_KEY);
}

function countsOf(due: DueRows): RetentionCounts {
  return {
    visitorRecords: due.visitorRecordIds.length,
    sessionRecords: due.sessionRecordIds.length,
    signInSessions: due.signInSessionIds.length,
    registrations: due.registrations.length,
    payments: due.registrations.reduce((sum, row) => sum + row.paymentIds.length, 0),
    pupilRecords: due.pupilRecordIds.length,
    mailCopies: due.mailQueueIds.length + due.mailOutboxIds.length,
    follows: due.followerIds.length,
  };
}

const totalOf = (counts: RetentionCounts) => Object.values(counts).reduce((sum, n) => sum + n, 0);

/** The dry run: exactly what a run on `now` deletes or anonymises, changing nothing. */
export async function planRetention(db: Db, now: Date): Promise<RetentionPlan> {
  const periods = await readPeriods(db);
  const due = await findDueRows(db, now, periods);
  return {
    at: now.toISOString(),
    periods,
    visitorsBefore: visitorCutoff(now, periods).toISOString(),
    registrationsBefore: registrationCutoffDay(now, periods),
    mailsBefore: mailCutoff(now, periods).toISOString(),
    counts: countsOf(due),
    ...due,
  };
}

/**
 * A run: in one transaction, reads what is due (the dry run's query), deletes and anonymises it, records the
 * run with its counts (the dashboard's "last run") and, when anything went, a system log row.
 */
export async function runRetention({ db, audit }: AuditedDb, now: Date): Promise<RetentionLastRun> {
  return db.transaction(async (tx) => {
    const periods = await readPeriods(tx);
    const due = await findDueRows(tx, now, periods);
    await applyRetention(tx, due, now);
    const run: RetentionLastRun = { at: now.toISOString(), counts: countsOf(due) };
    await recordInternalSetting(tx, RETENTION_LAST_RUN_KEY, run);
    const total = totalOf(run.counts);
    if (total > 0) {
      await audit.logChange(
        tx,
        SYSTEM,
        'run_retention',
        `Retention: ${countOf(total, 'record')} past their period deleted or anonymised`,
        { ...run.counts, registrations: due.registrations.map((row) => row.reference) },
      );
    }
    return run;
  });
}

/** The daily run: every process calls it; the first to claim today's UTC day runs it, the others do nothing. */
export async function runDailyRetention(deps: AuditedDb, now: Date): Promise<RetentionLastRun | null> {
  if (!(await claimDay(deps.db, RETENTION_LAST_DAY_KEY, now))) return null;
  return runRetention(deps, now);
}

export async function readRetentionStatus(db: Db): Promise<RetentionStatus> {
  const [periods, lastRun] = await Promise.all([
    readPeriods(db),
    readSettingValue(db, RETENTION_LAST_RUN_KEY),
  ]);
  return { periods, lastRun };
}

export async function savePeriods(context: AuditedDb, who: AuditContext, periods: RetentionPeriods) {
  await saveRegisteredSetting(context, who, RETENTION_SETTING_KEY, periods, {
    action: 'update_retention',
    description:
      `Retention set to ${periods.visitorDays} days for visitor records, ` +
      `${periods.registrationYears} years for registrations, ${periods.mailDays} days for sent e-mails`,
  });
}
