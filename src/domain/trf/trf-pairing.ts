/**
 * From a parsed TRF to the pairing engine's input, and back: the history of rounds 1..r as games and
 * byes, the next round's pre-assigned entries (H/Z/F: left out, as bbpPairings and JaVaFo do), and the
 * pairings a file holds for a round (the reference to compare with).
 */
import type { PairingBye, PairingGame, PairingInput, PairingPlayer } from '../pairing/types';
import type { ByeKind, MatchResult } from '../scoring/results';
import { type TrfPlayer, type TrfRoundEntry, type TrfTournament, trfHalfPoints } from './trf';

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

/**
 * The initial colour a file without XXC was paired with, read from its first round with colours: the colour
 * of the first-ranked player paired by then, inverted when an odd number of paired players rank above
 * (FIDE C.04.3 E.5 gives odd pairing numbers the initial colour). Null when no round has colours yet. This
 * is what bbpPairings reads from such a file.
 */
export function inferInitialColour(tournament: TrfTournament): 'white' | 'black' | null {
  let firstRound = Number.POSITIVE_INFINITY;
  for (const player of tournament.players) {
    player.rounds.forEach((entry, index) => {
      if (entry && (entry.colour === 'w' || entry.colour === 'b')) firstRound = Math.min(firstRound, index);
    });
  }
  if (!Number.isFinite(firstRound)) return null;
  let paired = 0;
  for (const player of [...tournament.players].sort((a, b) => a.startRank - b.startRank)) {
    const took = player.rounds
      .slice(0, firstRound + 1)
      .some((entry) => entry !== null && (entry.opponent !== null || entry.result === 'U'));
    if (!took) continue;
    const colour = player.rounds[firstRound]?.colour;
    if (colour === 'w' || colour === 'b') {
      const isWhite = (colour === 'w') !== (paired % 2 === 1);
      return isWhite ? 'white' : 'black';
    }
    paired += 1;
  }
  return null;
}

export interface TrfPairingOptions {
  /** Round to pair; default: the first round after the played ones. */
  roundNumber?: number;
  groups?: ReadonlyMap<number, PlayerGroups>;
  isSameClubAvoided?: boolean;
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
  // XXP (JaVaFo TRF(x)): the players on one line may never meet each other.
  const forbiddenPairs: [string, string][] = [];
  for (const line of tournament.lines) {
    if (line.code !== 'XXP') continue;
    const ids = line.value
      .trim()
      .split(/\s+/)
      .filter((word) => /^\d+$/.test(word));
    for (let a = 0; a < ids.length; a += 1) {
      for (let b = a + 1; b < ids.length; b += 1) forbiddenPairs.push([ids[a]!, ids[b]!]);
    }
  }
  return {
    roundNumber,
    players,
    games,
    byes,
    options: {
      isSameClubAvoided: options.isSameClubAvoided ?? false,
      initialColour: tournament.initialColour ?? inferInitialColour(tournament) ?? 'white',
      forbiddenPairs,
      totalRounds: tournament.totalRounds,
    },
  };
}

/**
 * The file as it stood before `roundNumber` was paired (the cut-back method, docs/pairing-notes.md §4), so
 * any engine can pair that round from the same file: rounds 1..roundNumber−1 as played, the round's entries
 * that are not games kept as pre-assigned (H, F, Z; a player with no block in a round the file holds is
 * written absent, `0000 - Z`), its games and pairing-allocated bye (`U`, or `+` with no opponent) left out, the points column recomputed (pre-assigned entries counted, as bbpPairings counts them),
 * XXR set to the file's rounds when it names none (so "the last round" means the same to every engine), and
 * XXC to the initial colour the file was paired with when it names none (inferInitialColour).
 */
