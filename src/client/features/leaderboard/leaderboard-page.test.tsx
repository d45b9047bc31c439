// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../../../../tests/support/client/test-utils';
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
        standingsHeading: 'After round 2, round 3 in progress: 5 of 28 results in',
        tiebreakOrder: [
          'buchholz_cut1',
          'buchholz',
          'sonneborn_berger',
          'direct_encounter',
          'wins',
          'rating',
        ],
        pairingNotes: { roundNumber: 3, notes: ['Schoolmates paired on board 12: no pairing avoided it'] },
        players: [
          {
            rank: 1,
            name: 'Ada Byrne',
            withdrawn: false,
            groupName: null,
            rating: 1500,
            halfPoints: 3,
            wins: 1,
            draws: 1,
            losses: 0,
            byes: 0,
            tiebreaks: {
              buchholz_cut1: 3,
              buchholz: 5,
              sonneborn_berger: 7,
              direct_encounter: null,
              wins: 1,
              rating: 1500,
            },
          },
          {
            rank: 2,
            name: 'Cal Dunne',
            withdrawn: true,
            groupName: null,
            rating: null,
            halfPoints: 0,
            wins: 0,
            draws: 0,
            losses: 1,
            byes: 0,
            tiebreaks: {},
          },
        ],
        teams: [
          {
            rank: 1,
            team: "St Kevin's A",
            school: "St Kevin's",
            halfPoints: 7,
            wins: 3,
            buchholz: 19,
            members: [
              { name: 'Ada Byrne', halfPoints: 3, counted: true },
              { name: 'Cal Dunne', halfPoints: 0, counted: false },
            ],
          },
        ],
      },
    });
    renderAt(<LeaderboardPage />);
    expect(await screen.findByRole('columnheader', { name: 'Pts' })).toBeTruthy();
    expect(screen.getByText('1, Gold medal')).toBeTruthy();
    // A withdrawn pupil keeps a place with the points won, tagged; the others are not.
    expect(screen.getByRole('rowheader', { name: /Cal Dunne/ }).textContent).toContain('Withdrawn');
    expect(screen.getByRole('rowheader', { name: /Ada Byrne/ }).textContent).not.toContain('Withdrawn');
    // The heading names the rounds counted, as the server said (issue #10 item 5).
    expect(screen.getByText(/^After round 2, round 3 in progress: 5 of 28 results in\./)).toBeTruthy();
    // The table's caption for screen readers says the same, not "after round 2" alone.
    expect(
      screen.getByRole('table', {
        name: 'Player standings: After round 2, round 3 in progress: 5 of 28 results in',
      }),
    ).toBeTruthy();
    expect(screen.getAllByText('1½')).toHaveLength(2);
    // Tie-break columns: Buchholz values in half-points, Sonneborn-Berger in quarter-points.
    // One column per key of the tournament's order (rating has its own column), each header explained.
    for (const [abbr, name] of [
      ['BH-C1', 'Buchholz Cut-1'],
      ['BH', 'Buchholz'],
      ['SB', 'Sonneborn-Berger'],
      ['DE', 'Direct encounter'],
      ['WIN', 'Wins'],
    ]) {
      expect(screen.getByRole('columnheader', { name: abbr }).querySelector('abbr')?.title).toMatch(
        new RegExp(`^${name}: `),
      );
    }
    expect(screen.getByText('2½')).toBeTruthy();
    expect(screen.getByText('1¾')).toBeTruthy();
    expect(
      screen.getByText('Ties broken by: BH-C1, then BH, then SB, then DE, then WIN, then rating.'),
    ).toBeTruthy();
    expect(
      screen.getByText(/Buchholz Cut-1: the opponents' scores added up, leaving out the lowest/),
    ).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Pairing notes for round 3' }).textContent).toContain(
      'Schoolmates paired on board 12: no pairing avoided it',
    );
    fireEvent.click(screen.getByRole('tab', { name: 'School standings' }));
    expect(screen.getByRole('tab', { name: 'School standings' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText("St Kevin's A")).toBeTruthy();
    expect(screen.getByText('3½')).toBeTruthy();
    // The school standings state their rule, and which players do not count.
    expect(screen.getByText(/sum of its best 4 players' points/)).toBeTruthy();
    expect(screen.getByText('Ada Byrne 1½ · (Cal Dunne 0)')).toBeTruthy();
  });

  it('shows the hidden state when the organisers hide the leaderboard', async () => {
    stubFetch({
      '/api/public/leaderboard': {
        visible: false,
        afterRound: 0,
        standingsHeading: 'Before round 1',
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
