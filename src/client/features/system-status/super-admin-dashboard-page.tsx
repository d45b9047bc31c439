import {
  Activity,
  Clock,
  Database,
  GitCommitHorizontal,
  HardDriveDownload,
  History,
  type LucideIcon,
  Radio,
  ShieldAlert,
  Trash2,
  TriangleAlert,
  Users,
} from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import type { RetentionCounts } from '../../../contracts/retention';
import { SAFE_CONTROL_MESSAGES, SAFE_SWITCH_INFO } from '../../../contracts/safe-control';
import {
  SYSTEM_STATUS_MESSAGES,
  type SystemStatus,
  type UserActivity,
} from '../../../contracts/system-status';
import { registrationPeriodText } from '../../../domain/retention';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { QueryView } from '../../components/query-view';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cx } from '../../components/ui/cx';
import { Notice } from '../../components/ui/notice';
import { formatDateTime, formatRelativeTime, formatUptime } from '../../lib/format';
import { STATUS_REFRESH_MS, useRetentionDryRun, useSystemStatus, useUserActivity } from './queries';
import { RetentionPeriodsForm } from './retention-periods-form';

/** Relative times ('Just now', '3 minutes ago') are recomputed this often, between refetches too. */
const NOW_TICK_MS = 30_000;
/** docs/requirements.md §9: a backup older than this (or none at all) is flagged. */
const BACKUP_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const BYTES_PER_MB = 1024 * 1024;

const DATABASE_KINDS: Record<SystemStatus['database']['kind'], string> = {
  pglite: 'PGlite (embedded)',
  postgres: 'PostgreSQL',
};

/** The current time, ticking every `intervalMs`. */
function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** 12_345_678 bytes → "11.8 MB". */
const formatMegabytes = (bytes: number) =>
  `${(bytes / BYTES_PER_MB).toLocaleString('en-IE', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;

const formatCount = (n: number) => n.toLocaleString('en-IE');

type CardTone = 'neutral' | 'danger';

/** One dashboard card: a region named by its heading; the danger tone is the design system's 'loss' colours. */
function StatCard({
  title,
  icon: Icon,
  tone = 'neutral',
  testId,
  className,
  children,
}: {
  title: string;
  icon: LucideIcon;
  tone?: CardTone;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      data-tone={tone}
      className={cx(
        'flex min-w-0 flex-col gap-3 rounded-2xl border p-5 shadow-sm shadow-black/5 sm:p-6',
        tone === 'danger' ? 'border-loss bg-loss-bg text-loss' : 'border-line bg-surface text-fg',
        className,
      )}
    >
      <h3
        id={headingId}
        className={cx(
          'flex items-center gap-2 text-sm font-semibold uppercase tracking-wide',
          tone === 'danger' ? 'text-loss' : 'text-muted',
        )}
      >
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A big number (or short value) under its text label. */
function Figure({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cx('flex min-w-0 flex-col', className)}>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-display text-3xl font-bold">{children}</dd>
    </div>
  );
}

/** One role's count, as a row: the label on the left, the number on the right. */
function RoleCount({ label, count }: { label: string; count: number }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1.5 first:pt-0 last:pb-0">
      <dt className="text-muted">{label}</dt>
      <dd className="font-display text-2xl font-bold">{formatCount(count)}</dd>
    </div>
  );
}

function DatabaseCard({ database }: { database: SystemStatus['database'] }) {
  const { sizeBytes, limitBytes } = database;
  const percent = limitBytes === null ? 0 : Math.min(100, Math.round((sizeBytes / limitBytes) * 100));
  const usage =
    limitBytes === null
      ? formatMegabytes(sizeBytes)
      : `${formatMegabytes(sizeBytes)} of ${formatMegabytes(limitBytes)}`;
  return (
    <StatCard title="Database" icon={Database} testId="status-database">
      <p className="font-display text-2xl font-bold">{usage}</p>
      {limitBytes === null ? (
        <p className="text-sm text-muted">No storage limit set</p>
      ) : (
        <div className="flex flex-col gap-1">
          <div
            role="progressbar"
            aria-label="Database storage used"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}% (${usage})`}
            className="h-2.5 w-full overflow-hidden rounded-full border border-line bg-surface-muted"
          >
            <div
              className={cx('h-full rounded-full', percent >= 90 ? 'bg-loss' : 'bg-primary')}
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="text-sm text-muted">{`${percent}% of the storage limit used`}</p>
        </div>
      )}
      <p className="text-sm text-muted">{DATABASE_KINDS[database.kind]}</p>
    </StatCard>
  );
}

