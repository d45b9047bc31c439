/**
 * Tie-breaks per FIDE C.07 (Tie-Break Regulations as revised in 2023; the 2009 "virtual opponent" is gone),
 * computed from the results every time, in integer units: Buchholz and direct encounter in half-points,
 * Sonneborn-Berger in quarter-points (half-points × half-points), counts as counts, ratings as ratings.
 *
 * API (pure; keys, labels and the default order live in tiebreak-keys.ts):
 *   computeTiebreakTable(input)            every player's values for every key except DE (needs the tie group)
 *   directEncounterSplit(table, tied)      C.07 Art. 6 on one group of tied players → ordered sub-groups
 *   rankByTiebreaks(table, ids, order, …)  points, then the order → groups of players still level, best first
 *   formatTiebreak(key, value)             "12½", "9¼", "3", "1888", "–"
 * Standings for a tournament: computeStandings(input, order) in ../standings/individual.ts.
 *
 * Unplayed rounds (C.07 Art. 16), as the FIDE Technical Commission's worked exercises apply them
 * (see fixtures/README.md):
 *  - Art. 16.2: a round is played (a game over the board), or unplayed: a forfeit win or loss, a
 *    pairing-allocated bye, a full-, half- or zero-point bye, or absence (no pairing, no bye). The unplayed
 *    rounds that do not score a win (half- and zero-point byes, absences, forfeit losses) are "voluntary
 *    unplayed rounds" (VUR).
 *  - Art. 16.3 (the opponents' unplayed rounds): an opponent's score counts as scored, except the VURs after
 *    the last round in which the opponent was still in the event (played or is playing, won by forfeit or got
 *    a full-point or pairing-allocated bye) and was not paired: those count as draws (a withdrawal costs the opponents of
 *    the withdrawn player nothing).
 *  - Art. 16.4 (the participant's own unplayed rounds): each counts, for BH and SB, as a game against a
 *    "dummy opponent" whose score is the participant's own final score, with the result the participant got.
 *  - Art. 14.1–14.3 with 14.6: low cuts (Cut-1, Cut-2, the low half of Median) remove the participant's VURs
 *    first (the least valuable first), then the lowest values; the high cut of Median removes the highest.
 *  - Rating-based tie-breaks (Art. 10) use only opponents met over the board.
 * With predetermined pairings (round robin, `predetermined: true`), a forfeit counts as a game against its
 * scheduled opponent and a round without opponent counts for nothing (the exercises' round-robin rule).
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
import { TIEBREAK_INFO, TIEBREAK_KEYS, type TiebreakKey } from './tiebreak-keys';

export {
  DEFAULT_TIEBREAK_ORDER,
  FIDE_TIEBREAK_ORDER,
  RATING_TIEBREAK_ORDER,
  TIEBREAK_INFO,
  TIEBREAK_KEYS,
  type Tiebreak,
  type TiebreakKey,
  tiebreakOrderText,
} from './tiebreak-keys';

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
  /** Ratings for ARO and the rating key; a missing or null rating is unrated (left out of ARO). */
  ratings?: ReadonlyMap<string, number | null>;
  /** Rounds counted (n); default: the highest round with a result or a bye. */
  roundsPlayed?: number;
  /** Round robin (pairings fixed in advance): forfeits count as games against the scheduled opponent. */
  predetermined?: boolean;
}

/** What one round was for one player (C.07 Art. 16.2). */
export type RoundKind =
  | 'played'
  | 'forfeit_win'
  | 'forfeit_loss'
  | 'pairing_bye'
  | 'full_bye'
  | 'half_bye'
  | 'zero_bye'
  | 'absent'
  /** Paired, no result yet: left out of every tie-break until it has one. */
  | 'pending';

export interface RoundEntry {
  round: number;
  kind: RoundKind;
  /** The opponent over the board, or the scheduled opponent of a forfeit; null for byes and absences. */
  opponentId: string | null;
  colour: 'white' | 'black' | null;
  halfPoints: number;
}

/** Voluntary unplayed rounds (C.07 Art. 16.2): unplayed and not scored as a win. */
export function isVoluntarilyUnplayed(kind: RoundKind): boolean {
  return kind === 'half_bye' || kind === 'zero_bye' || kind === 'absent' || kind === 'forfeit_loss';
}

/** Keys with one value per player (direct encounter depends on the tie group: see directEncounterSplit). */
export type PlayerTiebreakKey = Exclude<TiebreakKey, 'direct_encounter'>;

export interface TiebreakTable {
  roundsPlayed: number;
  predetermined: boolean;
  /** Final half-points, as scored. */
  points: Map<string, number>;
  /** Each player's rounds 1..n. */
  rounds: Map<string, RoundEntry[]>;
  /** Values per key per player; null means "no value" (e.g. ARO without a rated game), ranked lowest. */
  values: Map<PlayerTiebreakKey, Map<string, number | null>>;
}

