import { type LeaderboardRow, WITHDRAWN_TAG } from '../../../contracts/leaderboard';
import { formatPoints } from '../../../domain/scoring/results';
import type { TiebreakKey } from '../../../domain/scoring/tiebreak-keys';
import { formatTiebreak } from '../../../domain/scoring/tiebreaks';
import { PlayerLink } from '../../components/player-link';
import { RankMedal } from '../../components/rank-medal';
import { Badge } from '../../components/ui/badge';
import { cellClass, headClass, TableFrame, tableClass } from './table-frame';
import { TIEBREAK_LABELS, tiebreakColumns, tiebreakRuleText, tiebreakTitle } from './tiebreak-labels';

/** Phones keep rank, player, points and the first tie-break; wider screens add the rest. */
const visibility = (index: number) => (index === 0 ? '' : 'hidden sm:table-cell');

/** Individual standings with the FIDE tie-break columns and a legend of the abbreviations. */
export function PlayersTable({
  players,
  heading,
  tiebreakOrder,
  section = null,
}: {
  players: LeaderboardRow[];
  /** The section these rows are of (ADR 044), named in the table's label; null for the whole event. */
  section?: string | null;
  /** The standings' heading as the server sends it (what the standings count). */
  heading: string;
  tiebreakOrder: readonly TiebreakKey[];
}) {
  const columns = tiebreakColumns(tiebreakOrder);
  return (
    <>
      <TableFrame label={section ? `Player standings: ${section}` : 'Player standings'}>
        <table className={tableClass}>
          <caption className="sr-only">{`Player standings${section ? ` of ${section}` : ''}: ${heading}`}</caption>
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
              {columns.map((tiebreak, index) => (
                <th
                  key={tiebreak}
                  scope="col"
                  className={`${cellClass} whitespace-nowrap text-right ${visibility(index)}`}
                >
                  <abbr title={tiebreakTitle(tiebreak)} className="no-underline">
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
                  {player.withdrawn && <Badge className="ml-2">{WITHDRAWN_TAG}</Badge>}
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
                {columns.map((tiebreak, index) => (
                  <td
                    key={tiebreak}
                    className={`${cellClass} text-right tabular-nums text-muted ${visibility(index)}`}
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

/** How unplayed rounds count (FIDE C.07 Art. 16, 2023), under every standings table. */
export const UNPLAYED_ROUNDS_NOTE =
  'Byes, forfeits and absences count as FIDE C.07 (2023) says: for Buchholz and Sonneborn-Berger a round not ' +
  "played counts as a game against an opponent with the player's own score, and the rounds of an opponent " +
  'who withdrew count as draws. Tie-breaks are provisional until the round in progress is completed.';

/** What the abbreviations mean and how ties are broken (also printed under the standings). */
export function TiebreakLegend({ order }: { order: readonly TiebreakKey[] }) {
  return (
    <div className="mt-4 text-sm text-muted">
      <p className="font-semibold text-fg">{tiebreakRuleText(order)}</p>
      <dl className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-2">
        <div>
          <dt className="inline font-semibold">Pts</dt>
          <dd className="inline"> – points: a win 1, a draw ½</dd>
        </div>
        {order.map((tiebreak) => (
          <div key={tiebreak}>
            <dt className="inline font-semibold">
              <abbr title={tiebreakTitle(tiebreak)} className="no-underline">
                {TIEBREAK_LABELS[tiebreak].abbr}
              </abbr>
            </dt>
            <dd className="inline">{` – ${TIEBREAK_LABELS[tiebreak].name}: ${TIEBREAK_LABELS[tiebreak].meaning}`}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2">{UNPLAYED_ROUNDS_NOTE}</p>
    </div>
  );
}