function BackupsCard({ status, now }: { status: SystemStatus; now: Date }) {
  const { lastBackupAt, lastVerifiedRestoreAt } = status;
  const isOverdue =
    lastBackupAt === null || now.getTime() - new Date(lastBackupAt).getTime() > BACKUP_MAX_AGE_MS;
  const when = (iso: string) => (
    <>
      {formatRelativeTime(iso, now)}{' '}
      <span className="font-normal opacity-80">
        (<time dateTime={iso}>{formatDateTime(iso)}</time>)
      </span>
    </>
  );
  return (
    <StatCard
      title="Backups"
      icon={HardDriveDownload}
      tone={isOverdue ? 'danger' : 'neutral'}
      testId="status-backups"
    >
      {isOverdue ? (
        <p className="flex items-start gap-2 font-semibold">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {lastBackupAt === null
            ? 'Attention: no backup has been taken'
            : 'Attention: the last backup is more than a day old'}
        </p>
      ) : null}
      <dl className="flex flex-col gap-2">
        <div>
          <dt className={cx('text-sm', isOverdue ? 'text-loss' : 'text-muted')}>Last backup</dt>
          <dd className="font-semibold">{lastBackupAt ? when(lastBackupAt) : 'No backup yet'}</dd>
        </div>
        <div>
          <dt className={cx('text-sm', isOverdue ? 'text-loss' : 'text-muted')}>Last verified restore</dt>
          <dd className="font-semibold">
            {lastVerifiedRestoreAt ? when(lastVerifiedRestoreAt) : 'Never verified'}
          </dd>
        </div>
      </dl>
      <Link to="/admin/backups" className="text-sm text-link underline">
        Backups
      </Link>
    </StatCard>
  );
}

/**
 * The safe-control switches that are on (ADR 026), and a restore that did not finish (ADR 025), in the danger
 * tone when any is.
 */
function SafeControlCard({
  on,
  unfinishedRestore,
}: {
  on: SystemStatus['safeControlOn'];
  unfinishedRestore: SystemStatus['unfinishedRestore'];
}) {
  return (
    <StatCard
      title="Safe-control"
      icon={ShieldAlert}
      tone={on.length > 0 || unfinishedRestore ? 'danger' : 'neutral'}
      testId="status-safe-control"
      className="sm:col-span-2 xl:col-span-1"
    >
      {unfinishedRestore ? (
        <div role="alert" data-testid="status-unfinished-restore" className="flex flex-col gap-1">
          <p className="flex items-start gap-2 font-semibold">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {SAFE_CONTROL_MESSAGES.unfinishedRestoreTitle}
          </p>
          <p className="text-sm">{SAFE_CONTROL_MESSAGES.unfinishedRestore}</p>
          <p className="text-sm">
            {unfinishedRestore.reason}, started{' '}
            <time dateTime={unfinishedRestore.startedAt}>{formatDateTime(unfinishedRestore.startedAt)}</time>
          </p>
        </div>
      ) : null}
      {on.length === 0 ? (
        <p className="font-semibold">All switches off: the site runs normally.</p>
      ) : (
        <ul className="flex flex-col gap-1 font-semibold">
          {on.map((name) => (
            <li key={name}>{SAFE_SWITCH_INFO[name].label}</li>
          ))}
        </ul>
      )}
      <Link to="/admin/safe-control" className="text-sm text-link underline">
        Open safe-control
      </Link>
    </StatCard>
  );
}

const RETENTION_COUNT_LABELS: Record<keyof RetentionCounts, string> = {
  visitorRecords: 'Visitor records',
  sessionRecords: 'Session store records',
  signInSessions: 'Expired sign-in sessions',
  registrations: 'Registrations anonymised',
  payments: 'Payments anonymised',
  pupilRecords: 'Pupils and guardian consents',
  mailCopies: 'Copies of sent e-mails',
  follows: 'Follows of a past tournament',
};