const BYE_KIND: Record<ByeKind, RoundKind> = {
  pairing: 'pairing_bye',
  full: 'full_bye',
  half: 'half_bye',
  zero: 'zero_bye',
};

function kindOfGame(result: MatchResult, side: 'white' | 'black'): RoundKind {
  if (isPlayed(result)) return 'played';
  return halfPointsFor(result, side) === WIN_HALF_POINTS ? 'forfeit_win' : 'forfeit_loss';
}

function roundsOf(input: TiebreakInput, roundsPlayed: number): Map<string, RoundEntry[]> {
  const rounds = new Map<string, RoundEntry[]>();
  for (const id of input.playerIds) {
    rounds.set(
      id,
      Array.from({ length: roundsPlayed }, (_, index) => ({
        round: index + 1,
        kind: 'absent' as RoundKind,
        opponentId: null,
        colour: null,
        halfPoints: 0,
      })),
    );
  }
  for (const game of input.games) {
    if (game.roundNumber < 1 || game.roundNumber > roundsPlayed) continue;
    for (const side of ['white', 'black'] as const) {
      const entry = rounds.get(side === 'white' ? game.whiteId : game.blackId)?.[game.roundNumber - 1];
      if (!entry) continue;
      entry.opponentId = side === 'white' ? game.blackId : game.whiteId;
      entry.colour = side;
      entry.kind = game.result === null ? 'pending' : kindOfGame(game.result, side);
      entry.halfPoints = game.result === null ? 0 : halfPointsFor(game.result, side);
    }
  }
  for (const bye of input.byes) {
    const entry = rounds.get(bye.playerId)?.[bye.roundNumber - 1];
    if (!entry || bye.roundNumber > roundsPlayed) continue;
    entry.kind = BYE_KIND[bye.kind];
    entry.opponentId = null;
    entry.colour = null;
    entry.halfPoints = halfPointsForBye(bye.kind);
  }
  return rounds;
}

/** True when the round is a game against `opponentId` for tie-break purposes. */
function isGameFor(entry: RoundEntry, predetermined: boolean): boolean {
  if (entry.opponentId === null) return false;
  if (entry.kind === 'played') return true;
  return predetermined && (entry.kind === 'forfeit_win' || entry.kind === 'forfeit_loss');
}

/**
 * A participant's score as its opponents count it (C.07 Art. 16.3): as scored, except the unpaired VURs after
 * the last round the participant was still in the event, which count as draws. Round robin: as scored.
 */
function adjustedScore(rounds: readonly RoundEntry[], predetermined: boolean): number {
  if (predetermined) return rounds.reduce((sum, entry) => sum + entry.halfPoints, 0);
  // A game in progress (paired, no result yet) is being played: the participant is still in the event.
  let lastAvailable = 0;
  for (const entry of rounds) {
    if (!isVoluntarilyUnplayed(entry.kind)) lastAvailable = entry.round;
  }
  return rounds.reduce(
    (sum, entry) =>
      sum + (entry.round <= lastAvailable || entry.opponentId !== null ? entry.halfPoints : DRAW_HALF_POINTS),
    0,
  );
}

interface OpponentValue {
  /** The opponent's (adjusted) score, or the dummy opponent's: the participant's own score (Art. 16.4). */
  score: number;
  /** Half-points the participant scored in that round. */
  halfPoints: number;
  vur: boolean;
}

/**
 * Cuts (C.07 Art. 14): `low` least significant values removed, the participant's VURs first (Art. 14.6), the
 * least valuable of them first; then `high` highest values. Returns the values kept.
 */
export function cutValues(values: readonly OpponentValue[], low: number, high: number): OpponentValue[] {
  const kept = [...values];
  for (let cut = 0; cut < low && kept.length > 0; cut += 1) {
    let index = 0;
    kept.forEach((value, i) => {
      const best = kept[index]!;
      const before =
        value.vur !== best.vur
          ? value.vur
          : value.score < best.score || (value.score === best.score && i < index);
      if (before) index = i;
    });
    kept.splice(index, 1);
  }
  for (let cut = 0; cut < high && kept.length > 0; cut += 1) {
    let index = 0;
    kept.forEach((value, i) => {
      if (value.score > kept[index]!.score) index = i;
    });
    kept.splice(index, 1);
  }
  return kept;
}

const sumScores = (values: readonly OpponentValue[]) => values.reduce((sum, value) => sum + value.score, 0);

/** Rounded to the nearest whole number, .5 up (C.07 Art. 10.1). */
function averageRounded(total: number, count: number): number {
  return Math.floor((2 * total + count) / (2 * count));
}

