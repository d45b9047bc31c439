import { Download, FileSearch, Radio, Save } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  type LogSeverity,
  type LogSource,
  MAX_LOG_RETENTION_DAYS,
  MIN_LOG_RETENTION_DAYS,
  SECURITY_LOG_AREA,
  SYSTEM_LOG_MESSAGES,
  type SystemLogRow,
} from '../../../contracts/system-logs';
import { may } from '../../../domain/access-rules';
import { countOf } from '../../../domain/plural';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { QueryView } from '../../components/query-view';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button, buttonClasses, SubmitButton } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, TextField } from '../../components/ui/field';
import { Notice } from '../../components/ui/notice';
import { SearchField, SearchForm } from '../../components/ui/search-field';
import { TOURNAMENT_TIME_ZONE } from '../../lib/format';
import { notify, notifyFailure } from '../../lib/notify';
import { useSession } from '../auth/queries';
import {
  draftOf,
  type FilterDraft,
  filtersFromParams,
  filtersOfDraft,
  filtersToParams,
  hasFilters,
  type LogFilters,
} from './log-filters';
import {
  isFirstPageOnly,
  LIVE_REFRESH_MS,
  systemLogsExportUrl,
  useSaveLogRetention,
  useSystemLogOptions,
  useSystemLogs,
} from './queries';

/** Typing pauses this long before the address (and so the list) follows the form. */
const FILTER_DELAY_MS = 300;

const SOURCE_LABELS: Record<LogSource, string> = { system: 'Staff action', security: 'Security' };
const SEVERITY_LABELS: Record<LogSeverity, string> = {
  info: 'Info',
  warning: 'Warning',
  critical: 'Critical',
};
const SEVERITY_TONES: Record<LogSeverity, BadgeTone> = { info: 'neutral', warning: 'draw', critical: 'loss' };

/** `tournament_management` → "Tournament management". */
const humanise = (code: string) => {
  const words = code.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** "15 Mar 2025" and "10:30:05" in Irish time, like every time on the site (lib/format.ts). */
const logDate = new Intl.DateTimeFormat('en-IE', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: TOURNAMENT_TIME_ZONE,
});
const logClock = new Intl.DateTimeFormat('en-IE', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
  timeZone: TOURNAMENT_TIME_ZONE,
});
const formatLogTime = (iso: string) => `${logDate.format(new Date(iso))}, ${logClock.format(new Date(iso))}`;

/** Security events are all in this area; the table shows it once, as their log. */

const userOf = (row: SystemLogRow) => row.userName ?? row.userId ?? '–';

/** The options of a select, keeping a value from a shared address even when the list does not know it. */
function withCurrent(values: readonly string[] | undefined, current: string): string[] {
  const list = [...(values ?? [])];
  return current && !list.includes(current) ? [current, ...list] : list;
}

/**
 * The filter form. It edits a draft; once typing pauses, the address follows (replacing the history entry),
 * and the list follows the address. Going back or forward to another address puts its filters in the form.
 */
