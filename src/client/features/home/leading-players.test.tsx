// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../../../tests/support/client/test-utils';
import type { LeaderboardRow } from '../../../contracts/leaderboard';
import { LeadingPlayers } from './leading-players';

afterEach(cleanup);

const row = (rank: number, name: string, halfPoints: number): LeaderboardRow => ({
  rank,
  name,
  withdrawn: false,
  groupName: "St Kevin's A",
  rating: 1500,
  halfPoints,
  wins: 0,
  draws: 0,
  losses: 0,
  byes: 0,
  tiebreaks: {},
});

describe('LeadingPlayers', () => {
  it('says "1 point" and "½ point", never "1 points", and how ties are broken', () => {
    renderAt(
      <LeadingPlayers
        visible
        tiebreakOrder={['rating']}
        players={[row(1, 'Ann', 4), row(2, 'Ben', 2), row(3, 'Cal', 1), row(4, 'Dan', 0)]}
      />,
    );
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items[0]).toMatch(/2points$/);
    expect(items[1]).toMatch(/1point$/);
    expect(items[2]).toMatch(/½point$/);
    expect(items[3]).toMatch(/0points$/);
    expect(screen.getByText('Ties broken by: rating.')).toBeTruthy();
  });
});
