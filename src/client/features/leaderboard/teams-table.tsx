import type { TeamStandingRow } from '../../../contracts/leaderboard';
import { formatPoints } from '../../../domain/scoring/results';
import { formatTiebreak } from '../../../domain/scoring/tiebreaks';
import { TEAM_STANDINGS_RULE } from '../../../domain/standings/teams';
import { RankMedal } from '../../components/rank-medal';
import { FollowButton } from '../follows/follow-button';
import { cellClass, headClass, TableFrame, tableClass } from './table-frame';

/** "Ann 2 · Ben 1½ · (Cal 1)": members with their points; those not counted in brackets. */
export function teamMembersText(members: TeamStandingRow['members']): string {
  return members
    .map((member) => {
      const text = `${member.name} ${formatPoints(member.halfPoints)}`;
      return member.counted ? text : `(${text})`;
    })
    .join(' · ');
}

/** The school standings' rule and tie-breaks, stated under the table (leaderboard and print). */
export function TeamsRule() {
  return <p className="mt-4 text-sm text-muted">{TEAM_STANDINGS_RULE} Players in brackets do not count.</p>;
}

/** School standings: one row per team, with its members' points, its wins and Buchholz, and the rule. */
export function TeamsTable({
  teams,
  heading,
  section = null,
}: {
  teams: TeamStandingRow[];
  heading: string;
  /** The section these teams are of (ADR 044), named in the caption; null for the whole event. */
  section?: string | null;
}) {
  return (
    <>
      <TableFrame>
        <table className={tableClass}>
          <caption className="sr-only">{`School team standings${section ? ` of ${section}` : ''}: ${heading}`}</caption>
          <thead className={headClass}>
            <tr>
              <th scope="col" className={`${cellClass} w-14`}>
                Rank
              </th>
              <th scope="col" className={cellClass}>
                Team
              </th>
              <th scope="col" className={`${cellClass} hidden text-right sm:table-cell`}>
                Wins
              </th>
              <th scope="col" className={`${cellClass} hidden text-right sm:table-cell`}>
                <abbr
                  title="Buchholz: the counted players' opponents' scores added up"
                  className="no-underline"
                >
                  BH
                </abbr>
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
                  <span className="flex items-center gap-1 text-xs text-muted">
                    {team.school}
                    {team.schoolFollowKey ? (
                      <span className="print:hidden">
                        <FollowButton
                          target={{ kind: 'school', key: team.schoolFollowKey }}
                          name={team.school}
                          compact
                        />
                      </span>
                    ) : null}
                  </span>
                  <span className="mt-1 block text-xs text-muted">{teamMembersText(team.members)}</span>
                </th>
                <td className={`${cellClass} hidden text-right tabular-nums text-muted sm:table-cell`}>
                  {team.wins}
                </td>
                <td className={`${cellClass} hidden text-right tabular-nums text-muted sm:table-cell`}>
                  {formatTiebreak('buchholz', team.buchholz)}
                </td>
                <td className={`${cellClass} text-right font-display text-lg font-bold text-fg`}>
                  {formatPoints(team.halfPoints)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <TeamsRule />
    </>
  );
}
