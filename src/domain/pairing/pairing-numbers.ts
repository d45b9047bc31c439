/**
 * Pairing numbers (FIDE C.04.2 B: the initial ranking) for players who have none yet: by rating, highest
 * first (unrated last), then by name, then by id, so the order never depends on input order. Assign them
 * once, before round 1, and keep them: the engine ranks by points, then pairing number (docs/requirements.md §5 "points then
 * rating").
 */
export function assignPairingNumbers(
  players: readonly { id: string; rating?: number | null; name?: string }[],
): Map<string, number> {
  const sorted = [...players].sort(
    (a, b) =>
      (b.rating ?? -1) - (a.rating ?? -1) ||
      (a.name ?? '').localeCompare(b.name ?? '', 'en') ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return new Map(sorted.map((player, index) => [player.id, index + 1]));
}
