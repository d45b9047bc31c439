/**
 * Quality figures and validity checks of a round's pairing (any engine's: ours, the requirements' greedy rule or a
 * reference from a TRF file), measured against the same history.
 */
import { areSchoolmates } from '../schools';
import type { Colour } from '../scoring/results';
import { buildPlayerStates } from './history';
import type { PairingInput } from './types';

export interface RoundPairing {
  boards: readonly { whiteId: string; blackId: string }[];
  byePlayerId: string | null;
}

export interface PairingQuality {
  pairs: number;
  /** Sum over boards of the opponents' score difference, in half-points. */
  scoreDifference: number;
  /** Largest score difference on one board, in half-points. */
  maxScoreDifference: number;
  /** Floating boards whose higher player is in one of the three highest score groups (issue 11). */
  topGroupFloats: number;
  /** Boards whose players have different scores (one downfloater and one upfloater each). */
  floaters: number;
  /** Players floated in the same direction as in the previous round. */
  repeatedFloats: number;
  /** Players who would have 3 games of one colour in a row or a colour difference beyond ±2. */
  colourViolations: number;
  /** Players whose colour preference is not granted. */
  colourPreferencesMissed: number;
  schoolmatePairs: number;
  clubmatePairs: number;
  rematches: number;
}

export function measurePairing(input: PairingInput, pairing: RoundPairing): PairingQuality {
  const states = buildPlayerStates(input);
  const quality: PairingQuality = {
    pairs: pairing.boards.length,
    scoreDifference: 0,
    maxScoreDifference: 0,
    topGroupFloats: 0,
    floaters: 0,
    repeatedFloats: 0,
    colourViolations: 0,
    colourPreferencesMissed: 0,
    schoolmatePairs: 0,
    clubmatePairs: 0,
    rematches: 0,
  };
  const violates = (games: readonly { roundNumber: number; colour: Colour }[]): boolean => {
    const n = games.length;
    const last3 = games.slice(Math.max(0, n - 3)).map((game) => game.colour);
    const isThreeInRow = last3.length === 3 && last3.every((colour) => colour === last3[0]);
    const difference = games.reduce((sum, game) => sum + (game.colour === 'white' ? 1 : -1), 0);
    return isThreeInRow || Math.abs(difference) > 2;
  };
  const topScores = new Set(
    [
      ...new Set(
        [...states.values()].filter((s) => s.player.isActive && !s.isPreAssigned).map((s) => s.score),
      ),
    ]
      .sort((a, b) => b - a)
      .slice(0, 3),
  );
  for (const board of pairing.boards) {
    const white = states.get(board.whiteId);
    const black = states.get(board.blackId);
    if (!white || !black) continue;
    const difference = Math.abs(white.score - black.score);
    quality.scoreDifference += difference;
    quality.maxScoreDifference = Math.max(quality.maxScoreDifference, difference);
    if (difference > 0) {
      quality.floaters += 1;
      if (topScores.has(Math.max(white.score, black.score))) quality.topGroupFloats += 1;
      const [high, low] = white.score > black.score ? [white, black] : [black, white];
      if (high.lastFloat === 'down') quality.repeatedFloats += 1;
      if (low.lastFloat === 'up') quality.repeatedFloats += 1;
    }
    if (white.opponents.has(black.player.id)) quality.rematches += 1;
    if (areSchoolmates(white.player, black.player)) quality.schoolmatePairs += 1;
    const clubA = white.player.club?.trim().toLowerCase();
    if (clubA && clubA === black.player.club?.trim().toLowerCase()) quality.clubmatePairs += 1;
    for (const [state, colour] of [
      [white, 'white'],
      [black, 'black'],
    ] as const) {
      const next = [...state.colours.games, { roundNumber: input.roundNumber, colour }];
      if (violates(next)) quality.colourViolations += 1;
      if (state.preference.colour !== null && state.preference.colour !== colour) {
        quality.colourPreferencesMissed += 1;
      }
    }
  }
  return quality;
}

/** Problems that make a pairing invalid under the hard rules; empty when valid. */
export function findPairingProblems(input: PairingInput, pairing: RoundPairing): string[] {
  const states = buildPlayerStates(input);
  const problems: string[] = [];
  const seen = new Set<string>();
  const mark = (id: string) => {
    const state = states.get(id);
    if (!state) problems.push(`unknown player ${id}`);
    else if (!state.player.isActive) problems.push(`withdrawn player ${id} is paired`);
    else if (state.isPreAssigned) problems.push(`player ${id} already has an entry for the round`);
    if (seen.has(id)) problems.push(`player ${id} appears twice`);
    seen.add(id);
  };
  for (const board of pairing.boards) {
    mark(board.whiteId);
    mark(board.blackId);
    if (states.get(board.whiteId)?.opponents.has(board.blackId)) {
      problems.push(`rematch ${board.whiteId}–${board.blackId}`);
    }
  }
  if (pairing.byePlayerId !== null) mark(pairing.byePlayerId);
  const expected = [...states.values()].filter((state) => state.player.isActive && !state.isPreAssigned);
  const unpaired = expected.filter((state) => !seen.has(state.player.id));
  if (unpaired.length > 0) problems.push(`unpaired: ${unpaired.map((state) => state.player.id).join(', ')}`);
  if (pairing.byePlayerId !== null) {
    const bye = states.get(pairing.byePlayerId);
    if (expected.length % 2 === 0) problems.push('a bye with an even number of players');
    if (bye && !bye.isByeEligible && expected.some((state) => state.isByeEligible)) {
      // Allowed only when no eligible player can take it with a complete pairing; callers that need the
      // strict check compare with an exhaustive search.
      problems.push(`bye to ${bye.player.id}, who already had a bye or forfeit win`);
    }
  }
  return problems;
}
