// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StubAnswer, stubFetch } from '../../../../tests/support/client/test-utils';
import type { MeResponse } from '../../../contracts/account';
import { createQueryClient } from '../../app/query-client';
import { notify } from '../../lib/notify';
import { ACCESS_MESSAGES } from './messages';
import { RequireAccess } from './require-access';

vi.mock('../../lib/notify', () => ({ notify: vi.fn(), notifyFailure: vi.fn() }));

const session = { user: { id: 'u1' }, session: { id: 's1' } };
const me = (role: MeResponse['role'], permissions: MeResponse['permissions'] = []): MeResponse => ({
  user: { id: 'u1', email: 'someone@example.org', name: 'Someone' },
  role,
  customRoleName: null,
  permissions,
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderGuarded(url: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/" element={<Where />} />
          <Route path="/login" element={<Where />} />
          <Route
            path="/account-settings"
            element={
              <RequireAccess rule="signed-in">
                <p>Account settings</p>
              </RequireAccess>
            }
          />
          <Route
            path="/admin/user-management"
            element={
              <RequireAccess rule="admin-area">
                <RequireAccess rule="manageUsers" denied="page">
                  <p>User management</p>
                </RequireAccess>
              </RequireAccess>
            }
          />
          <Route
            path="/player-dashboard"
            element={
              <RequireAccess
                rule="anyRole"
                refusal={{ roles: ['player'], message: ACCESS_MESSAGES.playerDashboardUnavailable }}
              >
                <p>Dashboard</p>
              </RequireAccess>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.mocked(notify).mockClear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RequireAccess', () => {
  it("shows the 'Loading...' spinner while the session loads", () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderGuarded('/account-settings');
    expect(screen.getByRole('status').textContent).toContain('Loading...');
    expect(screen.queryByText('Account settings')).toBeNull();
  });

  it('sends anonymous visitors to /login, remembering the page', async () => {
    stubFetch({ '/api/auth/get-session': null });
    renderGuarded('/admin/user-management?tab=roles');
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        '/login?redirect=%2Fadmin%2Fuser-management%3Ftab%3Droles',
      ),
    );
    expect(notify).toHaveBeenCalledWith('error', 'You need to be logged in to access this page', {
      id: 'access',
    });
  });

  it('signs a frozen account out and sends it to /login with the frozen message', async () => {
    const fetchMock = stubFetch({
      '/api/auth/get-session': session,
      '/api/me': new StubAnswer(403, { error: ACCESS_MESSAGES.frozen, requestId: 'r' }),
      '/api/auth/sign-out': { success: true },
    });
    renderGuarded('/account-settings');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
    expect(notify).toHaveBeenCalledWith('error', ACCESS_MESSAGES.frozen, { id: 'access' });
    expect(notify).not.toHaveBeenCalledWith('error', ACCESS_MESSAGES.signInRequired, expect.anything());
    const signOut = fetchMock.mock.calls.find(([input]) => String(input) === '/api/auth/sign-out');
    expect(signOut?.[1]?.method).toBe('POST');
  });

  it('refuses a plain player the admin area and sends them home', async () => {
    stubFetch({ '/api/auth/get-session': session, '/api/me': me('player') });
    renderGuarded('/admin/user-management');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(notify).toHaveBeenCalledWith('error', "You don't have permission to access this page", {
      id: 'access',
    });
  });

  it('shows staff lacking a page permission the Access Denied page with a Go back link', async () => {
    stubFetch({ '/api/auth/get-session': session, '/api/me': me('admin', ['view_admin_result_input']) });
    renderGuarded('/admin/user-management');
    expect(await screen.findByText("You don't have permission to access this page.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back' })).toBeTruthy();
    expect(screen.queryByText('User management')).toBeNull();
  });

  it('shows the page when the rule passes', async () => {
    stubFetch({ '/api/auth/get-session': session, '/api/me': me('superadmin', ['view_user_management']) });
    renderGuarded('/admin/user-management');
    expect(await screen.findByText('User management')).toBeTruthy();
    expect(notify).not.toHaveBeenCalled();
  });

  it('applies the configured player-dashboard refusal', async () => {
    stubFetch({ '/api/auth/get-session': session, '/api/me': me('player') });
    renderGuarded('/player-dashboard');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(notify).toHaveBeenCalledWith('error', 'Player dashboard is currently unavailable', {
      id: 'access',
    });
  });
});
