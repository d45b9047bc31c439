/**
 * The pairing side of the tournament state: who is paired, the engine's input for a round, and the rules a
 * manual change breaks. The engine itself (src/domain/pairing) is not changed here: this builds its input.
 */
import { buildPlayerStates } from '../pairing/history';
import { assignPairingNumbers } from '../pairing/pairing-numbers';
import type { PairingInput, PairingOptions } from '../pairing/types';
import { isPlayed } from '../scoring/results';
import type { Player, School, TournamentState } from './state';

export type PairingPoolKind = 'checked_in' | 'all_active';

/** docs/requirements.md §5: once anyone is checked in, only checked-in active players are paired. */
export function pairingPool(state: Pick<TournamentState, 'players'>): {
  pairedFrom: PairingPoolKind;
  isPaired: (player: Player) => boolean;
} {
  const isCheckInUsed = state.players.some((player) => player.checkedInAt !== null);
  return {
    pairedFrom: isCheckInUsed ? 'checked_in' : 'all_active',
    isPaired: (player) => player.active && (!isCheckInUsed || player.checkedInAt !== null),
  };
}

/**
 * The engine's input for `roundNumber`: every player (those not paired marked inactive, so their earlier games
 * still count for their opponents), the games and byes of earlier rounds, and the byes already entered for
 * this round (requested half/full-point byes, absences), which leave those players out. Pairing numbers are
 * the initial ranking by rating, then name, derived every time.
 */
export function pairingInput(
  state: TournamentState,
  roundNumber: number,
  options?: PairingOptions,
): PairingInput {
  const pool = pairingPool(state);
  const numbers = assignPairingNumbers(state.players);
  return {
    roundNumber,
    players: state.players.map((player) => ({
      id: player.id,
      pairingNumber: numbers.get(player.id) ?? 0,
      rating: player.rating,
      groupName: player.groupName,
      schoolId: player.schoolId,
      schoolName: schoolOfPlayer(state, player)?.name ?? null,
      club: player.club,
      isActive: pool.isPaired(player),
    })),
    games: state.games
      .filter((game) => game.roundNumber < roundNumber)
      .map((game) => ({
        roundNumber: game.roundNumber,
        whiteId: game.whiteId,
        blackId: game.blackId,
        result: game.result,
      })),
    byes: state.byes
      .filter(
        (bye) => bye.roundNumber < roundNumber || (bye.roundNumber === roundNumber && bye.kind !== 'pairing'),
      )
      .map((bye) => ({ roundNumber: bye.roundNumber, playerId: bye.playerId, kind: bye.kind })),
    ...(options ? { options } : {}),
  };
}

/** The players with a requested bye or absence in the round: the engine leaves them out. */
export function leftOutByRequest(state: TournamentState, roundNumber: number): Set<string> {
  return new Set(
    state.byes
      .filter((bye) => bye.roundNumber === roundNumber && bye.kind !== 'pairing')
      .map((bye) => bye.playerId),
  );
}

/** The school of a player, or null (the pairing rule compares school ids, never names). */
export function schoolOfPlayer(state: TournamentState, player: Player | undefined): School | null {
  if (!player?.schoolId) return null;
  return state.schools.find((school) => school.id === player.schoolId) ?? null;
}

export interface ProposedBoard {
  board: number;
  whiteId: string;
  blackId: string;
}

/**
 * The pairing rules the given boards and bye break, one sentence each: schoolmates (docs/requirements.md §5,
 * by school id), a rematch (FIDE C.04.1.b; a forfeit is not a meeting, an unfinished game is), a colour
 * against an absolute preference (C.04.3 A.6), a second bye (C.04.1.d). For manual changes, which the engine
 * did not make.
 */
export function manualPairingWarnings(
  state: TournamentState,
  roundNumber: number,
  boards: readonly ProposedBoard[],
  byePlayerId: string | null,
): string[] {
  const states = buildPlayerStates(pairingInput(state, roundNumber));
  const byId = new Map(state.players.map((player) => [player.id, player]));
  const nameOf = (id: string) => byId.get(id)?.name ?? 'Unknown';
  const earlier = state.games.filter((game) => game.roundNumber < roundNumber);
  const warnings: string[] = [];
  for (const { board, whiteId, blackId } of boards) {
    const white = byId.get(whiteId);
    const black = byId.get(blackId);
    const school = schoolOfPlayer(state, white);
    if (school && school.id === black?.schoolId) {
      warnings.push(
        `Board ${board}: ${nameOf(whiteId)} and ${nameOf(blackId)} are from the same school (${school.name})`,
      );
    }
    const between = earlier.filter(
      (game) =>
        (game.whiteId === whiteId && game.blackId === blackId) ||
        (game.whiteId === blackId && game.blackId === whiteId),
    );
    const meeting =
      between.find((game) => game.result !== null && isPlayed(game.result)) ??
      between.find((game) => game.result === null);
    if (meeting) {
      warnings.push(
        `Board ${board}: ${nameOf(whiteId)} and ${nameOf(blackId)} already met in Round ${meeting.roundNumber}`,
      );
    }
    for (const [id, colour] of [
      [whiteId, 'white'],
      [blackId, 'black'],
    ] as const) {
      const preference = states.get(id)?.preference;
      if (preference?.strength === 'absolute' && preference.colour !== colour) {
        warnings.push(
          `Board ${board}: ${nameOf(id)} gets ${colour} against an absolute preference for ${preference.colour} (colour history)`,
        );
      }
    }
  }
  if (byePlayerId && states.get(byePlayerId)?.isByeEligible === false) {
    warnings.push(`${nameOf(byePlayerId)} gets the bye after already having a bye or a forfeit win`);
  }
  return warnings;
}
