import { formatPoints } from '../../../domain/scoring/results';
import { formatTiebreak } from '../../../domain/scoring/tiebreaks';
import { LEADERBOARD_HIDDEN } from '../../components/leaderboard-hidden';
import { TiebreakLegend } from '../leaderboard/players-table';
import { useLeaderboard } from '../leaderboard/queries';
import { TeamsRule, teamMembersText } from '../leaderboard/teams-table';
import { TIEBREAK_LABELS, tiebreakColumns, tiebreakTitle } from '../leaderboard/tiebreak-labels';
import { PrintFrame, PrintMessage } from './print-frame';

const cell = 'border border-black px-2 py-1 text-left';
const head = `${cell} bg-slate-100 font-semibold print:bg-white`;
const num = `${cell} text-right tabular-nums`;

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
          <section aria-labelledby="individual" className="print-page-break">
            <h2 id="individual" className="mb-2 text-lg font-bold">
              Individual standings
            </h2>
            <div className="overflow-x-auto print:overflow-visible">
              <table className="w-full border-collapse text-sm">
                <thead>
                  <tr>
                    <th scope="col" className={`${head} w-12`}>
                      Rk
                    </th>
                    <th scope="col" className={head}>
                      Player
                    </th>
                    <th scope="col" className={head}>
                      School / Team
                    </th>
                    <th scope="col" className={`${head} text-right`}>
                      Rtg
                    </th>
                    <th scope="col" className={`${head} text-right`}>
                      Pts
                    </th>
                    {tiebreakColumns(data.tiebreakOrder).map((tiebreak) => (
                      <th key={tiebreak} scope="col" className={`${head} text-right`}>
                        <abbr title={tiebreakTitle(tiebreak)} className="no-underline">
                          {TIEBREAK_LABELS[tiebreak].abbr}
                        </abbr>
                      </th>
                    ))}
                    <th scope="col" className={`${head} text-center`}>
                      W-D-L
                    </th>
                  </tr>
                </thead>
                <tbody>
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
                </tbody>
              </table>
            </div>
            <TiebreakLegend order={data.tiebreakOrder} />
          </section>
          {data.teams.length > 0 ? (
            <section aria-labelledby="schools" className="mt-8">
              <h2 id="schools" className="mb-2 text-lg font-bold">
                School standings
              </h2>
              <div className="overflow-x-auto print:overflow-visible">
                <table className="w-full border-collapse text-sm">
                  <thead>
                    <tr>
                      <th scope="col" className={`${head} w-12`}>
                        Rk
                      </th>
                      <th scope="col" className={head}>
                        Team
                      </th>
                      <th scope="col" className={head}>
                        Players
                      </th>
                      <th scope="col" className={`${head} text-right`}>
                        Wins
                      </th>
                      <th scope="col" className={`${head} text-right`}>
                        <abbr title={tiebreakTitle('buchholz')} className="no-underline">
                          {TIEBREAK_LABELS.buchholz.abbr}
                        </abbr>
                      </th>
                      <th scope="col" className={`${head} text-right`}>
                        Pts
                      </th>
                    </tr>
                  </thead>
                  <tbody>
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
                  </tbody>
                </table>
              </div>
              <TeamsRule />
            </section>
          ) : null}
        </>
      )}
    </PrintFrame>
  );
}
