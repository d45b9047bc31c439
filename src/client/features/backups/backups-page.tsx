import { DatabaseBackup } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { BACKUP_MESSAGES, type BackupJob, type RestoreSummary } from '../../../contracts/backups';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { QueryView } from '../../components/query-view';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { notify, notifyFailure } from '../../lib/notify';
import { BackupJobProgress, RestoreReport } from './backup-job-progress';
import { BackupList } from './backup-list';
import { BackupScheduleForm } from './backup-schedule-form';
import { useBackupJob, useBackups, useRefreshBackups, useStartBackup, useStartRestore } from './queries';

/** Ages ('3 minutes ago') are recomputed this often. */
const NOW_TICK_MS = 30_000;

function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The toast a finished job earns: a backup succeeds only when its verification did. */
function announce(job: BackupJob): void {
  if (job.kind === 'backup') {
    const verification = job.backup?.verification;
    if (job.phase === 'done' && verification?.status === 'ok') notify('success', BACKUP_MESSAGES.created);
    else
      notify('error', BACKUP_MESSAGES.createFailed, {
        description: job.error ?? verification?.error ?? undefined,
      });
    return;
  }
  if (job.phase === 'done') notify('success', BACKUP_MESSAGES.restored);
  else notify('error', job.error ?? BACKUP_MESSAGES.restoreFailed);
}

/**
 * Follows the job this page started (or found running): polls it every 500 ms, and when it has finished
 * announces it, refreshes the list and the dashboard, and hands a restore's summary up.
 */
function useFollowedJob(onRestored: (summary: RestoreSummary) => void) {
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useBackupJob(jobId);
  const refresh = useRefreshBackups();
  const handled = useRef(new Set<string>());
  const finished = job.data?.finishedAt ? job.data : null;

  useEffect(() => {
    if (!finished || handled.current.has(finished.id)) return;
    handled.current.add(finished.id);
    announce(finished);
    if (finished.restore) onRestored(finished.restore);
    setJobId(null);
    void refresh();
  }, [finished, onRestored, refresh]);

  // A job this process does not know (it ran on another one, or the server restarted): show the list as it is.
  useEffect(() => {
    if (!job.isError) return;
    setJobId(null);
    void refresh();
  }, [job.isError, refresh]);

  return { jobId, setJobId, running: jobId !== null && !finished ? (job.data ?? null) : null };
}

/**
 * /admin/backups (`view_superadmin_dashboard`, ADR 025): create a backup and watch it being written and
 * verified, restore one (in maintenance, after a rollback point), download or delete them, and the daily schedule.
 */
export function BackupsPage() {
  const backups = useBackups();
  const now = useNow(NOW_TICK_MS);
  const [restored, setRestored] = useState<RestoreSummary | null>(null);
  const followed = useFollowedJob(setRestored);
  const startBackup = useStartBackup();
  const startRestore = useStartRestore();
  const listHeading = useId();
  const scheduleHeading = useId();

  // A job already running when the page opens (a reload, another tab): follow it too.
  const runningOnServer = backups.data?.runningJob ?? null;
  const { jobId, setJobId } = followed;
  useEffect(() => {
    if (runningOnServer && jobId === null) setJobId(runningOnServer.id);
  }, [runningOnServer, jobId, setJobId]);

  const isBusy = jobId !== null || startBackup.isPending || startRestore.isPending;
  const onCreate = () => {
    setRestored(null);
    startBackup.mutate(undefined, {
      onSuccess: ({ jobId: id }) => setJobId(id),
      onError: (error) => notifyFailure(error, BACKUP_MESSAGES.createFailed),
    });
  };
  const onRestore = (name: string, close: () => void) => {
    setRestored(null);
    startRestore.mutate(name, {
      onSuccess: ({ jobId: id }) => {
        close();
        setJobId(id);
      },
      onError: (error) => notifyFailure(error, BACKUP_MESSAGES.restoreFailed),
    });
  };

  return (
    <div className="flex flex-col gap-8">
      <AdminPageHeading title="Backups">
        Snapshots of the whole database. Each is checked right after it is written by restoring it into a
        scratch database and comparing the rows of every table. Times are Irish time.
      </AdminPageHeading>

      <Card className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-muted">A backup takes a few seconds; the site stays usable meanwhile.</p>
          <Button onClick={onCreate} disabled={isBusy} className="shrink-0">
            <DatabaseBackup aria-hidden="true" className="size-4" />
            {startBackup.isPending ? 'Starting...' : 'Create backup'}
          </Button>
        </div>
        {followed.running ? <BackupJobProgress job={followed.running} /> : null}
        {restored ? <RestoreReport summary={restored} /> : null}
      </Card>

      <section aria-labelledby={listHeading} className="flex flex-col gap-3">
        <h2 id={listHeading} className="font-display text-2xl font-bold text-fg">
          Backups
        </h2>
        <Card>
          <QueryView query={backups} errorTitle={BACKUP_MESSAGES.loadFailed} keepDataOnError>
            {(data) => (
              <BackupList
                backups={data.backups}
                now={now}
                isBusy={isBusy}
                isRestoreStarting={startRestore.isPending}
                onRestore={onRestore}
              />
            )}
          </QueryView>
        </Card>
      </section>

      <section aria-labelledby={scheduleHeading} className="flex flex-col gap-3">
        <h2 id={scheduleHeading} className="font-display text-2xl font-bold text-fg">
          Schedule
        </h2>
        <Card>
          <QueryView query={backups} errorTitle={BACKUP_MESSAGES.loadFailed} keepDataOnError>
            {(data) => <BackupScheduleForm key={JSON.stringify(data.schedule)} saved={data.schedule} />}
          </QueryView>
        </Card>
      </section>
    </div>
  );
}
