// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StubAnswer, stubFetch } from '../../../../tests/support/client/test-utils';
import { INVITE_MESSAGES } from '../../../contracts/invites';
import { createQueryClient } from '../../app/query-client';
import { notify } from '../../lib/notify';
import { inviteState, sortInvites } from './invite-status';
import { OnboardPage } from './onboard-page';

vi.mock('../../lib/notify', () => ({ notify: vi.fn(), notifyFailure: vi.fn() }));

const TOKEN = 'a-token-that-is-long-enough-1234';
const invitePath = `/api/invites/${TOKEN}`;
const details = { email: 'coach@example.org', roleLabel: 'admin', expiresAt: '2026-11-29T10:00:00.000Z' };
const signedInAsCoach = {
  '/api/auth/sign-in/email': { redirect: false, token: 't' },
  '/api/auth/get-session': { user: { id: 'u9' } },
  '/api/me': {
    user: { id: 'u9', email: 'coach@example.org', name: 'Coach' },
    role: 'admin',
    customRoleName: null,
    permissions: ['view_admin_result_input'],
  },
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderOnboard() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[`/onboard/${TOKEN}`]}>
        <Routes>
          <Route path="/onboard/:token" element={<OnboardPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function fill(fullName: string, password: string, repeat = password) {
  fireEvent.change(screen.getByLabelText('Full name'), { target: { value: fullName } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: repeat } });
  fireEvent.click(screen.getByRole('button', { name: 'Join' }));
}

const bodiesSentTo = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => JSON.parse(String(init?.body)));

beforeEach(() => vi.mocked(notify).mockClear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OnboardPage', () => {
  it('shows the invitation, joins with the chosen password and signs the new staff member in', async () => {
    const fetchMock = stubFetch({
      [invitePath]: details,
      [`${invitePath}/accept`]: { message: INVITE_MESSAGES.accepted },
      ...signedInAsCoach,
    });
    renderOnboard();
    expect(await screen.findByText('coach@example.org')).toBeTruthy();
    expect(screen.getByText('admin')).toBeTruthy();

    fill('Coach', 'coach-password-1', 'coach-password-2');
    expect(await screen.findByText('The two passwords do not match')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, `${invitePath}/accept`)).toEqual([]);

    fill('Coach', 'coach-password-1');
    expect((await screen.findByTestId('where')).textContent).toBe('/admin');
    expect(bodiesSentTo(fetchMock, `${invitePath}/accept`)).toEqual([
      { fullName: 'Coach', password: 'coach-password-1' },
    ]);
    expect(bodiesSentTo(fetchMock, '/api/auth/sign-in/email')).toEqual([
      { email: 'coach@example.org', password: 'coach-password-1' },
    ]);
  });

  it('sends the new member to /login with the required message when signing in does not follow', async () => {
    stubFetch({
      [invitePath]: details,
      [`${invitePath}/accept`]: { message: INVITE_MESSAGES.accepted },
      '/api/auth/sign-in/email': new StubAnswer(429, { message: 'Too many requests' }),
    });
    renderOnboard();
    await screen.findByText('coach@example.org');
    fill('Coach', 'coach-password-1');
    expect((await screen.findByTestId('where')).textContent).toBe('/login');
    expect(notify).toHaveBeenCalledWith('success', INVITE_MESSAGES.accepted);
  });

  it('explains an unknown, used or expired link', async () => {
    stubFetch({ [invitePath]: new StubAnswer(404, { error: INVITE_MESSAGES.invalid, requestId: 'r' }) });
    renderOnboard();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invitation link not valid');
    expect(alert.textContent).toContain(INVITE_MESSAGES.invalid);
    expect(screen.queryByLabelText('Full name')).toBeNull();
  });

  it('switches to the explanation when the link was used meanwhile', async () => {
    stubFetch({
      [invitePath]: details,
      [`${invitePath}/accept`]: new StubAnswer(404, { error: INVITE_MESSAGES.invalid, requestId: 'r' }),
    });
    renderOnboard();
    await screen.findByText('coach@example.org');
    fill('Coach', 'coach-password-1');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(INVITE_MESSAGES.invalid));
  });
});

describe('invitation states', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const invite = (createdAt: string, expiresAt: string, acceptedAt: string | null = null) => ({
    createdAt,
    expiresAt,
    acceptedAt,
  });

  it('is pending until accepted or expired', () => {
    expect(inviteState(invite('2026-11-20T10:00:00Z', '2026-11-27T10:00:00Z'), now)).toBe('pending');
    expect(inviteState(invite('2026-11-10T10:00:00Z', '2026-11-17T10:00:00Z'), now)).toBe('expired');
    expect(
      inviteState(invite('2026-11-20T10:00:00Z', '2026-11-27T10:00:00Z', '2026-11-21T10:00:00Z'), now),
    ).toBe('accepted');
  });

  it('lists pending ones first, soonest to expire first', () => {
    const later = invite('2026-11-21T10:00:00Z', '2026-11-28T10:00:00Z');
    const sooner = invite('2026-11-20T10:00:00Z', '2026-11-27T10:00:00Z');
    const expired = invite('2026-11-10T10:00:00Z', '2026-11-17T10:00:00Z');
    expect(sortInvites([expired, later, sooner], now)).toEqual([sooner, later, expired]);
  });
});
