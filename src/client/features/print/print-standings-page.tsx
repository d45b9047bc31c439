import { formatPoints } from '../../../domain/scoring/results';
import type { TiebreakKey } from '../../../domain/scoring/tiebreak-keys';
import { formatTiebreak } from '../../../domain/scoring/tiebreaks';
import { LEADERBOARD_HIDDEN } from '../../components/leaderboard-hidden';
import { TiebreakLegend } from '../leaderboard/players-table';
import { useLeaderboard } from '../leaderboard/queries';
import { TeamsRule, teamMembersText } from '../leaderboard/teams-table';
import { TIEBREAK_LABELS, tiebreakColumns, tiebreakTitle } from '../leaderboard/tiebreak-labels';
import { PrintFrame, PrintMessage } from './print-frame';
import { type PrintColumn, PrintTable } from './print-table';

const cell = 'border border-black px-2 py-1 text-left';
const head = `${cell} bg-slate-100 font-semibold print:bg-white`;
const num = `${cell} text-right tabular-nums`;

function tiebreakAbbr(tiebreak: TiebreakKey) {
  return (
    <abbr title={tiebreakTitle(tiebreak)} className="no-underline">
      {TIEBREAK_LABELS[tiebreak].abbr}
    </abbr>
  );
}

function playerColumns(order: readonly TiebreakKey[]): PrintColumn[] {
  return [
    { key: 'rank', label: 'Rk', className: 'w-12' },
    { key: 'player', label: 'Player' },
    { key: 'group', label: 'School / Team' },
    { key: 'rating', label: 'Rtg', className: 'text-right' },
    { key: 'points', label: 'Pts', className: 'text-right' },
    ...tiebreakColumns(order).map((tiebreak) => ({
      key: tiebreak,
      label: tiebreakAbbr(tiebreak),
      className: 'text-right',
    })),
    { key: 'wdl', label: 'W-D-L', className: 'text-center' },
  ];
}

const TEAM_COLUMNS: PrintColumn[] = [
  { key: 'rank', label: 'Rk', className: 'w-12' },
  { key: 'team', label: 'Team' },
  { key: 'players', label: 'Players' },
  { key: 'wins', label: 'Wins', className: 'text-right' },
  { key: 'buchholz', label: tiebreakAbbr('buchholz'), className: 'text-right' },
  { key: 'points', label: 'Pts', className: 'text-right' },
];

/** /print/standings: individual standings with the tie-break columns, then the school standings. */
export function PrintStandingsPage() {
  const { data, error, isPending } = useLeaderboard();
  const subtitle = data?.visible ? data.standingsHeading : undefined;
  return (
    <PrintFrame title="Standings" subtitle={subtitle}>
      {isPending ? (
        <PrintMessage>Loading tournament data...</PrintMessage>
      ) : error ? (
        <PrintMessage>Could not load the standings. Check the connection and reload.</PrintMessage>
      ) : !data.visible ? (
        <PrintMessage>
          {LEADERBOARD_HIDDEN.title}. {LEADERBOARD_HIDDEN.body}
        </PrintMessage>
      ) : data.players.length === 0 ? (
        <PrintMessage>Standings appear after the first results.</PrintMessage>
      ) : (
        <>
          <PrintTable
            id="individual"
            title="Individual standings"
            className="print-page-break"
            headClass={head}
            columns={playerColumns(data.tiebreakOrder)}
            footer={<TiebreakLegend order={data.tiebreakOrder} />}
          >
            {data.players.map((player) => (
              <tr key={`${player.rank}-${player.name}`}>
                <td className={num}>{player.rank}</td>
                <th scope="row" className={`${cell} font-semibold`}>
                  {player.name}
                </th>
                <td className={cell}>{player.groupName ?? 'No Group'}</td>
                <td className={num}>{player.rating ?? '–'}</td>
                <td className={`${num} font-bold`}>{formatPoints(player.halfPoints)}</td>
                {tiebreakColumns(data.tiebreakOrder).map((tiebreak) => (
                  <td key={tiebreak} className={num}>
                    {formatTiebreak(tiebreak, player.tiebreaks[tiebreak])}
                  </td>
                ))}
                <td className={`${cell} text-center tabular-nums`}>
                  {`${player.wins}-${player.draws}-${player.losses}`}
                </td>
              </tr>
            ))}
          </PrintTable>
          {data.teams.length > 0 ? (
            <PrintTable
              id="schools"
              title="School standings"
              className="mt-8"
              headClass={head}
              columns={TEAM_COLUMNS}
              footer={<TeamsRule />}
            >
              {data.teams.map((team) => (
                <tr key={team.team}>
                  <td className={num}>{team.rank}</td>
                  <th scope="row" className={`${cell} font-semibold`}>
                    {team.team}
                  </th>
                  <td className={`${cell} text-xs`}>{teamMembersText(team.members)}</td>
                  <td className={num}>{team.wins}</td>
                  <td className={num}>{formatTiebreak('buchholz', team.buchholz)}</td>
                  <td className={`${num} font-bold`}>{formatPoints(team.halfPoints)}</td>
                </tr>
              ))}
            </PrintTable>
          ) : null}
        </>
      )}
    </PrintFrame>
  );
}
