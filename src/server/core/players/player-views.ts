import type { ManagedPlayer, ManagedTournament } from '../../../contracts/player-management';
import { nameMatches, normalizeName } from '../../../domain/names';
import { schoolOf } from '../../../domain/schools';
import { type PlayerScore, scores, type TournamentState } from '../../../domain/tournament';
import { toTournamentState } from '../tournament/tournament-state.loader';
import type * as repo from './player-records';

/** How staff see a player and a tournament: player management and the admin player lookup (issue #28). */

export function toManagedTournament(row: repo.TournamentRow): ManagedTournament {
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    archived: row.archivedAt !== null,
    currentRound: row.currentRound,
    totalRounds: row.totalRounds,
  };
}

/** The tournament state of the rows (src/domain/tournament), built by the one loader. */
export function stateOf(data: repo.TournamentData): TournamentState {
  return toTournamentState(data);
}

/** Points derived from the results and the counted byes, as everywhere (never stored). */
export function scoresOf(data: repo.TournamentData): Map<string, PlayerScore> {
  return scores(stateOf(data));
}

export function toManagedPlayer(
  player: repo.PlayerRow,
  data: repo.TournamentData,
  scores: Map<string, PlayerScore>,
  emails: Map<string, string>,
): ManagedPlayer {
  const score = scores.get(player.id);
  return {
    id: player.id,
    name: player.name,
    groupName: player.groupName,
    // The school record's name (docs/decisions/012-school-identity.md); the name rule only for a row without one.
    school:
      data.schoolRows?.schools.find((school) => school.id === player.schoolId)?.name ??
      schoolOf(player.groupName),
    club: player.club,
    rating: player.rating,
    girlsPrize: player.girlsPrize,
    active: player.active,
    checkedInAt: player.checkedInAt?.toISOString() ?? null,
    userEmail: player.userId ? (emails.get(player.userId) ?? null) : null,
    halfPoints: score?.halfPoints ?? 0,
    gamesPlayed: score?.gamesFinished ?? 0,
    byes: data.byes
      .filter((bye) => bye.playerId === player.id)
      .sort((a, b) => a.roundNumber - b.roundNumber)
      .map((bye) => ({ roundNumber: bye.roundNumber, kind: bye.kind })),
  };
}

/** Name or team contains every word typed, without case or accents. */
export function matchesSearch(player: { name: string; groupName: string | null }, search: string): boolean {
  const query = normalizeName(search);
  if (query === '') return true;
  return (
    nameMatches(normalizeName(player.name), query) ||
    nameMatches(normalizeName(player.groupName ?? ''), query)
  );
}
