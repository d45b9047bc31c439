import { type SystemLogFilters, systemLogFiltersSchema } from '../../../contracts/system-logs';
import { TOURNAMENT_TIME_ZONE } from '../../lib/format';

/**
 * The filters of /admin/system-logs live in the page's address (`?source=security&from=…`) so a view can be
 * shared; the address holds exactly the API's query parameters (from/to as ISO date-times in UTC), and the
 * form shows from/to as Irish wall-clock time, the time zone the table is shown in.
 */

/** The address's parameters, in the order they are written. */
export const FILTER_KEYS = ['source', 'area', 'action', 'severity', 'user', 'from', 'to', 'q'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

/** The filters as this page holds them: any of the API's, each optional. */
export type LogFilters = Partial<SystemLogFilters>;

const isDateTime = (value: string) => !Number.isNaN(Date.parse(value));

/** The filters an address asks for; a parameter the API would refuse (an unknown log, a bad date) is dropped. */
export function filtersFromParams(params: URLSearchParams): LogFilters {
  const filters: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const raw = params.get(key);
    if (raw === null) continue;
    const parsed = systemLogFiltersSchema.shape[key].safeParse(raw);
    if (!parsed.success || parsed.data === undefined) continue;
    if ((key === 'from' || key === 'to') && !isDateTime(parsed.data)) continue;
    filters[key] = parsed.data;
  }
  return filters as LogFilters;
}

/** The query parameters of these filters (the address, the API and the export links share them). */
export function filtersToParams(filters: LogFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params;
}

export const hasFilters = (filters: LogFilters) => FILTER_KEYS.some((key) => Boolean(filters[key]));

/** What the form shows: every filter as text ('' = any), from/to as `datetime-local` values in Irish time. */
export type FilterDraft = Record<FilterKey, string>;

const wallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: TOURNAMENT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The Irish wall-clock time of an instant, as the parts of a UTC date (so it can be compared in ms). */
function wallClockMs(instant: number): number {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(wallClock.formatToParts(instant).find((candidate) => candidate.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/** How far Irish time is ahead of UTC at that instant (0 in winter, one hour in summer), in ms. */
const offsetAt = (instant: number) => wallClockMs(instant) - (instant - (instant % 1000));

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A `datetime-local` value read as Irish time → an ISO date-time in UTC; `end` gives the last millisecond of
 * that minute, so "to 10:30" keeps the rows written during 10:30. Undefined when the value is incomplete.
 */
export function irishInputToIso(value: string, edge: 'start' | 'end' = 'start'): string | undefined {
  const match = LOCAL_INPUT.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  const asUtc = Date.UTC(year!, month! - 1, day!, hour!, minute!);
  // The offset at the guess, then at the corrected instant: right on either side of a clock change.
  const instant = asUtc - offsetAt(asUtc - offsetAt(asUtc));
  return new Date(instant + (edge === 'end' ? 59_999 : 0)).toISOString();
}

/** An ISO date-time → the `datetime-local` value showing it in Irish time ('2025-03-15T10:30'). */
export function isoToIrishInput(iso: string): string {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  return new Date(wallClockMs(instant)).toISOString().slice(0, 16);
}

export function draftOf(filters: LogFilters): FilterDraft {
  return {
    source: filters.source ?? '',
    area: filters.area ?? '',
    action: filters.action ?? '',
    severity: filters.severity ?? '',
    user: filters.user ?? '',
    from: filters.from ? isoToIrishInput(filters.from) : '',
    to: filters.to ? isoToIrishInput(filters.to) : '',
    q: filters.q ?? '',
  };
}

/** The filters a form asks for (through the same checks as an address). */
export function filtersOfDraft(draft: FilterDraft): LogFilters {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = draft[key].trim();
    if (!value) continue;
    const converted =
      key === 'from' ? irishInputToIso(value) : key === 'to' ? irishInputToIso(value, 'end') : value;
    if (converted) params.set(key, converted);
  }
  return filtersFromParams(params);
}
