/**
 * The pairing engine's notes in words: for the arbiter, and short public ones. Who is paired, the engine's
 * input and the rules a manual change breaks are the tournament state's (src/domain/tournament/pairing.ts).
 * Pure functions: no database, no clock.
 */
import type { PairingExplanation } from '../../../contracts/round-management';
import { DUTCH_CRITERION_TEXT } from '../../../domain/pairing/dutch-criteria';
import { clashText, RELAXED_RULE_TEXT } from '../../../domain/pairing/relaxed-rules';
import type { ByePassedOverReason, PairingNote } from '../../../domain/pairing/types';
import { formatPoints } from '../../../domain/scoring/results';

/** What a note needs to know of a player: withdrawn or not. */
type NotedPlayer = { id: string; active: boolean };

/**
 * Why a rule was relaxed, in words that state what really happened (issue 11): the engine's notes carry the
 * minimum number of such pairs that every pairing within the rules above has (the wording is the domain's).
 */
const RELAXED = RELAXED_RULE_TEXT;

const BYE_REASONS: Record<Extract<PairingNote, { kind: 'bye' }>['reason'], string> = {
  'lowest-ranked eligible player': 'the lowest-ranked eligible player',
  'no eligible player: lowest-ranked player':
    'every player has had a bye or a forfeit win: the lowest-ranked player who can take it',
  'no eligible player can take it: lowest-ranked player who can':
    'no player without a bye or forfeit win could take it: the lowest-ranked player who can',
  'repeat bye allowed by the arbiter: no complete pairing otherwise':
    'a second pairing-allocated bye, as the arbiter allowed: no complete pairing otherwise',
  'the bye of the best pairing by the Dutch criteria':
    "the bye FIDE's Dutch criteria give: a lower-ranked player's bye would make the pairing worse",
};

const PASSED_OVER_REASONS: Record<ByePassedOverReason, string> = {
  'already had the pairing-allocated bye': 'already had the pairing-allocated bye',
  'already had a bye or forfeit win': 'already had a bye or a forfeit win',
  'no complete pairing': 'the others could not all be paired',
  'more schoolmate pairs': 'more schoolmates would have to meet',
  'more clubmate pairs': 'more clubmates would have to meet',
  ...DUTCH_CRITERION_TEXT,
};

/** The short public notes stored in rounds.pairing_notes: only where a rule had to be relaxed. */
export function publicNotes(notes: readonly PairingNote[]): string[] {
  const out: string[] = [];
  for (const note of notes) {
    if (note.kind === 'schoolmates_paired')
      out.push(`Schoolmates paired on board ${note.board}: ${RELAXED.school(note.minimumPairs)}`);
    else if (note.kind === 'clubmates_paired')
      out.push(`Clubmates paired on board ${note.board}: ${RELAXED.club(note.minimumPairs)}`);
    else if (note.kind === 'colour_preferences_clash')
      out.push(`Players due the same colour meet on board ${note.board}: ${clashText(note)}`);
    else if (note.kind === 'bye' && note.reason !== 'lowest-ranked eligible player')
      out.push(`The pairing-allocated bye: ${BYE_REASONS[note.reason]}`);
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
  players: readonly NotedPlayer[],
): PairingExplanation[] {
  const byId = new Map(players.map((player) => [player.id, player]));
  return notes.map((note) => explainNote(note, nameOf, byId));
}

function explainNote(
  note: PairingNote,
  nameOf: (id: string) => string,
  byId: ReadonlyMap<string, NotedPlayer>,
): PairingExplanation {
  switch (note.kind) {
    case 'schoolmates_paired':
      return {
        kind: note.kind,
        board: note.board,
        text: `Board ${note.board}: ${nameOf(note.playerIds[0])} and ${nameOf(note.playerIds[1])} are both from ${note.school}: ${RELAXED.school(note.minimumPairs)}`,
      };
    case 'clubmates_paired':
      return {
        kind: note.kind,
        board: note.board,
        text: `Board ${note.board}: ${nameOf(note.playerIds[0])} and ${nameOf(note.playerIds[1])} are both from the club ${note.club}: ${RELAXED.club(note.minimumPairs)}`,
      };
    case 'colour_preferences_clash':
      return {
        kind: note.kind,
        board: note.board,
        text: `Board ${note.board}: ${nameOf(note.playerIds[0])} and ${nameOf(note.playerIds[1])} both have an absolute preference for the same colour: ${clashText(note)}`,
      };
    case 'bye': {
      const passed = note.passedOver.map(
        (entry) => `${nameOf(entry.playerId)} (${PASSED_OVER_REASONS[entry.reason]})`,
      );
      if (note.morePassedOver > 0) passed.push(`${note.morePassedOver} more`);
      return {
        kind: note.kind,
        board: null,
        text: `${nameOf(note.playerId)} gets the pairing-allocated bye: ${BYE_REASONS[note.reason]}${passed.length > 0 ? `; passed over: ${passed.join(', ')}` : ''}`,
      };
    }
    case 'floated':
      return {
        kind: note.kind,
        board: note.board,
        text: `Board ${note.board}: ${nameOf(note.playerId)} floats ${note.direction} (${formatPoints(note.scoreDifference)} point${note.scoreDifference === 2 ? '' : 's'} difference)${note.isRepeated ? ', as in the previous round' : ''}${note.criterion ? `: ${DUTCH_CRITERION_TEXT[note.criterion]}` : ''}`,
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