export function computeTiebreakTable(input: TiebreakInput): TiebreakTable {
  let roundsPlayed = input.roundsPlayed ?? 0;
  if (input.roundsPlayed === undefined) {
    for (const game of input.games)
      if (game.result !== null) roundsPlayed = Math.max(roundsPlayed, game.roundNumber);
    for (const bye of input.byes) roundsPlayed = Math.max(roundsPlayed, bye.roundNumber);
  }
  const predetermined = input.predetermined ?? false;
  const rounds = roundsOf(input, roundsPlayed);
  const points = new Map<string, number>();
  const adjusted = new Map<string, number>();
  for (const [id, entries] of rounds) {
    points.set(
      id,
      entries.reduce((sum, entry) => sum + entry.halfPoints, 0),
    );
    adjusted.set(id, adjustedScore(entries, predetermined));
  }
  const rating = (id: string | null) => (id === null ? null : (input.ratings?.get(id) ?? null));
  // Every key of tiebreak-keys.ts with a per-player value: a key added there has a (null) value here at once.
  const keys = TIEBREAK_KEYS.filter((key): key is PlayerTiebreakKey => key !== 'direct_encounter');
  const values = new Map<PlayerTiebreakKey, Map<string, number | null>>(keys.map((key) => [key, new Map()]));
  const set = (key: PlayerTiebreakKey, id: string, value: number | null) => values.get(key)!.set(id, value);

  for (const [id, entries] of rounds) {
    const own = points.get(id) ?? 0;
    const opponentValues: OpponentValue[] = [];
    for (const entry of entries) {
      if (entry.kind === 'pending') continue;
      if (isGameFor(entry, predetermined)) {
        opponentValues.push({
          score: adjusted.get(entry.opponentId!) ?? 0,
          halfPoints: entry.halfPoints,
          vur: false,
        });
      } else if (!predetermined) {
        // Art. 16.4: the dummy opponent has the participant's own final score.
        opponentValues.push({
          score: own,
          halfPoints: entry.halfPoints,
          vur: isVoluntarilyUnplayed(entry.kind),
        });
      }
    }
    set('buchholz', id, sumScores(opponentValues));
    set('buchholz_cut1', id, sumScores(cutValues(opponentValues, 1, 0)));
    set('buchholz_cut2', id, sumScores(cutValues(opponentValues, 2, 0)));
    set('buchholz_median1', id, sumScores(cutValues(opponentValues, 1, 1)));
    // Art. 9.1: each opponent's score times the points scored against that opponent.
    set(
      'sonneborn_berger',
      id,
      opponentValues.reduce((sum, value) => sum + value.score * value.halfPoints, 0),
    );
    const overBoard = entries.filter((entry) => entry.kind === 'played');
    // Art. 7.1: rounds with a win's points, with or without playing; 7.2: games won over the board.
    set(
      'wins',
      id,
      entries.filter((entry) => entry.kind !== 'pending' && entry.halfPoints === WIN_HALF_POINTS).length,
    );
    set('won', id, overBoard.filter((entry) => entry.halfPoints === WIN_HALF_POINTS).length);
    // Art. 7.3 / 7.4: games played (won) with black; forfeits are not games played.
    set('black_games', id, overBoard.filter((entry) => entry.colour === 'black').length);
    set(
      'black_wins',
      id,
      overBoard.filter((entry) => entry.colour === 'black' && entry.halfPoints === WIN_HALF_POINTS).length,
    );
    // Art. 10.1: opponents met over the board; unrated opponents have no rating to average.
    const ratings = overBoard
      .map((entry) => rating(entry.opponentId))
      .filter((value): value is number => value !== null)
      .sort((a, b) => a - b);
    const total = ratings.reduce((sum, value) => sum + value, 0);
    set('aro', id, ratings.length === 0 ? null : averageRounded(total, ratings.length));
    set('aro_cut1', id, ratings.length < 2 ? null : averageRounded(total - ratings[0]!, ratings.length - 1));
    // Art. 10.6: the participant's own rating.
    set('rating', id, rating(id));
  }
  return { roundsPlayed, predetermined, points, rounds, values };
}

/** Half-points each of `tied` scored against the others of `tied` in the games that count. */
function encounters(table: TiebreakTable, tied: readonly string[]) {
  const group = new Set(tied);
  return new Map(
    tied.map((id) => {
      const met = new Set<string>();
      let scored = 0;
      for (const entry of table.rounds.get(id) ?? []) {
        if (
          entry.opponentId !== null &&
          group.has(entry.opponentId) &&
          isGameFor(entry, table.predetermined)
        ) {
          met.add(entry.opponentId);
          scored += entry.halfPoints;
        }
      }
      // What the player could still reach if every unmet player of the group had been beaten.
      return [
        id,
        {
          scored,
          max: scored + (tied.length - 1 - met.size) * WIN_HALF_POINTS,
          metAll: met.size === tied.length - 1,
        },
      ];
    }),
  );
}

