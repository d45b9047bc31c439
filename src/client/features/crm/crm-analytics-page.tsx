import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CRM_ANALYTICS_MESSAGES, type CrmAnalyticsView } from '../../../contracts/crm-analytics';
import { CRM_STATE_LABELS, CRM_TASK_STATES, type CrmTaskState } from '../../../domain/crm';
import { countOf } from '../../../domain/plural';
import { formatEuro } from '../../../domain/registration';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { type ChartData, ChartPanel } from '../../components/chart-panel';
import { QueryView } from '../../components/query-view';
import { useCrmAnalytics } from './queries';

/** The states' colours (the theme's, as on the matrix); the legend and the table name each state. */
const STATE_FILLS: Record<CrmTaskState, string> = {
  not_started: 'var(--c-muted)',
  waiting_on_school: 'var(--c-warn)',
  received_to_check: 'var(--c-draw)',
  done: 'var(--c-win)',
  blocked: 'var(--c-loss)',
  not_applicable: 'var(--c-line)',
};
const AXIS = { fontSize: 12, fill: 'var(--c-muted)' };
const TOOLTIP = {
  contentStyle: { background: 'var(--c-surface)', borderColor: 'var(--c-line)', borderRadius: 12 },
  labelStyle: { color: 'var(--c-fg)', fontWeight: 600 },
};
const euro = (cents: number) => formatEuro(cents);
const shortDate = new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayLabel = (date: string) => shortDate.format(new Date(`${date}T00:00:00Z`));

/** Legend entries in the text colour (the swatch carries the series' colour; a light one stays readable). */
const legendText = (value: unknown) => <span style={{ color: 'var(--c-fg)' }}>{String(value)}</span>;

const stateHeader = CRM_TASK_STATES.map((state) => CRM_STATE_LABELS[state]);

function StateBars({ layout, height }: { layout: 'vertical' | 'horizontal'; height: number }) {
  return (
    <>
      {CRM_TASK_STATES.map((state) => (
        <Bar
          key={state}
          dataKey={state}
          name={CRM_STATE_LABELS[state]}
          stackId="states"
          fill={STATE_FILLS[state]}
          isAnimationActive={false}
          maxBarSize={layout === 'vertical' ? height : 48}
        />
      ))}
    </>
  );
}

function ByKindChart({ view }: { view: CrmAnalyticsView }) {
  const data: ChartData = {
    header: ['Task type', ...stateHeader, 'Total'],
    rows: view.byKind.map((row) => [
      row.label,
      ...CRM_TASK_STATES.map((state) => row.counts[state]),
      row.total,
    ]),
  };
  const done = view.byKind.reduce((total, row) => total + row.counts.done + row.counts.not_applicable, 0);
  const all = view.byKind.reduce((total, row) => total + row.total, 0);
  const height = Math.max(200, view.byKind.length * 34 + 70);
  return (
    <ChartPanel
      title="Readiness per task type"
      summary={`${done} of ${countOf(all, 'task')} settled (done or not applicable).`}
      fileName="crm-readiness-per-task-type.csv"
      data={data}
      testId="chart-by-kind"
    >
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 600, height }}>
        <BarChart
          accessibilityLayer={false}
          data={view.byKind.map((row) => ({ label: row.label, ...row.counts }))}
          layout="vertical"
          margin={{ left: 8, right: 16 }}
        >
          <CartesianGrid horizontal={false} stroke="var(--c-line)" />
          <XAxis type="number" allowDecimals={false} tick={AXIS} />
          <YAxis type="category" dataKey="label" width={150} tick={AXIS} interval={0} />
          <Tooltip {...TOOLTIP} cursor={{ fill: 'var(--c-surface-muted)' }} />
          <Legend wrapperStyle={{ fontSize: 12 }} formatter={legendText} />
          {StateBars({ layout: 'vertical', height: 22 })}
        </BarChart>
      </ResponsiveContainer>
    </ChartPanel>
  );
}

