import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { HttpError } from '../http/errors';

/**
 * Keyset paging for the logs (system logs, the CRM activity log): rows read newest first, `limit + 1` at a
 * time; a page's cursor is the last row's time to the microsecond and the keys that break ties, joined by `|`.
 */

export const CURSOR_REFUSED = 'The page cursor is not one this list gave';

/** A timestamptz column as UTC text to the microsecond: the time part of a cursor (milliseconds would repeat). */
export function utcMicros(column: AnyColumn | SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** A cursor's parts: a time, then the keys; each key must pass its check, or the request is refused (400). */
export function parseCursor(cursor: string, keyChecks: readonly ((part: string) => boolean)[]): string[] {
  const parts = cursor.split('|');
  const [at, ...keys] = parts;
  if (
    !at ||
    Number.isNaN(Date.parse(at)) ||
    keys.length !== keyChecks.length ||
    keys.some((key, index) => !keyChecks[index]!(key))
  ) {
    throw new HttpError(400, CURSOR_REFUSED);
  }
  return parts;
}

export const isDigits = (part: string) => /^\d+$/.test(part);

/** The rows to show of the `limit + 1` read, and the next page's cursor (null after the last page). */
export function keysetPage<T>(
  records: readonly T[],
  limit: number,
  cursorOf: (record: T) => string,
): { shown: T[]; nextCursor: string | null } {
  const shown = records.slice(0, limit);
  const last = shown.at(-1);
  return { shown, nextCursor: records.length > limit && last ? cursorOf(last) : null };
}

/** `%text%` for ILIKE, with the pattern characters in the text escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
