import { CircleCheck, ClipboardList } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CRM_MESSAGES, type CrmOverview } from '../../../contracts/crm';
import { CRM_STATE_LABELS, CRM_TASK_STATES, type CrmTaskKind, type CrmTaskState } from '../../../domain/crm';
import { countOf } from '../../../domain/plural';
import { formatEuro } from '../../../domain/registration';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { QueryView } from '../../components/query-view';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { CheckboxField, SelectField, TextField } from '../../components/ui/field';
import { Notice } from '../../components/ui/notice';
import { SearchField, SearchForm } from '../../components/ui/search-field';
import {
  type CrmFilters,
  cellMatches,
  filterSchools,
  hasFilters,
  MAX_DUE_DAYS,
  PAYMENT_STATES,
  type PaymentState,
  UNASSIGNED,
} from './crm-filters';
import { MessageSchoolsButton } from './message-dialog';
import { useCrmOverview } from './queries';
import { staffNameOf, TaskDialog } from './task-dialog';
import { OverdueIconUse, STATE_LOOKS, StateIconSprite, StateIconUse, StateLegend } from './task-states';
import { useFilterControls, useUrlFilters } from './use-url-filters';

export const PAYMENT_LABELS: Record<PaymentState, string> = {
  paid: 'Paid',
  partly_paid: 'Partly paid',
  unpaid: 'Unpaid',
  none: 'No registration',
};

type School = CrmOverview['schools'][number];
type Cell = School['cells'][number];

