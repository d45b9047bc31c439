/**
 * FIDE TRF16 (Tournament Report File, FIDE C.04 Annex 2 / FIDE Handbook "TRF16") read and write, with the
 * JaVaFo TRF(x) extensions XXR (number of rounds) and XXC (initial colour, "rank"). Fixed-width text, one
 * record per line, the record code in columns 1–3. The spec says lines end with CR; CR, LF and CRLF are all
 * accepted here (as bbpPairings and JaVaFo do).
 *
 * Player record `001` (1-based columns): 5–8 start rank, 10 sex, 11–13 title, 15–47 name, 49–52 rating,
 * 54–56 federation, 58–68 FIDE id, 70–79 birth date, 81–84 points, 86–89 rank, then one 10-column block
 * per round starting at column 92: 92–95 opponent, 97 colour, 99 result.
 */

export const TRF_RESULT_CODES = ['1', '0', '=', '+', '-', 'W', 'D', 'L', 'H', 'F', 'U', 'Z', ' '] as const;
export type TrfResultCode = (typeof TRF_RESULT_CODES)[number];
export type TrfColour = 'w' | 'b' | '-';

export interface TrfRoundEntry {
  /** Opponent's start rank, or null for a bye / absence (`0000` or blank). */
  opponent: number | null;
  colour: TrfColour;
  result: TrfResultCode;
}

export interface TrfPlayer {
  startRank: number;
  sex: string;
  title: string;
  name: string;
  rating: number | null;
  federation: string;
  fideId: string;
  birthDate: string;
  /** Points in half-points (the file's "4.5" is 9), or null when the column is blank. */
  halfPoints: number | null;
  rank: number | null;
  /** Index 0 is round 1. A round without a block (blank) is `null`. */
  rounds: (TrfRoundEntry | null)[];
}

export interface TrfLine {
  code: string;
  /** The text after the 3-character code and one separating space. */
  value: string;
}

export interface TrfTournament {
  /** Every non-player line in file order (012, 022, …, XXR, XXC, XXP, unknown codes), kept for writing. */
  lines: TrfLine[];
  players: TrfPlayer[];
  /** XXR n, or TRF-2026 `142`. */
  totalRounds: number | null;
  /** XXC white1 / black1 (TRF-2026 `152`); null when not given (FIDE default: white1). */
  initialColour: 'white' | 'black' | null;
}

export class TrfParseError extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(`TRF line ${line}: ${message}`);
    this.name = 'TrfParseError';
    this.line = line;
  }
}

/** Splits on CRLF, CR or LF. */
export function splitTrfLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

const col = (line: string, from: number, to: number): string => line.slice(from - 1, to);

function parseOptionalInt(text: string, lineNo: number, what: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) throw new TrfParseError(lineNo, `${what} "${trimmed}" is not a whole number`);
  return Number(trimmed);
}

function parseHalfPoints(text: string, lineNo: number): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+(\.[05])?$/.test(trimmed)) {
    throw new TrfParseError(lineNo, `points "${trimmed}" (columns 81–84) must look like 4 or 4.5`);
  }
  const [whole, fraction] = trimmed.split('.');
  return Number(whole) * 2 + (fraction === '5' ? 1 : 0);
}

function parseRoundBlock(block: string, lineNo: number, round: number): TrfRoundEntry | null {
  if (block.trim() === '') return null;
  const opponentText = block.slice(0, 4).trim();
  const colourChar = block.charAt(5) || ' ';
  const resultChar = block.charAt(7) || ' ';
  const where = `round ${round} (columns ${92 + 10 * (round - 1)}–${99 + 10 * (round - 1)})`;
  let opponent: number | null = null;
  if (opponentText !== '') {
    if (!/^\d+$/.test(opponentText)) {
      throw new TrfParseError(lineNo, `${where}: opponent "${opponentText}" is not a start rank`);
    }
    opponent = Number(opponentText) === 0 ? null : Number(opponentText);
  }
  if (block.charAt(4) !== ' ' && block.charAt(4) !== '' && block.length > 4) {
    throw new TrfParseError(lineNo, `${where}: expected a space after the opponent number`);
  }
  const colour: TrfColour = colourChar === ' ' ? '-' : (colourChar as TrfColour);
  if (colour !== 'w' && colour !== 'b' && colour !== '-') {
    throw new TrfParseError(lineNo, `${where}: colour "${colourChar}" must be w, b or -`);
  }
  const result = resultChar.toUpperCase() as TrfResultCode;
  if (!(TRF_RESULT_CODES as readonly string[]).includes(result)) {
    throw new TrfParseError(lineNo, `${where}: result "${resultChar}" is not a TRF result code`);
  }
  if (opponent !== null && !['1', '0', '=', '+', '-', 'W', 'D', 'L'].includes(result)) {
    throw new TrfParseError(lineNo, `${where}: result "${resultChar}" needs no opponent but one is given`);
  }
  if (opponent === null && ['1', '0', '=', 'W', 'D', 'L'].includes(result)) {
    throw new TrfParseError(lineNo, `${where}: a played result "${resultChar}" needs an opponent`);
  }
  return { opponent, colour, result };
}

