/**
 * From the database rows of the active tournament to the pairing engine's input and back: who is paired,
 * the engine's notes in words (for the arbiter, and short public ones), and the rules a manual change breaks.
 * Pure functions: no database, no clock.
 */
import type { PairingExplanation } from '../../../contracts/round-management';
import { buildPlayerStates, type PlayerState } from '../../../domain/pairing/history';
import { assignPairingNumbers } from '../../../domain/pairing/pairing-numbers';
import type { PairingInput, PairingNote } from '../../../domain/pairing/types';
import { isSameSchool, schoolOf } from '../../../domain/schools';
import { formatPoints, isPlayed } from '../../../domain/scoring/results';
import type { ByeRow, MatchRow, PlayerRow } from '../tournament/tournament.repo';

export interface RoundData {
  players: readonly PlayerRow[];
  matches: readonly MatchRow[];
  byes: readonly ByeRow[];
}

/** SPEC §5 / issue 5: once anyone is checked in, only checked-in active players are paired. */
export function pairingPool(players: readonly PlayerRow[]): {
  pairedFrom: 'checked_in' | 'all_active';
  isPaired: (player: PlayerRow) => boolean;
} {
  const isCheckInUsed = players.some((player) => player.checkedInAt !== null);
  return {
    pairedFrom: isCheckInUsed ? 'checked_in' : 'all_active',
    isPaired: (player) => player.active && (!isCheckInUsed || player.checkedInAt !== null),
  };
}

/**
 * The engine's input for `roundNumber`: every player of the tournament (those not paired marked inactive, so
 * their earlier games still count for their opponents), the games and byes of earlier rounds, and the byes
 * already entered for this round (requested half/full-point byes, absences), which leave those players out.
 * Pairing numbers are the initial ranking by rating, then name (assignPairingNumbers), derived every time.
 */
export function pairingInputFor(data: RoundData, roundNumber: number): PairingInput {
  const pool = pairingPool(data.players);
  const numbers = assignPairingNumbers(data.players);
  return {
    roundNumber,
    players: data.players.map((player) => ({
      id: player.id,
      pairingNumber: numbers.get(player.id) ?? 0,
      rating: player.rating,
      groupName: player.groupName,
      club: player.club,
      isActive: pool.isPaired(player),
    })),
    games: data.matches
      .filter((match) => match.roundNumber < roundNumber)
      .map((match) => ({
        roundNumber: match.roundNumber,
        whiteId: match.whitePlayerId,
        blackId: match.blackPlayerId,
        result: match.result,
      })),
    byes: data.byes
      .filter(
        (bye) => bye.roundNumber < roundNumber || (bye.roundNumber === roundNumber && bye.kind !== 'pairing'),
      )
      .map((bye) => ({ roundNumber: bye.roundNumber, playerId: bye.playerId, kind: bye.kind })),
  };
}

const NO_WAY_AROUND = 'no pairing avoided it';

/** The short public notes stored in rounds.pairing_notes: only where a rule had to be relaxed. */
export function publicNotes(notes: readonly PairingNote[]): string[] {
  const out: string[] = [];
  for (const note of notes) {
    if (note.kind === 'schoolmates_paired')
      out.push(`Schoolmates paired on board ${note.board}: ${NO_WAY_AROUND}`);
    else if (note.kind === 'clubmates_paired')
      out.push(`Clubmates paired on board ${note.board}: ${NO_WAY_AROUND}`);
    else if (note.kind === 'colour_preferences_clash')
      out.push(`Players due the same colour meet on board ${note.board}: ${NO_WAY_AROUND}`);
    else if (note.kind === 'bye' && note.reason !== 'lowest-ranked eligible player')
      out.push(`The bye went to a player who already had one: ${NO_WAY_AROUND}`);
  }
  return out;
}

/** The board a stored public note is about, or null (so a manual change can drop the notes it makes stale). */
export function boardOfPublicNote(note: string): number | null {
  const found = /on board (\d+)\b/.exec(note) ?? /^Board (\d+)\b/.exec(note);
  return found ? Number(found[1]) : null;
}

const COLOUR_REASONS: Record<Extract<PairingNote, { kind: 'colour' }>['reason'], string> = {
  both_preferences_granted: 'both preferences granted',
  stronger_preference: 'the stronger preference wins',
  larger_colour_imbalance: 'the larger colour imbalance is corrected',
  alternation_from_last_different_round: 'alternates from the last round they had different colours',
  higher_ranked_preference: "the higher-ranked player's preference wins",
  initial_colour_by_pairing_number: 'no preference: decided by pairing number',
};

/** Every engine note in words, naming the players (for the arbiter only: not stored, not public). */
export function explainNotes(
  notes: readonly PairingNote[],
  nameOf: (id: string) => string,
  players: readonly PlayerRow[],
): PairingExplanation[] {
  const byId = new Map(players.map((player) => [player.id, player]));
  return notes.map((note) => explainNote(note, nameOf, byId));
}

