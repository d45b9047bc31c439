// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../../lib/test-utils';
import { LeaderboardPage } from './leaderboard-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LeaderboardPage', () => {
  it('shows players with medals and half points, and school standings in their own tab', async () => {
    stubFetch({
      '/api/public/leaderboard': {
        visible: true,
        afterRound: 2,
        players: [
          {
            rank: 1,
            name: 'Ada Byrne',
            groupName: null,
            rating: 1500,
            halfPoints: 3,
            wins: 1,
            draws: 1,
            losses: 0,
            byes: 0,
          },
        ],
        teams: [
          {
            rank: 1,
            team: "St Kevin's A",
            school: "St Kevin's",
            halfPoints: 7,
            wins: 3,
            members: [{ name: 'Ada Byrne', halfPoints: 3 }],
          },
        ],
      },
    });
    renderAt(<LeaderboardPage />);
    expect(await screen.findByRole('columnheader', { name: 'Points' })).toBeTruthy();
    expect(screen.getByText('1, Gold medal')).toBeTruthy();
    expect(screen.getByText('1½')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'School standings' }));
    expect(screen.getByRole('tab', { name: 'School standings' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText("St Kevin's A")).toBeTruthy();
    expect(screen.getByText('3½')).toBeTruthy();
  });

  it('shows the hidden state when the organisers hide the leaderboard', async () => {
    stubFetch({ '/api/public/leaderboard': { visible: false, afterRound: 0, players: [], teams: [] } });
    renderAt(<LeaderboardPage />);
    expect(await screen.findByText('Leaderboard Hidden')).toBeTruthy();
    expect(screen.getByText('Player rankings are currently not visible.')).toBeTruthy();
  });
});
