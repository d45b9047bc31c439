import { schoolOf } from '../schools';
import type { Tiebreak } from '../scoring/tiebreaks';
import type { StandingRow } from './individual';

/** Team tie-breaks: the team's wins, or the sum of its members' individual tie-break values. */
export type TeamTiebreak = 'wins' | Exclude<Tiebreak, 'wins' | 'direct_encounter'>;

export interface TeamStandingsOptions {
  /** Applied in order after points; default ['wins'] (the original rule). */
  tiebreaks?: readonly TeamTiebreak[];
}

export interface TeamStandingRow {
  rank: number;
  team: string;
  school: string;
  halfPoints: number;
  wins: number;
  /** Members ordered by their own standing. */
  members: { playerId: string; name: string; halfPoints: number }[];
  /** Team tie-break values when options.tiebreaks was given (sums of the members' values). */
  tiebreaks?: Partial<Record<TeamTiebreak, number>>;
}

/**
 * A team is a school's A or B team: the players sharing a group name. Its score is the sum of its players'
 * points; level teams are split by their number of wins, then by name.
 */
export function computeTeamStandings(
  rows: readonly StandingRow[],
  options?: TeamStandingsOptions,
): TeamStandingRow[] {
  if (options?.tiebreaks) return computeTeamsWithTiebreaks(rows, options.tiebreaks);
  const teams = new Map<string, TeamStandingRow>();
  for (const row of rows) {
    const team = row.player.groupName?.trim();
    if (!team) continue;
    let entry = teams.get(team);
    if (!entry) {
      entry = { rank: 0, team, school: schoolOf(team) ?? team, halfPoints: 0, wins: 0, members: [] };
      teams.set(team, entry);
    }
    entry.halfPoints += row.halfPoints;
    entry.wins += row.wins;
    entry.members.push({ playerId: row.player.id, name: row.player.name, halfPoints: row.halfPoints });
  }
  const sorted = [...teams.values()].sort(
    (a, b) => b.halfPoints - a.halfPoints || b.wins - a.wins || a.team.localeCompare(b.team, 'en'),
  );
  sorted.forEach((entry, index) => {
    const previous = sorted[index - 1];
    entry.rank =
      previous && previous.halfPoints === entry.halfPoints && previous.wins === entry.wins
        ? previous.rank
        : index + 1;
  });
  return sorted;
}

function computeTeamsWithTiebreaks(
  rows: readonly StandingRow[],
  order: readonly TeamTiebreak[],
): TeamStandingRow[] {
  const teams = computeTeamStandings(rows);
  const memberRows = new Map(rows.map((row) => [row.player.id, row]));
  for (const team of teams) {
    const values: Partial<Record<TeamTiebreak, number>> = {};
    for (const tiebreak of order) {
      values[tiebreak] =
        tiebreak === 'wins'
          ? team.wins
          : team.members.reduce(
              (sum, member) => sum + (memberRows.get(member.playerId)?.tiebreaks?.[tiebreak] ?? 0),
              0,
            );
    }
    team.tiebreaks = values;
  }
  const compare = (a: TeamStandingRow, b: TeamStandingRow): number => {
    if (a.halfPoints !== b.halfPoints) return b.halfPoints - a.halfPoints;
    for (const tiebreak of order) {
      const difference = (b.tiebreaks?.[tiebreak] ?? 0) - (a.tiebreaks?.[tiebreak] ?? 0);
      if (difference !== 0) return difference;
    }
    return 0;
  };
  teams.sort((a, b) => compare(a, b) || a.team.localeCompare(b.team, 'en'));
  teams.forEach((team, index) => {
    const previous = teams[index - 1];
    team.rank = previous && compare(previous, team) === 0 ? previous.rank : index + 1;
  });
  return teams;
}