function ReadinessChart({ view }: { view: CrmAnalyticsView }) {
  const { ready, notReady } = view.readiness;
  const rows = [
    { label: 'Fully ready', schools: ready, fill: 'var(--c-win)' },
    { label: 'Not ready', schools: notReady, fill: 'var(--c-warn)' },
  ];
  return (
    <ChartPanel
      title="Schools fully ready"
      summary={`${ready} of ${countOf(ready + notReady, 'school')} have every task settled.`}
      fileName="crm-schools-ready.csv"
      data={{ header: ['Schools', 'Count'], rows: rows.map((row) => [row.label, row.schools]) }}
      testId="chart-readiness"
    >
      <ResponsiveContainer width="100%" height={200} initialDimension={{ width: 400, height: 200 }}>
        <BarChart accessibilityLayer={false} data={rows} margin={{ left: 0, right: 16 }}>
          <CartesianGrid vertical={false} stroke="var(--c-line)" />
          <XAxis dataKey="label" tick={AXIS} />
          <YAxis allowDecimals={false} tick={AXIS} width={32} />
          <Tooltip {...TOOLTIP} cursor={{ fill: 'var(--c-surface-muted)' }} />
          <Bar dataKey="schools" name="Schools" isAnimationActive={false} maxBarSize={72}>
            {rows.map((row) => (
              <Cell key={row.label} fill={row.fill} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartPanel>
  );
}

function OverdueChart({ view }: { view: CrmAnalyticsView }) {
  const total = view.overdueByAssignee.reduce((sum, row) => sum + row.overdue, 0);
  const height = Math.max(160, view.overdueByAssignee.length * 34 + 50);
  return (
    <ChartPanel
      title="Overdue tasks by assignee"
      summary={
        total === 0
          ? 'No task is overdue.'
          : `${countOf(total, 'overdue task')}; most with ${view.overdueByAssignee[0]!.name} (${view.overdueByAssignee[0]!.overdue}).`
      }
      fileName="crm-overdue-by-assignee.csv"
      data={{
        header: ['Assignee', 'Overdue tasks'],
        rows: view.overdueByAssignee.map((row) => [row.name, row.overdue]),
      }}
      testId="chart-overdue"
    >
      {total === 0 ? (
        <p className="py-6 text-center text-sm text-muted">Nothing overdue.</p>
      ) : (
        <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 400, height }}>
          <BarChart
            accessibilityLayer={false}
            data={view.overdueByAssignee}
            layout="vertical"
            margin={{ left: 8, right: 16 }}
          >
            <CartesianGrid horizontal={false} stroke="var(--c-line)" />
            <XAxis type="number" allowDecimals={false} tick={AXIS} />
            <YAxis type="category" dataKey="name" width={120} tick={AXIS} interval={0} />
            <Tooltip {...TOOLTIP} cursor={{ fill: 'var(--c-surface-muted)' }} />
            <Bar
              dataKey="overdue"
              name="Overdue"
              fill="var(--c-loss)"
              isAnimationActive={false}
              maxBarSize={24}
            />
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartPanel>
  );
}

function FlowChart({ view }: { view: CrmAnalyticsView }) {
  const first = view.flow[0];
  const last = view.flow.at(-1);
  return (
    <ChartPanel
      title="Cumulative flow"
      summary={
        first && last
          ? `Tasks in each state at the end of each day, ${dayLabel(first.date)} to ${dayLabel(last.date)}; ${last.counts.done} done on the last day.`
          : 'No tasks yet.'
      }
      fileName="crm-cumulative-flow.csv"
      data={{
        header: ['Day', ...stateHeader],
        rows: view.flow.map((day) => [day.date, ...CRM_TASK_STATES.map((state) => day.counts[state])]),
      }}
      testId="chart-flow"
    >
      <ResponsiveContainer width="100%" height={280} initialDimension={{ width: 600, height: 280 }}>
        <AreaChart
          accessibilityLayer={false}
          data={view.flow.map((day) => ({ date: day.date, ...day.counts }))}
          margin={{ left: 0, right: 16 }}
        >
          <CartesianGrid vertical={false} stroke="var(--c-line)" />
          <XAxis dataKey="date" tickFormatter={dayLabel} tick={AXIS} minTickGap={24} />
          <YAxis allowDecimals={false} tick={AXIS} width={40} />
          <Tooltip {...TOOLTIP} labelFormatter={(label) => dayLabel(String(label))} />
          <Legend wrapperStyle={{ fontSize: 12 }} formatter={legendText} />
          {[...CRM_TASK_STATES].reverse().map((state) => (
            <Area
              key={state}
              type="linear"
              dataKey={state}
              name={CRM_STATE_LABELS[state]}
              stackId="flow"
              stroke={STATE_FILLS[state]}
              fill={STATE_FILLS[state]}
              fillOpacity={0.85}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      </ResponsiveContainer>
    </ChartPanel>
  );
}

function MoneyChart({ view }: { view: CrmAnalyticsView }) {
  const { collectedCents, outstandingCents } = view.money;
  const rows = [
    { label: 'Collected', cents: collectedCents, fill: 'var(--c-win)' },
    { label: 'Outstanding', cents: outstandingCents, fill: 'var(--c-warn)' },
  ];
  return (
    <ChartPanel
      title="Money collected and outstanding"
      summary={`${euro(collectedCents)} collected, ${euro(outstandingCents)} outstanding.`}
      fileName="crm-money.csv"
      data={{ header: ['Money', 'Euro'], rows: rows.map((row) => [row.label, (row.cents / 100).toFixed(2)]) }}
      testId="chart-money"
    >
      <ResponsiveContainer width="100%" height={200} initialDimension={{ width: 400, height: 200 }}>
        <BarChart accessibilityLayer={false} data={rows} margin={{ left: 8, right: 16 }}>
          <CartesianGrid vertical={false} stroke="var(--c-line)" />
          <XAxis dataKey="label" tick={AXIS} />
          <YAxis tickFormatter={(cents: number) => euro(cents)} tick={AXIS} width={72} />
          <Tooltip
            {...TOOLTIP}
            formatter={(cents) => euro(Number(cents))}
            cursor={{ fill: 'var(--c-surface-muted)' }}
          />
          <Bar dataKey="cents" name="Amount" isAnimationActive={false} maxBarSize={72}>
            {rows.map((row) => (
              <Cell key={row.label} fill={row.fill} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartPanel>
  );
}

function FunnelChart({ view }: { view: CrmAnalyticsView }) {
  const registered = view.funnel[0]?.schools ?? 0;
  const collected = view.funnel.at(-1)?.schools ?? 0;
  return (
    <ChartPanel
      title="Event-day funnel"
      summary={`Schools at each step: ${view.funnel.map((step) => `${step.label} ${step.schools}`).join(', ')}. ${collected} of ${registered} through every step.`}
      fileName="crm-event-day-funnel.csv"
      data={{ header: ['Step', 'Schools'], rows: view.funnel.map((step) => [step.label, step.schools]) }}
      testId="chart-funnel"
    >
      <ResponsiveContainer width="100%" height={220} initialDimension={{ width: 600, height: 220 }}>
        <BarChart
          accessibilityLayer={false}
          data={view.funnel}
          layout="vertical"
          margin={{ left: 8, right: 16 }}
        >
          <CartesianGrid horizontal={false} stroke="var(--c-line)" />
          <XAxis type="number" allowDecimals={false} tick={AXIS} />
          <YAxis type="category" dataKey="label" width={100} tick={AXIS} interval={0} />
          <Tooltip {...TOOLTIP} cursor={{ fill: 'var(--c-surface-muted)' }} />
          <Bar
            dataKey="schools"
            name="Schools"
            fill="var(--c-primary)"
            isAnimationActive={false}
            maxBarSize={28}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartPanel>
  );
}

/** The page's charts for these series (exported for the component test). */
export function CrmAnalyticsCharts({ view }: { view: CrmAnalyticsView }) {
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <ByKindChart view={view} />
      </div>
      <ReadinessChart view={view} />
      <OverdueChart view={view} />
      <div className="lg:col-span-2">
        <FlowChart view={view} />
      </div>
      <MoneyChart view={view} />
      <FunnelChart view={view} />
    </div>
  );
}

/** /crm/analytics (crm_access): readiness, overdue, flow, money and the event-day funnel; each chart as a table and CSV. */
export function CrmAnalyticsPage() {
  const analytics = useCrmAnalytics();
  return (
    <div className="flex flex-col gap-5">
      <AdminPageHeading eyebrow="Team Tasks" title="Analytics">
        The board’s numbers as charts. Each chart can be shown as a table and downloaded as CSV.
      </AdminPageHeading>
      <QueryView query={analytics} errorTitle={CRM_ANALYTICS_MESSAGES.loadFailed} keepDataOnError>
        {(view) => <CrmAnalyticsCharts view={view} />}
      </QueryView>
    </div>
  );
}