function RetentionCountList({ counts, label }: { counts: RetentionCounts; label: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      {(Object.keys(RETENTION_COUNT_LABELS) as (keyof RetentionCounts)[]).map((key) => (
        <div key={key} className="contents">
          <dt className="text-muted">{RETENTION_COUNT_LABELS[key]}</dt>
          <dd className="text-right font-semibold tabular-nums">{formatCount(counts[key])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The daily retention job (ADR 035): its periods, its last run with counts, and a dry run on demand. */
function RetentionCard({ retention, now }: { retention: SystemStatus['retention']; now: Date }) {
  const dryRun = useRetentionDryRun();
  const { periods, lastRun } = retention;
  return (
    <StatCard
      title="Data retention"
      icon={Trash2}
      testId="status-retention"
      className="sm:col-span-2 xl:col-span-3"
    >
      <p className="text-sm text-muted">
        Visitor records are kept {periods.visitorDays} days; registrations and payments are anonymised{' '}
        {registrationPeriodText(periods)}; copies of sent e-mails lose their addresses and text after{' '}
        {periods.mailDays} days. The job runs once a day.
      </p>
      <RetentionPeriodsForm key={Object.values(periods).join('-')} saved={periods} />
      <div className="grid gap-6 md:grid-cols-2">
        <div className="flex flex-col gap-2">
          <p className="font-semibold">
            {lastRun ? (
              <>
                Last run {formatRelativeTime(lastRun.at, now)}{' '}
                <span className="font-normal text-muted">
                  (<time dateTime={lastRun.at}>{formatDateTime(lastRun.at)}</time>)
                </span>
              </>
            ) : (
              'Not run yet'
            )}
          </p>
          {lastRun ? <RetentionCountList counts={lastRun.counts} label="Removed by the last run" /> : null}
        </div>
        <div className="flex flex-col items-start gap-2">
          <Button variant="secondary" onClick={() => dryRun.mutate()} disabled={dryRun.isPending}>
            {dryRun.isPending ? 'Checking…' : 'Dry run: what would go now'}
          </Button>
          {dryRun.isError ? <p className="text-sm text-loss">The dry run failed. Try again.</p> : null}
          {dryRun.data ? (
            <div className="flex w-full flex-col gap-2" role="status">
              <RetentionCountList counts={dryRun.data.counts} label="A run now would remove" />
              {dryRun.data.registrations.length > 0 ? (
                <p className="text-sm text-muted">
                  Registrations: {dryRun.data.registrations.map((row) => row.reference).join(', ')}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
    </StatCard>
  );
}

function StatusCards({ status, now }: { status: SystemStatus; now: Date }) {
  const { usersByRole, lastHour } = status;
  const hasErrors = lastHour.errors > 0;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <StatCard title="Uptime" icon={Clock} testId="status-uptime">
        <p className="font-display text-2xl font-bold">{formatUptime(status.uptimeSeconds)}</p>
        <p className="text-sm text-muted">
          since <time dateTime={status.startedAt}>{formatDateTime(status.startedAt)}</time> (Irish time)
        </p>
      </StatCard>

      <StatCard title="Version" icon={GitCommitHorizontal} testId="status-version">
        <p className="font-display text-2xl font-bold break-all">{status.version}</p>
        <p className="text-sm text-muted">
          Commit{' '}
          {status.commit ? <code className="font-mono text-fg">{status.commit.slice(0, 7)}</code> : 'unknown'}
        </p>
      </StatCard>

      <DatabaseCard database={status.database} />

      <BackupsCard status={status} now={now} />

      <StatCard title="Users by role" icon={Users} testId="status-users">
        <dl className="flex flex-col divide-y divide-line">
          <RoleCount label="Players" count={usersByRole.player} />
          <RoleCount label="Admins" count={usersByRole.admin} />
          <RoleCount label="Superadmins" count={usersByRole.superadmin} />
        </dl>
      </StatCard>

      <StatCard title="Live connections" icon={Radio} testId="status-connections">
        <dl>
          <Figure label="Open pages on this server process">{formatCount(status.liveConnections)}</Figure>
        </dl>
      </StatCard>

      <SafeControlCard on={status.safeControlOn} unfinishedRestore={status.unfinishedRestore} />

      {/* The last card fills the rest of its row (two columns), rather than leaving a gap. */}
      <StatCard
        title="Last hour"
        icon={Activity}
        testId="status-last-hour"
        className="sm:col-span-2 xl:col-span-2"
      >
        <dl className="-mx-3 flex flex-wrap gap-x-6 gap-y-3">
          <Figure label="Requests" className="px-3 py-1">
            {formatCount(lastHour.requests)}
          </Figure>
          {/* Errors are shown in the warning tone (the system logs' 'warning' colours) with an icon when any. */}
          <Figure
            label="Errors (5xx)"
            className={cx('rounded-xl px-3 py-1', hasErrors && 'bg-draw-bg text-draw')}
          >
            <span
              data-testid="status-errors"
              data-tone={hasErrors ? 'warning' : 'neutral'}
              className="inline-flex items-center gap-2"
            >
              {formatCount(lastHour.errors)}
              {hasErrors ? <TriangleAlert aria-hidden="true" className="size-5" /> : null}
            </span>
          </Figure>
        </dl>
        <p className="text-sm text-muted">
          Requests this server process answered in the last 60 minutes, and how many failed on the server's
          side.
        </p>
      </StatCard>

      <RetentionCard retention={status.retention} now={now} />
    </div>
  );
}

function ActivityList({ activity, now }: { activity: UserActivity['activity']; now: Date }) {
  if (activity.length === 0) {
    return <Notice icon={History} title="No recent activity" role="status" />;
  }
  return (
    <ol aria-label="Recent user activity" className="flex flex-col divide-y divide-line">
      {activity.map((entry, index) => (
        <li
          // Two entries can share a time, user and description; their order is the server's.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole at each refetch
          key={`${entry.at}-${index}`}
          data-testid="activity-entry"
          className="py-3 first:pt-0 last:pb-0"
        >
          <span className="font-semibold text-fg">{entry.userName ?? (entry.userId || 'Unknown user')}</span>
          <span className="text-muted"> — </span>
          <span className="text-fg">{entry.description}</span>
          <span className="text-muted"> — </span>
          <time dateTime={entry.at} title={formatDateTime(entry.at)} className="text-sm text-muted">
            {formatRelativeTime(entry.at, now)}
          </time>
        </li>
      ))}
    </ol>
  );
}

/**
 * /admin/super-admin-dashboard (`view_superadmin_dashboard`, docs/requirements.md §9): is the system healthy,
 * and who did what lately. Both reads refresh every 10 s; each section shows its own failure.
 */
export function SuperAdminDashboardPage() {
  const status = useSystemStatus();
  const activity = useUserActivity();
  const now = useNow(NOW_TICK_MS);
  const statsHeading = useId();
  const activityHeading = useId();

  return (
    <div className="flex flex-col gap-8">
      <AdminPageHeading title="Super Admin Dashboard">
        How the system is doing, refreshed every {STATUS_REFRESH_MS / 1000} seconds. Times are Irish time.
      </AdminPageHeading>

      <section aria-labelledby={statsHeading} className="flex flex-col gap-3">
        <h2 id={statsHeading} className="font-display text-2xl font-bold text-fg">
          System statistics
        </h2>
        <QueryView query={status} errorTitle={SYSTEM_STATUS_MESSAGES.statsFailed}>
          {(data) => <StatusCards status={data} now={now} />}
        </QueryView>
      </section>

      <section aria-labelledby={activityHeading} className="flex flex-col gap-3">
        <h2 id={activityHeading} className="font-display text-2xl font-bold text-fg">
          Recent user activity
        </h2>
        <Card>
          <QueryView query={activity} errorTitle={SYSTEM_STATUS_MESSAGES.activityFailed}>
            {(data) => <ActivityList activity={data.activity} now={now} />}
          </QueryView>
        </Card>
      </section>
    </div>
  );
}
