import type { RoundStatus, RoundSummary } from '../../../contracts/tournament';
import { formatTime } from '../../lib/format';

/** docs/requirements.md §4: Upcoming, In Progress (active) or Completed. */
export const ROUND_STATUS_LABELS: Record<RoundStatus, string> = {
  upcoming: 'Upcoming',
  active: 'In Progress',
  completed: 'Completed',
};

/** "Started 10:30", "Starts 10:30" or null when the round has no start time. */
export function roundStartText(round: RoundSummary): string | null {
  if (!round.startTime) return null;
  return `${round.status === 'upcoming' ? 'Starts' : 'Started'} ${formatTime(round.startTime)}`;
}
