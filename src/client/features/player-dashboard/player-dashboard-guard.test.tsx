// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveHome } from '../../../../tests/support/client/home-fixture';
import { stubFetch } from '../../../../tests/support/client/test-utils';
import type { MeResponse } from '../../../contracts/account';
import { createQueryClient } from '../../app/query-client';
import { notify } from '../../lib/notify';
import { PlayerDashboardGuard } from './player-dashboard-guard';

vi.mock('../../lib/notify', () => ({ notify: vi.fn(), notifyFailure: vi.fn() }));

const session = { user: { id: 'u1' }, session: { id: 's1' } };
const me = (role: MeResponse['role']): MeResponse => ({
  user: { id: 'u1', email: 'someone@example.org', name: 'Someone' },
  role,
  customRoleName: null,
  permissions: [],
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function openDashboard(role: MeResponse['role'], playerDashboardOpen: boolean) {
  stubFetch({
    '/api/auth/get-session': session,
    '/api/me': me(role),
    '/api/public/home': { ...liveHome, playerDashboardOpen },
  });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/player-dashboard']}>
        <Routes>
          <Route path="/" element={<Where />} />
          <Route
            path="/player-dashboard"
            element={
              <PlayerDashboardGuard>
                <h1>My dashboard</h1>
              </PlayerDashboardGuard>
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

describe('the player dashboard route', () => {
  it('opens for a player while the setting is on', async () => {
    openDashboard('player', true);
    expect(await screen.findByRole('heading', { name: 'My dashboard' })).toBeTruthy();
    expect(notify).not.toHaveBeenCalled();
  });

  it("sends a player to / with 'Player dashboard is currently unavailable' while the setting is off", async () => {
    openDashboard('player', false);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(notify).toHaveBeenCalledWith('error', 'Player dashboard is currently unavailable', {
      id: 'access',
    });
    expect(screen.queryByRole('heading', { name: 'My dashboard' })).toBeNull();
  });

  it('still opens for an admin while the setting is off', async () => {
    openDashboard('admin', false);
    expect(await screen.findByRole('heading', { name: 'My dashboard' })).toBeTruthy();
    expect(notify).not.toHaveBeenCalled();
  });
});
