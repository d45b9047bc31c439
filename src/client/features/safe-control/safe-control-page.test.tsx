// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../../../../tests/support/client/test-utils';
import {
  readSafeControl,
  SAFE_CONTROL_MESSAGES,
  type SafeControlResponse,
} from '../../../contracts/safe-control';
import { SafeControlPage } from './safe-control-page';

vi.mock('../../lib/notify', () => ({ notify: vi.fn(), notifyFailure: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const unfinished: SafeControlResponse = {
  switches: readSafeControl(undefined),
  unfinishedRestore: {
    reason: 'Restoring the backup backup-20261127T094233-123Z.jsonl.gz',
    startedAt: '2026-11-27T09:50:00.000Z',
    clearedAt: '2026-11-27T09:52:10.000Z',
  },
};

describe('SafeControlPage', () => {
  it('tells the superadmin a restore did not finish, and dismisses the notice on request', async () => {
    const fetchMock = stubFetch({
      '/api/admin/safe-control': unfinished,
      '/api/admin/safe-control/unfinished-restore': {
        message: SAFE_CONTROL_MESSAGES.unfinishedRestoreDismissed,
      },
    });
    renderAt(<SafeControlPage />);
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain(SAFE_CONTROL_MESSAGES.unfinishedRestoreTitle);
    expect(banner.textContent).toContain(SAFE_CONTROL_MESSAGES.unfinishedRestore);
    expect(banner.textContent).toContain('backup-20261127T094233-123Z.jsonl.gz');

    fireEvent.click(screen.getByRole('button', { name: SAFE_CONTROL_MESSAGES.unfinishedRestoreDismiss }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) =>
            String(url) === '/api/admin/safe-control/unfinished-restore' && init?.method === 'DELETE',
        ),
      ).toBe(true),
    );
  });

  it('shows no notice when every restore finished', async () => {
    stubFetch({ '/api/admin/safe-control': { ...unfinished, unfinishedRestore: null } });
    renderAt(<SafeControlPage />);
    await screen.findByTestId('safe-switch-read_only');
    expect(screen.queryByTestId('unfinished-restore')).toBeNull();
  });
});
