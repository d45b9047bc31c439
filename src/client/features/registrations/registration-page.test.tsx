// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../../../../tests/support/client/test-utils';
import { SAFE_SWITCH_INFO, type SafeSwitch } from '../../../contracts/safe-control';
import { emptyDraft, saveDraft } from './form-state';
import { RegistrationPage } from './registration-page';

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

function stub(registration: unknown) {
  stubFetch({
    '/api/public/settings/registration': registration,
    '/api/public/tournament': tournament,
    '/api/auth/get-session': null,
  });
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RegistrationPage', () => {
  it('shows the closed state when registration is disabled or past its closing date', async () => {
    stub({ is_enabled: false, team_price: 6000 });
    renderAt(<RegistrationPage />);
    expect(await screen.findByRole('heading', { name: 'Registration is closed' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Register and pay now' })).toBeNull();
    cleanup();

    stub({ is_enabled: true, team_price: 6000, closes_at: '2020-01-01T12:00:00.000Z' });
    renderAt(<RegistrationPage />);
    expect(await screen.findByText('Registration closed on 1 January 2020 at 12:00.')).toBeTruthy();
  });

  it('restores the kept draft, totals the teams live and asks for consent only for under-18s', async () => {
    const draft = emptyDraft();
    draft.schoolName = 'Example School';
    draft.teams[0]!.name = 'Example School A';
    draft.teams[0]!.players[0]!.name = 'Kept Player';
    saveDraft(draft);
    stub({ is_enabled: true, team_price: 4550 });
    renderAt(<RegistrationPage />);

    const team1 = await screen.findByRole('group', { name: 'Team 1' });
    expect((within(team1).getByLabelText('Player 1 name') as HTMLInputElement).value).toBe('Kept Player');
    expect(screen.getByTestId('registration-total').textContent).toBe('€45.50');

    fireEvent.click(screen.getByRole('button', { name: 'Add a team' }));
    expect(screen.getByTestId('registration-total').textContent).toBe('€91.00');
    const team2 = screen.getByRole('group', { name: 'Team 2' });
    expect((within(team2).getByLabelText('Team name') as HTMLInputElement).value).toBe('Example School B');

    // 19 on the tournament day: no consent block; 15: the block appears.
    const birth = within(team1).getByLabelText('Player 1 date of birth');
    fireEvent.change(birth, { target: { value: '2007-01-01' } });
    expect(within(team1).queryByRole('group', { name: 'Player 1 guardian consent' })).toBeNull();
    fireEvent.change(birth, { target: { value: '2011-01-01' } });
    expect(within(team1).getByRole('group', { name: 'Player 1 guardian consent' })).toBeTruthy();

    // Every change is kept for a reload.
    const kept = JSON.parse(sessionStorage.getItem('registration-form-draft-v1') ?? '{}');
    expect(kept.teams).toHaveLength(2);
    expect(kept.teams[0].players[0].dateOfBirth).toBe('2011-01-01');
  });

  it('lists the problems next to the fields and in a summary before sending anything', async () => {
    const fetchMock = stubFetch({
      '/api/public/settings/registration': { is_enabled: true, team_price: 6000 },
      '/api/public/tournament': tournament,
      '/api/auth/get-session': null,
    });
    renderAt(<RegistrationPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Register now, pay later' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText('Please check the form')).toBeTruthy();
    expect(within(summary).getByText('Your name: Enter your name')).toBeTruthy();
    expect(screen.getByLabelText('Your name').getAttribute('aria-invalid')).toBe('true');
    const posted = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posted).toEqual([]);
  });

  it('holds its buttons and says why while registrations are frozen or payments paused (safe control)', async () => {
    const withSwitches = (on: SafeSwitch[]) =>
      stubFetch({
        '/api/public/settings/registration': { is_enabled: true, team_price: 6000 },
        '/api/public/tournament': tournament,
        '/api/auth/get-session': null,
        '/api/site-status': { on, banners: [], nextChangeAt: null },
      });
    const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

    withSwitches(['payments_paused']);
    renderAt(<RegistrationPage />);
    expect(await screen.findByText(SAFE_SWITCH_INFO.payments_paused.refusal)).toBeTruthy();
    expect(button('Register and pay now').disabled).toBe(true);
    expect(button('Register now, pay later').disabled).toBe(false);
    cleanup();

    withSwitches(['registrations_frozen', 'payments_paused']);
    renderAt(<RegistrationPage />);
    expect(await screen.findByText(SAFE_SWITCH_INFO.registrations_frozen.refusal)).toBeTruthy();
    expect(button('Register and pay now').disabled).toBe(true);
    expect(button('Register now, pay later').disabled).toBe(true);
  });
});
