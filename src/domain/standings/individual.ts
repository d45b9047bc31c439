import {
  type ByeKind,
  halfPointsForBye,
  halfPointsForOutcome,
  type MatchResult,
  type Outcome,
  outcomeFor,
} from '../scoring/results';
import { RATING_TIEBREAK_ORDER } from '../scoring/tiebreak-keys';
import {
  computeTiebreakTable,
  rankByTiebreaks,
  type TiebreakKey,
  type TiebreakValues,
} from '../scoring/tiebreaks';

export interface StandingsPlayer {
  id: string;
  name: string;
  rating: number | null;
  groupName: string | null;
  active: boolean;
}

export interface StandingsGame {
  roundNumber: number;
  whiteId: string;
  blackId: string;
  result: MatchResult | null;
}

export interface StandingsBye {
  roundNumber: number;
  playerId: string;
  kind: ByeKind;
}

export interface StandingsInput {
  players: readonly StandingsPlayer[];
  games: readonly StandingsGame[];
  byes: readonly StandingsBye[];
}

export interface PlayerScore {
  halfPoints: number;
  wins: number;
  draws: number;
  losses: number;
  /** Games with a result, forfeits included; byes are counted apart. */
  gamesFinished: number;
  byes: number;
}

export interface StandingRow extends PlayerScore {
  rank: number;
  player: StandingsPlayer;
  /** Every key's value (FIDE C.07, units as in scoring/tiebreak-keys.ts; null: none); DE when ordered by it. */
  tiebreaks: TiebreakValues;
}

export interface StandingsOptions {
  /** Keys applied in this order after points (C.07 Art. 4.1: an ordered list); default: rating only. */
  tiebreaks?: readonly TiebreakKey[];
  /** Rounds counted; default: the last round with a result or a bye. */
  roundsPlayed?: number;
  /** Round robin: forfeits count as games against the scheduled opponent (see scoring/tiebreaks.ts). */
  predetermined?: boolean;
}

const emptyScore = (): PlayerScore => ({
  halfPoints: 0,
  wins: 0,
  draws: 0,
  losses: 0,
  gamesFinished: 0,
  byes: 0,
});

/**
 * Scores are derived from the results every time (docs/conventions.md §4.3), so a changed or cleared result can never be
 * counted twice: there is no running total to reverse. Unfinished games count for nothing.
 */
export function computeScores(input: StandingsInput): Map<string, PlayerScore> {
  const scores = new Map<string, PlayerScore>();
  for (const player of input.players) scores.set(player.id, emptyScore());
  const add = (playerId: string, outcome: Outcome) => {
    const score = scores.get(playerId);
    if (!score) return;
    score.halfPoints += halfPointsForOutcome(outcome);
    score.gamesFinished += 1;
    if (outcome === 'win') score.wins += 1;
    else if (outcome === 'draw') score.draws += 1;
    else score.losses += 1;
  };
  for (const game of input.games) {
    if (game.result === null) continue;
    add(game.whiteId, outcomeFor(game.result, 'white'));
    add(game.blackId, outcomeFor(game.result, 'black'));
  }
  for (const bye of input.byes) {
    const score = scores.get(bye.playerId);
    if (!score) continue;
    score.halfPoints += halfPointsForBye(bye.kind);
    score.byes += 1;
  }
  return scores;
}

/**
 * Whether a player is in the standings: every active player, and a withdrawn (inactive) one who took part, that
 * is who was paired in some round or scored a bye. A withdrawn pupil keeps the points already won and stays in
 * the standings, shown as withdrawn (`player.active` false); one taken off before playing is not listed.
 */
function inStandings(input: StandingsInput): StandingsPlayer[] {
  const tookPart = new Set<string>();
  for (const game of input.games) tookPart.add(game.whiteId).add(game.blackId);
  for (const bye of input.byes) if (halfPointsForBye(bye.kind) > 0) tookPart.add(bye.playerId);
  return input.players.filter((player) => player.active || tookPart.has(player.id));
}

/**
 * The standings in a tournament's tie-break order: points, then each key of `order` within the groups still
 * level (FIDE C.07; keys in scoring/tiebreak-keys.ts). Players level on points and every key share a rank
 * (1, 2, 2, 4) and are listed by name. A withdrawn player who took part is ranked with the others by the points
 * won (inStandings); one who never played is left out, and every game counts for the opponents' tie-breaks.
 */
export function computeStandings(
  input: StandingsInput,
  order: readonly TiebreakKey[],
  options?: Omit<StandingsOptions, 'tiebreaks'>,
): StandingRow[] {
  const scores = computeScores(input);
  const table = computeTiebreakTable({
    playerIds: input.players.map((player) => player.id),
    games: input.games,
    byes: input.byes,
    ratings: new Map(input.players.map((player) => [player.id, player.rating])),
    roundsPlayed: options?.roundsPlayed,
    predetermined: options?.predetermined,
  });
  const listed = inStandings(input);
  const byId = new Map(listed.map((player) => [player.id, player]));
  const byName = (a: string, b: string) => byId.get(a)!.name.localeCompare(byId.get(b)!.name, 'en');
  const { tiedGroups, values } = rankByTiebreaks(
    table,
    listed.map((player) => player.id),
    order,
    byName,
  );
  // Every per-player key is there (team standings and columns may use keys outside the order); DE only
  // when the order applies it, as its value depends on the group still level.
  const everyValue = (id: string): TiebreakValues =>
    Object.fromEntries([...table.values].map(([key, byPlayer]) => [key, byPlayer.get(id) ?? null]));
  const rows: StandingRow[] = [];
  for (const group of tiedGroups) {
    const rank = rows.length + 1;
    for (const id of group) {
      rows.push({
        player: byId.get(id)!,
        ...(scores.get(id) ?? emptyScore()),
        rank,
        tiebreaks: { ...everyValue(id), ...values.get(id) },
      });
    }
  }
  return rows;
}

/**
 * Individual standings: `options.tiebreaks` is the order (computeStandings); without it, points then rating
 * (the Leading Players rule), players level on both sharing a rank.
 */
export function computeIndividualStandings(input: StandingsInput, options?: StandingsOptions): StandingRow[] {
  return computeStandings(input, options?.tiebreaks ?? RATING_TIEBREAK_ORDER, options);
}
