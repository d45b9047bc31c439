import { schoolOf } from '../schools';
import type { StandingRow } from './individual';

/** A team has exactly 4 players (docs/requirements.md §3, §8); a late entry or substitute can make it more. */
export const TEAM_COUNTED_PLAYERS = 4;

/** The rule as the school standings state it (one place: the leaderboard and the print view show it). */
export const TEAM_STANDINGS_RULE =
  "A school team's score is the sum of its best 4 players' points. Teams level on that are separated by " +
  "those 4 players' wins, then by the sum of their Buchholz (BH); teams level on all three share a place.";

export interface TeamStandingRow {
  rank: number;
  team: string;
  school: string;
  /** Sum of the counted (best 4) members' half-points. */
  halfPoints: number;
  /** Team tie-break 1: the counted members' wins (C.07 Art. 7.1, byes scored as a win included). */
  wins: number;
  /** Team tie-break 2: the sum of the counted members' Buchholz, in half-points. */
  buchholz: number;
  /** Members ordered by their own standing; `counted` marks the best 4. */
  members: { playerId: string; name: string; halfPoints: number; counted: boolean }[];
}

/**
 * A player's team for the school standings: `key` tells teams apart (the team record's id: two schools'
 * teams of the same name stay two, docs/decisions/012-school-identity.md), `team` and `school` are shown.
 */
export interface TeamOfPlayer {
  key: string;
  team: string;
  school: string;
}

/** Without team records: the players sharing a group name, the school inferred from it (schoolOf). */
function teamByGroupName(rows: readonly StandingRow[], playerId: string): TeamOfPlayer | null {
  const team = rows.find((row) => row.player.id === playerId)?.player.groupName?.trim();
  return team ? { key: team, team, school: schoolOf(team) ?? team } : null;
}

/**
 * A team is a school's A or B team: the players sharing a group name. Its score is the sum of its best 4
 * players' points (TEAM_STANDINGS_RULE); level teams are split by those players' wins, then by the sum of
 * their Buchholz (when the rows carry it), then share a rank (listed by name).
 */
export function computeTeamStandings(
  rows: readonly StandingRow[],
  teamOf: (playerId: string) => TeamOfPlayer | null = (playerId) => teamByGroupName(rows, playerId),
): TeamStandingRow[] {
  const members = new Map<string, { team: TeamOfPlayer; list: StandingRow[] }>();
  for (const row of rows) {
    const team = teamOf(row.player.id);
    if (!team) continue;
    const entry = members.get(team.key) ?? { team, list: [] };
    entry.list.push(row);
    members.set(team.key, entry);
  }
  const teams: TeamStandingRow[] = [...members.values()].map(({ team: { team, school }, list }) => {
    // The rows come in standing order; the best 4 by points (then standing) count.
    const ordered = [...list].sort((a, b) => b.halfPoints - a.halfPoints || a.rank - b.rank);
    const counted = new Set(ordered.slice(0, TEAM_COUNTED_PLAYERS).map((row) => row.player.id));
    const countedRows = ordered.filter((row) => counted.has(row.player.id));
    return {
      rank: 0,
      team,
      school,
      halfPoints: countedRows.reduce((sum, row) => sum + row.halfPoints, 0),
      // The WIN tie-break's value (byes scored as a win included), not the games won.
      wins: countedRows.reduce((sum, row) => sum + (row.tiebreaks.wins ?? 0), 0),
      buchholz: countedRows.reduce((sum, row) => sum + (row.tiebreaks.buchholz ?? 0), 0),
      members: ordered.map((row) => ({
        playerId: row.player.id,
        name: row.player.name,
        halfPoints: row.halfPoints,
        counted: counted.has(row.player.id),
      })),
    };
  });
  const compare = (a: TeamStandingRow, b: TeamStandingRow) =>
    b.halfPoints - a.halfPoints || b.wins - a.wins || b.buchholz - a.buchholz;
  teams.sort((a, b) => compare(a, b) || a.team.localeCompare(b.team, 'en'));
  teams.forEach((team, index) => {
    const previous = teams[index - 1];
    team.rank = previous && compare(previous, team) === 0 ? previous.rank : index + 1;
  });
  return teams;
}
