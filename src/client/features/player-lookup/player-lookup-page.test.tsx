// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../../../../tests/support/client/test-utils';
import { WITHDRAWN_TAG } from '../../../contracts/leaderboard';
import type { PlayerLookupResponse } from '../../../contracts/player-lookup';
import { PlayerLookupPage } from './player-lookup-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const response: PlayerLookupResponse = {
  truncated: false,
  players: [
    {
      name: 'Levon Aronian',
      groupName: 'Riverside Academy A',
      rating: 1868,
      rank: 1,
      withdrawn: false,
      halfPoints: 4,
      current: {
        roundNumber: 3,
        board: 7,
        colour: 'black',
        opponent: { name: 'Nona Gaprindashvili', groupName: null, rating: 1610 },
        result: null,
        outcome: null,
        bye: null,
        isStarted: true,
        halfPoints: null,
      },
      history: [
        {
          roundNumber: 1,
          board: 1,
          colour: 'white',
          opponent: { name: 'Tigran Petrosian', groupName: "St Kevin's A", rating: 1500 },
          result: 'draw',
          outcome: 'draw',
          bye: null,
          isStarted: true,
          halfPoints: 1,
        },
      ],
    },
  ],
};

describe('PlayerLookupPage', () => {
  it('searches the name from the address straight away and shows board, colour and opponent', async () => {
    const fetchMock = stubFetch({ '/api/public/players?name=Aronian': response });
    renderAt(<PlayerLookupPage />, { path: '/player-lookup', url: '/player-lookup?name=Aronian' });
    expect((screen.getByLabelText('Player name') as HTMLInputElement).value).toBe('Aronian');
    expect(await screen.findByRole('heading', { name: 'Levon Aronian' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/public/players?name=Aronian', expect.anything());
    expect(screen.getByText('7')).toBeTruthy();
    expect(screen.getByText('Black')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Nona Gaprindashvili' })[0]?.getAttribute('href')).toBe(
      '/player-lookup?name=Nona%20Gaprindashvili',
    );
    expect(screen.getByText('Draw')).toBeTruthy();
    expect(screen.getByText('½')).toBeTruthy();
  });

  it('tags a withdrawn player as the leaderboard does, and nobody else', async () => {
    const [entry] = response.players;
    stubFetch({
      '/api/public/players?name=Aronian': { ...response, players: [{ ...entry!, withdrawn: true }] },
      '/api/public/players?name=Levon': response,
    });
    renderAt(<PlayerLookupPage />, { path: '/player-lookup', url: '/player-lookup?name=Aronian' });
    expect(await screen.findByRole('heading', { name: 'Levon Aronian' })).toBeTruthy();
    expect(screen.getByText(WITHDRAWN_TAG)).toBeTruthy();
    cleanup();
    renderAt(<PlayerLookupPage />, { path: '/player-lookup', url: '/player-lookup?name=Levon' });
    expect(await screen.findByRole('heading', { name: 'Levon Aronian' })).toBeTruthy();
    expect(screen.queryByText(WITHDRAWN_TAG)).toBeNull();
  });

  it('asks for at least 2 letters before searching', () => {
    const fetchMock = stubFetch({});
    renderAt(<PlayerLookupPage />, { path: '/player-lookup' });
    fireEvent.change(screen.getByLabelText('Player name'), { target: { value: 'A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Type at least 2 letters of the name')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
