import { describe, expect, it } from 'vitest';
import { splitHeroTitle } from './hero-title';

describe('splitHeroTitle', () => {
  it('colours the first two words and leaves the rest white', () => {
    expect(splitHeroTitle('Schools Team Chess Championship')).toEqual({
      coloured: 'Schools Team',
      rest: 'Chess Championship',
    });
  });

  it('keeps a two-word or one-word title entirely coloured', () => {
    expect(splitHeroTitle('Chess Day')).toEqual({ coloured: 'Chess Day', rest: '' });
    expect(splitHeroTitle('Chess')).toEqual({ coloured: 'Chess', rest: '' });
  });

  it('ignores extra whitespace', () => {
    expect(splitHeroTitle('  Schools   Chess\tCup  2025 ')).toEqual({
      coloured: 'Schools Chess',
      rest: 'Cup 2025',
    });
    expect(splitHeroTitle('')).toEqual({ coloured: '', rest: '' });
  });
});
