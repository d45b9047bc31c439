/**
 * Tie-breaks per FIDE C.07 (Tie-Break Regulations), computed from the results (never stored), in integer
 * units: Buchholz values in half-points, Sonneborn-Berger in quarter-points (half-points × half-points),
 * wins as a count, direct encounter in half-points.
 *
 * Unplayed rounds (byes, forfeits, absences) use the FIDE virtual opponent (C.07 2009–2023 Art. 2 / C.02
 * 13.15.2): "a player who has no opponent will be considered as having played against a virtual opponent
 * who has the same number of points at the beginning of the round and who draws in all the following
 * rounds. For the round itself the result by forfeit will be considered as a normal result":
 *   Svon = SPR + (1 − SfPR) + 0.5 · (n − R)          (in half-points: SPR + (2 − SfPR) + (n − R))
 * and "all unplayed games in which players are indirectly involved (results by forfeit of opponents) are
 * considered to have been drawn": an opponent's score counts each of his unplayed rounds as a draw.
 */
import {
  type ByeKind,
  DRAW_HALF_POINTS,
  halfPointsFor,
  halfPointsForBye,
  isPlayed,
  type MatchResult,
  WIN_HALF_POINTS,
} from './results';

export const TIEBREAKS = [
  'buchholz_cut1',
  'buchholz',
  'sonneborn_berger',
  'wins',
  'direct_encounter',
] as const;
export type Tiebreak = (typeof TIEBREAKS)[number];

/** A common FIDE order for Swiss events (C.07 Art. 13 recommendations, simplified). */
export const DEFAULT_TIEBREAK_ORDER: readonly Tiebreak[] = [
  'buchholz_cut1',
  'buchholz',
  'sonneborn_berger',
  'wins',
  'direct_encounter',
];

export interface TiebreakGame {
  roundNumber: number;
  whiteId: string;
  blackId: string;
  result: MatchResult | null;
}

export interface TiebreakBye {
  roundNumber: number;
  playerId: string;
  kind: ByeKind;
}

export interface TiebreakInput {
  playerIds: readonly string[];
  games: readonly TiebreakGame[];
  byes: readonly TiebreakBye[];
  /** Rounds completed (n in the formula); default: the highest round with a result or a bye. */
  roundsPlayed?: number;
}

interface RoundEntry {
  /** Opponent over the board, or null when the round was not played by this player. */
  opponentId: string | null;
  halfPoints: number;
}

export interface TiebreakTable {
  roundsPlayed: number;
  /** Final half-points, as scored. */
  points: Map<string, number>;
  /** Values per tie-break per player (direct encounter needs the tie group: see directEncounter). */
  values: Map<Tiebreak, Map<string, number>>;
  /** Half-points each player scored against each opponent over the board. */
  headToHead: Map<string, Map<string, number>>;
}

function roundEntries(input: TiebreakInput, roundsPlayed: number): Map<string, RoundEntry[]> {
  const entries = new Map<string, RoundEntry[]>();
  for (const id of input.playerIds) {
    entries.set(
      id,
      Array.from({ length: roundsPlayed }, () => ({ opponentId: null, halfPoints: 0 })),
    );
  }
  for (const game of input.games) {
    if (game.result === null || game.roundNumber < 1 || game.roundNumber > roundsPlayed) continue;
    const isGamePlayed = isPlayed(game.result);
    const white = entries.get(game.whiteId)?.[game.roundNumber - 1];
    const black = entries.get(game.blackId)?.[game.roundNumber - 1];
    if (white) {
      white.opponentId = isGamePlayed ? game.blackId : null;
      white.halfPoints = halfPointsFor(game.result, 'white');
    }
    if (black) {
      black.opponentId = isGamePlayed ? game.whiteId : null;
      black.halfPoints = halfPointsFor(game.result, 'black');
    }
  }
  for (const bye of input.byes) {
    const entry = entries.get(bye.playerId)?.[bye.roundNumber - 1];
    if (entry && bye.roundNumber <= roundsPlayed) {
      entry.opponentId = null;
      entry.halfPoints = halfPointsForBye(bye.kind);
    }
  }
  return entries;
}

