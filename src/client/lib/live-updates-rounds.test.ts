import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { roundChangeMessage, watchRoundChanges } from './live-updates-rounds';
import { queryKeys } from './query-keys';

const states = (...entries: [number, 'upcoming' | 'active' | 'completed'][]) => new Map(entries);

describe('round change notices', () => {
  it('announces a round that started or completed, nothing on the first read or without a change', () => {
    const before = states([3, 'active'], [4, 'upcoming']);
    expect(roundChangeMessage(null, before)).toBeNull();
    expect(roundChangeMessage(before, before)).toBeNull();
    expect(roundChangeMessage(before, states([3, 'completed'], [4, 'upcoming']))).toBe('Round 3 is complete');
    expect(
      roundChangeMessage(states([3, 'completed'], [4, 'upcoming']), states([3, 'completed'], [4, 'active'])),
    ).toBe('Round 4 has started');
    // A round added by raising the round count is not news.
    expect(roundChangeMessage(before, states([3, 'active'], [4, 'upcoming'], [5, 'upcoming']))).toBeNull();
  });

  it('takes data already in the cache (a server-drawn page) as the first read', () => {
    const client = new QueryClient();
    const rounds = (status: 'upcoming' | 'active') => ({
      tournament: { rounds: [{ number: 4, status }] },
    });
    client.setQueryData(queryKeys.home, rounds('upcoming'));
    const messages: string[] = [];
    const stop = watchRoundChanges(client, (message) => messages.push(message));
    client.setQueryData(queryKeys.home, rounds('active'));
    expect(messages).toEqual(['Round 4 has started']);
    stop();
  });

  it('watches the home and tournament queries as they refetch, once per change', () => {
    const client = new QueryClient();
    const messages: string[] = [];
    const stop = watchRoundChanges(client, (message) => messages.push(message));
    const tournament = (status: 'upcoming' | 'active') => ({
      tournament: {
        rounds: [
          { number: 3, status: 'completed' },
          { number: 4, status },
        ],
      },
    });
    client.setQueryData(queryKeys.home, tournament('upcoming'));
    client.setQueryData(queryKeys.tournament, tournament('upcoming'));
    client.setQueryData(queryKeys.leaderboard, tournament('active'));
    expect(messages).toEqual([]);
    client.setQueryData(queryKeys.home, tournament('active'));
    client.setQueryData(queryKeys.tournament, tournament('active'));
    expect(messages).toEqual(['Round 4 has started']);
    stop();
    client.setQueryData(queryKeys.home, tournament('upcoming'));
    expect(messages).toEqual(['Round 4 has started']);
  });
});
