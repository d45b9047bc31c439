import type { TeamStandingRow } from '../../../contracts/leaderboard';
import { formatPoints } from '../../../domain/scoring/results';
import { RankMedal } from '../tournament/rank-medal';
import { cellClass, headClass, TableFrame, tableClass } from './table-frame';

/** School standings: one row per team of four, with its members' points. */
export function TeamsTable({ teams, afterRound }: { teams: TeamStandingRow[]; afterRound: number }) {
  return (
    <TableFrame>
      <table className={tableClass}>
        <caption className="sr-only">{`School team standings after round ${afterRound}`}</caption>
        <thead className={headClass}>
          <tr>
            <th scope="col" className={`${cellClass} w-14`}>
              Rank
            </th>
            <th scope="col" className={cellClass}>
              Team
            </th>
            <th scope="col" className={`${cellClass} hidden text-right sm:table-cell`}>
              Game wins
            </th>
            <th scope="col" className={`${cellClass} text-right`}>
              Points
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {teams.map((team) => (
            <tr key={team.team}>
              <td className={cellClass}>
                <RankMedal rank={team.rank} />
              </td>
              <th scope="row" className={`${cellClass} font-normal`}>
                <span className="block font-semibold text-fg">{team.team}</span>
                <span className="block text-xs text-muted">{team.school}</span>
                <span className="mt-1 block text-xs text-muted">
                  {team.members
                    .map((member) => `${member.name} ${formatPoints(member.halfPoints)}`)
                    .join(' · ')}
                </span>
              </th>
              <td className={`${cellClass} hidden text-right tabular-nums text-muted sm:table-cell`}>
                {team.wins}
              </td>
              <td className={`${cellClass} text-right font-display text-lg font-bold text-fg`}>
                {formatPoints(team.halfPoints)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
