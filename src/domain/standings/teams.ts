import { schoolOf } from '../schools';
import type { StandingRow } from './individual';

export interface TeamStandingRow {
  rank: number;
  team: string;
  school: string;
  halfPoints: number;
  wins: number;
  /** Members ordered by their own standing. */
  members: { playerId: string; name: string; halfPoints: number }[];
}

/**
 * A team is a school's A or B team: the players sharing a group name. Its score is the sum of its players'
 * points; level teams are split by their number of wins, then by name.
 */
export function computeTeamStandings(rows: readonly StandingRow[]): TeamStandingRow[] {
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
