import { describe, expect, it } from 'vitest';
import { randomSample } from './random-sample';

describe('randomSample', () => {
  it('picks distinct items without changing the input', () => {
    const items = [1, 2, 3, 4, 5, 6];
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const sample = randomSample(items, 3, random);
    expect(sample).toHaveLength(3);
    expect(new Set(sample).size).toBe(3);
    expect(sample.every((item) => items.includes(item))).toBe(true);
    expect(items).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('returns everything when there are fewer items than asked for', () => {
    expect(randomSample(['a', 'b'], 3).sort()).toEqual(['a', 'b']);
    expect(randomSample([], 3)).toEqual([]);
  });

  it('can pick the last item', () => {
    expect(randomSample([1, 2, 3], 1, () => 0.999)).toEqual([3]);
  });
});
