import type { BackupJob, BackupPhase, RestoreSummary } from '../../../contracts/backups';

const PHASE_LABELS: Record<BackupPhase, string> = {
  starting: 'Starting…',
  writing: 'Writing the snapshot',
  verifying: 'Verifying: restoring it into a scratch database',
  'rollback-point': 'Keeping the current data as a rollback point',
  'verifying-rollback-point': 'Verifying the rollback point',
  restoring: 'Restoring the backup (the site is read-only meanwhile)',
  done: 'Finished',
  failed: 'Failed',
};

const formatCount = (n: number) => n.toLocaleString('en-IE');

/** The running job: what it does now, a progress bar, and the tables and rows done. */
export function BackupJobProgress({ job }: { job: BackupJob }) {
  const label = job.kind === 'backup' ? 'Backup progress' : 'Restore progress';
  return (
    <div className="flex flex-col gap-2" data-testid="backup-job">
      <p className="font-semibold text-fg" aria-live="polite">
        {PHASE_LABELS[job.phase]}
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={job.percent}
        aria-valuetext={`${job.percent}%: ${PHASE_LABELS[job.phase]}`}
        className="h-3 w-full overflow-hidden rounded-full border border-line bg-surface-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300"
          style={{ width: `${job.percent}%` }}
        />
      </div>
      {job.tablesTotal > 0 ? (
        <p className="text-sm text-muted">
          {`${job.percent}% · tables ${formatCount(job.tablesDone)} of ${formatCount(job.tablesTotal)}`}
          {job.rowsTotal > 0 ? ` · rows ${formatCount(job.rowsDone)} of ${formatCount(job.rowsTotal)}` : ''}
        </p>
      ) : null}
    </div>
  );
}

/** What a restore did: the backup, the rows and tables restored, and the rollback point kept. */
export function RestoreReport({ summary }: { summary: RestoreSummary }) {
  const filled = summary.tables.filter((table) => table.rows > 0);
  return (
    <div role="status" className="flex flex-col gap-2 rounded-2xl border border-win/40 bg-win-bg p-4 text-fg">
      <p className="font-semibold text-win">
        {`Restored ${summary.name}: ${formatCount(summary.totalRows)} rows in ${summary.tables.length} tables.`}
      </p>
      <p className="text-sm">
        The data as it was before is kept as the rollback point{' '}
        <code className="font-mono break-all">{summary.rollbackPoint}</code>; restore it to go back.
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold">Rows restored per table</summary>
        <ul className="mt-2 grid gap-x-6 gap-y-0.5 sm:grid-cols-2">
          {filled.map((table) => (
            <li key={table.name} className="flex justify-between gap-3">
              <span className="font-mono">{table.name}</span>
              <span>{formatCount(table.rows)}</span>
            </li>
          ))}
        </ul>
        {filled.length < summary.tables.length ? (
          <p className="mt-1 text-muted">{`${summary.tables.length - filled.length} empty tables not listed.`}</p>
        ) : null}
      </details>
    </div>
  );
}
