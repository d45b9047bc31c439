import { describe, expect, it } from 'vitest';
import { countOf, nounFor, pointsText } from './plural';

describe('plural forms', () => {
  it.each([
    [0, 'team', '0 teams'],
    [1, 'team', '1 team'],
    [2, 'team', '2 teams'],
    [1, 'player', '1 player'],
    [4, 'school', '4 schools'],
    [1, 'round', '1 round'],
    [1250, 'player', '1,250 players'],
  ])('%d %s → %j', (count, noun, text) => {
    expect(countOf(count, noun)).toBe(text);
  });

  it('writes counts as en-IE does, grouped in thousands', () => {
    for (const count of [-1_000, -999, -1, 0, 7, 999, 1_000, 12_345, 1_000_000, 2.5])
      expect(countOf(count, 'entry', 'entries')).toBe(
        `${count.toLocaleString('en-IE')} ${count === 1 ? 'entry' : 'entries'}`,
      );
  });

  it('takes an irregular plural', () => {
    expect(countOf(1, 'entry', 'entries')).toBe('1 entry');
    expect(countOf(3, 'entry', 'entries')).toBe('3 entries');
    expect(nounFor(2, 'child', 'children')).toBe('children');
  });

  it('says "1 point", never "1 points", for a score in half-points', () => {
    expect(pointsText(2)).toBe('1 point');
    expect(pointsText(1)).toBe('½ point');
    expect(pointsText(0)).toBe('0 points');
    expect(pointsText(3)).toBe('1½ points');
    expect(pointsText(8)).toBe('4 points');
  });
});
