import { describe, expect, it } from 'vitest';
import { axis, labelledIndexes, niceMax } from './chart-scale';

describe('payments chart scale', () => {
  it('rounds the axis up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(6000)).toBe(10_000);
    expect(niceMax(18_000)).toBe(20_000);
    expect(niceMax(24_000)).toBe(25_000);
    expect(niceMax(30_000)).toBe(50_000);
    expect(niceMax(100)).toBe(100);
  });

  it('makes axes of round euro steps that cover the largest value', () => {
    expect(axis(24_000)).toEqual({ max: 30_000, ticks: [0, 10_000, 20_000, 30_000] });
    expect(axis(18_000)).toEqual({ max: 20_000, ticks: [0, 5000, 10_000, 15_000, 20_000] });
    expect(axis(6000)).toEqual({ max: 6000, ticks: [0, 2000, 4000, 6000] });
    expect(axis(0)).toEqual({ max: 100, ticks: [0, 100] });
    expect(axis(150)).toEqual({ max: 200, ticks: [0, 100, 200] });
  });

  it('labels days far enough apart, always including the first and the last', () => {
    expect(labelledIndexes(0, 40)).toEqual([]);
    expect(labelledIndexes(1, 40)).toEqual([0]);
    expect(labelledIndexes(5, 100)).toEqual([0, 1, 2, 3, 4]);
    expect(labelledIndexes(10, 20)).toEqual([0, 4, 9]);
    // The last label would crowd the one before it: that one gives way.
    expect(labelledIndexes(9, 20)).toEqual([0, 4, 8]);
    expect(labelledIndexes(10, 30)).toEqual([0, 3, 6, 9]);
  });
});
