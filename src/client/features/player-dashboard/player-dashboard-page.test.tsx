// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, StubAnswer, stubFetch } from '../../../../tests/support/client/test-utils';
import type { PlayerDashboardResponse } from '../../../contracts/player-dashboard';
import { PlayerDashboardPage } from './player-dashboard-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const tournament = { name: 'Schools Team Chess Championship 2025', currentRound: 3, totalRounds: 5 };

const linked: PlayerDashboardResponse = {
  tournament,
  player: {
    name: 'Judit Polgár',
    groupName: 'Riverside Academy A',
    rating: 1900,
    withdrawn: false,
    rank: 4,
    halfPoints: 3,
    current: {
      roundNumber: 3,
      board: 12,
      colour: 'white',
      opponent: { name: 'Magnus Carlsen', groupName: 'Loreto B', rating: 1950 },
      result: null,
      outcome: null,
      bye: null,
      isStarted: true,
      halfPoints: null,
    },
    history: [
      {
        roundNumber: 1,
        board: 3,
        colour: 'black',
        opponent: { name: 'Susan Polgar', groupName: null, rating: 1700 },
        result: 'draw',
        outcome: 'draw',
        bye: null,
        isStarted: true,
        halfPoints: 1,
      },
    ],
    wins: 1,
    draws: 1,
    losses: 0,
    byes: 0,
    rankedPlayers: 56,
    currentRoundStatus: 'active',
    team: { team: 'Riverside Academy A', school: 'Riverside Academy', rank: 2, halfPoints: 9, teamCount: 14 },
  },
};

describe('PlayerDashboardPage', () => {
  it('shows the next board first, then points, standing, team and results', async () => {
    stubFetch({ '/api/me/player-dashboard': linked });
    renderAt(<PlayerDashboardPage />);
    expect(await screen.findByRole('heading', { name: 'Your board' })).toBeTruthy();
    expect(screen.getByText('Round 3 · In Progress')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    expect(screen.getByText('White')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Magnus Carlsen' })[0]?.getAttribute('href')).toBe(
      '/player-lookup?name=Magnus%20Carlsen',
    );
    expect(screen.getByText('1½')).toBeTruthy();
    expect(screen.getByText('1 W · 1 D · 0 L')).toBeTruthy();
    expect(screen.getByText('Rank 4 of 56')).toBeTruthy();
    expect(screen.getByText('Riverside Academy · 4½ points · Rank 2 of 14')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Round by round results of Judit Polgár' })).toBeTruthy();
  });

  it('says clearly when the account is not linked to a player', async () => {
    stubFetch({ '/api/me/player-dashboard': { tournament, player: null } });
    renderAt(<PlayerDashboardPage />);
    expect(await screen.findByText('Your account is not linked to a player')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Player Lookup' }).getAttribute('href')).toBe('/player-lookup');
    expect(screen.queryByRole('heading', { name: 'Your board' })).toBeNull();
  });

  it('shows the error with a retry when the dashboard cannot load', async () => {
    stubFetch({ '/api/me/player-dashboard': new StubAnswer(500, { error: 'Boom', requestId: 'r1' }) });
    renderAt(<PlayerDashboardPage />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByText('Boom')).toBeTruthy();
  });
});
