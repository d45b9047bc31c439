import { Download, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { BACKUP_MESSAGES, type Backup, type BackupKind } from '../../../contracts/backups';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Dialog, DialogConfirmActions } from '../../components/ui/dialog';
import { formatDateTime, formatRelativeTime } from '../../lib/format';
import { notify, notifyFailure } from '../../lib/notify';
import { backupDownloadUrl, useDeleteBackup } from './queries';

const KIND_LABELS: Record<BackupKind, string> = {
  manual: 'Manual',
  scheduled: 'Scheduled',
  rollback: 'Rollback point',
};

const VERIFICATION: Record<Backup['verification']['status'], { label: string; tone: BadgeTone }> = {
  ok: { label: 'Verified', tone: 'win' },
  mismatch: { label: 'Counts differ', tone: 'loss' },
  error: { label: 'Verification failed', tone: 'loss' },
  pending: { label: 'Not verified yet', tone: 'draw' },
};

/** 12_345 bytes → "12.1 KB"; 12_345_678 → "11.8 MB". */
function formatSize(bytes: number): string {
  const kb = bytes / 1024;
  const format = (n: number) =>
    n.toLocaleString('en-IE', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  return kb < 1024 ? `${format(kb)} KB` : `${format(kb / 1024)} MB`;
}

/** The verification's outcome and, on request, the row counts per table it compared. */
function VerificationDetails({ backup }: { backup: Backup }) {
  const { verification } = backup;
  const { label, tone } = VERIFICATION[verification.status];
  const mismatched = new Set(verification.mismatchedTables);
  return (
    <div className="flex flex-col gap-1 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={tone}>{label}</Badge>
        {verification.verifiedAt ? (
          <span className="text-muted">
            restored into a scratch database{' '}
            {formatRelativeTime(verification.verifiedAt, new Date()).toLowerCase()}
          </span>
        ) : null}
      </div>
      {verification.error ? <p className="text-loss">{verification.error}</p> : null}
      {verification.mismatchedTables.length > 0 ? (
        <p className="text-loss">{`Tables that differ: ${verification.mismatchedTables.join(', ')}`}</p>
      ) : null}
      {verification.tables.length > 0 ? (
        <details>
          <summary className="cursor-pointer font-semibold text-fg">Row counts per table</summary>
          <table className="mt-2 w-full max-w-md text-left">
            <thead className="text-muted">
              <tr>
                <th scope="col" className="py-0.5 font-semibold">
                  Table
                </th>
                <th scope="col" className="py-0.5 text-right font-semibold">
                  In backup
                </th>
                <th scope="col" className="py-0.5 text-right font-semibold">
                  Restored
                </th>
              </tr>
            </thead>
            <tbody>
              {[...verification.tables]
                .sort((a, b) => a.name.localeCompare(b.name))
                .map((table) => (
                  <tr key={table.name} className={mismatched.has(table.name) ? 'text-loss' : undefined}>
                    <th scope="row" className="py-0.5 font-mono font-normal break-all">
                      {table.name}
                    </th>
                    <td className="py-0.5 text-right">{table.expected.toLocaleString('en-IE')}</td>
                    <td className="py-0.5 text-right">{table.restored.toLocaleString('en-IE')}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </details>
      ) : null}
    </div>
  );
}

function BackupItem({
  backup,
  now,
  isBusy,
  onRestore,
  onDelete,
}: {
  backup: Backup;
  now: Date;
  isBusy: boolean;
  onRestore: () => void;
  onDelete: () => void;
}) {
  const canRestore = backup.verification.status === 'ok' && !isBusy;
  return (
    <li
      data-testid="backup"
      data-name={backup.name}
      className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-mono text-sm font-semibold break-all text-fg">{backup.name}</p>
        <Badge tone={backup.kind === 'rollback' ? 'accent' : 'neutral'}>{KIND_LABELS[backup.kind]}</Badge>
      </div>
      <p className="text-sm text-muted">
        <time dateTime={backup.createdAt}>{formatDateTime(backup.createdAt)}</time>
        {` (${formatRelativeTime(backup.createdAt, now)}) · ${formatSize(backup.sizeBytes)} · `}
        {`${backup.totalRows.toLocaleString('en-IE')} rows`}
      </p>
      <VerificationDetails backup={backup} />
      <div className="flex flex-wrap gap-2">
        <a
          href={backupDownloadUrl(backup.name)}
          download={backup.name}
          className={buttonClasses('secondary', 'sm')}
        >
          <Download aria-hidden="true" className="size-4" />
          Download
        </a>
        <Button variant="secondary" size="sm" onClick={onRestore} disabled={!canRestore}>
          <RotateCcw aria-hidden="true" className="size-4" />
          Restore
        </Button>
        <Button variant="danger" size="sm" onClick={onDelete} disabled={isBusy}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      </div>
    </li>
  );
}

function RestoreDialog({
  backup,
  isPending,
  onConfirm,
  onClose,
}: {
  backup: Backup | null;
  isPending: boolean;
  onConfirm: (name: string) => void;
  onClose: () => void;
}) {
  if (!backup) return null;
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title="Restore this backup?"
      description={`Every table is replaced by the backup of ${formatDateTime(backup.createdAt)}.`}
    >
      <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-fg">
        <li>The site goes into maintenance (read-only) until the restore has finished.</li>
        <li>
          The current data is kept first as a rollback point (listed here, verified before anything changes),
          so you can go back.
        </li>
        <li>Everything changed since the backup is replaced; the restore is all or nothing.</li>
      </ul>
      <DialogConfirmActions
        onCancel={onClose}
        onConfirm={() => onConfirm(backup.name)}
        isPending={isPending}
        pendingLabel="Starting..."
        icon={RotateCcw}
        variant="danger"
      >
        Restore backup
      </DialogConfirmActions>
    </Dialog>
  );
}

function DeleteDialog({ backup, onClose }: { backup: Backup | null; onClose: () => void }) {
  const remove = useDeleteBackup();
  if (!backup) return null;
  const onConfirm = () =>
    remove.mutate(backup.name, {
      onSuccess: ({ message }) => {
        notify('success', message);
        onClose();
      },
      onError: (error) => notifyFailure(error, BACKUP_MESSAGES.deleteFailed),
    });
  return (
    <Dialog isOpen onClose={onClose} title="Delete this backup?" description={backup.name}>
      <p className="text-sm text-fg">The file is removed from the server for good.</p>
      <DialogConfirmActions
        onCancel={onClose}
        onConfirm={onConfirm}
        isPending={remove.isPending}
        pendingLabel="Deleting..."
        icon={Trash2}
        variant="danger"
      >
        Delete backup
      </DialogConfirmActions>
    </Dialog>
  );
}

/** The backups, newest first, each with its verification, Download, Restore and Delete. */
export function BackupList({
  backups,
  now,
  isBusy,
  isRestoreStarting,
  onRestore,
}: {
  backups: Backup[];
  now: Date;
  isBusy: boolean;
  isRestoreStarting: boolean;
  onRestore: (name: string, close: () => void) => void;
}) {
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const [deleting, setDeleting] = useState<Backup | null>(null);
  if (backups.length === 0) return <p className="text-muted">No backup yet.</p>;
  return (
    <>
      <ul aria-label="Backups" className="flex flex-col divide-y divide-line">
        {backups.map((backup) => (
          <BackupItem
            key={backup.name}
            backup={backup}
            now={now}
            isBusy={isBusy}
            onRestore={() => setRestoring(backup)}
            onDelete={() => setDeleting(backup)}
          />
        ))}
      </ul>
      <RestoreDialog
        backup={restoring}
        isPending={isRestoreStarting}
        onConfirm={(name) => onRestore(name, () => setRestoring(null))}
        onClose={() => setRestoring(null)}
      />
      <DeleteDialog backup={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
