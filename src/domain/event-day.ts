/**
 * The tournament's calendar (issue #28): the one time zone every date and "today" of the site is counted in,
 * on the server and in the browser alike. The tournament is held in Ireland, so a registration closing "on
 * 14 March" closes at midnight in Dublin, payments are totalled per Irish day, and a visit at 00:30 Irish
 * summer time counts for that day, not the UTC day before.
 */
export const EVENT_TIME_ZONE = 'Europe/Dublin';

// Made on first use, not when the module loads: a time-zone formatter is costly to build (ICU's zone data),
// and a public page loads this module without always needing it (issue 37).
let dayFormat: Intl.DateTimeFormat | undefined;

/** The event's calendar day (YYYY-MM-DD) at an instant. */
export function eventDayOf(at: Date | number): string {
  dayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: EVENT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return dayFormat.format(at);
}
