/**
 * WCAG 2.x colour contrast (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio): whether an organiser-chosen
 * background keeps the text drawn on it readable. Pure: the settings form checks before saving, the server
 * refuses the same values, and the header and hero fall back to the theme for an old stored one.
 */

/** WCAG AA for normal-size text. */
export const WCAG_AA_TEXT_CONTRAST = 4.5;

const HEX_COLOUR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#rrggbb` (lower case) for a #rgb or #rrggbb colour, or null when it is not one. */
export function normalizeHexColour(hex: string): string | null {
  const match = HEX_COLOUR.exec(hex.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return `#${digits.toLowerCase()}`;
}

/** WCAG relative luminance of a #rgb or #rrggbb colour, or null when it is not one. */
export function relativeLuminance(hex: string): number | null {
  const normal = normalizeHexColour(hex);
  if (!normal) return null;
  const channel = (offset: number) => {
    const value = Number.parseInt(normal.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of two relative luminances, from 1 (none) to 21 (black on white). */
export function contrastRatio(a: number, b: number): number {
  const [light, dark] = a > b ? [a, b] : [b, a];
  return (light + 0.05) / (dark + 0.05);
}

/** A text colour drawn on the organisers' header and hero bands. */
export interface BandText {
  name: string;
  hex: string;
}

/** What the header and hero draw on their band: white text and the gold of the title and active link. */
export const BAND_TEXT: readonly BandText[] = [
  { name: 'white text', hex: '#ffffff' },
  { name: 'the gold title', hex: '#f6c453' },
];

export type ContrastProblem =
  | { kind: 'not-a-colour' }
  | { kind: 'low-contrast'; text: string; ratio: number; required: number };

/** Why a background colour may not be used under `texts`, or null when every text keeps WCAG AA on it. */
export function backgroundContrastProblem(
  background: string,
  texts: readonly BandText[] = BAND_TEXT,
): ContrastProblem | null {
  const luminance = relativeLuminance(background);
  if (luminance === null) return { kind: 'not-a-colour' };
  for (const text of texts) {
    const ratio = contrastRatio(relativeLuminance(text.hex) ?? 1, luminance);
    if (ratio < WCAG_AA_TEXT_CONTRAST) {
      return { kind: 'low-contrast', text: text.name, ratio, required: WCAG_AA_TEXT_CONTRAST };
    }
  }
  return null;
}

/** The message a form shows next to the colour field. */
export function describeContrastProblem(problem: ContrastProblem): string {
  if (problem.kind === 'not-a-colour') return 'Enter a colour as #rrggbb, for example #0f3d2e';
  const ratio = Math.floor(problem.ratio * 10) / 10;
  return `Too light: ${problem.text} on this colour has a contrast of ${ratio}:1, WCAG AA needs ${problem.required}:1. Choose a darker colour.`;
}

/** The background as #rrggbb if the band's texts stay readable on it (WCAG AA), else null. */
export function readableBandBackground(background: string): string | null {
  return backgroundContrastProblem(background) === null ? normalizeHexColour(background) : null;
}