function parsePlayerLine(line: string, lineNo: number): TrfPlayer {
  if (line.length < 8) throw new TrfParseError(lineNo, 'player record (001) is too short for a start rank');
  const startRank = parseOptionalInt(col(line, 5, 8), lineNo, 'start rank (columns 5–8)');
  if (startRank === null || startRank < 1) {
    throw new TrfParseError(lineNo, 'start rank (columns 5–8) is missing or 0');
  }
  const rounds: (TrfRoundEntry | null)[] = [];
  if (line.length > 91 && col(line, 91, 91) !== ' ') {
    throw new TrfParseError(lineNo, 'column 91 must be blank (round blocks start at column 92)');
  }
  for (let start = 92, round = 1; start <= line.length; start += 10, round += 1) {
    const block = line.slice(start - 1, start + 7);
    const separator = line.slice(start + 7, start + 9);
    if (separator.trim() !== '') {
      throw new TrfParseError(
        lineNo,
        `round ${round}: unexpected text "${separator}" after the result column`,
      );
    }
    rounds.push(parseRoundBlock(block, lineNo, round));
  }
  while (rounds.length > 0 && rounds[rounds.length - 1] === null) rounds.pop();
  return {
    startRank,
    sex: col(line, 10, 10).trim(),
    title: col(line, 11, 13).trim(),
    name: col(line, 15, 47).trim(),
    rating: parseOptionalInt(col(line, 49, 52), lineNo, 'rating (columns 49–52)'),
    federation: col(line, 54, 56).trim(),
    fideId: col(line, 58, 68).trim(),
    birthDate: col(line, 70, 79).trim(),
    halfPoints: parseHalfPoints(col(line, 81, 84), lineNo),
    rank: parseOptionalInt(col(line, 86, 89), lineNo, 'rank (columns 86–89)'),
    rounds,
  };
}

/** Parses a TRF16 text. Throws TrfParseError naming the 1-based line number on malformed input. */
export function parseTrf(text: string): TrfTournament {
  const lines: TrfLine[] = [];
  const players: TrfPlayer[] = [];
  let totalRounds: number | null = null;
  let initialColour: 'white' | 'black' | null = null;
  const seenRanks = new Map<number, number>();
  const playerLineNo = new Map<number, number>();
  const source = splitTrfLines(text.startsWith('\uFEFF') ? text.slice(1) : text);
  source.forEach((raw, index) => {
    const lineNo = index + 1;
    const line = raw.replace(/\s+$/, '');
    if (line === '') return;
    if (line.length < 3)
      throw new TrfParseError(lineNo, `"${line}" is not a record (3-character code expected)`);
    const code = line.slice(0, 3);
    if (line.length > 3 && line.charAt(3) !== ' ') {
      throw new TrfParseError(lineNo, `record code "${line.slice(0, 4)}" must be 3 characters and a space`);
    }
    if (code === '001') {
      const player = parsePlayerLine(line, lineNo);
      const previous = seenRanks.get(player.startRank);
      if (previous !== undefined) {
        throw new TrfParseError(lineNo, `start rank ${player.startRank} is already used on line ${previous}`);
      }
      seenRanks.set(player.startRank, lineNo);
      playerLineNo.set(player.startRank, lineNo);
      players.push(player);
      return;
    }
    if (!/^[0-9A-Z]{3}$/.test(code)) throw new TrfParseError(lineNo, `unknown record code "${code}"`);
    const value = line.slice(4);
    if (code === 'XXR' || code === '142') {
      const rounds = value.trim();
      if (!/^\d+$/.test(rounds))
        throw new TrfParseError(lineNo, `${code} needs a number of rounds, got "${rounds}"`);
      totalRounds = Number(rounds);
    } else if (code === 'XXC' || code === '152') {
      for (const word of value.trim().toLowerCase().split(/\s+/)) {
        if (word === 'white1' || word === 'w') initialColour = 'white';
        else if (word === 'black1' || word === 'b') initialColour = 'black';
        else if (word !== 'rank' && word !== '') {
          throw new TrfParseError(lineNo, `${code} "${word}" is not white1, black1 or rank`);
        }
      }
    }
    lines.push({ code, value });
  });
  // Opponents must exist and agree (TRF: both players' blocks describe the same game).
  for (const player of players) {
    player.rounds.forEach((entry, index) => {
      if (!entry || entry.opponent === null) return;
      const lineNo = playerLineNo.get(player.startRank) ?? 0;
      if (entry.opponent === player.startRank) {
        throw new TrfParseError(
          lineNo,
          `round ${index + 1}: player ${player.startRank} is paired with itself`,
        );
      }
      if (!seenRanks.has(entry.opponent)) {
        throw new TrfParseError(
          lineNo,
          `round ${index + 1}: opponent ${entry.opponent} has no player record`,
        );
      }
    });
  }
  players.sort((a, b) => a.startRank - b.startRank);
  const tournament: TrfTournament = { lines, players, totalRounds, initialColour };
  const contradictions = findTrfContradictions(tournament, (rank) => playerLineNo.get(rank) ?? 0);
  if (contradictions.length > 0) throw new TrfContradictionError(contradictions);
  return tournament;
}

