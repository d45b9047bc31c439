/*
 * `datetime-local` inputs read as this device's wall-clock time, and sent as an ISO date-time carrying the
 * device's offset ('2025-03-15T10:30:00+00:00'), so the server gets the instant the person meant.
 */

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const pad = (value: number) => String(value).padStart(2, '0');

/** The device's wall-clock date and time of an instant, as `datetime-local` shows it ('2025-03-15T10:30'). */
export function toLocalInput(date: Date, withSeconds = false): string {
  const minutes = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return withSeconds ? `${minutes}:${pad(date.getSeconds())}` : minutes;
}

/** An instant as an ISO date-time with this device's offset at that instant. */
export function toOffsetIso(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${toLocalInput(date, true)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** A `datetime-local` value → the instant it names on this device; null when incomplete or impossible. */
export function parseLocalInput(value: string): Date | null {
  const match = LOCAL_INPUT.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second = 0] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number?,
  ];
  const date = new Date(year, month - 1, day, hour, minute, second);
  // 31 February rolls over to March: refuse it rather than send another day.
  return date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** A `datetime-local` value → an ISO date-time with offset; '' → null; an incomplete value → undefined. */
export function localInputToOffsetIso(value: string): string | null | undefined {
  if (value.trim() === '') return null;
  const date = parseLocalInput(value);
  return date ? toOffsetIso(date) : undefined;
}
