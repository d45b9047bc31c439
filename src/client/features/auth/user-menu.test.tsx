// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../../../../tests/support/client/test-utils';
import type { MeResponse } from '../../../contracts/account';
import { notify } from '../../lib/notify';
import { accessOf } from './access';
import { UserMenu } from './user-menu';

vi.mock('../../lib/notify', () => ({ notify: vi.fn(), notifyFailure: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderMenu(me: MeResponse) {
  return renderAt(<UserMenu session={{ status: 'signed-in', me, access: accessOf(me) }} />);
}

const arbiter: MeResponse = {
  user: { id: 'a1', email: 'arbiter@demo.test', name: 'Demo Arbiter' },
  role: 'player',
  customRoleName: 'Arbiter',
  permissions: ['access_checkin_page', 'view_admin_result_input'],
};

describe('UserMenu', () => {
  it('opens with initials, name, e-mail, role badge and the entries the user may use', () => {
    stubFetch({});
    renderMenu(arbiter);
    const button = screen.getByRole('button', { name: 'Demo Arbiter (account menu)' });
    expect(button.textContent).toContain('DA');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('arbiter@demo.test')).toBeTruthy();
    expect(screen.getByText('Arbiter')).toBeTruthy();
    const links = screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Account SettingsManage your profile & preferences', '/account-settings'],
      ['My RegistrationsView your tournament entries', '/my-registrations'],
      ['My BoardYour next game, results and standing', '/player-dashboard'],
      ['Admin AreaRun the tournament', '/admin/welcome'],
    ]);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it("shows no badge for a plain player, 'User' without a name, and signs out", async () => {
    const fetchMock = stubFetch({ '/api/auth/sign-out': { success: true } });
    renderMenu({
      user: { id: 'p1', email: 'pupil@example.org', name: '' },
      role: 'player',
      customRoleName: null,
      permissions: [],
    });
    fireEvent.click(screen.getByRole('button', { name: 'User (account menu)' }));
    expect(screen.queryByText('player')).toBeNull();
    expect(screen.queryByRole('link', { name: /Admin Area/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'You have been logged out'));
    expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/auth/sign-out')).toBe(true);
  });
});
