import type { MatchResult } from '../../../domain/scoring/results';

/** What a key pressed on a focused board does (issue #5: fast entry from a keyboard). */
export type EntryKeyAction =
  | { kind: 'result'; result: MatchResult | null }
  | { kind: 'forfeits' }
  | { kind: 'move'; by: 1 | -1 };

/**
 * 1 → 1-0, = or 5 → ½-½, 0 → 0-1, Delete or Backspace → clear, F → the forfeit choices, arrows → the
 * next or previous board. Keys with Ctrl, Alt or Meta stay the browser's.
 */
export function entryKeyAction(event: {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}): EntryKeyAction | null {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  switch (event.key) {
    case '1':
      return { kind: 'result', result: 'white' };
    case '=':
    case '5':
    case '½':
      return { kind: 'result', result: 'draw' };
    case '0':
      return { kind: 'result', result: 'black' };
    case 'Delete':
    case 'Backspace':
      return { kind: 'result', result: null };
    case 'f':
    case 'F':
      return { kind: 'forfeits' };
    case 'ArrowDown':
      return { kind: 'move', by: 1 };
    case 'ArrowUp':
      return { kind: 'move', by: -1 };
    default:
      return null;
  }
}

/** The board number typed in the jump field, or null when it is not a whole number from 1. */
export function parseBoardNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,4}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 1 ? value : null;
}