export function computeTiebreakTable(input: TiebreakInput): TiebreakTable {
  let roundsPlayed = input.roundsPlayed ?? 0;
  if (input.roundsPlayed === undefined) {
    for (const game of input.games)
      if (game.result !== null) roundsPlayed = Math.max(roundsPlayed, game.roundNumber);
    for (const bye of input.byes) roundsPlayed = Math.max(roundsPlayed, bye.roundNumber);
  }
  const entries = roundEntries(input, roundsPlayed);
  const points = new Map<string, number>();
  const adjusted = new Map<string, number>();
  const headToHead = new Map<string, Map<string, number>>();
  for (const [id, rounds] of entries) {
    points.set(
      id,
      rounds.reduce((sum, entry) => sum + entry.halfPoints, 0),
    );
    // Unplayed rounds of an opponent count as draws (C.07, "indirectly involved").
    adjusted.set(
      id,
      rounds.reduce(
        (sum, entry) => sum + (entry.opponentId === null ? DRAW_HALF_POINTS : entry.halfPoints),
        0,
      ),
    );
    const scored = new Map<string, number>();
    for (const entry of rounds) {
      if (entry.opponentId !== null) {
        scored.set(entry.opponentId, (scored.get(entry.opponentId) ?? 0) + entry.halfPoints);
      }
    }
    headToHead.set(id, scored);
  }
  const buchholz = new Map<string, number>();
  const cut1 = new Map<string, number>();
  const sonneborn = new Map<string, number>();
  const wins = new Map<string, number>();
  for (const [id, rounds] of entries) {
    let before = 0;
    const opponentValues: number[] = [];
    let sb = 0;
    let winCount = 0;
    rounds.forEach((entry, index) => {
      const round = index + 1;
      const value =
        entry.opponentId === null
          ? before + (WIN_HALF_POINTS - entry.halfPoints) + (roundsPlayed - round) * DRAW_HALF_POINTS
          : (adjusted.get(entry.opponentId) ?? 0);
      opponentValues.push(value);
      sb += value * entry.halfPoints;
      // C.07 (2023) Art. 7.1 WIN: rounds with a win's points, with or without playing.
      if (entry.halfPoints === WIN_HALF_POINTS) winCount += 1;
      before += entry.halfPoints;
    });
    const total = opponentValues.reduce((sum, value) => sum + value, 0);
    buchholz.set(id, total);
    // Buchholz Cut-1: the least significant value is removed (C.07 Art. 8/14.1 "Cut-1").
    cut1.set(id, opponentValues.length === 0 ? 0 : total - Math.min(...opponentValues));
    sonneborn.set(id, sb);
    wins.set(id, winCount);
  }
  const values = new Map<Tiebreak, Map<string, number>>([
    ['buchholz', buchholz],
    ['buchholz_cut1', cut1],
    ['sonneborn_berger', sonneborn],
    ['wins', wins],
  ]);
  return { roundsPlayed, points, values, headToHead };
}

/**
 * Direct encounter (C.07 2023 Art. 6.1): among players still tied, the points scored in the games between
 * them, applied when every tied player has met every other; otherwise it separates nobody (all 0).
 */
export function directEncounter(table: TiebreakTable, tied: readonly string[]): Map<string, number> {
  const result = new Map<string, number>(tied.map((id) => [id, 0]));
  if (tied.length < 2) return result;
  for (const a of tied) {
    for (const b of tied) {
      if (a !== b && !table.headToHead.get(a)?.has(b)) return result;
    }
  }
  for (const a of tied) {
    let sum = 0;
    for (const b of tied) if (a !== b) sum += table.headToHead.get(a)?.get(b) ?? 0;
    result.set(a, sum);
  }
  return result;
}

/**
 * Orders players by points, then the tie-breaks in the given order (each applied within groups still tied),
 * then `fallback`. Returns the groups of players still tied after every tie-break, best first.
 */
export function rankByTiebreaks(
  table: TiebreakTable,
  playerIds: readonly string[],
  order: readonly Tiebreak[],
  fallback: (a: string, b: string) => number,
): { tiedGroups: string[][]; values: Map<string, Partial<Record<Tiebreak, number>>> } {
  const values = new Map<string, Partial<Record<Tiebreak, number>>>(playerIds.map((id) => [id, {}]));
  let groups: string[][] = [];
  const byPoints = [...playerIds].sort((a, b) => (table.points.get(b) ?? 0) - (table.points.get(a) ?? 0));
  for (const id of byPoints) {
    const last = groups[groups.length - 1];
    if (last && table.points.get(last[0]!) === table.points.get(id)) last.push(id);
    else groups.push([id]);
  }
  for (const tiebreak of order) {
    const next: string[][] = [];
    for (const group of groups) {
      const groupValues =
        tiebreak === 'direct_encounter'
          ? directEncounter(table, group)
          : (table.values.get(tiebreak) ?? new Map());
      for (const id of group) values.get(id)![tiebreak] = groupValues.get(id) ?? 0;
      if (group.length === 1) {
        next.push(group);
        continue;
      }
      const sorted = [...group].sort((a, b) => (groupValues.get(b) ?? 0) - (groupValues.get(a) ?? 0));
      let current: string[] = [];
      for (const id of sorted) {
        if (current.length > 0 && groupValues.get(current[0]!) !== groupValues.get(id)) {
          next.push(current);
          current = [];
        }
        current.push(id);
      }
      next.push(current);
    }
    groups = next;
  }
  return { tiedGroups: groups.map((group) => [...group].sort(fallback)), values };
}

/** Display: Buchholz "12½", Sonneborn-Berger "9¼", wins "3". */
export function formatTiebreak(tiebreak: Tiebreak, value: number): string {
  const quarters = tiebreak === 'sonneborn_berger' ? value : tiebreak === 'wins' ? value * 4 : value * 2;
  const whole = Math.floor(quarters / 4);
  const fraction = ['', '¼', '½', '¾'][quarters % 4] ?? '';
  if (whole === 0 && fraction !== '') return fraction;
  return `${whole}${fraction}`;
}
