/**
 * Results reported from the players' phones (issue #29, docs/decisions/040-result-reports.md): who may speak for
 * which side of a board, when the sides' claims confirm a result, and which boards an arbiter must look at.
 * Pure: the server passes in the claims it stored and the time.
 *
 * - A claim is what one reporter said a board's result is. Every claim is kept (append-only); for each side the
 *   latest claim counts, so a pupil who pressed the wrong button corrects it by reporting again.
 * - A player speaks for their own colour. A school's captain or teacher (the school badge or a teacher account)
 *   speaks for each side played by a pupil of their school, when the tournament lets captains confirm.
 * - A result is confirmed when both sides' latest claims name the same result and come from two different
 *   reporters: one person can never confirm a board alone, even a teacher whose school plays both colours.
 * - Players report over-the-board results only (1-0, ½-½, 0-1); forfeits are the arbiter's.
 */
import { type Colour, formatResult, type MatchResult } from './scoring/results';

export const REPORTABLE_RESULTS = ['white', 'draw', 'black'] as const;
export type ReportedResult = (typeof REPORTABLE_RESULTS)[number];

export function isReportableResult(value: unknown): value is ReportedResult {
  return typeof value === 'string' && (REPORTABLE_RESULTS as readonly string[]).includes(value);
}

/** The buttons' words: the score notation every page uses (1-0, ½-½, 0-1). */
export const REPORTED_RESULT_LABELS: Record<ReportedResult, string> = {
  white: formatResult('white'),
  draw: formatResult('draw'),
  black: formatResult('black'),
};

export type ReporterKind = 'player' | 'captain' | 'teacher';

/**
 * Who is reporting: a player (their badge), or a school's captain or teacher — the school's badge, or the account
 * that registered the school (an account may have registered more than one school).
 */
export type Reporter =
  | { kind: 'player'; playerId: string }
  | { kind: 'captain' | 'teacher'; schoolIds: readonly string[] };

export interface ReportBoard {
  white: { playerId: string; schoolId: string | null };
  black: { playerId: string; schoolId: string | null };
}

export interface ReportRules {
  /** Whether a school's captain or teacher may report and confirm for their pupils. */
  captainsMayConfirm: boolean;
  /** A claim of one side with no answer from the other for this long goes to the arbiter. */
  oneSidedAfterMs: number;
}

export const DEFAULT_ONE_SIDED_MINUTES = 5;
/** When this share of the round's boards has a result, the boards nobody reported go to the arbiter. */
export const MISSING_REPORTS_AFTER_SHARE = 0.75;

/** The sides this reporter may speak for on this board: none means the board is not theirs. */
export function sidesFor(
  reporter: Reporter,
  board: ReportBoard,
  rules: Pick<ReportRules, 'captainsMayConfirm'>,
) {
  const sides: Colour[] = [];
  for (const side of ['white', 'black'] as const) {
    const player = board[side];
    const speaks =
      reporter.kind === 'player'
        ? player.playerId === reporter.playerId
        : rules.captainsMayConfirm &&
          player.schoolId !== null &&
          reporter.schoolIds.includes(player.schoolId);
    if (speaks) sides.push(side);
  }
  return sides;
}

export interface Claim {
  side: Colour;
  result: ReportedResult;
  kind: ReporterKind;
  /** The credential that made it (a badge's id, a user's id): two sides need two different ones. */
  reporterKey: string;
  at: number;
}

export type BoardReportState =
  | { kind: 'none' }
  | { kind: 'one-sided'; side: Colour; result: ReportedResult; since: number }
  | { kind: 'agreed'; result: ReportedResult; at: number }
  | { kind: 'disputed'; white: ReportedResult; black: ReportedResult; since: number };

/** Each side's latest claim (a later claim of the same side replaces an earlier one). */
export function latestClaims(claims: readonly Claim[]): Partial<Record<Colour, Claim>> {
  const latest: Partial<Record<Colour, Claim>> = {};
  for (const claim of claims) {
    const current = latest[claim.side];
    if (!current || claim.at >= current.at) latest[claim.side] = claim;
  }
  return latest;
}

