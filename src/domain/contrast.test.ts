import { describe, expect, it } from 'vitest';
import {
  backgroundContrastProblem,
  contrastRatio,
  describeContrastProblem,
  normalizeHexColour,
  readableBandBackground,
  relativeLuminance,
} from './contrast';

describe('colour contrast (WCAG AA)', () => {
  it('computes WCAG luminance and contrast', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1);
    expect(relativeLuminance('#000')).toBeCloseTo(0);
    expect(contrastRatio(1, 0)).toBeCloseTo(21);
    // The WCAG example: #777777 on white is 4.48:1, just under AA.
    expect(contrastRatio(1, relativeLuminance('#777777') ?? 0)).toBeCloseTo(4.48, 2);
    expect(relativeLuminance('green')).toBeNull();
    expect(normalizeHexColour(' #0F3 ')).toBe('#00ff33');
  });

  it('accepts a band colour only when white and gold text stay readable on it', () => {
    expect(readableBandBackground('#0f3d2e')).toBe('#0f3d2e');
    expect(readableBandBackground('0b1f3a')).toBe('#0b1f3a');
    expect(readableBandBackground('#3b82f6')).toBeNull();
    expect(readableBandBackground('#ffffff')).toBeNull();
    expect(readableBandBackground('not a colour')).toBeNull();
  });

  it('names the text that fails and the ratio it reaches', () => {
    // Mid blue: even white text falls short.
    const blue = backgroundContrastProblem('#3b82f6');
    expect(blue).toMatchObject({ kind: 'low-contrast', text: 'white text', required: 4.5 });
    expect(describeContrastProblem(blue!)).toBe(
      'Too light: white text on this colour has a contrast of 3.6:1, WCAG AA needs 4.5:1. Choose a darker colour.',
    );
    // Dark red keeps white readable but not the gold title.
    expect(backgroundContrastProblem('#b91c1c')).toMatchObject({ text: 'the gold title' });
    expect(describeContrastProblem(backgroundContrastProblem('red')!)).toBe(
      'Enter a colour as #rrggbb, for example #0f3d2e',
    );
    expect(backgroundContrastProblem('#1e293b')).toBeNull();
  });
});
