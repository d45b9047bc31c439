import { Download } from 'lucide-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  CRM_ANALYTICS_MESSAGES,
  type CrmActivityFilters,
  type CrmActivityLogRow,
  crmActivityFiltersSchema,
} from '../../../contracts/crm-analytics';
import { CRM_KIND_DEFAULTS, CRM_STATE_LABELS, CRM_TASK_KINDS, type CrmTaskState } from '../../../domain/crm';
import { EVENT_TIME_ZONE } from '../../../domain/event-day';
import { countOf } from '../../../domain/plural';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { QueryView } from '../../components/query-view';
import { Button, buttonClasses } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { crmActivityUrl, useCrmActivity } from './queries';

const FILTER_KEYS = ['school', 'kind', 'actor', 'action', 'from', 'to'] as const;
const EVENT_ACTOR = 'event';
const MANUAL_KIND = 'manual';

/** The address's filters, dropping any the API would refuse; dates (YYYY-MM-DD) are whole days in UTC. */
export function logFiltersFromParams(params: URLSearchParams): CrmActivityFilters {
  const raw: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    if (key === 'from' || key === 'to') {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) continue;
      raw[key] = key === 'from' ? `${value}T00:00:00.000Z` : `${value}T23:59:59.999Z`;
    } else raw[key] = value;
  }
  const filters: CrmActivityFilters = {};
  for (const [key, value] of Object.entries(raw)) {
    const parsed = crmActivityFiltersSchema.safeParse({ [key]: value });
    if (parsed.success) Object.assign(filters, parsed.data);
  }
  return filters;
}

const time = new Intl.DateTimeFormat('en-IE', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: EVENT_TIME_ZONE,
});
const stateOr = (value: string | null) =>
  value !== null && value in CRM_STATE_LABELS ? CRM_STATE_LABELS[value as CrmTaskState] : value;

function LogTable({ rows }: { rows: CrmActivityLogRow[] }) {
  return (
    <section
      aria-label="Activity entries"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-line bg-surface"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Team-tasks activity, newest first</caption>
        <thead className="bg-surface-muted text-xs uppercase tracking-wide text-muted">
          <tr>
            {['Time', 'School', 'Task', 'Who', 'Action', 'From → to', 'Reason'].map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={row.id} data-testid="crm-log-row">
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">{time.format(new Date(row.at))}</td>
              <td className="px-3 py-2">{row.schoolName}</td>
              <td className="px-3 py-2">{row.taskTitle ?? '–'}</td>
              <td className="px-3 py-2">
                {row.actorId === null ? 'An event' : (row.actorName ?? row.actorId)}
              </td>
              <td className="px-3 py-2 font-mono text-xs">{row.action}</td>
              <td className="px-3 py-2">
                {row.from === null && row.to === null
                  ? '–'
                  : `${stateOr(row.from) ?? '–'} → ${stateOr(row.to) ?? '–'}`}
              </td>
              <td className="px-3 py-2 text-muted">{row.reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** /crm/system-logs (crm_admin): the append-only team-tasks activity, newest first, filtered, paged, as CSV. */
export function CrmLogPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => logFiltersFromParams(params), [params]);
  const activity = useCrmActivity(filters);
  const options = activity.data?.pages[0]?.options;
  const set = (key: (typeof FILTER_KEYS)[number], value: string) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const rows = activity.data?.pages.flatMap((page) => page.rows) ?? [];

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <AdminPageHeading eyebrow="Team Tasks" title="Activity log">
          Every change to the team tasks, by staff or by an event, newest first. Nothing here can be edited.
        </AdminPageHeading>
        <a
          className={buttonClasses('secondary', 'md', 'shrink-0')}
          href={crmActivityUrl(filters, {}, '/export')}
          download
        >
          <Download aria-hidden="true" className="size-4" />
          Download CSV
        </a>
      </div>
      <form
        className="grid grid-cols-2 gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm lg:grid-cols-6"
        onSubmit={(event) => event.preventDefault()}
      >
        <h2 className="sr-only">Filters</h2>
        <SelectField
          label="School"
          value={params.get('school') ?? ''}
          onChange={(event) => set('school', event.target.value)}
        >
          <option value="">All schools</option>
          {options?.schools.map((school) => (
            <option key={school.id} value={school.id}>
              {school.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Task type"
          value={params.get('kind') ?? ''}
          onChange={(event) => set('kind', event.target.value)}
        >
          <option value="">All task types</option>
          {CRM_TASK_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {CRM_KIND_DEFAULTS[kind].label}
            </option>
          ))}
          <option value={MANUAL_KIND}>Added by hand</option>
        </SelectField>
        <SelectField
          label="Who"
          value={params.get('actor') ?? ''}
          onChange={(event) => set('actor', event.target.value)}
        >
          <option value="">Anyone</option>
          <option value={EVENT_ACTOR}>An event</option>
          {options?.actors.map((actor) => (
            <option key={actor.id} value={actor.id}>
              {actor.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Action"
          value={params.get('action') ?? ''}
          onChange={(event) => set('action', event.target.value)}
        >
          <option value="">Any action</option>
          {options?.actions.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </SelectField>
        <TextField
          label="From"
          type="date"
          value={params.get('from') ?? ''}
          onChange={(event) => set('from', event.target.value)}
        />
        <TextField
          label="To"
          type="date"
          value={params.get('to') ?? ''}
          onChange={(event) => set('to', event.target.value)}
        />
      </form>
      <QueryView query={activity} errorTitle={CRM_ANALYTICS_MESSAGES.logLoadFailed} keepDataOnError>
        {() => (
          <>
            <p className="text-sm text-muted" aria-live="polite">
              {countOf(rows.length, 'entry', 'entries')}
              {activity.hasNextPage ? ' shown; older entries follow' : ''}
            </p>
            {rows.length > 0 ? (
              <LogTable rows={rows} />
            ) : (
              <p className="text-sm text-muted">No activity matches.</p>
            )}
            {activity.hasNextPage ? (
              <div>
                <Button
                  variant="secondary"
                  onClick={() => activity.fetchNextPage()}
                  disabled={activity.isFetchingNextPage}
                >
                  {activity.isFetchingNextPage ? 'Loading…' : 'Show older entries'}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </QueryView>
    </div>
  );
}
