/**
 * The broadcasts this browser has closed: a functional choice the visitor made (like the theme), kept in
 * localStorage so a closed message stays closed on every page and after a reload. Only ids, newest last.
 */
export const DISMISSED_BROADCASTS_KEY = 'dismissed-broadcasts';
/** Broadcasts are short-lived: the oldest ids beyond this are forgotten. */
export const MAX_DISMISSED = 50;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

const browserStorage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // Storage can be switched off; nothing is remembered then.
  }
};

/** The ids stored, ignoring anything malformed. */
export function parseDismissed(raw: string | null): number[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

export function readDismissed(storage: Storage | null = browserStorage()): number[] {
  try {
    return parseDismissed(storage?.getItem(DISMISSED_BROADCASTS_KEY) ?? null);
  } catch {
    return [];
  }
}

/** Remembers one more closed broadcast (at most MAX_DISMISSED, the oldest dropped); returns the new list. */
export function dismissBroadcast(id: number, storage: Storage | null = browserStorage()): number[] {
  const ids = [...readDismissed(storage).filter((known) => known !== id), id].slice(-MAX_DISMISSED);
  try {
    storage?.setItem(DISMISSED_BROADCASTS_KEY, JSON.stringify(ids));
  } catch {
    // Full or refused: closed for this page view only.
  }
  return ids;
}
