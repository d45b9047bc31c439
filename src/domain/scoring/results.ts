/**
 * Game results and their points, in integer half-points (docs/conventions.md §4.2): a win is 2, a draw 1, a loss 0,
 * which are the requirements' 1, ½ and 0. "½" exists only in formatPoints().
 *
 * A stored result is one of a closed set. The requirements name white, black and draw; forfeits are the FIDE
 * "+ / -" results of a game that was not played (FIDE C.04 Annex 2, TRF result codes + and -).
 */
export const MATCH_RESULTS = [
  'white',
  'black',
  'draw',
  'white_forfeit_win',
  'black_forfeit_win',
  'double_forfeit',
] as const;
export type MatchResult = (typeof MATCH_RESULTS)[number];
export type Colour = 'white' | 'black';
/** How every page and log names a colour. */
export const COLOUR_LABELS: Record<Colour, 'White' | 'Black'> = { white: 'White', black: 'Black' };
export type Outcome = 'win' | 'draw' | 'loss';

export const WIN_HALF_POINTS = 2;
export const DRAW_HALF_POINTS = 1;
export const LOSS_HALF_POINTS = 0;

export function isMatchResult(value: unknown): value is MatchResult {
  return typeof value === 'string' && (MATCH_RESULTS as readonly string[]).includes(value);
}

/** The outcome of a finished game for one side. */
export function outcomeFor(result: MatchResult, side: Colour): Outcome {
  switch (result) {
    case 'white':
    case 'white_forfeit_win':
      return side === 'white' ? 'win' : 'loss';
    case 'black':
    case 'black_forfeit_win':
      return side === 'black' ? 'win' : 'loss';
    case 'draw':
      return 'draw';
    case 'double_forfeit':
      return 'loss';
  }
}

export function halfPointsForOutcome(outcome: Outcome): number {
  switch (outcome) {
    case 'win':
      return WIN_HALF_POINTS;
    case 'draw':
      return DRAW_HALF_POINTS;
    case 'loss':
      return LOSS_HALF_POINTS;
  }
}

export function halfPointsFor(result: MatchResult, side: Colour): number {
  return halfPointsForOutcome(outcomeFor(result, side));
}

/** True when the game was actually played over the board (FIDE counts forfeits as unplayed). */
export function isPlayed(result: MatchResult): boolean {
  return result === 'white' || result === 'black' || result === 'draw';
}

/** The usual score notation: 1-0, ½-½, 0-1, +:- (forfeits). */
export function formatResult(result: MatchResult | null): string {
  switch (result) {
    case null:
      return '–';
    case 'white':
      return '1-0';
    case 'black':
      return '0-1';
    case 'draw':
      return '½-½';
    case 'white_forfeit_win':
      return '+:-';
    case 'black_forfeit_win':
      return '-:+';
    case 'double_forfeit':
      return '-:-';
  }
}

/** 5 → "2½", 4 → "2", 1 → "½", 0 → "0". */
export function formatPoints(halfPoints: number): string {
  const whole = Math.floor(halfPoints / 2);
  const half = halfPoints % 2 === 1;
  if (!half) return String(whole);
  return whole === 0 ? '½' : `${whole}½`;
}

/**
 * Byes: a pairing-allocated bye scores a win (FIDE C.04.1.c, TRF "U"), a requested full-point bye "F",
 * a requested half-point bye "H", an absence with no points "Z".
 */
export const BYE_KINDS = ['pairing', 'full', 'half', 'zero'] as const;
export type ByeKind = (typeof BYE_KINDS)[number];

export function halfPointsForBye(kind: ByeKind): number {
  switch (kind) {
    case 'pairing':
    case 'full':
      return WIN_HALF_POINTS;
    case 'half':
      return DRAW_HALF_POINTS;
    case 'zero':
      return LOSS_HALF_POINTS;
  }
}