/** One way a file contradicts itself: the 1-based line and the reason. */
export interface TrfContradiction {
  line: number;
  message: string;
}

/**
 * A file that contradicts itself (issue 11; bbpPairings and JaVaFo refuse such files with exit code 3): it
 * is never paired or stored. `line` and the message name the first contradiction; `contradictions` holds
 * them all, in file order.
 */
export class TrfContradictionError extends TrfParseError {
  readonly contradictions: readonly TrfContradiction[];
  constructor(contradictions: readonly TrfContradiction[]) {
    const first = contradictions[0]!;
    const more = contradictions.length - 1;
    super(
      first.line,
      `${first.message}${more > 0 ? ` (and ${more} more contradiction${more === 1 ? '' : 's'})` : ''}`,
    );
    this.name = 'TrfContradictionError';
    this.contradictions = contradictions;
  }
}

/** The results the two sides of one game may record (FIDE TRF16: 1/0, =/=, +/-, -/-, W/L, D/D). */
const AGREEING_RESULTS = new Set(['1/0', '0/1', '=/=', '+/-', '-/+', '-/-', 'W/L', 'L/W', 'D/D']);
const WINS = new Set(['1', '+', 'W']);

/**
 * Points per result code under the file's point system: FIDE's default (1, ½, 0), changed by a JaVaFo
 * `XXS` line (`WW= BW= WD= BD= WL= BL= ZPB= HPB= FPB= PAB= FW= FL=`, `W=` and `D=` for both colours) or by
 * bbpPairings' `BBW BBD BBL BBZ BBF BBU` lines. Null when the file uses a system this reader cannot apply
 * (TRF-2026 `162`): then the points column is not checked.
 */
function pointSystem(lines: readonly TrfLine[]): Record<string, number> | null {
  const points: Record<string, number> = {
    WW: 1,
    BW: 1,
    WD: 0.5,
    BD: 0.5,
    WL: 0,
    BL: 0,
    ZPB: 0,
    HPB: 0.5,
    FPB: 1,
    PAB: 1,
    FW: 1,
    FL: 0,
  };
  const bbp: Record<string, string[]> = {
    BBW: ['WW', 'BW'],
    BBD: ['WD', 'BD'],
    BBL: ['WL', 'BL'],
    BBZ: ['ZPB'],
    BBF: ['FL'],
    BBU: ['PAB'],
  };
  for (const line of lines) {
    if (line.code === '162') return null;
    if (line.code === 'XXS') {
      for (const pair of line.value.trim().split(/\s+/)) {
        const [key, value] = pair.split('=');
        const number = Number(value);
        if (!key || value === undefined || !Number.isFinite(number)) continue;
        const keys = key === 'W' ? ['WW', 'BW'] : key === 'D' ? ['WD', 'BD'] : [key];
        for (const k of keys) if (k in points) points[k] = number;
      }
    }
    const keys = bbp[line.code];
    const number = Number(line.value.trim());
    if (keys && line.value.trim() !== '' && Number.isFinite(number)) for (const k of keys) points[k] = number;
  }
  return points;
}