/**
 * Direct encounter (C.07 Art. 6) on one group of players level so far. When every one of them has met every
 * other, they are ordered by the points scored in those games (players with equal points stay together).
 * When not (the partial case), the best placed player is separated only if his points are more than any other
 * could have reached by winning the games not played; then the next, and so on; the rest stay together.
 * Groups still level are split again by the same rule until nothing changes. Returns the sub-groups, best
 * first, and each player's points in the games between the group (the value shown).
 */
export function directEncounterSplit(
  table: TiebreakTable,
  tied: readonly string[],
): { groups: string[][]; values: Map<string, number> } {
  const values = new Map<string, number>();
  const split = (group: readonly string[]): string[][] => {
    if (group.length < 2) return [group.slice()];
    const stats = encounters(table, group);
    for (const id of group) if (!values.has(id)) values.set(id, stats.get(id)!.scored);
    const sorted = [...group].sort(
      (a, b) => stats.get(b)!.scored - stats.get(a)!.scored || stats.get(b)!.max - stats.get(a)!.max,
    );
    let result: string[][];
    if (group.every((id) => stats.get(id)!.metAll)) {
      result = [];
      for (const id of sorted) {
        const last = result[result.length - 1];
        if (last && stats.get(last[0]!)!.scored === stats.get(id)!.scored) last.push(id);
        else result.push([id]);
      }
    } else {
      result = [];
      let index = 0;
      while (index < sorted.length - 1) {
        const rest = sorted.slice(index + 1);
        const bestOfRest = Math.max(...rest.map((id) => stats.get(id)!.max));
        if (stats.get(sorted[index]!)!.scored > bestOfRest) {
          result.push([sorted[index]!]);
          index += 1;
        } else break;
      }
      result.push(sorted.slice(index));
    }
    if (result.length === 1) return result;
    return result.flatMap((sub) => split(sub));
  };
  return { groups: split(tied), values };
}

export type TiebreakValues = Partial<Record<TiebreakKey, number | null>>;

/**
 * Orders players by points, then the keys in `order` (each applied within the groups still level), and returns
 * the groups still level after every key, best first (each sorted by `display` for a stable listing), with each
 * player's value for every key of the order.
 */
export function rankByTiebreaks(
  table: TiebreakTable,
  playerIds: readonly string[],
  order: readonly TiebreakKey[],
  display: (a: string, b: string) => number,
): { tiedGroups: string[][]; values: Map<string, TiebreakValues> } {
  const values = new Map<string, TiebreakValues>(playerIds.map((id) => [id, {}]));
  let groups: string[][] = [];
  const byPoints = [...playerIds].sort((a, b) => (table.points.get(b) ?? 0) - (table.points.get(a) ?? 0));
  for (const id of byPoints) {
    const last = groups[groups.length - 1];
    if (last && table.points.get(last[0]!) === table.points.get(id)) last.push(id);
    else groups.push([id]);
  }
  for (const key of order) {
    const next: string[][] = [];
    for (const group of groups) {
      if (key === 'direct_encounter') {
        const { groups: split, values: scored } = directEncounterSplit(table, group);
        // A player alone on his score has nobody to meet: no value.
        for (const id of group) values.get(id)![key] = group.length > 1 ? (scored.get(id) ?? 0) : null;
        next.push(...split);
        continue;
      }
      const keyValues = table.values.get(key)!;
      for (const id of group) values.get(id)![key] = keyValues.get(id) ?? null;
      const rankValue = (id: string) => keyValues.get(id) ?? Number.NEGATIVE_INFINITY;
      const sorted = [...group].sort((a, b) => rankValue(b) - rankValue(a));
      let current: string[] = [];
      for (const id of sorted) {
        if (current.length > 0 && rankValue(current[0]!) !== rankValue(id)) {
          next.push(current);
          current = [];
        }
        current.push(id);
      }
      next.push(current);
    }
    groups = next;
  }
  return { tiedGroups: groups.map((group) => [...group].sort(display)), values };
}

/** Display: Buchholz "12½", Sonneborn-Berger "9¼", counts "3", ratings "1888", no value "–". */
export function formatTiebreak(key: TiebreakKey, value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  const unit = TIEBREAK_INFO[key].unit;
  if (unit === 'count' || unit === 'rating') return String(value);
  const quarters = unit === 'quarter_points' ? value : value * 2;
  const whole = Math.floor(quarters / 4);
  const fraction = ['', '¼', '½', '¾'][quarters % 4] ?? '';
  if (whole === 0 && fraction !== '') return fraction;
  return `${whole}${fraction}`;
}
