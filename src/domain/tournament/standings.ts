/**
 * Scores and standings of the tournament state: one function each, used by every view (public leaderboard,
 * home page, lookups, admin views, dashboard, print, exports), so a player's rank and points agree everywhere.
 */
import {
  computeScores,
  computeStandings,
  type PlayerScore,
  type StandingRow,
  type StandingsInput,
} from '../standings/individual';
import { computeTeamStandings, type TeamStandingRow } from '../standings/teams';
import { countedByes } from './rounds';
import type { TournamentState } from './state';

export type { PlayerScore, StandingRow, TeamStandingRow };

/** The standings' input: every player, every game (unfinished ones count for nothing), the counted byes. */
export function scoringInput(state: TournamentState): StandingsInput {
  return {
    players: state.players.map((player) => ({
      id: player.id,
      name: player.name,
      rating: player.rating,
      groupName: player.groupName,
      active: player.active,
    })),
    games: state.games.map((game) => ({
      roundNumber: game.roundNumber,
      whiteId: game.whiteId,
      blackId: game.blackId,
      result: game.result,
    })),
    byes: countedByes(state).map((bye) => ({
      roundNumber: bye.roundNumber,
      playerId: bye.playerId,
      kind: bye.kind,
    })),
  };
}

const EMPTY_SCORE: PlayerScore = { halfPoints: 0, wins: 0, draws: 0, losses: 0, gamesFinished: 0, byes: 0 };

/** Every player's score (withdrawn players included), derived from results and counted byes. */
export function scores(state: TournamentState): Map<string, PlayerScore> {
  return computeScores(scoringInput(state));
}

export function scoreOf(scoresById: ReadonlyMap<string, PlayerScore>, playerId: string): PlayerScore {
  return scoresById.get(playerId) ?? EMPTY_SCORE;
}

/**
 * The official standings of the players still in: points, then the tournament's tie-breaks in its order
 * (rating only where the order has it); players level on all of them share a rank, listed by name. The one
 * place that ranks players.
 */
export function standings(state: TournamentState): StandingRow[] {
  return computeStandings(scoringInput(state), state.tiebreakOrder);
}

/**
 * School team standings from the individual standings, by team record (docs/decisions/012-school-identity.md):
 * same-named teams of two schools are listed as two.
 */
export function teamStandings(rows: readonly StandingRow[], state?: TournamentState): TeamStandingRow[] {
  if (!state) return computeTeamStandings(rows);
  const teams = new Map(state.teams.map((team) => [team.id, team]));
  const schools = new Map(state.schools.map((school) => [school.id, school]));
  const players = new Map(state.players.map((player) => [player.id, player]));
  return computeTeamStandings(rows, (playerId) => {
    const team = teams.get(players.get(playerId)?.teamId ?? '');
    if (!team) return null;
    return { key: team.id, team: team.name, school: schools.get(team.schoolId)?.name ?? team.name };
  });
}

/** Points each player had before `roundNumber` (what the pairing of that round sees). */
export function scoresBefore(state: TournamentState, roundNumber: number): Map<string, PlayerScore> {
  const input = scoringInput(state);
  return computeScores({
    players: input.players,
    games: input.games.filter((game) => game.roundNumber < roundNumber),
    byes: input.byes.filter((bye) => bye.roundNumber < roundNumber),
  });
}
