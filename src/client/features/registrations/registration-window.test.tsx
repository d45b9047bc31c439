// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../../../../tests/support/client/test-utils';
import type { RegistrationSettings } from '../../../contracts/settings';
import { RegistrationSettingsPanel } from '../manage-registrations/registration-settings-panel';
import { RegistrationPage } from './registration-page';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const tournament = {
  tournament: {
    name: 'Championship',
    venue: null,
    description: null,
    startDate: '2026-03-14',
    endDate: '2026-03-14',
    currentRound: 0,
    totalRounds: 5,
    rounds: [],
  },
  stats: null,
};

function stub(registration: RegistrationSettings) {
  stubFetch({
    '/api/public/settings/registration': registration,
    '/api/public/tournament': tournament,
    '/api/auth/get-session': null,
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * Issue 28: the form and the admin's Open/Closed label ask domain isRegistrationOpen, like the server's views
 * (src/server/features/public-pages/registration-window.test.ts): the admin label once read only the switch and
 * said "Open" after the closing time.
 */
describe('the registration window in the form and the admin label', () => {
  it('both say open a day before the closing time', async () => {
    const open = { is_enabled: true, team_price: 6000, closes_at: new Date(Date.now() + DAY).toISOString() };
    stub(open);
    renderAt(<RegistrationPage />);
    expect(await screen.findByRole('button', { name: 'Register and pay now' })).toBeTruthy();
    cleanup();
    stub(open);
    renderAt(<RegistrationSettingsPanel />);
    expect(await screen.findByText('Open · €60.00 per team')).toBeTruthy();
  });

  it('both say closed a minute after it', async () => {
    const closed = {
      is_enabled: true,
      team_price: 6000,
      closes_at: new Date(Date.now() - MINUTE).toISOString(),
    };
    stub(closed);
    renderAt(<RegistrationPage />);
    expect(await screen.findByText(/^Registration closed on /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Register and pay now' })).toBeNull();
    cleanup();
    stub(closed);
    renderAt(<RegistrationSettingsPanel />);
    expect(await screen.findByText('Closed · €60.00 per team')).toBeTruthy();
  });
});
