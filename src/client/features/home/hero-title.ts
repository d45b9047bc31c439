/**
 * docs/requirements.md §2: the hero title is split after its first two words into a coloured part and a white part.
 * "Schools Chess Championship 2025" → { coloured: "Schools Chess", rest: "Championship 2025" }.
 */
export function splitHeroTitle(title: string): { coloured: string; rest: string } {
  const words = title.trim().split(/\s+/).filter(Boolean);
  return { coloured: words.slice(0, 2).join(' '), rest: words.slice(2).join(' ') };
}
