// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StubAnswer, stubFetch } from '../../../../tests/support/client/test-utils';
import { type Permission, resolveAccess } from '../../../domain/permissions';
import { createQueryClient } from '../../app/query-client';
import { adminPage } from '../admin/admin-pages';
import { AdminTutorial } from './admin-tutorial';
import { isNavigationLocked } from './tutorial-state';
import { TUTORIAL_STEPS, tutorialStepsFor } from './tutorial-steps';

const admin = resolveAccess({ role: 'admin', customRoleName: null }, []);
const superadmin = resolveAccess({ role: 'superadmin', customRoleName: null }, []);

function renderTutorial() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminTutorial access={admin} />
    </QueryClientProvider>,
  );
}

const putBodies = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('tutorial steps', () => {
  const keys = (access: Parameters<typeof tutorialStepsFor>[0]) =>
    tutorialStepsFor(access).map((step) => step.key);

  it('gives a superadmin about twelve steps, from the introduction to help', () => {
    const all = keys(superadmin);
    expect(all.length).toBeGreaterThanOrEqual(11);
    expect(all.length).toBeLessThanOrEqual(14);
    expect(all[0]).toBe('admin-area');
    expect(all.at(-1)).toBe('help');
  });

  it('gives an admin fewer steps, but more than four, none for a page an admin cannot open', () => {
    const steps = keys(admin);
    expect(steps.length).toBeGreaterThan(4);
    expect(steps.length).toBeLessThan(keys(superadmin).length);
    expect(steps).toEqual([
      'admin-area',
      'match-results',
      'admin-player-lookup',
      'checkin-desk',
      'checkin-overview',
      'system-logs',
      'help',
    ]);
  });

  it('gives a custom Arbiter role only the steps of its permissions', () => {
    const arbiter = resolveAccess({ role: 'player', customRoleName: 'Arbiter' }, [
      {
        name: 'Arbiter',
        permissions: {
          view_admin_result_input: true,
          view_round_management: true,
          access_checkin_page: true,
        } satisfies Partial<Record<Permission, boolean>>,
      },
    ]);
    expect(keys(arbiter)).toEqual([
      'admin-area',
      'match-results',
      'round-management',
      'checkin-desk',
      'help',
    ]);
  });

  it('filters each page step by the rule its admin page (and route) declares', () => {
    for (const step of TUTORIAL_STEPS) {
      if (step.access) expect(step.access).toBe(adminPage(step.key).rule);
    }
  });
});

describe('AdminTutorial', () => {
  it('walks through the steps with Next and Back, locking navigation until the last step', async () => {
    const fetchMock = stubFetch({ '/api/account/tutorial': { status: 'not_started', completedAt: null } });
    renderTutorial();
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to the Admin Area' });
    expect(dialog.textContent).toContain('Step 1 of 7');
    expect(isNavigationLocked()).toBe(true);
    expect(screen.queryByRole('button', { name: /Back/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(screen.getByRole('dialog', { name: 'Match results' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('dialog', { name: 'Welcome to the Admin Area' })).toBeTruthy();

    for (let step = 1; step < 7; step += 1) fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(screen.getByRole('dialog', { name: 'Where to find help' })).toBeTruthy();
    expect(isNavigationLocked()).toBe(false);
    expect(screen.queryByRole('button', { name: 'Skip tutorial' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Finish/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(putBodies(fetchMock)).toEqual([{ status: 'completed' }]));
  });

  it('Skip ends it at once, records it and unlocks navigation', async () => {
    const fetchMock = stubFetch({ '/api/account/tutorial': { status: 'not_started', completedAt: null } });
    renderTutorial();
    fireEvent.click(await screen.findByRole('button', { name: 'Skip tutorial' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(isNavigationLocked()).toBe(false);
    await waitFor(() => expect(putBodies(fetchMock)).toEqual([{ status: 'skipped' }]));
  });

  it('does not start for someone who completed or skipped it', async () => {
    const fetchMock = stubFetch({
      '/api/account/tutorial': { status: 'skipped', completedAt: '2026-11-20T10:00:00.000Z' },
    });
    renderTutorial();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(isNavigationLocked()).toBe(false);
  });

  it('reports progress failures only on the console', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({ '/api/account/tutorial': new StubAnswer(500, { error: 'Internal error', requestId: 'r' }) });
    renderTutorial();
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