function entryPoints(entry: TrfRoundEntry | null, points: Record<string, number>): number {
  const side = entry?.colour === 'b' ? 'B' : 'W';
  switch (entry?.result) {
    case '1':
    case 'W':
      return points[`${side}W`]!;
    case '=':
    case 'D':
      return points[`${side}D`]!;
    case '0':
    case 'L':
      return points[`${side}L`]!;
    case '+':
      return points.FW!;
    case '-':
      return points.FL!;
    case 'H':
      return points.HPB!;
    case 'F':
      return points.FPB!;
    case 'U':
      return points.PAB!;
    default:
      return points.ZPB!;
  }
}

/**
 * A player's points over rounds 1..rounds under the file's point system (FIDE default, XXS, BBx), in
 * half-points rounded to the nearest; null when the file's system cannot be applied here (TRF-2026 `162`).
 */
export function trfHalfPoints(tournament: TrfTournament, player: TrfPlayer, rounds: number): number | null {
  const points = pointSystem(tournament.lines);
  if (points === null) return null;
  let sum = 0;
  for (let index = 0; index < rounds; index += 1) sum += entryPoints(player.rounds[index] ?? null, points);
  return Math.round(sum * 2);
}

/**
 * Every contradiction in a parsed file: a game recorded on one side only or with another opponent (a
 * player paired twice in a round shows up so), colours or results that the two sides record differently,
 * both players recorded as winners, and a points column (81–84) that is not the sum of the player's
 * results under the file's point system. The points column may leave out byes entered ahead: it may count
 * the rounds up to the last played one, or up to any later round. A points column that is blank or 0.0 for every player is
 * taken as not filled in (some programs write it so: the Gelendzhik 2016 file) and is not checked; once it is
 * filled in for anyone, a player left blank is a contradiction.
 */
