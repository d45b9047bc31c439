/** Lower-case, accents removed, spaces collapsed: "  Judit  Polgár" → "judit polgar". */
export function normalizeName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * True when every word typed appears in the name, in any order and without accents, so "polgar j" finds
 * "Judit Polgár". `query` must already be normalised.
 */
export function nameMatches(normalizedName: string, normalizedQuery: string): boolean {
  const words = normalizedQuery.split(' ').filter(Boolean);
  return words.length > 0 && words.every((word) => normalizedName.includes(word));
}
