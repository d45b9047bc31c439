import { Download, Table2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { formatCsv } from '../../domain/csv';
import { Button } from './ui/button';

export type ChartCell = string | number | null;
/** A chart's data as rows under a header: the table view and the CSV export are both made from it. */
export interface ChartData {
  header: string[];
  rows: ChartCell[][];
}

/** Saves a chart's data as a CSV file (the project's writer, with its formula guard). */
export function downloadCsv(fileName: string, data: ChartData): void {
  const blob = new Blob([formatCsv([data.header, ...data.rows])], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** A chart's numbers as a table: the first column names the row. */
export function ChartTable({
  caption,
  data,
  isVisible = true,
}: {
  caption: string;
  data: ChartData;
  /** Shown on screen: then a wide table scrolls, and its scroller takes the focus so the keyboard can scroll it. */
  isVisible?: boolean;
}) {
  return (
    <div
      className={isVisible ? 'overflow-x-auto rounded-2xl border border-line' : undefined}
      {...(isVisible ? { tabIndex: 0, role: 'region', 'aria-label': `${caption} (table)` } : {})}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-muted text-xs uppercase tracking-wide text-muted">
          <tr>
            {data.header.map((heading, index) => (
              <th
                key={heading}
                scope="col"
                className={`px-3 py-2 font-semibold ${index === 0 ? '' : 'text-right'}`}
              >
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {data.rows.map((row) => (
            <tr key={String(row[0])}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th
                    key={data.header[index]}
                    scope="row"
                    className="px-3 py-2 text-left font-semibold text-fg"
                  >
                    {cell}
                  </th>
                ) : (
                  <td key={data.header[index]} className="px-3 py-2 text-right tabular-nums">
                    {cell ?? '–'}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One chart in a card: its title, a one-line summary (also the chart's accessible description), the chart, a
 * "Show as table" toggle and "Download CSV". The chart's picture is hidden from screen readers (and out of
 * the tab order), which get the summary and the table instead: the table is always in the page, visually hidden
 * until asked for.
 */
export function ChartPanel({
  title,
  summary,
  fileName,
  data,
  children,
  testId,
}: {
  title: string;
  summary: string;
  fileName: string;
  data: ChartData;
  children: ReactNode;
  testId: string;
}) {
  const [isTable, setIsTable] = useState(false);
  const headingId = useId();
  const tableId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="font-display text-lg font-bold text-fg">
            {title}
          </h2>
          <p className="text-sm text-muted">{summary}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            aria-expanded={isTable}
            aria-controls={tableId}
            onClick={() => setIsTable((shown) => !shown)}
          >
            <Table2 aria-hidden="true" className="size-4" />
            {isTable ? 'Show as chart' : 'Show as table'}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => downloadCsv(fileName, data)}>
            <Download aria-hidden="true" className="size-4" />
            Download CSV
          </Button>
        </div>
      </div>
      {isTable ? null : (
        <div aria-hidden="true" className="min-w-0">
          {children}
        </div>
      )}
      <div id={tableId} className={isTable ? '' : 'sr-only'}>
        <ChartTable caption={title} data={data} isVisible={isTable} />
      </div>
    </section>
  );
}