export function cutBackTrf(tournament: TrfTournament, roundNumber: number): TrfTournament {
  const played = countPlayedRounds(tournament);
  const totalRounds = tournament.totalRounds ?? Math.max(played, roundNumber);
  const isRoundInFile = played >= roundNumber;
  const players = tournament.players.map((player): TrfPlayer => {
    const rounds = player.rounds.slice(0, roundNumber - 1);
    while (rounds.length < roundNumber - 1) rounds.push(null);
    const entry = player.rounds[roundNumber - 1] ?? null;
    // A forfeit win with no opponent (`0000 - +`) is the pairing's own outcome, as `U` is: bbpPairings pairs
    // such a player again, so both engines do.
    const isGameOrBye =
      entry !== null && (entry.opponent !== null || entry.result === 'U' || entry.result === '+');
    if (entry !== null && !isGameOrBye) rounds.push(entry);
    else if (entry === null && isRoundInFile) rounds.push({ opponent: null, colour: '-', result: 'Z' });
    while (rounds.length > 0 && rounds[rounds.length - 1] === null) rounds.pop();
    const halfPoints = trfHalfPoints(tournament, { ...player, rounds }, rounds.length);
    return { ...player, rounds, halfPoints, rank: null };
  });
  return {
    ...tournament,
    players,
    totalRounds,
    initialColour: tournament.initialColour ?? inferInitialColour(tournament),
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

export interface TrfExportPlayer {
  id: string;
  pairingNumber: number;
  name: string;
  rating?: number | null;
  /** The points column (81–84) in half-points, as the caller's standings count them; null: left blank. */
  halfPoints: number | null;
  /** The rank column (86–89) from the caller's standings; null: none (e.g. withdrawn). */
  rank: number | null;
}

export interface TrfExportInput {
  name: string;
  totalRounds: number | null;
  initialColour?: 'white' | 'black' | null;
  players: readonly TrfExportPlayer[];
  games: readonly PairingGame[];
  byes: readonly PairingBye[];
}

const byeCode: Record<ByeKind, TrfRoundEntry['result']> = { pairing: 'U', full: 'F', half: 'H', zero: 'Z' };

function resultCodes(result: MatchResult): [TrfRoundEntry['result'], TrfRoundEntry['result']] {
  switch (result) {
    case 'white':
      return ['1', '0'];
    case 'black':
      return ['0', '1'];
    case 'draw':
      return ['=', '='];
    case 'white_forfeit_win':
      return ['+', '-'];
    case 'black_forfeit_win':
      return ['-', '+'];
    case 'double_forfeit':
      return ['-', '-'];
  }
}

/**
 * TRF16 export of a tournament held in our model (start rank = pairing number). Points and ranks are the
 * caller's (the tournament state's standings: src/domain/tournament/trf-export.ts), never recomputed here.
 * Unfinished games (no result) are not written: TRF has no code for them.
 */
export function tournamentToTrf(input: TrfExportInput): TrfTournament {
  const byId = new Map(input.players.map((player) => [player.id, player]));
  const rounds = new Map<string, (TrfRoundEntry | null)[]>(input.players.map((player) => [player.id, []]));
  const set = (id: string, round: number, entry: TrfRoundEntry) => {
    const list = rounds.get(id);
    if (!list) return;
    while (list.length < round) list.push(null);
    list[round - 1] = entry;
  };
  for (const game of input.games) {
    if (game.result === null) continue;
    const white = byId.get(game.whiteId);
    const black = byId.get(game.blackId);
    if (!white || !black) continue;
    const [whiteCode, blackCode] = resultCodes(game.result);
    set(white.id, game.roundNumber, { opponent: black.pairingNumber, colour: 'w', result: whiteCode });
    set(black.id, game.roundNumber, { opponent: white.pairingNumber, colour: 'b', result: blackCode });
  }
  for (const bye of input.byes) {
    set(bye.playerId, bye.roundNumber, { opponent: null, colour: '-', result: byeCode[bye.kind] });
  }
  const players: TrfPlayer[] = input.players.map((player) => ({
    startRank: player.pairingNumber,
    sex: '',
    title: '',
    name: player.name,
    rating: player.rating ?? null,
    federation: '',
    fideId: '',
    birthDate: '',
    halfPoints: player.halfPoints,
    rank: player.rank,
    rounds: rounds.get(player.id) ?? [],
  }));
  players.sort((a, b) => a.startRank - b.startRank);
  return {
    lines: [
      { code: '012', value: input.name },
      { code: '062', value: String(players.length) },
    ],
    players,
    totalRounds: input.totalRounds,
    initialColour: input.initialColour ?? null,
  };
}
