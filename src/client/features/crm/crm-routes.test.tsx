// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../../tests/support/client/test-utils';
import type { MeResponse } from '../../../contracts/account';
import { createQueryClient } from '../../app/query-client';
import { notify } from '../../lib/notify';
import { CrmRoutes } from './crm-routes';

vi.mock('../../lib/notify', () => ({ notify: vi.fn(), notifyFailure: vi.fn() }));

const session = { user: { id: 'u1' }, session: { id: 's1' } };
const admin: MeResponse = {
  user: { id: 'u1', email: 'admin@example.org', name: 'Admin' },
  role: 'admin',
  customRoleName: null,
  permissions: ['crm_access'],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(notify).mockClear();
});

describe('CrmRoutes', () => {
  it('shows staff with crm_access but no crm_admin the Access Denied page on /crm/system-logs', async () => {
    stubFetch({ '/api/auth/get-session': session, '/api/me': admin });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/crm/system-logs']}>
          <Routes>
            <Route path="/crm/*" element={<CrmRoutes />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Access Denied', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back' })).toBeTruthy();
    // The section links it may open, without the log.
    const links = screen.getByRole('navigation', { name: 'Team tasks' }).querySelectorAll('a');
    expect([...links].map((link) => link.textContent)).toEqual([
      'Overview',
      'Tasks',
      'Analytics',
      'Settings',
    ]);
    expect(notify).not.toHaveBeenCalled();
  });
});
