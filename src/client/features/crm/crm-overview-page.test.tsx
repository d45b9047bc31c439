// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { crmOverview, crmSchoolRow } from '../../../../tests/support/client/crm-fixtures';
import { stubFetch } from '../../../../tests/support/client/test-utils';
import { CRM_STATE_LABELS, CRM_TASK_STATES } from '../../../domain/crm';
import { createQueryClient } from '../../app/query-client';
import { CrmOverviewPage } from './crm-overview-page';

vi.mock('../../lib/notify', () => ({ notify: vi.fn(), notifyFailure: vi.fn() }));

const overview = crmOverview([
  crmSchoolRow({
    id: 'a',
    name: 'Ardscoil',
    teams: ['Ardscoil A'],
    dueCents: 6000,
    owedCents: 0,
    paidCents: 6000,
    payment: 'paid',
    isReady: true,
    cells: [
      { kind: 'teacher_named', taskId: 11, state: 'done', isOverdue: false, assigneeId: null, dueDate: null },
      { kind: 'fee_paid', taskId: 12, state: 'done', isOverdue: false, assigneeId: null, dueDate: null },
    ],
  }),
  crmSchoolRow({
    id: 'b',
    name: 'Belvedere',
    dueCents: 12000,
    owedCents: 9000,
    paidCents: 3000,
    payment: 'partly_paid',
    open: 2,
    overdue: 1,
    cells: [
      {
        kind: 'teacher_named',
        taskId: 21,
        state: 'blocked',
        isOverdue: true,
        assigneeId: null,
        dueDate: '2025-03-01',
      },
      {
        kind: 'fee_paid',
        taskId: 22,
        state: 'waiting_on_school',
        isOverdue: false,
        assigneeId: null,
        dueDate: null,
      },
    ],
  }),
]);

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function renderOverview(url = '/crm') {
  stubFetch({ '/api/crm/overview': overview });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/crm"
            element={
              <>
                <CrmOverviewPage />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const rows = () => screen.getAllByTestId('crm-matrix-row').map((row) => row.getAttribute('data-school'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the readiness matrix', () => {
  it('shows each cell’s state by colour, icon and a label read out, with a key to every state', async () => {
    renderOverview();
    const belvedere = (await screen.findAllByTestId('crm-matrix-row'))[1] as HTMLElement;
    const cells = within(belvedere).getAllByTestId('crm-cell');
    expect(cells.map((cell) => cell.getAttribute('data-state'))).toEqual(['blocked', 'waiting_on_school']);
    expect(cells[0]?.getAttribute('aria-label')).toBe('Belvedere, Teacher in charge named: Blocked, overdue');
    expect(cells[1]?.getAttribute('aria-label')).toBe('Belvedere, Fee paid: Waiting on school');
    expect(within(belvedere).getByRole('button', { name: 'Belvedere, Fee paid: Waiting on school' })).toBe(
      cells[1],
    );
    expect(cells[0]?.querySelector('svg')).not.toBeNull();
    const legend = screen.getByTestId('crm-legend');
    for (const state of CRM_TASK_STATES) expect(legend?.textContent).toMatch(CRM_STATE_LABELS[state]);
    expect(belvedere?.textContent).toMatch('€30.00 paid of €120.00');
    // A fully paid school has paid what was due, not "of €0.00".
    const ardscoil = screen.getAllByTestId('crm-matrix-row')[0] as HTMLElement;
    expect(ardscoil.textContent).toMatch('€60.00 paid of €60.00 · Paid');
    expect(belvedere?.textContent).toMatch('1 overdue');
    expect(screen.getByRole('link', { name: 'Belvedere' })?.getAttribute('href')).toBe('/crm/teams/b');
    expect(within(screen.getAllByTestId('crm-matrix-row')[0] as HTMLElement).getByText('Ready')).toBeTruthy();
  });

  it('keeps the filters in the address, and reads them back from a shared one', async () => {
    renderOverview();
    await screen.findAllByTestId('crm-matrix-row');
    fireEvent.change(screen.getByLabelText('Task type'), { target: { value: 'fee_paid' } });
    fireEvent.click(screen.getByLabelText('Any task not done'));
    expect(screen.getByTestId('address')?.textContent).toMatch('?kind=fee_paid&open=1');
    expect(rows()).toEqual(['Belvedere']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('address').textContent).toBe('');
    expect(rows()).toEqual(['Ardscoil', 'Belvedere']);
  });

  it('opens a shared view with its filters set', async () => {
    renderOverview('/crm?payment=paid&q=ard');
    await screen.findAllByTestId('crm-matrix-row');
    expect(rows()).toEqual(['Ardscoil']);
    expect((screen.getByLabelText('Payment') as HTMLInputElement).value).toBe('paid');
    expect((screen.getByLabelText('School or team') as HTMLInputElement).value).toBe('ard');
  });
});
