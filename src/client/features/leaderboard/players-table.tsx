import type { LeaderboardRow } from '../../../contracts/leaderboard';
import { formatPoints } from '../../../domain/scoring/results';
import { formatTiebreak, type Tiebreak } from '../../../domain/scoring/tiebreaks';
import { PlayerLink } from '../tournament/player-link';
import { RankMedal } from '../tournament/rank-medal';
import { cellClass, headClass, TableFrame, tableClass } from './table-frame';
import { TIEBREAK_COLUMNS, TIEBREAK_LABELS, tiebreakOrderText } from './tiebreak-labels';

/** Phones keep rank, player, points and the first tie-break; wider screens add the rest. */
const TIEBREAK_VISIBILITY: Record<(typeof TIEBREAK_COLUMNS)[number], string> = {
  buchholz_cut1: '',
  buchholz: 'hidden sm:table-cell',
  sonneborn_berger: 'hidden sm:table-cell',
};

/** Individual standings with the FIDE tie-break columns and a legend of the abbreviations. */
export function PlayersTable({
  players,
  afterRound,
  tiebreakOrder,
}: {
  players: LeaderboardRow[];
  afterRound: number;
  tiebreakOrder: readonly Tiebreak[];
}) {
  return (
    <>
      <TableFrame label="Player standings">
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
              <th scope="col" className={`${cellClass} hidden lg:table-cell`}>
                School / Team
              </th>
              <th scope="col" className={`${cellClass} hidden text-right md:table-cell`}>
                Rating
              </th>
              <th scope="col" className={`${cellClass} text-right`}>
                <abbr title="Points" className="no-underline">
                  Pts
                </abbr>
              </th>
              {TIEBREAK_COLUMNS.map((tiebreak) => (
                <th
                  key={tiebreak}
                  scope="col"
                  className={`${cellClass} whitespace-nowrap text-right ${TIEBREAK_VISIBILITY[tiebreak]}`}
                >
                  <abbr title={TIEBREAK_LABELS[tiebreak].name} className="no-underline">
                    {TIEBREAK_LABELS[tiebreak].abbr}
                  </abbr>
                </th>
              ))}
              <th scope="col" className={`${cellClass} hidden whitespace-nowrap text-center md:table-cell`}>
                <abbr title="Wins, draws, losses" className="no-underline">
                  W / D / L
                </abbr>
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
                  <span className="block text-xs text-muted lg:hidden">{player.groupName ?? 'No Group'}</span>
                </th>
                <td className={`${cellClass} hidden text-muted lg:table-cell`}>
                  {player.groupName ?? 'No Group'}
                </td>
                <td className={`${cellClass} hidden text-right tabular-nums text-muted md:table-cell`}>
                  {player.rating ?? '–'}
                </td>
                <td className={`${cellClass} text-right font-display text-lg font-bold text-fg`}>
                  {formatPoints(player.halfPoints)}
                </td>
                {TIEBREAK_COLUMNS.map((tiebreak) => (
                  <td
                    key={tiebreak}
                    className={`${cellClass} text-right tabular-nums text-muted ${TIEBREAK_VISIBILITY[tiebreak]}`}
                  >
                    {formatTiebreak(tiebreak, player.tiebreaks[tiebreak])}
                  </td>
                ))}
                <td
                  className={`${cellClass} hidden whitespace-nowrap text-center tabular-nums text-muted md:table-cell`}
                >
                  {player.wins} / {player.draws} / {player.losses}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <TiebreakLegend order={tiebreakOrder} />
    </>
  );
}

/** What the abbreviations mean and how ties are broken (also printed under the standings). */
export function TiebreakLegend({ order }: { order: readonly Tiebreak[] }) {
  return (
    <div className="mt-4 text-sm text-muted">
      <p className="font-semibold text-fg">{`Order: ${tiebreakOrderText(order)}.`}</p>
      <dl className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-2">
        <div>
          <dt className="inline font-semibold">Pts</dt>
          <dd className="inline"> – points: a win 1, a draw ½</dd>
        </div>
        {order.map((tiebreak) => (
          <div key={tiebreak}>
            <dt className="inline font-semibold">
              <abbr title={TIEBREAK_LABELS[tiebreak].name} className="no-underline">
                {TIEBREAK_LABELS[tiebreak].abbr}
              </abbr>
            </dt>
            <dd className="inline">{` – ${TIEBREAK_LABELS[tiebreak].name}: ${TIEBREAK_LABELS[tiebreak].meaning}`}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2">
        Unplayed games count as FIDE prescribes (a virtual opponent). Tie-breaks are provisional until the
        round in progress is completed.
      </p>
    </div>
  );
}
