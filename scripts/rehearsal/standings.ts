/**
 * The final standings twice, for the rehearsal's comparison (issue 34, checks.ts "the standings from the exported
 * TRF equal the leaderboard"): once recomputed from the exported FIDE TRF text alone, with the project's own TRF
 * reader (src/domain/trf/trf.ts) and its own ranking and tie-break code (computeStandings in
 * src/domain/standings/individual.ts, FIDE C.07 in src/domain/scoring/tiebreaks.ts), and once as the public
 * leaderboard's JSON shows them (GET /api/public/leaderboard, src/contracts/leaderboard.ts). Both come out in the
 * same shape (StandingRow): points in whole points (1.5), tie-breaks in points where the key counts points.
 *
 * What the TRF does not carry, and how it is filled in:
 *  - the tie-break order: the export has no record for it, so the caller passes it (the order the rehearsal
 *    created the tournament with; the leaderboard's `tiebreakOrder` would only repeat what the site stored),
 *    or leaves it to the default a new tournament gets;
 *  - who is in the standings: a withdrawn pupil who played stays in (as on the leaderboard), one withdrawn before
 *    playing is left out. The file has no "withdrawn" flag; the exporter leaves the rank column blank for a pupil
 *    the standings leave out, so a player with a rank in the file, or who took part, is listed (the rank's value
 *    is recomputed, never read);
 *  - the names: the exporter writes the full name cut to the 33 columns of the name field (15–47), the
 *    leaderboard shows the public name (ADR 036: the full name with its spaces collapsed, or a shortened form).
 *    Both sides' names go through `comparableName` (spaces collapsed, cut to 33 characters), so they meet for a
 *    tournament showing full names; for a stricter display pass `displayName` (e.g. formatPublicName).
 */
import { type LeaderboardResponse, leaderboardResponseSchema } from '../../src/contracts/leaderboard';
import {
  DEFAULT_TIEBREAK_ORDER,
  TIEBREAK_INFO,
  type TiebreakKey,
} from '../../src/domain/scoring/tiebreak-keys';
import { computeStandings, type StandingsInput } from '../../src/domain/standings/individual';
import { parseTrf } from '../../src/domain/trf/trf';
import { countPlayedRounds, trfHistory } from '../../src/domain/trf/trf-pairing';
import type { StandingRow } from './context';

/** Columns 15–47 of a TRF player record: the longest name the file can hold. */
export const TRF_NAME_WIDTH = 33;

/**
 * A tie-break with no value (ARO without a rated opponent, DE for a player alone on his score, the rating of an
 * unrated pupil) in StandingRow.tiebreaks, which holds numbers: NaN. checks.ts takes two NaNs as equal.
 */
export const NO_TIEBREAK_VALUE = Number.NaN;

/** The name both sides are compared by: spaces collapsed, cut to what the TRF's name field holds. */
export function comparableName(name: string): string {
  return name.trim().split(/\s+/).join(' ').slice(0, TRF_NAME_WIDTH).trimEnd();
}

/** A key's stored integer (half-points, quarter-points, a count, a rating) in the units a person reads. */
function tiebreakInPoints(key: TiebreakKey, value: number | null | undefined): number {
  if (value === null || value === undefined) return NO_TIEBREAK_VALUE;
  const unit = TIEBREAK_INFO[key].unit;
  if (unit === 'half_points') return value / 2;
  if (unit === 'quarter_points') return value / 4;
  return value;
}

export interface TrfStandingsOptions {
  /**
   * The tournament's tie-break order after points (src/domain/scoring/tiebreak-keys.ts); default: the order a new
   * tournament gets when none is chosen (DEFAULT_TIEBREAK_ORDER, rating). A wrong order shows up in the comparison:
   * the tie-break values (and their number, or the ranks) then differ from the leaderboard's.
   */
  tiebreakOrder?: readonly TiebreakKey[];
  /** The name the leaderboard would show for a name of the file; default: the name itself. */
  displayName?: (trfName: string) => string;
}

/**
 * The final standings from a TRF text alone: its games and byes up to the last round with a game or a
 * pairing-allocated bye (countPlayedRounds; byes written ahead for later rounds are plans and count for nothing,
 * as on the site), ranked by points and then `tiebreakOrder` with the domain's computeStandings. Points are
 * summed from the results, not read from the points column (the strict reader already refuses a file whose
 * column disagrees with its results). A game without a result is not in the file: run this once every game of
 * the last round has its result. Throws the reader's TrfParseError on a malformed or self-contradicting file.
 */
export function standingsFromTrf(trf: string, options: TrfStandingsOptions = {}): StandingRow[] {
  const order = options.tiebreakOrder ?? DEFAULT_TIEBREAK_ORDER;
  const tournament = parseTrf(trf);
  const { games, byes } = trfHistory(tournament, countPlayedRounds(tournament));
  const input: StandingsInput = {
    players: tournament.players.map((player) => ({
      id: String(player.startRank),
      name: player.name,
      // An unrated player's rating is written blank by our exporter, 0 by some programs (as trf-import.ts reads it).
      rating: player.rating || null,
      groupName: null,
      // The only use of the file's rank column: whether the exporter's standings list the player at all.
      active: player.rank !== null,
    })),
    games,
    byes,
  };
  const nameOf = options.displayName ?? ((name: string) => name);
  return computeStandings(input, order).map((row) => ({
    name: comparableName(nameOf(row.player.name)),
    rank: row.rank,
    points: row.halfPoints / 2,
    tiebreaks: order.map((key) => tiebreakInPoints(key, row.tiebreaks[key])),
  }));
}

export interface LeaderboardStandingsOptions {
  /** In an event with sections (ADR 044) ranks are per section: the slug of the one to take. */
  section?: string;
}

/**
 * The public leaderboard's players (GET /api/public/leaderboard's JSON, checked against its contract) as rows:
 * rank as shown, points from half-points, the tie-breaks of its `tiebreakOrder` in that order. Throws when the
 * answer is not a leaderboard, when the leaderboard is hidden (it then lists nobody, and an empty list would
 * compare as a different one), or when it has sections and none is named.
 */
export function standingsFromLeaderboard(
  json: unknown,
  options: LeaderboardStandingsOptions = {},
): StandingRow[] {
  const parsed = leaderboardResponseSchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(`the leaderboard's answer is not a leaderboard: ${parsed.error.message.slice(0, 300)}`);
  }
  const leaderboard: LeaderboardResponse = parsed.data;
  if (!leaderboard.visible) {
    throw new Error('the leaderboard is hidden (visible: false): it lists no player to compare');
  }
  const hasSections = leaderboard.players.some((row) => row.section !== undefined);
  if (hasSections && options.section === undefined) {
    throw new Error('the leaderboard ranks players per section: name the section to compare');
  }
  const order = leaderboard.tiebreakOrder;
  return leaderboard.players
    .filter((row) => options.section === undefined || row.section === options.section)
    .map((row) => ({
      name: comparableName(row.name),
      rank: row.rank,
      points: row.halfPoints / 2,
      tiebreaks: order.map((key) => tiebreakInPoints(key, row.tiebreaks[key])),
    }));
}
