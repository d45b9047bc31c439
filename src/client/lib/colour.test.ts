import { describe, expect, it } from 'vitest';
import { contrastRatio, readableDarkBackground, relativeLuminance } from './colour';

describe('colour', () => {
  it('computes WCAG luminance and contrast', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1);
    expect(relativeLuminance('#000')).toBeCloseTo(0);
    expect(contrastRatio(1, 0)).toBeCloseTo(21);
    expect(relativeLuminance('green')).toBeNull();
  });

  it('accepts an organiser colour only when white and gold text stay readable on it', () => {
    expect(readableDarkBackground('#0f3d2e')).toBe('#0f3d2e');
    expect(readableDarkBackground('0b1f3a')).toBe('#0b1f3a');
    expect(readableDarkBackground('#3b82f6')).toBeNull();
    expect(readableDarkBackground('#ffffff')).toBeNull();
    expect(readableDarkBackground('not a colour')).toBeNull();
  });
});
