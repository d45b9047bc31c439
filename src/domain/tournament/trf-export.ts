/**
 * The tournament state as the TRF export's input (docs/decisions/011-tournament-state.md): start rank = the
 * pairing number, the games with a result, the byes of exportedByes, and each player's points and rank as
 * the standings give them (withdrawn players: points, no rank). The one rule for points and ranks: the file
 * agrees with the leaderboard, and the strict reader (trf/trf.ts) accepts what we write.
 */
import { assignPairingNumbers } from '../pairing/pairing-numbers';
import type { TrfExportInput } from '../trf/trf-pairing';
import { exportedByes } from './rounds';
import { scores, standings } from './standings';
import type { TournamentState } from './state';

export function trfExportInput(state: TournamentState): TrfExportInput {
  const numbers = assignPairingNumbers(state.players);
  const points = scores(state);
  const rankOf = new Map(standings(state).map((row) => [row.player.id, row.rank]));
  return {
    name: state.name,
    totalRounds: state.totalRounds,
    players: state.players.map((player) => ({
      id: player.id,
      pairingNumber: numbers.get(player.id) ?? 0,
      name: player.name,
      rating: player.rating,
      halfPoints: points.get(player.id)?.halfPoints ?? 0,
      rank: rankOf.get(player.id) ?? null,
    })),
    games: state.games.map((game) => ({
      roundNumber: game.roundNumber,
      whiteId: game.whiteId,
      blackId: game.blackId,
      result: game.result,
    })),
    byes: exportedByes(state).map((bye) => ({
      roundNumber: bye.roundNumber,
      playerId: bye.playerId,
      kind: bye.kind,
    })),
  };
}
