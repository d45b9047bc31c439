/**
 * What the pairing needs to know about each player, derived from the results of earlier rounds (never
 * stored): score, opponents met, colours, floats and bye eligibility.
 */
import { halfPointsFor, halfPointsForBye, isPlayed } from '../scoring/results';
import { type ColourHistory, type ColourPreference, type ColourSide, colourPreference } from './colours';
import { PairingError, type PairingInput, type PairingPlayer } from './types';

export interface PlayerState {
  player: PairingPlayer;
  /** Half-points before the round being paired. */
  score: number;
  /** Ids of players met over the board (a forfeit is not a meeting: FIDE C.04.1.b, bbpPairings). */
  opponents: Set<string>;
  colours: ColourHistory;
  preference: ColourPreference;
  /** FIDE C.04.1.d: a pairing-allocated bye, full-point bye or forfeit win makes a player ineligible. */
  isByeEligible: boolean;
  /** Pairing-allocated byes received so far (a second one needs the arbiter's consent: allowRepeatBye). */
  pairingByes: number;
  /** Float in the previous round (C.04.3 A.4; a pairing-allocated bye counts as a downfloat). */
  lastFloat: 'down' | 'up' | null;
  /** True when the player has an entry (bye/absence) for the round being paired. */
  isPreAssigned: boolean;
}

export function buildPlayerStates(input: PairingInput): Map<string, PlayerState> {
  const round = input.roundNumber;
  if (!Number.isInteger(round) || round < 1) {
    throw new PairingError('invalid_input', `round number ${round} must be a positive whole number`);
  }
  const states = new Map<string, PlayerState>();
  const numbers = new Set<number>();
  for (const player of input.players) {
    if (states.has(player.id))
      throw new PairingError('invalid_input', `player id ${player.id} is used twice`);
    if (!Number.isInteger(player.pairingNumber) || numbers.has(player.pairingNumber)) {
      throw new PairingError(
        'invalid_input',
        `pairing number ${player.pairingNumber} is missing or used twice`,
      );
    }
    numbers.add(player.pairingNumber);
    states.set(player.id, {
      player,
      score: 0,
      opponents: new Set(),
      colours: { games: [] },
      preference: { strength: 'none', colour: null, difference: 0 },
      isByeEligible: true,
      pairingByes: 0,
      lastFloat: null,
      isPreAssigned: false,
    });
  }
  const get = (id: string, what: string): PlayerState => {
    const state = states.get(id);
    if (!state) throw new PairingError('invalid_input', `${what} refers to unknown player ${id}`);
    return state;
  };
  const scoreBeforeLast = new Map<string, number>();
  for (const id of states.keys()) scoreBeforeLast.set(id, 0);
  const games = [...input.games].sort((a, b) => a.roundNumber - b.roundNumber);
  const colourGames = new Map<string, { roundNumber: number; colour: 'white' | 'black' }[]>();
  for (const game of games) {
    const white = get(game.whiteId, `a round ${game.roundNumber} game`);
    const black = get(game.blackId, `a round ${game.roundNumber} game`);
    if (game.whiteId === game.blackId) {
      throw new PairingError('invalid_input', `player ${game.whiteId} is paired with itself`);
    }
    if (game.roundNumber >= round) continue;
    const isMeeting = game.result === null || isPlayed(game.result);
    if (isMeeting) {
      white.opponents.add(black.player.id);
      black.opponents.add(white.player.id);
      for (const [id, colour] of [
        [white.player.id, 'white'],
        [black.player.id, 'black'],
      ] as const) {
        const list = colourGames.get(id) ?? [];
        list.push({ roundNumber: game.roundNumber, colour });
        colourGames.set(id, list);
      }
    }
    if (game.result !== null) {
      const whitePoints = halfPointsFor(game.result, 'white');
      const blackPoints = halfPointsFor(game.result, 'black');
      white.score += whitePoints;
      black.score += blackPoints;
      if (game.roundNumber < round - 1) {
        scoreBeforeLast.set(white.player.id, (scoreBeforeLast.get(white.player.id) ?? 0) + whitePoints);
        scoreBeforeLast.set(black.player.id, (scoreBeforeLast.get(black.player.id) ?? 0) + blackPoints);
      }
      if (game.result === 'white_forfeit_win') white.isByeEligible = false;
      if (game.result === 'black_forfeit_win') black.isByeEligible = false;
    }
  }
  for (const bye of input.byes) {
    const state = get(bye.playerId, `a round ${bye.roundNumber} bye`);
    if (bye.roundNumber === round) {
      state.isPreAssigned = true;
      continue;
    }
    if (bye.roundNumber > round) continue;
    const points = halfPointsForBye(bye.kind);
    state.score += points;
    if (bye.roundNumber < round - 1)
      scoreBeforeLast.set(bye.playerId, (scoreBeforeLast.get(bye.playerId) ?? 0) + points);
    if (bye.kind === 'pairing' || bye.kind === 'full') state.isByeEligible = false;
    if (bye.kind === 'pairing') state.pairingByes += 1;
    if (bye.kind === 'pairing' && bye.roundNumber === round - 1) state.lastFloat = 'down';
  }
  // Floats of the previous round: paired with someone on a different score (C.04.3 A.4).
  for (const game of games) {
    if (game.roundNumber !== round - 1) continue;
    const whiteBefore = scoreBeforeLast.get(game.whiteId) ?? 0;
    const blackBefore = scoreBeforeLast.get(game.blackId) ?? 0;
    if (whiteBefore === blackBefore) continue;
    get(game.whiteId, 'a game').lastFloat = whiteBefore > blackBefore ? 'down' : 'up';
    get(game.blackId, 'a game').lastFloat = blackBefore > whiteBefore ? 'down' : 'up';
  }
  for (const [id, list] of colourGames) {
    const state = states.get(id)!;
    state.colours = { games: list };
    state.preference = colourPreference(list.map((game) => game.colour));
  }
  return states;
}

/** What the colour allocation (C.04.3 E) reads of a player: see allocateColours. */
export const colourSideOf = (state: PlayerState): ColourSide & { hasInitialColour: boolean } => ({
  preference: state.preference,
  colours: state.colours.games.map((game) => game.colour),
  hasInitialColour: state.player.pairingNumber % 2 === 1,
});
