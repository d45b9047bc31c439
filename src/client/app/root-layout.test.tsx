// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../tests/support/client/test-utils';
import { queryKeys } from '../lib/query-keys';
import { createQueryClient } from './query-client';
import { RootLayout } from './root-layout';

// Counts how often the layout draws the page part: the page outlet itself, the first thing under <main>.
const outletDraws = vi.hoisted(() => ({ count: 0 }));
vi.mock('../features/errors/page-outlet', async () => {
  const { Outlet } = await import('react-router');
  return {
    PageOutlet: () => {
      outletDraws.count += 1;
      return <Outlet />;
    },
  };
});
vi.mock('../lib/notify', () => ({ notify: vi.fn(), notifyFailure: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RootLayout', () => {
  // React draws a store's change (the session arriving, hydration ending) in one synchronous task. Had the layout
  // drawn the page again then, a server-drawn page's parts still waiting to be taken over would have been taken
  // over in that task, all at once (issue 37).
  it('does not draw the page again when the session arrives', async () => {
    stubFetch({});
    const queryClient = createQueryClient();
    await act(async () => {
      render(
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={['/']}>
            <Routes>
              <Route element={<RootLayout />}>
                <Route index element={<h1>Standings</h1>} />
              </Route>
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>,
      );
    });
    expect(await screen.findByRole('heading', { name: 'Standings' })).toBeTruthy();
    const drawsBefore = outletDraws.count;
    await act(async () => {
      queryClient.setQueryData(queryKeys.session, { status: 'signed-out' });
    });
    await act(async () => {
      queryClient.setQueryData(queryKeys.session, {
        status: 'signed-in',
        user: { id: 'u1', email: 'teacher@example.org', name: 'A teacher' },
      });
    });
    expect(outletDraws.count).toBe(drawsBefore);
  });
});
