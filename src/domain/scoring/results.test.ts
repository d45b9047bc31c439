import { describe, expect, it } from 'vitest';
import {
  formatPoints,
  formatResult,
  halfPointsFor,
  halfPointsForBye,
  isPlayed,
  MATCH_RESULTS,
} from './results';

describe('results in half-points', () => {
  it.each([
    ['white', 2, 0],
    ['black', 0, 2],
    ['draw', 1, 1],
    ['white_forfeit_win', 2, 0],
    ['black_forfeit_win', 0, 2],
    ['double_forfeit', 0, 0],
  ] as const)('%s gives white %i and black %i', (result, white, black) => {
    expect(halfPointsFor(result, 'white')).toBe(white);
    expect(halfPointsFor(result, 'black')).toBe(black);
  });

  it('counts only over-the-board games as played', () => {
    expect(MATCH_RESULTS.filter(isPlayed)).toEqual(['white', 'black', 'draw']);
  });

  it('scores byes: pairing and full-point byes a win, half-point a draw, absence nothing', () => {
    expect(['pairing', 'full', 'half', 'zero'].map((kind) => halfPointsForBye(kind as never))).toEqual([
      2, 2, 1, 0,
    ]);
  });

  it.each([
    [0, '0'],
    [1, '½'],
    [2, '1'],
    [5, '2½'],
    [14, '7'],
  ])('formats %i half-points as %s', (half, text) => {
    expect(formatPoints(half)).toBe(text);
  });

  it('writes results the way score sheets do', () => {
    expect(
      [null, 'white', 'draw', 'black', 'white_forfeit_win'].map((r) => formatResult(r as never)),
    ).toEqual(['–', '1-0', '½-½', '0-1', '+:-']);
  });
});
