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
        tiebreakOrder: ['buchholz_cut1', 'buchholz', 'sonneborn_berger', 'wins', 'direct_encounter'],
        pairingNotes: { roundNumber: 3, notes: ['Schoolmates paired on board 12: no pairing avoided it'] },
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
            tiebreaks: { buchholz_cut1: 3, buchholz: 5, sonneborn_berger: 7 },
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
    expect(await screen.findByRole('columnheader', { name: 'Pts' })).toBeTruthy();
    expect(screen.getByText('1, Gold medal')).toBeTruthy();
    expect(screen.getAllByText('1½')).toHaveLength(2);
    // Tie-break columns: Buchholz values in half-points, Sonneborn-Berger in quarter-points.
    for (const [abbr, name] of [
      ['BH-C1', 'Buchholz Cut-1'],
      ['BH', 'Buchholz'],
      ['SB', 'Sonneborn-Berger'],
    ]) {
      expect(screen.getByRole('columnheader', { name: abbr }).querySelector('abbr')?.title).toBe(name);
    }
    expect(screen.getByText('2½')).toBeTruthy();
    expect(screen.getByText('1¾')).toBeTruthy();
    expect(
      screen.getByText('Order: Points, then BH-C1, then BH, then SB, then W, then DE, then rating.'),
    ).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Pairing notes for round 3' }).textContent).toContain(
      'Schoolmates paired on board 12: no pairing avoided it',
    );
    fireEvent.click(screen.getByRole('tab', { name: 'School standings' }));
    expect(screen.getByRole('tab', { name: 'School standings' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText("St Kevin's A")).toBeTruthy();
    expect(screen.getByText('3½')).toBeTruthy();
  });

  it('shows the hidden state when the organisers hide the leaderboard', async () => {
    stubFetch({
      '/api/public/leaderboard': {
        visible: false,
        afterRound: 0,
        tiebreakOrder: [],
        players: [],
        teams: [],
        pairingNotes: null,
      },
    });
    renderAt(<LeaderboardPage />);
    expect(await screen.findByText('Leaderboard Hidden')).toBeTruthy();
    expect(screen.getByText('Player rankings are currently not visible.')).toBeTruthy();
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});
