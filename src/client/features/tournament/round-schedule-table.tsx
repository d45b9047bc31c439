import { ROUND_STATUS_LABELS } from '../../../contracts/round-status';
import type { RoundSummary } from '../../../contracts/tournament';
import { Badge } from '../../components/ui/badge';
import { formatTime } from '../../lib/format';

/** Every round with its status (Upcoming, In Progress, Completed) and start time. */
export function RoundScheduleTable({ rounds }: { rounds: RoundSummary[] }) {
  if (rounds.length === 0) return <p className="text-muted">The round schedule will appear here.</p>;
  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Round schedule</caption>
        <thead className="bg-surface-muted text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-4 py-2.5">
              Round
            </th>
            <th scope="col" className="px-4 py-2.5">
              Status
            </th>
            <th scope="col" className="px-4 py-2.5 text-right">
              Start
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rounds.map((round) => (
            <tr key={round.number}>
              <th scope="row" className="px-4 py-3 font-semibold text-fg">
                Round {round.number}
              </th>
              <td className="px-4 py-3">
                <Badge
                  tone={round.status === 'active' ? 'live' : round.status === 'completed' ? 'win' : 'neutral'}
                >
                  {ROUND_STATUS_LABELS[round.status]}
                </Badge>
              </td>
              <td className="px-4 py-3 text-right tabular-nums text-muted">
                {round.startTime ? formatTime(round.startTime) : '–'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
