import { countOf } from '../../../domain/plural';
/** Whole days, hours and minutes until `target`, or null once it has passed. */
export function timeUntil(target: Date, now: Date): { days: number; hours: number; minutes: number } | null {
  const ms = target.getTime() - now.getTime();
  if (!(ms > 0)) return null;
  const totalMinutes = Math.ceil(ms / 60_000);
  return {
    days: Math.floor(totalMinutes / 1440),
    hours: Math.floor((totalMinutes % 1440) / 60),
    minutes: totalMinutes % 60,
  };
}

/** "3 days, 4 hours and 5 minutes"; units that are zero are left out. */
export function formatCountdown(parts: { days: number; hours: number; minutes: number }): string {
  const words = [
    parts.days > 0 ? countOf(parts.days, 'day') : null,
    parts.hours > 0 ? countOf(parts.hours, 'hour') : null,
    parts.minutes > 0 ? countOf(parts.minutes, 'minute') : null,
  ].filter((word): word is string => word !== null);
  if (words.length <= 1) return words[0] ?? 'less than a minute';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