function FiltersForm({
  filters,
  overview,
  onChange,
}: {
  filters: CrmFilters;
  overview: CrmOverview;
  /** Changes the filters as they stand now (two quick changes in a row both count). */
  onChange: (update: (current: CrmFilters) => CrmFilters) => void;
}) {
  const { set, q, setQ } = useFilterControls(filters, onChange);
  return (
    <SearchForm className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm">
      <h2 className="sr-only">Filters</h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <div className="col-span-2">
          <SearchField
            label="School or team"
            value={q}
            onChange={(value) => {
              setQ(value);
              set('q', value.trim() || undefined);
            }}
          />
        </div>
        <SelectField
          label="Task type"
          value={filters.kind ?? ''}
          onChange={(event) => set('kind', (event.target.value || undefined) as CrmTaskKind | undefined)}
        >
          <option value="">All task types</option>
          {overview.kinds.map(({ kind, label }) => (
            <option key={kind} value={kind}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="State"
          value={filters.state ?? ''}
          onChange={(event) => set('state', (event.target.value || undefined) as CrmTaskState | undefined)}
        >
          <option value="">Any state</option>
          {CRM_TASK_STATES.map((state) => (
            <option key={state} value={state}>
              {CRM_STATE_LABELS[state]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Assignee"
          value={filters.assignee ?? ''}
          onChange={(event) => set('assignee', event.target.value || undefined)}
        >
          <option value="">Anyone</option>
          <option value={UNASSIGNED}>Unassigned</option>
          {overview.staff.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Payment"
          value={filters.payment ?? ''}
          onChange={(event) => set('payment', (event.target.value || undefined) as PaymentState | undefined)}
        >
          <option value="">Any payment state</option>
          {PAYMENT_STATES.map((payment) => (
            <option key={payment} value={payment}>
              {PAYMENT_LABELS[payment]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Due within (days)"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_DUE_DAYS}
          value={filters.due ?? ''}
          onChange={(event) => {
            const days = event.target.value === '' ? undefined : Number(event.target.value);
            set(
              'due',
              days !== undefined && Number.isInteger(days) && days >= 0 && days <= MAX_DUE_DAYS
                ? days
                : undefined,
            );
          }}
        />
        <div className="flex flex-col justify-end">
          <CheckboxField
            label="Overdue"
            checked={filters.overdue === true}
            onChange={(event) => set('overdue', event.target.checked ? true : undefined)}
          />
          <CheckboxField
            label="Any task not done"
            checked={filters.open === true}
            onChange={(event) => set('open', event.target.checked ? true : undefined)}
          />
        </div>
      </div>
      {hasFilters(filters) ? (
        <div>
          <Button size="sm" variant="ghost" onClick={() => onChange(() => ({}))}>
            Clear filters
          </Button>
        </div>
      ) : null}
    </SearchForm>
  );
}

/** One matrix cell: the task's state as colour, icon and (read out) label; it opens the task. */
export function MatrixCell({
  cell,
  kindLabel,
  schoolName,
  assignee,
  isDimmed,
  onOpen,
}: {
  cell: Cell | undefined;
  kindLabel: string;
  schoolName: string;
  assignee: string | null;
  isDimmed: boolean;
  onOpen: (cell: Cell) => void;
}) {
  if (!cell) {
    return (
      <td className="px-1 py-1 text-center text-muted">
        <span aria-hidden="true">–</span>
        <span className="sr-only">No task</span>
      </td>
    );
  }
  const label = CRM_STATE_LABELS[cell.state];
  return (
    <td className="px-1 py-1">
      {/* Named by aria-label, not a hidden text node: 540 cells on a full matrix, each element counts. */}
      <button
        type="button"
        onClick={() => onOpen(cell)}
        aria-label={`${schoolName}, ${kindLabel}: ${label}${cell.isOverdue ? ', overdue' : ''}`}
        data-testid="crm-cell"
        data-kind={cell.kind}
        data-state={cell.state}
        title={`${kindLabel}: ${label}${cell.isOverdue ? ' (overdue)' : ''}${assignee ? ` · ${assignee}` : ''}`}
        className={cx(
          'relative grid h-10 w-full min-w-12 place-items-center rounded-lg border',
          STATE_LOOKS[cell.state].className,
          cell.isOverdue && 'outline-2 outline-offset-[-2px] outline-loss',
          isDimmed && 'opacity-35',
        )}
      >
        <StateIconUse state={cell.state} className="size-5" />
        {cell.isOverdue ? (
          <OverdueIconUse className="absolute -top-1 -right-1 size-4 rounded-full bg-surface text-loss" />
        ) : null}
      </button>
    </td>
  );
}

function SchoolHeader({ school }: { school: School }) {
  return (
    <th scope="row" className="sticky left-0 z-[1] bg-surface px-3 py-2 text-left align-top font-normal">
      <div className="flex flex-wrap items-center gap-2">
        <Link to={`/crm/teams/${encodeURIComponent(school.id)}`} className="font-semibold text-link">
          {school.name}
        </Link>
        {school.isReady ? (
          <Badge tone="win">
            <CircleCheck aria-hidden="true" className="size-3.5" />
            Ready
          </Badge>
        ) : null}
      </div>
      {school.teams.length > 0 ? <p className="text-xs text-muted">{school.teams.join(', ')}</p> : null}
      <p className="mt-0.5 text-xs text-fg">
        {formatEuro(school.paidCents)} paid of {formatEuro(school.dueCents)} ·{' '}
        {PAYMENT_LABELS[school.payment]}
      </p>
      <p className="text-xs text-muted">
        {school.open} open ·{' '}
        <span className={cx(school.overdue > 0 && 'font-semibold text-loss')}>{school.overdue} overdue</span>{' '}
        ·{' '}
        <span className={cx(school.blocked > 0 && 'font-semibold text-loss')}>{school.blocked} blocked</span>
      </p>
    </th>
  );
}

function Matrix({
  overview,
  schools,
  filters,
  onOpen,
}: {
  overview: CrmOverview;
  schools: School[];
  filters: CrmFilters;
  onOpen: (cell: Cell) => void;
}) {
  const staffName = useMemo(() => staffNameOf(overview.staff), [overview.staff]);
  const hasTaskFilter = Boolean(
    filters.kind ||
      filters.state ||
      filters.assignee ||
      filters.overdue ||
      filters.due !== undefined ||
      filters.open,
  );
  return (
    <div className="overflow-x-auto rounded-2xl border border-line bg-surface shadow-sm">
      <StateIconSprite />
      {/*
       * Fixed layout: the columns' widths come from the header row, so the browser lays the rows out once as they
       * arrive (a server-drawn matrix is parsed in pieces, ADR 037) instead of measuring all 540 cells again.
       */}
      <table className="w-full table-fixed text-sm" data-testid="crm-matrix">
        <caption className="sr-only">
          Readiness of each school: one column per task type, each cell the task's state
        </caption>
        <thead className="border-b border-line text-xs text-muted">
          <tr>
            <th scope="col" className="sticky left-0 z-[1] w-56 bg-surface px-3 py-2 text-left font-semibold">
              School
            </th>
            {overview.kinds.map(({ kind, label }) => (
              <th key={kind} scope="col" className="w-22 px-1 py-2 align-bottom font-semibold">
                <span className="block w-20 leading-tight">{label}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {schools.map((school) => (
            <tr key={school.id} data-testid="crm-matrix-row" data-school={school.name}>
              <SchoolHeader school={school} />
              {overview.kinds.map(({ kind, label }) => {
                const cell = school.cells.find((candidate) => candidate.kind === kind);
                return (
                  <MatrixCell
                    key={kind}
                    cell={cell}
                    kindLabel={label}
                    schoolName={school.name}
                    assignee={cell ? staffName(cell.assigneeId) : null}
                    isDimmed={
                      hasTaskFilter && cell !== undefined && !cellMatches(cell, filters, overview.today)
                    }
                    onOpen={onOpen}
                  />
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /crm (crm_access): the readiness matrix, schools × task types, with filters kept in the address. */
export function CrmOverviewPage() {
  const overview = useCrmOverview();
  const [params, setParams] = useSearchParams();
  const [filters, onFilters] = useUrlFilters();
  const taskParam = Number(params.get('task'));
  const openTaskId = Number.isInteger(taskParam) && taskParam > 0 ? taskParam : null;
  const setTask = (id: number | null) =>
    setParams((old) => {
      const next = new URLSearchParams(old);
      if (id === null) next.delete('task');
      else next.set('task', String(id));
      return next;
    });

  return (
    <div className="flex flex-col gap-5">
      <AdminPageHeading eyebrow="Team Tasks" title="Overview">
        What each school still owes, task by task. Filters are kept in the address, so a view can be shared.
      </AdminPageHeading>
      <QueryView query={overview} errorTitle={CRM_MESSAGES.loadFailed} keepDataOnError>
        {(data) => {
          const schools = filterSchools(data, filters);
          const openSchool = data.schools.find((school) =>
            school.cells.some((cell) => cell.taskId === openTaskId),
          );
          const openKind = openSchool?.cells.find((cell) => cell.taskId === openTaskId)?.kind;
          const openTitle = openKind
            ? (data.kinds.find((kind) => kind.kind === openKind)?.label ?? null)
            : null;
          return (
            <>
              <FiltersForm filters={filters} overview={data} onChange={onFilters} />
              <StateLegend />
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm text-muted" aria-live="polite">
                  {schools.length === data.schools.length
                    ? countOf(data.schools.length, 'school')
                    : `${schools.length} of ${countOf(data.schools.length, 'school')}`}
                  {' · '}
                  {data.schools.filter((school) => school.isReady).length} ready
                </p>
                <MessageSchoolsButton
                  schools={schools}
                  label={hasFilters(filters) ? 'Message the schools in this filter' : 'Message all schools'}
                />
              </div>
              {schools.length === 0 ? (
                <Notice icon={ClipboardList} title="No school matches these filters" role="status">
                  {hasFilters(filters) ? 'Try fewer filters.' : 'Tasks appear here when a school registers.'}
                </Notice>
              ) : (
                <Matrix
                  overview={data}
                  schools={schools}
                  filters={filters}
                  onOpen={(cell) => setTask(cell.taskId)}
                />
              )}
              <TaskDialog
                taskId={openTaskId}
                title={openTitle && openSchool ? `${openTitle} – ${openSchool.name}` : null}
                staff={data.staff}
                onClose={() => setTask(null)}
              />
            </>
          );
        }}
      </QueryView>
    </div>
  );
}
