/**
 * A parsed TRF as the records of a new tournament in our model: its players, how many rounds were played,
 * each played game with a board number, and each bye or absence. The server stores them; the export
 * (`tournamentToTrf`) writes them back as an equivalent file.
 */
import type { ByeKind, MatchResult } from '../scoring/results';
import type { TrfTournament } from './trf';
import { countPlayedRounds, trfHistory } from './trf-pairing';

export interface ImportedTrfPlayer {
  startRank: number;
  name: string;
  rating: number | null;
}

export interface ImportedTrfGame {
  roundNumber: number;
  /** 1 = the board of the game whose players have the best start ranks. */
  boardNumber: number;
  whiteRank: number;
  blackRank: number;
  result: MatchResult;
}

export interface ImportedTrfBye {
  roundNumber: number;
  startRank: number;
  kind: ByeKind;
}

export interface ImportedTrf {
  /** The 012 record (tournament name), or null when the file has none. */
  name: string | null;
  totalRounds: number;
  playedRounds: number;
  players: ImportedTrfPlayer[];
  games: ImportedTrfGame[];
  byes: ImportedTrfBye[];
}

export class TrfImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TrfImportError';
  }
}

export const TRF_IMPORT_MAX_PLAYERS = 2000;

/**
 * Converts a parsed file. Rounds 1..played become games and byes (a round a player has no block for is an
 * absence, a zero-point bye); boards are numbered per round by the better start rank of the two players.
 * The total is XXR when given, else the rounds played (at least 1). Refuses a file without players, or
 * whose XXR is below the rounds it holds.
 */
export function importTrf(trf: TrfTournament): ImportedTrf {
  if (trf.players.length === 0) throw new TrfImportError('The file has no player records (001 lines)');
  if (trf.players.length > TRF_IMPORT_MAX_PLAYERS) {
    throw new TrfImportError(`The file has ${trf.players.length} players; at most ${TRF_IMPORT_MAX_PLAYERS}`);
  }
  const unnamed = trf.players.find((player) => player.name === '');
  if (unnamed) throw new TrfImportError(`Player ${unnamed.startRank} has no name (columns 15–47)`);
  const playedRounds = countPlayedRounds(trf);
  const totalRounds = trf.totalRounds ?? Math.max(playedRounds, 1);
  if (totalRounds < 1) throw new TrfImportError('The number of rounds (XXR) must be at least 1');
  if (totalRounds < playedRounds) {
    throw new TrfImportError(
      `XXR says ${totalRounds} rounds but the file holds ${playedRounds} played rounds`,
    );
  }
  const history = trfHistory(trf, playedRounds);
  const games: ImportedTrfGame[] = [];
  for (let round = 1; round <= playedRounds; round += 1) {
    const ofRound = history.games
      .filter((game) => game.roundNumber === round)
      .map((game) => ({ ...game, white: Number(game.whiteId), black: Number(game.blackId) }))
      .sort((a, b) => Math.min(a.white, a.black) - Math.min(b.white, b.black));
    ofRound.forEach((game, index) => {
      games.push({
        roundNumber: round,
        boardNumber: index + 1,
        whiteRank: game.white,
        blackRank: game.black,
        result: game.result ?? 'double_forfeit',
      });
    });
  }
  const name = trf.lines.find((line) => line.code === '012')?.value.trim() || null;
  return {
    name,
    totalRounds,
    playedRounds,
    players: trf.players.map((player) => ({
      startRank: player.startRank,
      name: player.name,
      // TRF writes an unrated player's rating as 0 or blank.
      rating: player.rating || null,
    })),
    games,
    byes: history.byes
      .filter((bye) => bye.roundNumber <= playedRounds)
      .map((bye) => ({ roundNumber: bye.roundNumber, startRank: Number(bye.playerId), kind: bye.kind })),
  };
}

/**
 * What a rating report needs from a file, keyed by player name (start ranks may be renumbered): ratings,
 * every game with its colours and result, and every bye or absence of the played rounds. Two files with the
 * same essence are equivalent (the TRF import/export round trip keeps it).
 */
export function trfEssence(trf: TrfTournament): {
  played: number;
  players: string[];
  games: string[];
  byes: string[];
} {
  const nameOf = new Map(trf.players.map((player) => [String(player.startRank), player.name]));
  const played = countPlayedRounds(trf);
  const { games, byes } = trfHistory(trf, played);
  return {
    played,
    players: trf.players.map((player) => `${player.name}|${player.rating || ''}`).sort(),
    games: games
      .map(
        (game) =>
          `${game.roundNumber}|${nameOf.get(game.whiteId)}|${nameOf.get(game.blackId)}|${game.result}`,
      )
      .sort(),
    byes: byes.map((bye) => `${bye.roundNumber}|${nameOf.get(bye.playerId)}|${bye.kind}`).sort(),
  };
}
