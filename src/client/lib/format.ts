/**
 * Display formatting. Times are shown in the tournament's own time zone (Ireland) so every phone in the
 * hall, whatever its settings, shows the same clock time as the printed pairings.
 */

import { countOf } from '../../domain/plural';
import { LOCALE, TOURNAMENT_TIME_ZONE } from './format-money';
import { onFirstUse } from './on-first-use';

export { formatEuroCents, TOURNAMENT_TIME_ZONE } from './format-money';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
/**
 * A calendar date "2025-03-15" → "Sat 15 March 2025" (no time zone shift), as Intl writes it in en-IE (the test
 * compares the two), but written out: the home page's first screen shows the tournament's dates, and taking it
 * over must not wait for Intl's first use, which costs a phone tens of milliseconds (issue 37).
 */
export function formatCalendarDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "Sat 15 March 2025 – Sun 16 March 2025", one date when both are the same, '' when none is known. */
export function formatDateRange(start: string | null, end: string | null): string {
  if (start && end && start !== end) return `${formatCalendarDate(start)} – ${formatCalendarDate(end)}`;
  const only = start ?? end;
  return only ? formatCalendarDate(only) : '';
}

const time = onFirstUse(
  () =>
    new Intl.DateTimeFormat(LOCALE, {
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
      timeZone: TOURNAMENT_TIME_ZONE,
    }),
);
/** An ISO date-time → "10:30" in Irish time. */
export function formatTime(isoDateTime: string): string {
  return time().format(new Date(isoDateTime));
}

const dateTime = onFirstUse(
  () =>
    new Intl.DateTimeFormat(LOCALE, {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
      timeZone: TOURNAMENT_TIME_ZONE,
    }),
);
/** An ISO date-time → "15 Mar, 10:30" in Irish time. */
export function formatDateTime(isoDateTime: string): string {
  return dateTime().format(new Date(isoDateTime));
}

/** Link to the player lookup page, searched for this name. */
export function playerLookupHref(name: string): string {
  return `/player-lookup?name=${encodeURIComponent(name)}`;
}

/**
 * docs/requirements.md §9: 'Just now', 'N minute(s) ago', 'N hour(s) ago', 'N day(s) ago'. Under a minute (or a
 * time a little ahead of this device's clock) is 'Just now'.
 */
export function formatRelativeTime(isoDateTime: string, now: Date): string {
  const minutes = Math.floor((now.getTime() - new Date(isoDateTime).getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${countOf(minutes, 'minute')} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${countOf(hours, 'hour')} ago`;
  return `${countOf(Math.floor(hours / 24), 'day')} ago`;
}

/** docs/requirements.md §9: uptime in days, hours and minutes, e.g. "2 days, 3 hours, 1 minute". */
export function formatUptime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const days = Math.floor(minutes / 1_440);
  const hours = Math.floor((minutes % 1_440) / 60);
  return [countOf(days, 'day'), countOf(hours, 'hour'), countOf(minutes % 60, 'minute')].join(', ');
}
