// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CrmAnalyticsView } from '../../../contracts/crm-analytics';
import { CrmAnalyticsCharts } from './crm-analytics-page';

const zero = {
  not_started: 0,
  waiting_on_school: 0,
  received_to_check: 0,
  done: 0,
  blocked: 0,
  not_applicable: 0,
};

const view: CrmAnalyticsView = {
  today: '2026-05-04',
  eventDay: '2026-05-10',
  byKind: [
    { kind: 'fee_paid', label: 'Fee paid', counts: { ...zero, done: 3, not_started: 1 }, total: 4 },
    { kind: null, label: 'Added by hand', counts: { ...zero, blocked: 2 }, total: 2 },
  ],
  readiness: { ready: 1, notReady: 3 },
  overdueByAssignee: [
    { assigneeId: 'u1', name: 'Aoife', overdue: 2 },
    { assigneeId: null, name: 'Unassigned', overdue: 1 },
  ],
  flow: [
    { date: '2026-05-03', counts: { ...zero, not_started: 4 } },
    { date: '2026-05-04', counts: { ...zero, not_started: 1, done: 3 } },
  ],
  money: { collectedCents: 18_000, outstandingCents: 6_000 },
  funnel: [
    { step: 'registered', label: 'Registered', schools: 4 },
    { step: 'paid', label: 'Paid', schools: 3 },
    { step: 'roster_locked', label: 'Roster locked', schools: 3 },
    { step: 'arrived', label: 'Arrived', schools: 1 },
    { step: 'collected', label: 'Collected', schools: 0 },
  ],
};

afterEach(cleanup);

const rowOf = (table: HTMLElement, name: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => within(row).queryByRole('rowheader')?.textContent === name)!;
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('CrmAnalyticsCharts', () => {
  it('gives every chart a table of its numbers for screen readers', () => {
    render(<CrmAnalyticsCharts view={view} />);
    const byKind = screen.getByRole('table', { name: 'Readiness per task type' });
    expect(cellsOf(rowOf(byKind, 'Fee paid'))).toEqual(['1', '0', '0', '3', '0', '0', '4']);
    expect(cellsOf(rowOf(byKind, 'Added by hand'))).toEqual(['0', '0', '0', '0', '2', '0', '2']);
    expect(cellsOf(rowOf(screen.getByRole('table', { name: 'Schools fully ready' }), 'Not ready'))).toEqual([
      '3',
    ]);
    expect(cellsOf(rowOf(screen.getByRole('table', { name: 'Overdue tasks by assignee' }), 'Aoife'))).toEqual(
      ['2'],
    );
    expect(cellsOf(rowOf(screen.getByRole('table', { name: 'Cumulative flow' }), '2026-05-04'))).toEqual([
      '1',
      '0',
      '0',
      '3',
      '0',
      '0',
    ]);
    expect(
      cellsOf(rowOf(screen.getByRole('table', { name: 'Money collected and outstanding' }), 'Collected')),
    ).toEqual(['180.00']);
    expect(cellsOf(rowOf(screen.getByRole('table', { name: 'Event-day funnel' }), 'Arrived'))).toEqual(['1']);
    // The summaries say it in a sentence.
    expect(screen.getByText('1 of 4 schools have every task settled.')).toBeTruthy();
    expect(screen.getByText('€180.00 collected, €60.00 outstanding.')).toBeTruthy();
  });

  it('shows a chart as a table on demand, and back', () => {
    render(<CrmAnalyticsCharts view={view} />);
    const panel = screen.getByTestId('chart-funnel');
    const toggle = within(panel).getByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(within(panel).getByRole('button', { name: 'Show as chart' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    const table = within(panel).getByRole('table', { name: 'Event-day funnel' });
    expect(table.closest('.sr-only')).toBeNull();
  });
});
