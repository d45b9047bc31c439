import { describe, expect, it } from 'vitest';
import { nextBoardStatus, rankText, recordText } from './dashboard-text';

describe('dashboard texts', () => {
  it('says the rank out of how many, or nothing while rankings are hidden', () => {
    expect(rankText(4, 56)).toBe('Rank 4 of 56');
    expect(rankText(4, null)).toBe('Rank 4');
    expect(rankText(null, 56)).toBeNull();
  });

  it('sums up the record, naming byes only when there were some', () => {
    expect(recordText({ wins: 2, draws: 1, losses: 0, byes: 0 })).toBe('2 W · 1 D · 0 L');
    expect(recordText({ wins: 2, draws: 1, losses: 0, byes: 1 })).toBe('2 W · 1 D · 0 L · 1 bye');
  });

  it('tells the player what the current round means for their next board', () => {
    expect(nextBoardStatus(3, 'active', 5)).toBe('Round 3 · In Progress');
    expect(nextBoardStatus(3, 'upcoming', 5)).toBe('Round 3 · Paired · not started');
    expect(nextBoardStatus(3, 'completed', 5)).toBe(
      'Round 3 · Completed: your next board appears when round 4 is paired.',
    );
    expect(nextBoardStatus(5, 'completed', 5)).toBe('Round 5 · Completed: that was the last round.');
    expect(nextBoardStatus(0, null, 5)).toBe('The first round has not been paired yet.');
  });
});
