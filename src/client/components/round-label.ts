import type { RoundSummary } from '../../contracts/tournament';
import { formatTime } from '../lib/format';

/** "Started 10:30", "Starts 10:30" or null when the round has no start time. */
export function roundStartText(round: RoundSummary): string | null {
  if (!round.startTime) return null;
  return `${round.status === 'upcoming' ? 'Starts' : 'Started'} ${formatTime(round.startTime)}`;
}