/** What the board's claims say together. */
export function boardReportState(claims: readonly Claim[]): BoardReportState {
  const { white, black } = latestClaims(claims);
  if (!white && !black) return { kind: 'none' };
  if (white && black) {
    const since = Math.max(white.at, black.at);
    if (white.result !== black.result) {
      return { kind: 'disputed', white: white.result, black: black.result, since };
    }
    // The same person on both sides (a teacher whose school plays both colours) confirms nothing alone.
    if (white.reporterKey === black.reporterKey) {
      return {
        kind: 'one-sided',
        side: white.at >= black.at ? 'white' : 'black',
        result: white.result,
        since,
      };
    }
    return { kind: 'agreed', result: white.result, at: since };
  }
  const only = (white ?? black)!;
  return { kind: 'one-sided', side: only.side, result: only.result, since: only.at };
}

export type ReportRefusal =
  | 'not-your-board'
  | 'round-not-in-progress'
  | 'result-already-set'
  | 'not-reportable'
  | 'reporting-off';

/** Whether a report may be taken now; the reason it may not otherwise. */
export function refusalOfReport(input: {
  isReportingOn: boolean;
  roundInProgress: boolean;
  storedResult: MatchResult | null;
  sides: readonly Colour[];
  result: unknown;
}): ReportRefusal | null {
  if (!input.isReportingOn) return 'reporting-off';
  if (!isReportableResult(input.result)) return 'not-reportable';
  if (input.sides.length === 0) return 'not-your-board';
  if (!input.roundInProgress) return 'round-not-in-progress';
  if (input.storedResult !== null) return 'result-already-set';
  return null;
}

export type QueueReason = 'disputed' | 'one-sided' | 'no-report';

export interface QueueBoard {
  matchId: string;
  board: number;
  result: MatchResult | null;
  claims: readonly Claim[];
}

export interface QueueRow {
  matchId: string;
  board: number;
  reason: QueueReason;
  state: BoardReportState;
}

/**
 * The boards an arbiter must look at, in the order to take them: disagreements first (oldest first), then
 * one-sided claims older than the timeout, then — once most boards have a result — the boards nobody reported.
 * A board with a result set is settled and never listed.
 */
export function arbiterQueue(
  boards: readonly QueueBoard[],
  now: number,
  rules: Pick<ReportRules, 'oneSidedAfterMs'>,
) {
  const open = boards.filter((board) => board.result === null);
  const settledShare = boards.length === 0 ? 0 : (boards.length - open.length) / boards.length;
  const rows: (QueueRow & { since: number })[] = [];
  for (const board of open) {
    const state = boardReportState(board.claims);
    if (state.kind === 'disputed')
      rows.push({ ...pick(board), reason: 'disputed', state, since: state.since });
    else if (state.kind === 'one-sided' && now - state.since >= rules.oneSidedAfterMs) {
      rows.push({ ...pick(board), reason: 'one-sided', state, since: state.since });
    } else if (state.kind === 'none' && settledShare >= MISSING_REPORTS_AFTER_SHARE) {
      rows.push({ ...pick(board), reason: 'no-report', state, since: Number.POSITIVE_INFINITY });
    }
  }
  const order: Record<QueueReason, number> = { disputed: 0, 'one-sided': 1, 'no-report': 2 };
  return rows
    .sort((a, b) => order[a.reason] - order[b.reason] || a.since - b.since || a.board - b.board)
    .map(({ since: _since, ...row }) => row);
}

const pick = (board: QueueBoard) => ({ matchId: board.matchId, board: board.board });

/**
 * What the players reported that differs from the result set — for the arbiter keying results from the score
 * sheets ("validate from paper"): each side whose latest claim names another result. Empty when the players
 * agree with it or did not report; a forfeit differs from any claim, since players never report one.
 */
export function claimsDifferingFrom(
  result: MatchResult,
  claims: readonly Claim[],
): Partial<Record<Colour, ReportedResult>> {
  const differing: Partial<Record<Colour, ReportedResult>> = {};
  const latest = latestClaims(claims);
  for (const side of ['white', 'black'] as const) {
    const claim = latest[side];
    if (claim && claim.result !== result) differing[side] = claim.result;
  }
  return differing;
}

/** How a public page shows a board: its result when set, "reported" while claims wait, else in progress. */
export function publicBoardState(
  result: MatchResult | null,
  claimCount: number,
): 'final' | 'reported' | 'playing' {
  if (result !== null) return 'final';
  return claimCount > 0 ? 'reported' : 'playing';
}
