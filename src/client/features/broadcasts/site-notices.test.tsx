// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../../../../tests/support/client/test-utils';
import { DISMISSED_BROADCASTS_KEY } from './dismissed-notices';
import { SiteNotices } from './site-notices';

const broadcast = { startsAt: '2026-03-14T09:00:00.000Z', endsAt: '2099-03-14T18:00:00.000Z' };

function stub() {
  return stubFetch({
    '/api/auth/get-session': null,
    '/api/site-status': {
      on: ['read_only'],
      banners: [{ switch: 'read_only', text: 'The site is read-only for the moment.', endsAt: null }],
      nextChangeAt: null,
    },
    '/api/broadcasts/current': {
      broadcasts: [
        { id: 1, message: 'Lunch is served', style: 'info', dismissable: true, ...broadcast },
        { id: 2, message: 'Evacuate the hall', style: 'urgent', dismissable: false, ...broadcast },
      ],
      nextChangeAt: null,
    },
  });
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SiteNotices', () => {
  it('shows the banners and broadcasts, urgent ones as alerts, and remembers a closed one', async () => {
    stub();
    renderAt(<SiteNotices />);
    const urgent = await screen.findByRole('alert');
    expect(urgent.textContent).toContain('Evacuate the hall');
    expect(urgent.textContent).toContain('Urgent:');
    // The switches' banner: a warning, announced politely (its schema loads with the first read).
    const banner = await screen.findByText(/The site is read-only for the moment\./);
    expect(banner.closest('[role="status"]')?.getAttribute('data-notice-style')).toBe('warning');
    expect(screen.getByText(/Lunch is served/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Close this message' })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Close this message' }));
    expect(screen.queryByText(/Lunch is served/)).toBeNull();
    expect(localStorage.getItem(DISMISSED_BROADCASTS_KEY)).toBe('[1]');

    // Another page (or a reload) keeps it closed.
    cleanup();
    stub();
    renderAt(<SiteNotices />);
    await screen.findByRole('alert');
    expect(screen.queryByText(/Lunch is served/)).toBeNull();
  });

  it('draws nothing when nothing is on', async () => {
    const fetchMock = stubFetch({
      '/api/auth/get-session': null,
      '/api/site-status': { on: [], banners: [], nextChangeAt: null },
      '/api/broadcasts/current': { broadcasts: [], nextChangeAt: null },
    });
    const { container } = renderAt(<SiteNotices />);
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/broadcasts/current'),
    );
    // Only the empty dock is there, which takes no room (empty:hidden).
    expect(container.textContent).toBe('');
    expect(container.querySelectorAll('[role]')).toHaveLength(0);
    expect(container.firstElementChild?.childElementCount).toBe(0);
  });
});