function explainNote(
  note: PairingNote,
  nameOf: (id: string) => string,
  byId: ReadonlyMap<string, PlayerRow>,
): PairingExplanation {
  switch (note.kind) {
    case 'schoolmates_paired':
      return {
        kind: note.kind,
        board: note.board,
        text: `Board ${note.board}: ${nameOf(note.playerIds[0])} and ${nameOf(note.playerIds[1])} are both from ${note.school}: no complete pairing avoids it`,
      };
    case 'clubmates_paired':
      return {
        kind: note.kind,
        board: note.board,
        text: `Board ${note.board}: ${nameOf(note.playerIds[0])} and ${nameOf(note.playerIds[1])} are both from the club ${note.club}: no complete pairing avoids it`,
      };
    case 'colour_preferences_clash':
      return {
        kind: note.kind,
        board: note.board,
        text: `Board ${note.board}: ${nameOf(note.playerIds[0])} and ${nameOf(note.playerIds[1])} both have an absolute preference for the same colour: no complete pairing avoids it`,
      };
    case 'bye': {
      const passed = note.passedOver.map((entry) => `${nameOf(entry.playerId)} (${entry.reason})`);
      return {
        kind: note.kind,
        board: null,
        text: `${nameOf(note.playerId)} gets the pairing-allocated bye: ${note.reason}${passed.length > 0 ? `; passed over: ${passed.join(', ')}` : ''}`,
      };
    }
    case 'floated':
      return {
        kind: note.kind,
        board: note.board,
        text: `Board ${note.board}: ${nameOf(note.playerId)} floats ${note.direction} (${formatPoints(note.scoreDifference)} point${note.scoreDifference === 2 ? '' : 's'} difference)${note.isRepeated ? ', as in the previous round' : ''}`,
      };
    case 'colour':
      return {
        kind: note.kind,
        board: note.board,
        text: `Board ${note.board}: ${nameOf(note.playerId)} has ${note.colour}${note.preferredColour ? ` (${note.preference} preference for ${note.preferredColour})` : ''}: ${COLOUR_REASONS[note.reason]}`,
      };
    case 'left_out': {
      const player = byId.get(note.playerId);
      const reason =
        note.reason === 'bye or absence already entered'
          ? 'a bye or absence is already entered for this round'
          : player?.active
            ? 'not checked in'
            : 'withdrawn';
      return { kind: note.kind, board: null, text: `${nameOf(note.playerId)} is not paired: ${reason}` };
    }
  }
}

export interface ProposedBoard {
  board: number;
  whiteId: string;
  blackId: string;
}

/**
 * The pairing rules the given boards and bye break, one sentence each: schoolmates (SPEC §5), a rematch
 * (FIDE C.04.1.b; a forfeit is not a meeting), a colour against an absolute preference (C.04.3 A.6), a
 * second bye (C.04.1.d). Used for manual changes, which the engine did not make.
 */
export function ruleWarnings(
  data: RoundData,
  roundNumber: number,
  boards: readonly ProposedBoard[],
  byePlayerId: string | null,
): string[] {
  const states = buildPlayerStates(pairingInputFor(data, roundNumber));
  const byId = new Map(data.players.map((player) => [player.id, player]));
  const nameOf = (id: string) => byId.get(id)?.name ?? 'Unknown';
  const warnings: string[] = [];
  for (const { board, whiteId, blackId } of boards) {
    const white = byId.get(whiteId);
    const black = byId.get(blackId);
    if (isSameSchool(white?.groupName, black?.groupName)) {
      warnings.push(
        `Board ${board}: ${nameOf(whiteId)} and ${nameOf(blackId)} are from the same school (${schoolOf(white?.groupName)})`,
      );
    }
    const met = data.matches.find(
      (match) =>
        match.roundNumber < roundNumber &&
        match.result !== null &&
        isPlayed(match.result) &&
        ((match.whitePlayerId === whiteId && match.blackPlayerId === blackId) ||
          (match.whitePlayerId === blackId && match.blackPlayerId === whiteId)),
    );
    const unfinished = data.matches.find(
      (match) =>
        match.roundNumber < roundNumber &&
        match.result === null &&
        ((match.whitePlayerId === whiteId && match.blackPlayerId === blackId) ||
          (match.whitePlayerId === blackId && match.blackPlayerId === whiteId)),
    );
    const meeting = met ?? unfinished;
    if (meeting) {
      warnings.push(
        `Board ${board}: ${nameOf(whiteId)} and ${nameOf(blackId)} already met in Round ${meeting.roundNumber}`,
      );
    }
    for (const [id, colour] of [
      [whiteId, 'white'],
      [blackId, 'black'],
    ] as const) {
      const preference = (states.get(id) as PlayerState | undefined)?.preference;
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
