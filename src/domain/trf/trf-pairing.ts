/**
 * From a parsed TRF to the pairing engine's input, and back: the history of rounds 1..r as games and
 * byes, the next round's pre-assigned entries (H/Z/F: left out, as bbpPairings and JaVaFo do), and the
 * pairings a file holds for a round (the reference to compare with).
 */
import type { PairingBye, PairingGame, PairingInput, PairingPlayer } from '../pairing/types';
import type { ByeKind, MatchResult } from '../scoring/results';
import type { TrfPlayer, TrfRoundEntry, TrfTournament } from './trf';

export interface PlayerGroups {
  /** Team group name per start rank (the school is derived from it). */
  groupName?: string | null;
  club?: string | null;
}

/** Highest round with a game or a pairing-allocated bye. */
export function countPlayedRounds(tournament: TrfTournament): number {
  let played = 0;
  for (const player of tournament.players) {
    player.rounds.forEach((entry, index) => {
      if (entry && (entry.opponent !== null || entry.result === 'U')) played = Math.max(played, index + 1);
    });
  }
  return played;
}

function byeKindOf(entry: TrfRoundEntry | null): ByeKind {
  switch (entry?.result) {
    case 'U':
      return 'pairing';
    case 'F':
    case '+':
      return 'full';
    case 'H':
      return 'half';
    default:
      return 'zero';
  }
}

function gameResult(
  entry: TrfRoundEntry,
  opponentEntry: TrfRoundEntry | null,
  isWhite: boolean,
): MatchResult {
  const win: MatchResult = isWhite ? 'white' : 'black';
  const loss: MatchResult = isWhite ? 'black' : 'white';
  switch (entry.result) {
    case '1':
    case 'W':
      return win;
    case '0':
    case 'L':
      return loss;
    case '=':
    case 'D':
      return 'draw';
    case '+':
      return isWhite ? 'white_forfeit_win' : 'black_forfeit_win';
    case '-':
      if (opponentEntry?.result === '-') return 'double_forfeit';
      return isWhite ? 'black_forfeit_win' : 'white_forfeit_win';
    default:
      return 'double_forfeit';
  }
}

export interface TrfHistory {
  games: PairingGame[];
  byes: PairingBye[];
}

/** Games and byes of rounds 1..lastRound. */
export function trfHistory(tournament: TrfTournament, lastRound: number): TrfHistory {
  const byRank = new Map<number, TrfPlayer>(tournament.players.map((player) => [player.startRank, player]));
  const games: PairingGame[] = [];
  const byes: PairingBye[] = [];
  for (const player of tournament.players) {
    for (let index = 0; index < Math.min(lastRound, player.rounds.length); index += 1) {
      const entry = player.rounds[index] ?? null;
      const roundNumber = index + 1;
      if (entry === null || entry.opponent === null) {
        if (entry !== null || roundNumber <= lastRound) {
          byes.push({ roundNumber, playerId: String(player.startRank), kind: byeKindOf(entry) });
        }
        continue;
      }
      const opponentEntry = byRank.get(entry.opponent)?.rounds[index] ?? null;
      const isWhite = entry.colour === 'w' || (entry.colour === '-' && opponentEntry?.colour !== 'w');
      // Record each game once: from the white side (or the lower start rank when colourless).
      const isRecorder =
        entry.colour === 'w' ||
        (entry.colour === '-' && (opponentEntry?.colour === 'b' || player.startRank < entry.opponent));
      if (entry.colour === '-' && opponentEntry?.colour === 'w') continue;
      if (!isRecorder) continue;
      games.push({
        roundNumber,
        whiteId: String(isWhite ? player.startRank : entry.opponent),
        blackId: String(isWhite ? entry.opponent : player.startRank),
        result: gameResult(entry, opponentEntry, isWhite),
      });
    }
    // Rounds without a block before lastRound are absences.
    for (let index = player.rounds.length; index < lastRound; index += 1) {
      byes.push({ roundNumber: index + 1, playerId: String(player.startRank), kind: 'zero' });
    }
  }
  return { games, byes };
}

export interface TrfPairingOptions {
  /** Round to pair; default: the first round after the played ones. */
  roundNumber?: number;
  groups?: ReadonlyMap<number, PlayerGroups>;
  avoidSameClub?: boolean;
}

/**
 * Input to pair `roundNumber` from the file's rounds before it. A player whose block for that round is
 * filled without a game (H, Z, F, `-`) is left out; when re-pairing a round the file already holds (the
 * cut-back method: compare with the file's own pairing), players absent in that round are left out too.
 */
export function trfToPairingInput(tournament: TrfTournament, options: TrfPairingOptions = {}): PairingInput {
  const roundNumber = options.roundNumber ?? countPlayedRounds(tournament) + 1;
  const { games, byes } = trfHistory(tournament, roundNumber - 1);
  const isRoundInFile = tournament.players.some((player) => {
    const entry = player.rounds[roundNumber - 1];
    return entry !== null && entry !== undefined && (entry.opponent !== null || entry.result === 'U');
  });
  const players: PairingPlayer[] = tournament.players.map((player) => {
    const group = options.groups?.get(player.startRank);
    return {
      id: String(player.startRank),
      pairingNumber: player.startRank,
      rating: player.rating,
      groupName: group?.groupName ?? null,
      club: group?.club ?? null,
      isActive: true,
    };
  });
  for (const player of tournament.players) {
    const entry = player.rounds[roundNumber - 1] ?? null;
    const isPaired = entry !== null && (entry.opponent !== null || entry.result === 'U');
    if (isPaired) continue;
    if (entry !== null || isRoundInFile) {
      byes.push({ roundNumber, playerId: String(player.startRank), kind: byeKindOf(entry) });
    }
  }
  return {
    roundNumber,
    players,
    games,
    byes,
    options: {
      avoidSameClub: options.avoidSameClub ?? false,
      initialColour: tournament.initialColour ?? 'white',
    },
  };
}

export interface ReferencePairing {
  /** [white, black] start ranks, colourless forfeits with the lower start rank first. */
  boards: [number, number][];
  byes: number[];
}

/** The pairing the file holds for a round: its games (forfeits included) and pairing-allocated byes. */
export function trfRoundPairing(tournament: TrfTournament, roundNumber: number): ReferencePairing {
  const boards: [number, number][] = [];
  const byes: number[] = [];
  for (const player of tournament.players) {
    const entry = player.rounds[roundNumber - 1];
    if (!entry) continue;
    if (entry.opponent === null) {
      if (entry.result === 'U') byes.push(player.startRank);
      continue;
    }
    if (entry.colour === 'w' || (entry.colour === '-' && player.startRank < entry.opponent)) {
      boards.push([player.startRank, entry.opponent]);
    }
  }
  return { boards, byes };
}
