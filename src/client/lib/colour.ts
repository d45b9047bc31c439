/** WCAG relative luminance of a #rgb or #rrggbb colour, or null when it is not one. */
export function relativeLuminance(hex: string): number | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  const channel = (offset: number) => {
    const value = Number.parseInt(digits.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

export function contrastRatio(a: number, b: number): number {
  const [light, dark] = a > b ? [a, b] : [b, a];
  return (light + 0.05) / (dark + 0.05);
}

/** Gold of the hero title's coloured part (#f6c453). */
const GOLD_LUMINANCE = relativeLuminance('#f6c453') ?? 0.6;

/**
 * An organiser-chosen background colour, if both white text and the gold title keep AA contrast (4.5:1)
 * on it; otherwise null and the theme's own colour is used.
 */
export function readableDarkBackground(hex: string): string | null {
  const luminance = relativeLuminance(hex);
  if (luminance === null) return null;
  const readable = contrastRatio(1, luminance) >= 4.5 && contrastRatio(GOLD_LUMINANCE, luminance) >= 4.5;
  return readable ? (hex.startsWith('#') ? hex : `#${hex}`) : null;
}
