import { useEffect, useId, useRef, useState } from 'react';
import type { BillingOverview } from '../../../contracts/billing-overview';
import { formatCalendarDate, formatEuroCents } from '../../lib/format';
import { axis, labelledIndexes } from './chart-scale';

type Day = BillingOverview['timeline'][number];

const HEIGHT = 260;
const MARGIN = { top: 16, right: 64, bottom: 36, left: 64 };
const shortDate = new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const tableDate = new Intl.DateTimeFormat('en-IE', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayLabel = (date: string) => shortDate.format(new Date(`${date}T00:00:00Z`));
/** Whole euros on the axes: "€1,200". */
const axisEuro = (cents: number) =>
  new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(
    cents / 100,
  );

/** The width the chart gets, following its container (phones to desktops). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(280, Math.floor(element.getBoundingClientRect().width)));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * Payments per day as bars (left axis) and the running total as a line (right axis), drawn as plain SVG.
 * Screen readers get a one-sentence summary; the same numbers are in the table below it.
 */
export function PaymentsChart({ timeline }: { timeline: Day[] }) {
  const { ref, width } = useWidth();
  const titleId = useId();
  const descriptionId = useId();
  const plotWidth = width - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const daily = axis(Math.max(0, ...timeline.map((day) => day.cents)));
  const running = axis(timeline.at(-1)?.cumulativeCents ?? 0);
  const dailyMax = daily.max;
  const runningMax = running.max;
  const slot = plotWidth / Math.max(timeline.length, 1);
  const barWidth = Math.max(2, Math.min(48, slot * 0.7));
  const y = (cents: number, max: number) => MARGIN.top + plotHeight - (cents / max) * plotHeight;
  const x = (index: number) => MARGIN.left + slot * index + slot / 2;
  const line = timeline
    .map(
      (day, index) =>
        `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(day.cumulativeCents, runningMax).toFixed(1)}`,
    )
    .join(' ');
  const first = timeline[0];
  const last = timeline.at(-1);
  const best = timeline.reduce<Day | null>(
    (top, day) => (top === null || day.cents > top.cents ? day : top),
    null,
  );
  const payments = timeline.reduce((total, day) => total + day.count, 0);
  const summary =
    first && last && best
      ? `${payments} ${payments === 1 ? 'payment' : 'payments'} from ${formatCalendarDate(first.date)} to ${formatCalendarDate(last.date)}, ${formatEuroCents(last.cumulativeCents)} in total. Best day: ${formatCalendarDate(best.date)} with ${formatEuroCents(best.cents)}.`
      : 'No payments yet.';

  return (
    <div ref={ref} className="w-full">
      <svg
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        className="block max-w-full text-xs"
        data-testid="payments-chart"
      >
        <title id={titleId}>Payments per day and running total</title>
        <desc id={descriptionId}>{summary}</desc>
        {daily.ticks.map((tick, index) => (
          <g key={`left-${tick}`}>
            <line
              x1={MARGIN.left}
              x2={MARGIN.left + plotWidth}
              y1={y(tick, dailyMax)}
              y2={y(tick, dailyMax)}
              className="stroke-line"
              strokeDasharray={index === 0 ? undefined : '3 4'}
            />
            <text
              x={MARGIN.left - 8}
              y={y(tick, dailyMax)}
              dy="0.35em"
              textAnchor="end"
              className="fill-muted"
            >
              {axisEuro(tick)}
            </text>
          </g>
        ))}
        {running.ticks.map((tick) => (
          <text
            key={`right-${tick}`}
            x={MARGIN.left + plotWidth + 8}
            y={y(tick, runningMax)}
            dy="0.35em"
            className="fill-accent-text"
          >
            {axisEuro(tick)}
          </text>
        ))}
        {timeline.map((day, index) => (
          <rect
            key={day.date}
            x={x(index) - barWidth / 2}
            y={y(day.cents, dailyMax)}
            width={barWidth}
            height={Math.max(0, MARGIN.top + plotHeight - y(day.cents, dailyMax))}
            rx={Math.min(4, barWidth / 4)}
            className="fill-primary"
          >
            <title>{`${formatCalendarDate(day.date)}: ${formatEuroCents(day.cents)} (${day.count})`}</title>
          </rect>
        ))}
        <path d={line} fill="none" strokeWidth={2.5} strokeLinejoin="round" className="stroke-accent-text" />
        {timeline.length <= 60
          ? timeline.map((day, index) => (
              <circle
                key={`dot-${day.date}`}
                cx={x(index)}
                cy={y(day.cumulativeCents, runningMax)}
                r={3.5}
                className="fill-surface stroke-accent-text"
                strokeWidth={2}
              />
            ))
          : null}
        {labelledIndexes(timeline.length, slot).map((index) => (
          <text
            key={`label-${timeline[index]!.date}`}
            x={x(index)}
            y={MARGIN.top + plotHeight + 20}
            textAnchor="middle"
            className="fill-muted"
          >
            {dayLabel(timeline[index]!.date)}
          </text>
        ))}
      </svg>
      <ul className="mt-2 flex flex-wrap gap-4 text-sm text-muted" aria-hidden="true">
        <li className="flex items-center gap-2">
          <span className="inline-block size-3 rounded-sm bg-primary" /> Paid that day (left axis)
        </li>
        <li className="flex items-center gap-2">
          <span className="inline-block h-0.5 w-5 bg-accent-text" /> Running total (right axis)
        </li>
      </ul>
    </div>
  );
}

/** The chart's numbers as a table, for screen readers, printing and anyone who prefers figures. */
export function PaymentsTable({ timeline }: { timeline: Day[] }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-line">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Payments per day</caption>
        <thead className="bg-surface-muted text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-3 py-2.5 font-semibold sm:px-4">
              Day
            </th>
            <th scope="col" className="px-3 py-2.5 text-right font-semibold sm:px-4">
              Paid
            </th>
            <th scope="col" className="px-3 py-2.5 text-right font-semibold sm:px-4">
              Running total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {timeline
            .filter((day) => day.count > 0)
            .map((day) => (
              <tr key={day.date}>
                <th scope="row" className="px-3 py-2 text-left sm:px-4">
                  <span className="block font-semibold text-fg">
                    {tableDate.format(new Date(`${day.date}T00:00:00Z`))}
                  </span>
                  <span className="block text-xs font-normal text-muted">
                    {day.count} {day.count === 1 ? 'payment' : 'payments'}
                  </span>
                </th>
                <td className="px-3 py-2 text-right tabular-nums sm:px-4">{formatEuroCents(day.cents)}</td>
                <td className="px-3 py-2 text-right tabular-nums sm:px-4">
                  {formatEuroCents(day.cumulativeCents)}
                </td>
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}
