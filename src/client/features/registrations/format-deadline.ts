import { TOURNAMENT_TIME_ZONE } from '../../lib/format-money';

const deadline = new Intl.DateTimeFormat('en-IE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: TOURNAMENT_TIME_ZONE,
});

/** A closing date with its year, in Irish time: "1 March 2027 at 18:00" (deadlines can be months away). */
export function formatDeadline(isoDateTime: string): string {
  return deadline.format(new Date(isoDateTime));
}
