// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_MESSAGES } from '../../../contracts/common';
import { SETTINGS_GATE_MESSAGES } from '../../../contracts/settings-gate';
import { createQueryClient } from '../../app/query-client';
import { ApiRequestError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { unlockFailure } from './queries';
import { SettingsGate } from './settings-gate';

vi.mock('../../lib/notify', () => ({ notify: vi.fn(), notifyFailure: vi.fn() }));

const RIGHT = 'the-settings-password';

/** A server with a settings password (or none); it says `unlocked: true`, which the gate must not trust. */
function stubGateServer({ configured }: { configured: boolean }) {
  const unlockBodies: unknown[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (path === '/api/settings-gate') return json(200, { configured, unlocked: true });
    if (path === '/api/settings-gate/unlock') {
      const body = JSON.parse(String(init?.body)) as { password: string };
      unlockBodies.push(body);
      return body.password === RIGHT
        ? json(200, { message: SETTINGS_GATE_MESSAGES.granted })
        : json(403, { error: SETTINGS_GATE_MESSAGES.incorrect, requestId: 'r' });
    }
    return json(404, { error: 'Not found', requestId: 'r' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { unlockBodies };
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderGate() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/admin/settings']}>
        <Routes>
          <Route
            path="/admin/settings"
            element={
              <SettingsGate>
                <h1>Secret settings</h1>
                <Link to="/elsewhere">Leave</Link>
              </SettingsGate>
            }
          />
          <Route
            path="*"
            element={
              <>
                <Where />
                <Link to="/admin/settings">Back to settings</Link>
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function enter(password: string) {
  fireEvent.change(screen.getByLabelText('Settings password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
}

beforeEach(() => vi.mocked(notify).mockClear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SettingsGate', () => {
  it('refuses a wrong password, opens with the right one, and asks again after leaving', async () => {
    const { unlockBodies } = stubGateServer({ configured: true });
    renderGate();
    await screen.findByLabelText('Settings password');
    expect(screen.queryByText('Secret settings')).toBeNull();

    enter('a-guess');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('error', 'Incorrect password', expect.anything()),
    );
    expect(screen.getByText('Incorrect password')).toBeTruthy();
    expect(screen.queryByText('Secret settings')).toBeNull();

    enter(RIGHT);
    await screen.findByText('Secret settings');
    expect(notify).toHaveBeenCalledWith('success', 'Access granted');
    expect(unlockBodies).toEqual([{ password: 'a-guess' }, { password: RIGHT }]);

    // The server still holds the unlock, but this view is gone: coming back asks again.
    fireEvent.click(screen.getByRole('link', { name: 'Leave' }));
    fireEvent.click(await screen.findByRole('link', { name: 'Back to settings' }));
    await screen.findByLabelText('Settings password');
    expect(screen.queryByText('Secret settings')).toBeNull();
  });

  it('stays shut and says so when no password is configured', async () => {
    stubGateServer({ configured: false });
    renderGate();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Password protection not properly configured',
    );
    expect(screen.queryByLabelText('Settings password')).toBeNull();
    expect(screen.queryByText('Secret settings')).toBeNull();
    // The first password can be set from here.
    expect(screen.getByRole('button', { name: 'Set settings password' })).toBeTruthy();
  });

  it('Cancel goes to /', async () => {
    stubGateServer({ configured: true });
    renderGate();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/');
  });

  it('does not send an empty password', async () => {
    const { unlockBodies } = stubGateServer({ configured: true });
    renderGate();
    await screen.findByLabelText('Settings password');
    enter('   ');
    await screen.findByText('Enter the settings password');
    expect(unlockBodies).toEqual([]);
  });
});

describe('unlockFailure', () => {
  it('tells the required texts apart by the server’s answer', () => {
    expect(unlockFailure(new ApiRequestError('Incorrect password', 403, 'r')).kind).toBe('incorrect');
    expect(unlockFailure(new ApiRequestError('x', 429, 'r')).message).toBe(SETTINGS_GATE_MESSAGES.tooMany);
    expect(unlockFailure(new ApiRequestError('x', 409, 'r')).message).toBe(
      'Password protection not properly configured',
    );
    // A 403 for another reason (a frozen account) keeps the server's own words.
    const frozen = ACCESS_MESSAGES.frozen;
    expect(unlockFailure(new ApiRequestError(frozen, 403, 'r'))).toEqual({ kind: 'other', message: frozen });
  });
});