function LogFiltersForm({
  filters,
  onChange,
  areas,
  actions,
}: {
  filters: LogFilters;
  onChange: (filters: LogFilters) => void;
  areas: readonly string[] | undefined;
  actions: readonly string[] | undefined;
}) {
  const [draft, setDraft] = useState<FilterDraft>(() => draftOf(filters));
  const current = filtersToParams(filters).toString();
  const draftRef = useRef(draft);
  draftRef.current = draft;

  // Another address (back, forward, a link): show its filters unless the form already asks for them.
  useEffect(() => {
    const asked = filtersOfDraft(draftRef.current);
    if (filtersToParams(asked).toString() !== current)
      setDraft(draftOf(filtersFromParams(new URLSearchParams(current))));
  }, [current]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft is the trigger; onChange changes each render
  useEffect(() => {
    const timer = setTimeout(() => {
      const asked = filtersOfDraft(draft);
      if (filtersToParams(asked).toString() !== current) onChange(asked);
    }, FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  const set = (key: keyof FilterDraft) => (value: string) => setDraft((old) => ({ ...old, [key]: value }));
  const onSelect =
    (key: keyof FilterDraft) => (event: React.ChangeEvent<HTMLSelectElement | HTMLInputElement>) =>
      set(key)(event.target.value);

  return (
    <SearchForm className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm">
      <h2 className="sr-only">Filters</h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <SelectField label="Log" value={draft.source} onChange={onSelect('source')}>
          <option value="">All logs</option>
          <option value="system">Staff actions</option>
          <option value="security">Security events</option>
        </SelectField>
        <SelectField label="Area" value={draft.area} onChange={onSelect('area')}>
          <option value="">All areas</option>
          {withCurrent(areas, draft.area).map((area) => (
            <option key={area} value={area}>
              {humanise(area)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Action" value={draft.action} onChange={onSelect('action')}>
          <option value="">All actions</option>
          {withCurrent(actions, draft.action).map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </SelectField>
        <SelectField label="Severity" value={draft.severity} onChange={onSelect('severity')}>
          <option value="">All</option>
          {Object.entries(SEVERITY_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="User"
          className="col-span-2 sm:col-span-1"
          placeholder="Name, e-mail or id"
          value={draft.user}
          onChange={onSelect('user')}
          autoComplete="off"
        />
        <TextField
          label="From (Irish time)"
          className="col-span-2 sm:col-span-1"
          type="datetime-local"
          value={draft.from}
          onChange={onSelect('from')}
        />
        <TextField
          label="To (Irish time)"
          className="col-span-2 sm:col-span-1"
          type="datetime-local"
          value={draft.to}
          onChange={onSelect('to')}
        />
        <div className="col-span-2 sm:col-span-1">
          <SearchField label="Search text" value={draft.q} onChange={set('q')} />
        </div>
      </div>
      {hasFilters(filtersOfDraft(draft)) ? (
        <div>
          <Button size="sm" variant="ghost" onClick={() => setDraft(draftOf({}))}>
            Clear filters
          </Button>
        </div>
      ) : null}
    </SearchForm>
  );
}

function LogTable({ rows, onOpen }: { rows: SystemLogRow[]; onOpen: (row: SystemLogRow) => void }) {
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-line bg-surface shadow-sm">
      <table className="w-full min-w-[46rem] text-left text-sm" data-testid="system-log-table">
        <caption className="sr-only">System log entries, newest first (times in Irish time)</caption>
        <thead className="border-b border-line text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-3 py-3 font-semibold">
              Time
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              Log and area
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              Action
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              Severity
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              User
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              Description
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              <span className="sr-only">Details</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            // A click anywhere on the row is a shortcut; the row's Details button is the keyboard way.
            <tr
              key={row.id}
              data-testid="system-log-row"
              data-source={row.source}
              className="cursor-pointer align-top hover:bg-surface-muted"
              onClick={() => onOpen(row)}
            >
              <td className="whitespace-nowrap px-3 py-3 tabular-nums">
                <time dateTime={row.createdAt}>
                  <span className="block">{logDate.format(new Date(row.createdAt))}</span>
                  <span className="block text-muted">{logClock.format(new Date(row.createdAt))}</span>
                </time>
              </td>
              <td className="px-3 py-3">
                <span className="block whitespace-nowrap">{SOURCE_LABELS[row.source]}</span>
                {row.area === SECURITY_LOG_AREA ? null : (
                  <span className="block text-muted">{humanise(row.area)}</span>
                )}
              </td>
              <td className="px-3 py-3 font-mono text-xs">{row.action}</td>
              <td className="px-3 py-3">
                <Badge tone={SEVERITY_TONES[row.severity]}>{SEVERITY_LABELS[row.severity]}</Badge>
              </td>
              <td className="max-w-40 break-words px-3 py-3">{userOf(row)}</td>
              <td className="min-w-40 max-w-md break-words px-3 py-3 text-muted">{row.description}</td>
              <td className="px-3 py-2 text-right">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(row);
                  }}
                >
                  Details<span className="sr-only">: {row.description}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="min-w-0 break-words text-fg">{children}</dd>
    </div>
  );
}

function LogEntryDialog({ row, onClose }: { row: SystemLogRow | null; onClose: () => void }) {
  const detailsId = useId();
  if (!row) return null;
  return (
    <Dialog isOpen onClose={onClose} size="lg" title="Log entry" description={row.description}>
      <dl className="flex flex-col gap-2.5">
        <Detail label="Time">
          {formatLogTime(row.createdAt)} <span className="text-sm text-muted">(Irish time)</span>
        </Detail>
        <Detail label="Time (UTC)">
          <span className="font-mono text-sm">{row.createdAt}</span>
        </Detail>
        <Detail label="Log">{SOURCE_LABELS[row.source]}</Detail>
        <Detail label="Area">{humanise(row.area)}</Detail>
        <Detail label="Action">
          <span className="font-mono text-sm">{row.action}</span>
        </Detail>
        <Detail label="Severity">
          <Badge tone={SEVERITY_TONES[row.severity]}>{SEVERITY_LABELS[row.severity]}</Badge>
        </Detail>
        <Detail label="User">{row.userName ?? '–'}</Detail>
        <Detail label="User id">
          <span className="font-mono text-sm">{row.userId ?? '–'}</span>
        </Detail>
        <Detail label="IP address">
          <span className="font-mono text-sm">{row.ipAddress ?? '–'}</span>
        </Detail>
        <Detail label="Entry id">
          <span className="font-mono text-sm">{row.id}</span>
        </Detail>
        <Detail label="Description">{row.description}</Detail>
      </dl>
      <h3 id={detailsId} className="mt-5 mb-2 font-semibold text-fg">
        Details
      </h3>
      <section
        aria-labelledby={detailsId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="max-h-72 overflow-auto rounded-xl border border-line bg-surface-muted"
      >
        <pre data-testid="system-log-metadata" className="p-3 font-mono text-xs text-fg">
          {JSON.stringify(row.metadata, null, 2)}
        </pre>
      </section>
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}

/** Superadmins: how long log rows are kept before the daily purge removes them. */
function RetentionForm({ savedDays }: { savedDays: number }) {
  const [days, setDays] = useState(String(savedDays));
  const save = useSaveLogRetention();
  const value = Number(days);
  const isValid =
    Number.isInteger(value) && value >= MIN_LOG_RETENTION_DAYS && value <= MAX_LOG_RETENTION_DAYS;
  const [showError, setShowError] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid) {
      setShowError(true);
      return;
    }
    setShowError(false);
    save.mutate(value, {
      onSuccess: ({ message }) => notify('success', message),
      onError: (error) => notifyFailure(error, 'Failed to save the log retention'),
    });
  };

  return (
    <Card className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <h2 className="font-display text-xl font-bold text-fg">Log retention</h2>
        <p className="text-sm text-muted">Older entries are removed once a day.</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex items-start gap-2">
        <TextField
          label="Keep log entries for (days)"
          className="w-52 sm:w-60"
          type="number"
          inputMode="numeric"
          min={MIN_LOG_RETENTION_DAYS}
          max={MAX_LOG_RETENTION_DAYS}
          step={1}
          value={days}
          onChange={(event) => setDays(event.target.value)}
          hint={`${MIN_LOG_RETENTION_DAYS} to ${MAX_LOG_RETENTION_DAYS.toLocaleString('en-IE')} days`}
          error={
            showError && !isValid
              ? `Enter a whole number of days from ${MIN_LOG_RETENTION_DAYS} to ${MAX_LOG_RETENTION_DAYS.toLocaleString('en-IE')}`
              : null
          }
        />
        <SubmitButton isPending={save.isPending} pendingLabel="Saving..." className="mt-7">
          <Save aria-hidden="true" className="size-4" />
          Save
        </SubmitButton>
      </form>
    </Card>
  );
}

/** /admin/system-logs (view_system_logs): staff actions and security events, filtered, live, exportable. */
export function SystemLogsPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string stands for the params object
  const filters = useMemo(() => filtersFromParams(params), [query]);
  const logs = useSystemLogs(filters);
  const options = useSystemLogOptions();
  const [open, setOpen] = useState<SystemLogRow | null>(null);
  const isSuperadmin = session.status === 'signed-in' && may(session.access, 'superadminDashboard');

  const rows = useMemo(() => logs.data?.pages.flatMap((page) => page.rows) ?? [], [logs.data]);
  const isLive = isFirstPageOnly(logs.data);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <AdminPageHeading title="System Logs">
          Staff actions and security events, newest first. Times are Irish time.
        </AdminPageHeading>
        <div className="flex shrink-0 flex-wrap gap-2">
          <a className={buttonClasses('secondary', 'md')} href={systemLogsExportUrl('csv', filters)} download>
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </a>
          <a
            className={buttonClasses('secondary', 'md')}
            href={systemLogsExportUrl('json', filters)}
            download
          >
            <Download aria-hidden="true" className="size-4" />
            Export JSON
          </a>
        </div>
      </div>

      {/* Not keyed on the saved value: a remount after saving would swallow the save's toast. */}
      {isSuperadmin && options.data ? <RetentionForm savedDays={options.data.retentionDays} /> : null}

      <LogFiltersForm
        filters={filters}
        onChange={(next) => setParams(filtersToParams(next), { replace: true })}
        areas={options.data?.areas}
        actions={options.data?.actions}
      />

      <QueryView query={logs} errorTitle={SYSTEM_LOG_MESSAGES.loadFailed} keepDataOnError>
        {() => (
          <section aria-labelledby="system-log-entries" className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="system-log-entries" className="font-display text-xl font-bold text-fg">
                {countOf(rows.length, 'entry', 'entries')}
                {logs.hasNextPage ? ' shown' : ''}
              </h2>
              <p className="flex items-center gap-1.5 text-sm text-muted">
                <Radio aria-hidden="true" className="size-4" />
                {isLive
                  ? `Live: new entries appear within ${LIVE_REFRESH_MS / 1000} seconds`
                  : 'Older entries loaded: live updates paused'}
              </p>
            </div>
            {rows.length === 0 ? (
              <Notice icon={FileSearch} title="No log entries match these filters" role="status">
                {hasFilters(filters) ? 'Try fewer filters or a wider time range.' : null}
              </Notice>
            ) : (
              <LogTable rows={rows} onOpen={setOpen} />
            )}
            {logs.hasNextPage ? (
              <div className="flex justify-center">
                <Button
                  variant="secondary"
                  onClick={() => void logs.fetchNextPage()}
                  disabled={logs.isFetchingNextPage}
                >
                  {logs.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            ) : null}
          </section>
        )}
      </QueryView>

      <LogEntryDialog row={open} onClose={() => setOpen(null)} />
    </div>
  );
}
