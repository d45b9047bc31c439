/**
 * The tournament's calendar (issue #28): the one time zone every date and "today" of the site is counted in,
 * on the server and in the browser alike. The tournament is held in Ireland, so a registration closing "on
 * 14 March" closes at midnight in Dublin, payments are totalled per Irish day, and a visit at 00:30 Irish
 * summer time counts for that day, not the UTC day before.
 */
export const EVENT_TIME_ZONE = 'Europe/Dublin';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: EVENT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The event's calendar day (YYYY-MM-DD) at an instant. */
export function eventDayOf(at: Date | number): string {
  return dayFormat.format(at);
}
