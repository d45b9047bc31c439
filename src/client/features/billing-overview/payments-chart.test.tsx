// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentsChart, PaymentsTable } from './payments-chart';

const timeline = [
  { date: '2025-11-19', count: 1, cents: 18_000, cumulativeCents: 18_000 },
  { date: '2025-11-20', count: 0, cents: 0, cumulativeCents: 18_000 },
  { date: '2025-11-21', count: 2, cents: 12_000, cumulativeCents: 30_000 },
];

describe('payments chart', () => {
  afterEach(cleanup);

  it('draws one bar per day and tells screen readers the totals in a sentence', () => {
    render(<PaymentsChart timeline={timeline} />);
    const chart = screen.getByRole('img', { name: 'Payments per day and running total' });
    expect(chart.querySelectorAll('rect')).toHaveLength(3);
    expect(chart.querySelector('desc')?.textContent).toBe(
      '3 payments from Wed 19 November 2025 to Fri 21 November 2025, €300.00 in total. Best day: Wed 19 November 2025 with €180.00.',
    );
    // The tallest bar reaches higher (a smaller y) than the next one.
    const [first, , third] = [...chart.querySelectorAll('rect')].map((bar) => Number(bar.getAttribute('y')));
    expect(first).toBeLessThan(third!);
  });

  it('lists the paying days with their running total in the table', () => {
    render(<PaymentsTable timeline={timeline} />);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[2]?.textContent).toBe('Fri 21 Nov 20252 payments€120.00€300.00');
  });
});
