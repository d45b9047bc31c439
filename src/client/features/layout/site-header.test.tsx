// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../../../../tests/support/client/test-utils';
import { SiteHeader } from './site-header';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SiteHeader', () => {
  it('toggles the mobile menu with an accessible Menu button', () => {
    stubFetch({});
    renderAt(<SiteHeader />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu?.hidden).toBe(true);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(menu?.hidden).toBe(false);

    fireEvent.keyDown(window, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the sign-in button to anonymous visitors and links Contact Us to the home page section', async () => {
    stubFetch({ '/api/auth/get-session': null });
    renderAt(<SiteHeader />);
    expect(
      (await screen.findAllByRole('link', { name: 'Sign In / Register' }))[0]?.getAttribute('href'),
    ).toBe('/login');
    expect(screen.getAllByRole('link', { name: 'Contact Us' })[0]?.getAttribute('href')).toBe('/#contact-us');
  });
});

describe('SiteHeader when signed in', () => {
  it('shows the user menu instead of Sign In / Register', async () => {
    stubFetch({
      '/api/auth/get-session': { user: { id: 'u1' } },
      '/api/me': {
        user: { id: 'u1', email: 'admin@demo.test', name: 'Demo Admin' },
        role: 'admin',
        customRoleName: null,
        permissions: ['view_admin_result_input'],
      },
    });
    renderAt(<SiteHeader />);
    expect(await screen.findByRole('button', { name: 'Demo Admin (account menu)' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign In / Register' })).toBeNull();
  });
});
