// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StubAnswer, stubFetch } from '../../../../tests/support/client/test-utils';
import { ACCESS_MESSAGES } from '../../../contracts/common';
import { SAFE_SWITCH_INFO } from '../../../contracts/safe-control';
import { createQueryClient } from '../../app/query-client';
import { notify } from '../../lib/notify';
import { LoginPage } from './login-page';
import { ResetPasswordPage } from './reset-password-page';

vi.mock('../../lib/notify', () => ({ notify: vi.fn(), notifyFailure: vi.fn() }));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderAuthPage(url: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const signedIn = {
  '/api/auth/sign-in/email': { redirect: false, token: 't' },
  '/api/auth/get-session': { user: { id: 'u1' } },
  '/api/me': {
    user: { id: 'u1', email: 'player@demo.test', name: 'Judit Polgár' },
    role: 'player',
    customRoleName: null,
    permissions: [],
  },
};

function fillSignIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

beforeEach(() => vi.mocked(notify).mockClear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('signs in and returns to the remembered page', async () => {
    stubFetch(signedIn);
    renderAuthPage('/login?redirect=%2Faccount-settings');
    fillSignIn('player@demo.test', 'demo-pass-2025');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/account-settings'));
    expect(notify).toHaveBeenCalledWith('success', 'Logged in successfully');
  });

  it('goes home instead of following a redirect to another site', async () => {
    stubFetch(signedIn);
    renderAuthPage('/login?redirect=https%3A%2F%2Fevil.example%2F');
    fillSignIn('player@demo.test', 'demo-pass-2025');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
  });

  it('ties field errors to their inputs and sends nothing while the form is incomplete', () => {
    const fetchMock = stubFetch({});
    renderAuthPage('/login');
    fillSignIn('not-an-address', '');
    const email = screen.getByLabelText('E-mail address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Enter a valid e-mail address');
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('sign-in'))).toBe(false);
  });

  it("shows the server's refusal (a frozen account)", async () => {
    stubFetch({
      '/api/auth/sign-in/email': new StubAnswer(403, {
        message: ACCESS_MESSAGES.frozen,
      }),
    });
    renderAuthPage('/login');
    fillSignIn('frozen@example.org', 'whatever-pass');
    const { notifyFailure } = await import('../../lib/notify');
    await waitFor(() => expect(notifyFailure).toHaveBeenCalledWith(expect.anything(), 'Failed to login'));
    const [error] = vi.mocked(notifyFailure).mock.calls[0] ?? [];
    expect((error as Error).message).toBe(ACCESS_MESSAGES.frozen);
  });

  it('holds Create Account and says why while sign-ups are closed or the site is read-only', async () => {
    const createAccount = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Create Account' });
    for (const [on, shown] of [
      [['signups_closed'], 'signups_closed'],
      [['read_only', 'signups_closed'], 'read_only'],
    ] as const) {
      stubFetch({ '/api/site-status': { on, banners: [], nextChangeAt: null } });
      renderAuthPage('/login');
      fireEvent.click(screen.getByRole('tab', { name: 'Create Account' }));
      expect(await screen.findByText(SAFE_SWITCH_INFO[shown].refusal)).toBeTruthy();
      expect(createAccount().disabled).toBe(true);
      cleanup();
    }
  });
});

describe('ResetPasswordPage', () => {
  it('explains a bad or expired link', () => {
    stubFetch({});
    renderAuthPage('/reset-password?error=INVALID_TOKEN');
    expect(screen.getByRole('alert').textContent).toContain('invalid or has expired');
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login');
  });

  it('checks the two passwords match, then sets the new one and goes to sign in', async () => {
    const fetchMock = stubFetch({ '/api/auth/reset-password': { status: true } });
    renderAuthPage('/reset-password?token=abc123');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-password-1' } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), {
      target: { value: 'new-password-2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The two passwords do not match')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Repeat the new password'), {
      target: { value: 'new-password-1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('heading', { name: 'Sign In / Register' })).toBeTruthy();
    expect(notify).toHaveBeenCalledWith('success', 'Your password has been changed', {
      description: 'Sign in with your new password.',
    });
    const call = fetchMock.mock.calls.find(([input]) => String(input) === '/api/auth/reset-password');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ token: 'abc123', newPassword: 'new-password-1' });
  });

  it('turns a refused token into the bad-link message', async () => {
    stubFetch({
      '/api/auth/reset-password': new StubAnswer(400, { message: 'Invalid token', code: 'INVALID_TOKEN' }),
    });
    renderAuthPage('/reset-password?token=expired');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-password-1' } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), {
      target: { value: 'new-password-1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('invalid or has expired');
  });

  it('says why the server refused the new password, keeping the form', async () => {
    stubFetch({
      '/api/auth/reset-password': new StubAnswer(400, {
        message: 'This password is too common. Choose one that is harder to guess.',
      }),
    });
    renderAuthPage('/reset-password?token=abc123');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'password123' } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: 'password123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const { notifyFailure } = await import('../../lib/notify');
    await waitFor(() =>
      expect(notifyFailure).toHaveBeenCalledWith(expect.anything(), 'Failed to reset password'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('New password')).toBeTruthy();
  });
});
