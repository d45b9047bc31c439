// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../../tests/support/client/test-utils';
import { RETENTION_MESSAGES } from '../../../contracts/retention';
import { createQueryClient } from '../../app/query-client';
import { RetentionPeriodsForm } from './retention-periods-form';

vi.mock('../../lib/notify', () => ({ notify: vi.fn(), notifyFailure: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RetentionPeriodsForm saved={{ visitorDays: 90, registrationYears: 2, mailDays: 90 }} />
    </QueryClientProvider>,
  );
}

describe('RetentionPeriodsForm', () => {
  it('refuses a period outside the limits with the server’s message and sends nothing', () => {
    const fetchMock = stubFetch({});
    renderForm();
    fireEvent.change(screen.getByLabelText('Keep visitor records (days)'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Keep copies of sent e-mails (days)'), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save periods' }));
    expect(screen.getByText(RETENTION_MESSAGES.visitorDays)).toBeTruthy();
    expect(screen.getByText(RETENTION_MESSAGES.mailDays)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves the periods typed', async () => {
    const fetchMock = stubFetch({ '/api/admin/retention/periods': { message: RETENTION_MESSAGES.saved } });
    renderForm();
    fireEvent.change(screen.getByLabelText('Keep visitor records (days)'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('Keep registrations (years after)'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Keep copies of sent e-mails (days)'), {
      target: { value: '30' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save periods' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/admin/retention/periods');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ visitorDays: 30, registrationYears: 3, mailDays: 30 });
  });
});
