import { useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ANALYTICS_MESSAGES, type AnalyticsResponse } from '../../../contracts/visitor-analytics';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { type ChartData, ChartPanel } from '../../components/chart-panel';
import { QueryView } from '../../components/query-view';
import { SelectField } from '../../components/ui/field';
import { GeolocationServiceSection } from './geolocation-service-form';
import { useVisitorAnalytics } from './queries';

const AXIS = { fontSize: 12, fill: 'var(--c-muted)' };
const TOOLTIP = {
  contentStyle: { background: 'var(--c-surface)', borderColor: 'var(--c-line)', borderRadius: 12 },
  labelStyle: { color: 'var(--c-fg)', fontWeight: 600 },
};
const legendText = (value: unknown) => <span style={{ color: 'var(--c-fg)' }}>{String(value)}</span>;
const RANGES = [7, 30, 90, 366] as const;
const countryNames = new Intl.DisplayNames(['en-IE'], { type: 'region' });
/** "IE" → "Ireland"; '' → "Unknown". */
export function countryName(code: string): string {
  if (!code) return 'Unknown';
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}
const DEVICE_LABELS = { mobile: 'Phone', tablet: 'Tablet', desktop: 'Computer', bot: 'Robot' } as const;
const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);

function HorizontalBars({
  rows,
  bars,
}: {
  rows: Record<string, string | number>[];
  bars: { key: string; name: string; fill: string }[];
}) {
  const height = Math.max(160, rows.length * 30 + 70);
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 600, height }}>
      <BarChart accessibilityLayer={false} data={rows} layout="vertical" margin={{ left: 8, right: 16 }}>
        <CartesianGrid horizontal={false} stroke="var(--c-line)" />
        <XAxis type="number" allowDecimals={false} tick={AXIS} />
        <YAxis type="category" dataKey="label" width={140} tick={AXIS} interval={0} />
        <Tooltip {...TOOLTIP} cursor={{ fill: 'var(--c-surface-muted)' }} />
        {bars.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} formatter={legendText} /> : null}
        {bars.map((bar) => (
          <Bar
            key={bar.key}
            dataKey={bar.key}
            name={bar.name}
            fill={bar.fill}
            isAnimationActive={false}
            maxBarSize={22}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

const VIEWS_AND_VISITS = [
  { key: 'pageViews', name: 'Page views', fill: 'var(--c-primary)' },
  { key: 'visits', name: 'Visits (with consent)', fill: 'var(--c-warn)' },
];

function Charts({ data }: { data: AnalyticsResponse }) {
  const overTime: ChartData = {
    header: ['Day', 'Page views', 'Visits', 'Signed-in visits'],
    rows: data.byDay.map((row) => [row.day, row.pageViews, row.visits, row.logins]),
  };
  const byPage: ChartData = {
    header: ['Page', 'Page views', 'Visits'],
    rows: data.byPage.map((row) => [row.path || '(unknown)', row.pageViews, row.visits]),
  };
  const byCountry: ChartData = {
    header: ['Country', 'Page views', 'Visits'],
    rows: data.byCountry.map((row) => [countryName(row.country), row.pageViews, row.visits]),
  };
  const byCity: ChartData = {
    header: ['City', 'Country', 'Visits'],
    rows: data.byCity.map((row) => [row.city || 'Unknown', countryName(row.country), row.visits]),
  };
  const byConnection: ChartData = {
    header: ['Visitor', 'Visits'],
    rows: data.byConnection.map((row) => [row.type === 'login' ? 'Signed in' : 'Anonymous', row.visits]),
  };
  const byDevice: ChartData = {
    header: ['Device', 'Page views'],
    rows: data.byDevice.map((row) => [DEVICE_LABELS[row.device], row.pageViews]),
  };
  const peak: ChartData = {
    header: ['Minute (Irish time)', 'Visits'],
    rows: [...data.peakMinutes.minutes]
      .sort((a, b) => a.minute.localeCompare(b.minute))
      .map((row) => [row.minute, row.visits]),
  };
  const totalViews = sum(data.byDay.map((row) => row.pageViews));
  const totalVisits = sum(data.byDay.map((row) => row.visits + row.logins));
  const top = (rows: ChartData['rows']) => rows.slice(0, 15);
  const toBars = (chart: ChartData, keys: string[]) =>
    top(chart.rows).map((row) =>
      Object.fromEntries([
        ['label', String(row[0])],
        ...keys.map((key, i) => [key, Number(row[i + 1] ?? 0)]),
      ]),
    );
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <div className="xl:col-span-2">
        <ChartPanel
          title="Visits over time"
          summary={`${totalViews} page view${totalViews === 1 ? '' : 's'} and ${totalVisits} recorded visit${totalVisits === 1 ? '' : 's'} from ${data.from} to ${data.to}.`}
          fileName="visits-over-time.csv"
          data={overTime}
          testId="chart-over-time"
        >
          <ResponsiveContainer width="100%" height={260} initialDimension={{ width: 800, height: 260 }}>
            <LineChart accessibilityLayer={false} data={data.byDay} margin={{ left: 0, right: 16 }}>
              <CartesianGrid stroke="var(--c-line)" />
              <XAxis dataKey="day" tick={AXIS} />
              <YAxis allowDecimals={false} tick={AXIS} width={40} />
              <Tooltip {...TOOLTIP} />
              <Legend wrapperStyle={{ fontSize: 12 }} formatter={legendText} />
              <Line
                dataKey="pageViews"
                name="Page views"
                stroke="var(--c-primary)"
                isAnimationActive={false}
              />
              <Line dataKey="visits" name="Visits" stroke="var(--c-warn)" isAnimationActive={false} />
              <Line
                dataKey="logins"
                name="Signed-in visits"
                stroke="var(--c-draw)"
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </ChartPanel>
      </div>
      <ChartPanel
        title="By page"
        summary={`${data.byPage.length} pages seen; the 15 busiest are drawn.`}
        fileName="visits-by-page.csv"
        data={byPage}
        testId="chart-by-page"
      >
        <HorizontalBars rows={toBars(byPage, ['pageViews', 'visits'])} bars={VIEWS_AND_VISITS} />
      </ChartPanel>
      <ChartPanel
        title="By country"
        summary={`${data.byCountry.length} countries, looked up offline.`}
        fileName="visits-by-country.csv"
        data={byCountry}
        testId="chart-by-country"
      >
        <HorizontalBars rows={toBars(byCountry, ['pageViews', 'visits'])} bars={VIEWS_AND_VISITS} />
      </ChartPanel>
      <ChartPanel
        title="By city"
        summary="Recorded visits only: the page-view count keeps no city."
        fileName="visits-by-city.csv"
        data={byCity}
        testId="chart-by-city"
      >
        <HorizontalBars
          rows={top(byCity.rows).map((row) => ({ label: String(row[0]), visits: Number(row[2]) }))}
          bars={[VIEWS_AND_VISITS[1]!]}
        />
      </ChartPanel>
      <ChartPanel
        title="Visit or sign-in"
        summary="Recorded visits by anonymous and signed-in visitors."
        fileName="visits-by-connection.csv"
        data={byConnection}
        testId="chart-by-connection"
      >
        <HorizontalBars rows={toBars(byConnection, ['visits'])} bars={[VIEWS_AND_VISITS[1]!]} />
      </ChartPanel>
      <ChartPanel
        title="Devices"
        summary="Page views by kind of device."
        fileName="page-views-by-device.csv"
        data={byDevice}
        testId="chart-by-device"
      >
        <HorizontalBars rows={toBars(byDevice, ['pageViews'])} bars={[VIEWS_AND_VISITS[0]!]} />
      </ChartPanel>
      <ChartPanel
        title="Peak minutes"
        summary={
          data.peakMinutes.day
            ? `The busiest minutes of ${data.peakMinutes.day}, the day with the most visits.`
            : 'No visits recorded in this range.'
        }
        fileName="peak-minutes.csv"
        data={peak}
        testId="chart-peak-minutes"
      >
        <HorizontalBars rows={toBars(peak, ['visits'])} bars={[VIEWS_AND_VISITS[1]!]} />
      </ChartPanel>
    </div>
  );
}

/**
 * /admin/analytics (`view_superadmin_dashboard`, ADR 034): the consent-free page-view count and the visits
 * recorded with consent, each chart with its table and CSV.
 */
export function VisitorAnalyticsPage() {
  const [days, setDays] = useState<number>(30);
  const analytics = useVisitorAnalytics(days);
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeading title="Visitor Analytics">
        Page views are counted for everyone without cookies (page, referring site, country, device); visits
        are recorded only for visitors who accepted cookies. Days are Irish days.
      </AdminPageHeading>
      <SelectField
        label="Period"
        name="days"
        value={String(days)}
        onChange={(event) => setDays(Number(event.target.value))}
        className="max-w-xs"
      >
        {RANGES.map((range) => (
          <option key={range} value={range}>
            {range === 366 ? 'The last year' : `The last ${range} days`}
          </option>
        ))}
      </SelectField>
      <QueryView query={analytics} errorTitle={ANALYTICS_MESSAGES.loadFailed}>
        {(data) => <Charts data={data} />}
      </QueryView>
      <GeolocationServiceSection />
    </div>
  );
}
