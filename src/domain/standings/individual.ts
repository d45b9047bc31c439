import {
  type ByeKind,
  halfPointsForBye,
  halfPointsForOutcome,
  type MatchResult,
  type Outcome,
  outcomeFor,
} from '../scoring/results';
import { computeTiebreakTable, rankByTiebreaks, type Tiebreak } from '../scoring/tiebreaks';

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
  /** Tie-break values (FIDE C.07, units as in scoring/tiebreaks.ts) when tie-breaks were asked for. */
  tiebreaks?: Partial<Record<Tiebreak, number>>;
}

export interface StandingsOptions {
  /** Tie-breaks applied in this order after points (C.07 Art. 4.1: an ordered list); rating comes last. */
  tiebreaks?: readonly Tiebreak[];
  /** Rounds completed, for the virtual-opponent formula; default: the last round with a result. */
  roundsPlayed?: number;
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
 * Scores are derived from the results every time (DESIGN §4.3), so a changed or cleared result can never be
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

/** Orders by points, then rating (SPEC §2 "top N by points, ties broken by rating"), then name. */
export function compareByPointsThenRating(
  a: { halfPoints: number; player: StandingsPlayer },
  b: { halfPoints: number; player: StandingsPlayer },
): number {
  return (
    b.halfPoints - a.halfPoints ||
    (b.player.rating ?? 0) - (a.player.rating ?? 0) ||
    a.player.name.localeCompare(b.player.name, 'en')
  );
}

/**
 * Individual standings of the players still in the tournament. Players level on points and rating share a
 * rank (1, 2, 2, 4). With `options.tiebreaks`, the tie-breaks order players level on points first (each row
 * then carries its values), rating after them; players level on all of them share a rank.
 */
export function computeIndividualStandings(input: StandingsInput, options?: StandingsOptions): StandingRow[] {
  if (options?.tiebreaks) return computeWithTiebreaks(input, options.tiebreaks, options.roundsPlayed);
  const scores = computeScores(input);
  const rows = input.players
    .filter((player) => player.active)
    .map((player) => ({ player, ...(scores.get(player.id) ?? emptyScore()), rank: 0 }));
  rows.sort(compareByPointsThenRating);
  rows.forEach((row, index) => {
    const previous = rows[index - 1];
    const tied =
      previous !== undefined &&
      previous.halfPoints === row.halfPoints &&
      (previous.player.rating ?? 0) === (row.player.rating ?? 0);
    row.rank = tied ? previous.rank : index + 1;
  });
  return rows;
}

function computeWithTiebreaks(
  input: StandingsInput,
  order: readonly Tiebreak[],
  roundsPlayed: number | undefined,
): StandingRow[] {
  const scores = computeScores(input);
  const table = computeTiebreakTable({
    playerIds: input.players.map((player) => player.id),
    games: input.games,
    byes: input.byes,
    roundsPlayed,
  });
  const active = input.players.filter((player) => player.active);
  const byId = new Map(active.map((player) => [player.id, player]));
  const ratingThenName = (a: string, b: string) => {
    const pa = byId.get(a)!;
    const pb = byId.get(b)!;
    return (pb.rating ?? 0) - (pa.rating ?? 0) || pa.name.localeCompare(pb.name, 'en');
  };
  const { tiedGroups, values } = rankByTiebreaks(
    table,
    active.map((player) => player.id),
    order,
    ratingThenName,
  );
  const rows: StandingRow[] = [];
  for (const group of tiedGroups) {
    group.forEach((id, index) => {
      const player = byId.get(id)!;
      const previous = rows[rows.length - 1];
      const isTied =
        index > 0 && previous !== undefined && (previous.player.rating ?? 0) === (player.rating ?? 0);
      rows.push({
        player,
        ...(scores.get(id) ?? emptyScore()),
        rank: isTied ? previous.rank : rows.length + 1,
        tiebreaks: values.get(id) ?? {},
      });
    });
  }
  return rows;
}
