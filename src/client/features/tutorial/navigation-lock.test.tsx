// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../../../../tests/support/client/test-utils';
import type { MeResponse } from '../../../contracts/account';
import { accessOf } from '../auth/access';
import { UserMenu } from '../auth/user-menu';
import { setTutorialPhase } from './tutorial-state';

vi.mock('../../lib/notify', () => ({ notify: vi.fn(), notifyFailure: vi.fn() }));

const admin: MeResponse = {
  user: { id: 'a1', email: 'admin@demo.test', name: 'Demo Admin' },
  role: 'admin',
  customRoleName: null,
  permissions: ['view_admin_result_input'],
};

afterEach(() => {
  act(() => setTutorialPhase('idle'));
  cleanup();
  vi.unstubAllGlobals();
});

describe('the user menu during the admin tutorial', () => {
  it('is disabled while the tutorial runs, and works again at its last step', () => {
    stubFetch({});
    renderAt(<UserMenu session={{ status: 'signed-in', me: admin, access: accessOf(admin) }} />);
    const button = screen.getByRole('button', { name: 'Demo Admin (account menu)' });
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');

    // Starting the tutorial closes the open menu and keeps it shut.
    act(() => setTutorialPhase('running'));
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');

    act(() => setTutorialPhase('final-step'));
    expect(button.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });
});