export function findTrfContradictions(
  tournament: TrfTournament,
  lineOf: (startRank: number) => number,
): TrfContradiction[] {
  const found: TrfContradiction[] = [];
  const byRank = new Map(tournament.players.map((player) => [player.startRank, player]));
  for (const player of tournament.players) {
    player.rounds.forEach((entry, index) => {
      if (!entry || entry.opponent === null) return;
      const round = index + 1;
      const other = byRank.get(entry.opponent);
      if (!other) return;
      const back = other.rounds[index] ?? null;
      const line = lineOf(player.startRank);
      const otherLine = lineOf(other.startRank);
      if (back?.opponent !== player.startRank) {
        // Reported once per pair of lines: from the player whose opponent does not answer.
        const says =
          back === null
            ? 'has no entry'
            : back.opponent === null
              ? 'has no opponent'
              : `names ${back.opponent}`;
        found.push({
          line,
          message: `round ${round}: player ${player.startRank} is recorded against ${other.startRank}, but player ${other.startRank} (line ${otherLine}) ${says} in that round`,
        });
        return;
      }
      if (player.startRank > other.startRank) return;
      const colours = `${entry.colour}${back.colour}`;
      const isForfeit = ['+', '-'].includes(entry.result) && ['+', '-'].includes(back.result);
      if (
        !(colours === 'wb' || colours === 'bw' || colours === '--' || (isForfeit && colours.includes('-')))
      ) {
        found.push({
          line,
          message: `round ${round}: players ${player.startRank} and ${other.startRank} (line ${otherLine}) record colours "${entry.colour}" and "${back.colour}"`,
        });
      }
      if (WINS.has(entry.result) && WINS.has(back.result)) {
        found.push({
          line,
          message: `round ${round}: players ${player.startRank} and ${other.startRank} (line ${otherLine}) are both recorded as winners`,
        });
      } else if (!AGREEING_RESULTS.has(`${entry.result}/${back.result}`)) {
        found.push({
          line,
          message: `round ${round}: players ${player.startRank} and ${other.startRank} (line ${otherLine}) record results "${entry.result}" and "${back.result}", which do not agree`,
        });
      }
    });
  }
  const points = pointSystem(tournament.lines);
  const isColumnFilled = tournament.players.some((player) => (player.halfPoints ?? 0) !== 0);
  if (points !== null && isColumnFilled) {
    let played = 0;
    for (const player of tournament.players) {
      player.rounds.forEach((entry, index) => {
        if (entry && (entry.opponent !== null || entry.result === 'U')) played = Math.max(played, index + 1);
      });
    }
    for (const player of tournament.players) {
      if (player.halfPoints === null) {
        // Filled in for others, blank for this one: the file does not say what this player scored.
        found.push({
          line: lineOf(player.startRank),
          message: `player ${player.startRank}: the points column (81–84) is blank while other players' are filled in`,
        });
        continue;
      }
      // The sums up to the last played round, and up to each later round (byes entered ahead for rounds
      // from the one being played on: the column counts those of the rounds already started).
      const column = player.halfPoints / 2;
      const matches = (sum: number) => Math.abs(sum - column) < 1e-9;
      let all = 0;
      let isAnyMatch = false;
      player.rounds.forEach((entry, index) => {
        if (index === played && matches(all)) isAnyMatch = true;
        all += entryPoints(entry, points);
        if (index >= played && matches(all)) isAnyMatch = true;
      });
      if (!isAnyMatch && !matches(all)) {
        found.push({
          line: lineOf(player.startRank),
          message: `player ${player.startRank}: the points column (81–84) says ${formatTrfPoints(player.halfPoints)} but the results add up to ${all}`,
        });
      }
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

const padLeft = (text: string, width: number): string => text.slice(0, width).padStart(width, ' ');
const padRight = (text: string, width: number): string => text.slice(0, width).padEnd(width, ' ');

/** "4.5" for 9 half-points. */
export function formatTrfPoints(halfPoints: number): string {
  return `${Math.floor(halfPoints / 2)}.${halfPoints % 2 === 1 ? '5' : '0'}`;
}

export function formatTrfPlayer(player: TrfPlayer): string {
  let line =
    '001 ' +
    padLeft(String(player.startRank), 4) +
    ' ' +
    padRight(player.sex, 1) +
    padLeft(player.title, 3) +
    ' ' +
    padRight(player.name, 33) +
    ' ' +
    padLeft(player.rating === null ? '' : String(player.rating), 4) +
    ' ' +
    padRight(player.federation, 3) +
    ' ' +
    padLeft(player.fideId, 11) +
    ' ' +
    padRight(player.birthDate, 10) +
    ' ' +
    padLeft(player.halfPoints === null ? '' : formatTrfPoints(player.halfPoints), 4) +
    ' ' +
    padLeft(player.rank === null ? '' : String(player.rank), 4);
  for (const entry of player.rounds) {
    if (!entry) {
      line += '          ';
      continue;
    }
    const opponent = entry.opponent === null ? '0000' : padLeft(String(entry.opponent), 4);
    line += `  ${opponent} ${entry.colour} ${entry.result}`;
  }
  return line.replace(/\s+$/, '');
}

/**
 * Writes a TRF16 text: the header lines in their original order (XXR/XXC updated from the fields), then
 * the players by start rank. Lines end with `eol` (default LF; pass '\r' for the spec's CR).
 */
export function writeTrf(tournament: TrfTournament, eol = '\n'): string {
  const out: string[] = [];
  let hasRounds = false;
  let hasColour = false;
  for (const line of tournament.lines) {
    if (line.code === 'XXR' || line.code === '142') {
      hasRounds = true;
      if (tournament.totalRounds !== null) out.push(`${line.code} ${tournament.totalRounds}`);
      continue;
    }
    if ((line.code === 'XXC' || line.code === '152') && tournament.initialColour !== null) {
      hasColour = true;
      const keepsRank = /\brank\b/i.test(line.value);
      const colour = tournament.initialColour === 'white' ? 'white1' : 'black1';
      out.push(`${line.code} ${keepsRank ? 'rank ' : ''}${colour}`);
      continue;
    }
    out.push(line.value === '' ? line.code : `${line.code} ${line.value}`);
  }
  if (!hasRounds && tournament.totalRounds !== null) out.push(`XXR ${tournament.totalRounds}`);
  if (!hasColour && tournament.initialColour !== null) {
    out.push(`XXC ${tournament.initialColour === 'white' ? 'white1' : 'black1'}`);
  }
  for (const player of [...tournament.players].sort((a, b) => a.startRank - b.startRank)) {
    out.push(formatTrfPlayer(player));
  }
  return out.join(eol) + eol;
}
