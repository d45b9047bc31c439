/*
 * The formatting the registration form needs, apart from format.ts's dates and times: the form's first load is
 * tight (docs/performance.md), and a shared chunk carries every formatter of its module.
 */
import { EVENT_TIME_ZONE } from '../../domain/event-day';
import { onFirstUse } from './on-first-use';

/** Times are shown in the tournament's own time zone (Ireland, src/domain/event-day.ts): see format.ts. */
export const TOURNAMENT_TIME_ZONE = EVENT_TIME_ZONE;
export const LOCALE = 'en-IE';

const euro = onFirstUse(() => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'EUR' }));
/** 6000 → "€60.00". */
export function formatEuroCents(cents: number): string {
  return euro().format(cents / 100);
}
