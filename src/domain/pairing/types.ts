import type { ByeKind, Colour, MatchResult } from '../scoring/results';

export interface PairingPlayer {
  id: string;
  /** Pairing number / start rank (1 = highest initial ranking, FIDE C.04.2 "pairing number"). Unique. */
  pairingNumber: number;
  rating?: number | null;
  /** Team group name ("St Kevin's A"); the school is derived with schoolOf() (SPEC §5). */
  groupName?: string | null;
  club?: string | null;
  /** False for withdrawn players: they are not paired (SPEC §5 "only active players are paired"). */
  isActive: boolean;
}

export interface PairingGame {
  roundNumber: number;
  whiteId: string;
  blackId: string;
  /** null while the game is unfinished; it still counts as a meeting. */
  result: MatchResult | null;
}

export interface PairingBye {
  roundNumber: number;
  playerId: string;
  kind: ByeKind;
}

export interface PairingOptions {
  /** SPEC §5 "optionally skip the same club". Default false. */
  isSameClubAvoided?: boolean;
  /** Colour of pairing number 1 when colours are decided by the initial colour (TRF XXC). Default white. */
  initialColour?: Colour;
  /** Pairs that must never meet (TRF XXP), by player id. */
  forbiddenPairs?: readonly (readonly [string, string])[];
  /** Diagnostics for benchmarks: called after every matching solve. */
  onSolve?: (event: SolveEvent) => void;
  /** Diagnostics: solve on the complete graph instead of sparse candidates + certificate (same result). */
  isDenseGraph?: boolean;
  /** Diagnostics: use the BigInt matching even when the weights fit in doubles (same result). */
  isBigIntSolver?: boolean;
}

export interface SolveEvent {
  purpose: 'pairing' | 'feasibility';
  vertices: number;
  edges: number;
  /** Edges left out of the sparse graph whose dual slack was negative (0 = proven optimal). */
  violations: number;
  isFullGraph: boolean;
  /** Total weight of the matching found (exact integer; NaN beyond 2^53 with the BigInt solver). */
  matchingWeight: number;
}

export interface PairingInput {
  /** The round being paired; history of earlier rounds only is used. */
  roundNumber: number;
  players: readonly PairingPlayer[];
  games: readonly PairingGame[];
  /**
   * Byes of earlier rounds, and pre-assigned byes/absences of this round (requested half-point bye,
   * full-point bye, zero-point absence): a player with an entry for roundNumber is left out.
   */
  byes: readonly PairingBye[];
  options?: PairingOptions;
}

export interface Board {
  board: number;
  whiteId: string;
  blackId: string;
}

export type ColourReason =
  /** FIDE C.04.3 Art. 5.2.1 (E.1): both preferences granted. */
  | 'both_preferences_granted'
  /** Art. 5.2.2 (E.2): the stronger preference is granted (absolute > strong > mild). */
  | 'stronger_preference'
  /** Art. 5.2.2: both absolute; the larger colour imbalance is corrected. */
  | 'larger_colour_imbalance'
  /** Art. 5.2.3 (E.3): alternate from the latest round in which the two had different colours. */
  | 'alternation_from_last_different_round'
  /** Art. 5.2.4 (E.4): the higher-ranked player's preference is granted. */
  | 'higher_ranked_preference'
  /** Art. 5.2.5 (E.5): no preference; decided by pairing number and the initial colour. */
  | 'initial_colour_by_pairing_number';

export type ColourPreferenceStrength = 'absolute' | 'strong' | 'mild' | 'none';

export type PairingNote =
  | {
      kind: 'schoolmates_paired';
      board: number;
      playerIds: [string, string];
      school: string;
      reason: 'no complete pairing avoids it';
    }
  | {
      kind: 'clubmates_paired';
      board: number;
      playerIds: [string, string];
      club: string;
      reason: 'no complete pairing avoids it';
    }
  | {
      kind: 'colour_preferences_clash';
      board: number;
      playerIds: [string, string];
      reason: 'no complete pairing avoids it';
    }
  | {
      kind: 'bye';
      playerId: string;
      reason:
        | 'lowest-ranked eligible player'
        | 'no eligible player: lowest-ranked player'
        | 'no eligible player can take it: lowest-ranked player who can';
      /** Lower-ranked players passed over, and why. */
      passedOver: { playerId: string; reason: 'already had a bye or forfeit win' | 'no complete pairing' }[];
    }
  | {
      kind: 'floated';
      board: number;
      playerId: string;
      direction: 'down' | 'up';
      scoreDifference: number;
      isRepeated: boolean;
    }
  | {
      kind: 'colour';
      board: number;
      playerId: string;
      colour: Colour;
      preference: ColourPreferenceStrength;
      preferredColour: Colour | null;
      reason: ColourReason;
    }
  | { kind: 'left_out'; playerId: string; reason: 'withdrawn' | 'bye or absence already entered' };

export interface PairingResult {
  roundNumber: number;
  boards: Board[];
  /** The pairing-allocated bye (FIDE C.04.1.c), or null. */
  byePlayerId: string | null;
  notes: PairingNote[];
}

export type PairingErrorCode = 'invalid_input' | 'no_valid_pairing';

export class PairingError extends Error {
  readonly code: PairingErrorCode;
  constructor(code: PairingErrorCode, message: string) {
    super(message);
    this.name = 'PairingError';
    this.code = code;
  }
}
