import type { LeaderboardRow } from '../../../contracts/leaderboard';
import { formatPoints } from '../../../domain/scoring/results';
import { PlayerLink } from '../tournament/player-link';
import { RankMedal } from '../tournament/rank-medal';
import { cellClass, headClass, TableFrame, tableClass } from './table-frame';

/** Individual standings. On phones: rank, player (with school) and points; more columns on wider screens. */
export function PlayersTable({ players, afterRound }: { players: LeaderboardRow[]; afterRound: number }) {
  return (
    <TableFrame>
      <table className={tableClass}>
        <caption className="sr-only">{`Player standings after round ${afterRound}`}</caption>
        <thead className={headClass}>
          <tr>
            <th scope="col" className={`${cellClass} w-14`}>
              Rank
            </th>
            <th scope="col" className={cellClass}>
              Player
            </th>
            <th scope="col" className={`${cellClass} hidden md:table-cell`}>
              School / Team
            </th>
            <th scope="col" className={`${cellClass} hidden text-right sm:table-cell`}>
              Rating
            </th>
            <th scope="col" className={`${cellClass} hidden text-center lg:table-cell`}>
              <abbr title="Wins, draws, losses" className="no-underline">
                W / D / L
              </abbr>
            </th>
            <th scope="col" className={`${cellClass} text-right`}>
              Points
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {players.map((player) => (
            <tr key={`${player.rank}-${player.name}`} className="hover:bg-surface-muted/60">
              <td className={cellClass}>
                <RankMedal rank={player.rank} />
              </td>
              <th scope="row" className={`${cellClass} font-normal`}>
                <PlayerLink player={player} />
                <span className="block text-xs text-muted md:hidden">{player.groupName ?? 'No Group'}</span>
              </th>
              <td className={`${cellClass} hidden text-muted md:table-cell`}>
                {player.groupName ?? 'No Group'}
              </td>
              <td className={`${cellClass} hidden text-right tabular-nums text-muted sm:table-cell`}>
                {player.rating ?? '–'}
              </td>
              <td className={`${cellClass} hidden text-center tabular-nums text-muted lg:table-cell`}>
                {player.wins} / {player.draws} / {player.losses}
              </td>
              <td className={`${cellClass} text-right font-display text-lg font-bold text-fg`}>
                {formatPoints(player.halfPoints)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
