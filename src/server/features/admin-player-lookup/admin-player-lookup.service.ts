import type { z } from 'zod';
import type {
  LookupDetail,
  LookupGame,
  lookupSearchResponseSchema,
} from '../../../contracts/admin-player-lookup';
import { halfPointsFor, halfPointsForBye, isPlayed, outcomeFor } from '../../../domain/scoring/results';
import {
  displayedRound,
  isByeCounted,
  scores,
  standings,
  type TournamentState,
} from '../../../domain/tournament';
import * as repo from '../../core/players/player-records';
import {
  matchesSearch,
  scoresOf,
  stateOf,
  toManagedPlayer,
  toManagedTournament,
} from '../../core/players/player-views';
import { findActiveTournament } from '../../core/tournament/active-tournament';
import type { Db } from '../../db/client';

const MAX_MATCHES = 50;

/** Players of the active tournament whose name or team contains the words typed. */
export async function searchPlayers(
  db: Db,
  search: string,
): Promise<z.infer<typeof lookupSearchResponseSchema>> {
  const tournament = await findActiveTournament(db);
  if (!tournament) return { tournament: null, players: [] };
  const data = await repo.loadTournamentData(db, tournament);
  const scores = scoresOf(data);
  return {
    tournament: toManagedTournament(tournament),
    players: data.players
      .filter((player) => matchesSearch(player, search))
      .slice(0, MAX_MATCHES)
      .map((player) => ({
        id: player.id,
        name: player.name,
        groupName: player.groupName,
        active: player.active,
        halfPoints: scores.get(player.id)?.halfPoints ?? 0,
      })),
  };
}

/** One row per round the player has a game or a bye in, from their side of the board. */
function gamesOf(playerId: string, data: repo.TournamentData, state: TournamentState): LookupGame[] {
  const byId = new Map(data.players.map((player) => [player.id, player]));
  const rows: LookupGame[] = [];
  for (const match of data.matches) {
    const colour =
      match.whitePlayerId === playerId ? 'white' : match.blackPlayerId === playerId ? 'black' : null;
    if (colour === null) continue;
    const opponent = byId.get(colour === 'white' ? match.blackPlayerId : match.whitePlayerId);
    rows.push({
      roundNumber: match.roundNumber,
      boardNumber: match.boardNumber,
      colour,
      opponent: opponent
        ? { id: opponent.id, name: opponent.name, groupName: opponent.groupName, rating: opponent.rating }
        : null,
      outcome: match.result ? outcomeFor(match.result, colour) : null,
      result: match.result,
      halfPoints: match.result ? halfPointsFor(match.result, colour) : 0,
      bye: null,
      isPlayed: match.result ? isPlayed(match.result) : false,
    });
  }
  for (const bye of state.byes) {
    if (bye.playerId !== playerId) continue;
    rows.push({
      roundNumber: bye.roundNumber,
      boardNumber: null,
      colour: null,
      opponent: null,
      outcome: null,
      result: null,
      // A bye of a round not started yet is planned, not points (domain: isByeCounted).
      halfPoints: isByeCounted(state, bye) ? halfPointsForBye(bye.kind) : 0,
      bye: bye.kind,
      isPlayed: false,
    });
  }
  return rows.sort((a, b) => a.roundNumber - b.roundNumber);
}

export async function playerDetail(db: Db, playerId: string): Promise<LookupDetail> {
  const player = await repo.findPlayer(db, playerId);
  const tournament = await repo.resolveTournament(db, player.tournamentId);
  const data = await repo.loadTournamentData(db, tournament);
  const state = stateOf(data);
  const emails = await repo.emailsOf(db, [player.userId]);
  const games = gamesOf(player.id, data, state);
  // The same "this round" as the public pages: the next round once paired, else the last one started.
  const currentRound = displayedRound(state);
  return {
    tournament: toManagedTournament(tournament),
    player: toManagedPlayer(player, data, scores(state), emails),
    // The official standings (the tournament's tie-break order), as on the leaderboard.
    rank: standings(state).find((row) => row.player.id === player.id)?.rank ?? null,
    current: currentRound ? (games.find((game) => game.roundNumber === currentRound.number) ?? null) : null,
    currentRoundStatus: currentRound?.status ?? null,
    results: games,
  };
}
