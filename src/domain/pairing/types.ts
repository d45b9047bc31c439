import type { ByeKind, Colour, MatchResult } from '../scoring/results';
import type { DutchCriterion } from './dutch-criteria';

export interface PairingPlayer {
  id: string;
  /** Pairing number / start rank (1 = highest initial ranking, FIDE C.04.2 "pairing number"). Unique. */
  pairingNumber: number;
  rating?: number | null;
  /** Team group name ("St Kevin's A"); without `schoolId`, the school is inferred from it (schoolOf). */
  groupName?: string | null;
  /**
   * The school record's id (docs/decisions/012-school-identity.md): when given (null: no school), the school
   * rule compares it and never the group name.
   */
  schoolId?: string | null;
  /** The school's name, for public notes. */
  schoolName?: string | null;
  club?: string | null;
  /** False for withdrawn players: they are not paired (docs/requirements.md §5 "only active players are paired"). */
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
  /** docs/requirements.md §5 "optionally skip the same club". Default false. */
  isSameClubAvoided?: boolean;
  /** Colour of pairing number 1 when colours are decided by the initial colour (TRF XXC). Default white. */
  initialColour?: Colour;
  /**
   * Rounds of the tournament (TRF XXR): when the round being paired is the last, topscorers may meet with
   * the same absolute colour preference (C.04.3 C3, A.7). Unknown: no round is taken as the last.
   */
  totalRounds?: number | null;
  /** Pairs that must never meet (TRF XXP), by player id. */
  forbiddenPairs?: readonly (readonly [string, string])[];
  /**
   * The arbiter allows a second pairing-allocated bye (FIDE C.04.1.d forbids it): given only when no
   * complete pairing exists otherwise. Default false: then such a round is refused with PairingError
   * 'repeat_bye_needed', naming the players who could take it.
   */
  allowRepeatBye?: boolean;
  /**
   * Name the FIDE criterion that decided each downfloater (notes `floated`): one more pairing per floater,
   * so for the arbiter's explanation and the CLI's --explain. Default false.
   */
  explainFloats?: boolean;
  /**
   * Diagnostics: pair by ADR 014's matching alone, even where FIDE's Dutch pairing applies (the benchmark's
   * engine comparison and the matcher's own tests). Default false.
   */
  isMatchingOnly?: boolean;
  /** Diagnostics for benchmarks: called after every matching solve. */
  onSolve?: (event: SolveEvent) => void;
  /** Diagnostics: solve on the complete graph instead of sparse candidates + certificate (same result). */
  isDenseGraph?: boolean;
  /** Diagnostics: use the BigInt matching even when the weights fit in doubles (same result). */
  isBigIntSolver?: boolean;
}

export interface SolveEvent {
  /**
   * 'pairing-bigint': the weights do not fit in 2^50 (or, never seen so far, the doubles matcher's duals left
   * the exact range), so the pairing is solved in BigInt (slower).
   */
  purpose: 'pairing' | 'pairing-bigint' | 'feasibility';
  vertices: number;
  edges: number;
  /** Edges left out of the sparse graph whose dual slack was negative (0 = proven optimal). */
  violations: number;
  isFullGraph: boolean;
  /**
   * Total weight of the matching found, without a completion field (the doubles matcher has none: it runs
   * in max-cardinality mode; the BigInt path's completion units are subtracted), so both solvers report the
   * same number for the same optimum. Exact integer; NaN beyond 2^53.
   */
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

/**
 * Why a rule was relaxed on a board. `minimumPairs`: every pairing within the rules above this one (no
 * rematch, the bye rule, and for clubs the fewest schoolmates, for colours the fewest school- and clubmates)
 * has at least this many such pairs; this pairing has exactly that many.
 */
export interface RelaxedRule {
  reason: 'unavoidable';
  minimumPairs: number;
}

export type ByePassedOverReason =
  /** FIDE C.04.1.d: a second pairing-allocated bye needs the arbiter's consent (allowRepeatBye). */
  | 'already had the pairing-allocated bye'
  /** C.04.1.d: a full-point bye or a forfeit win also makes a player ineligible. */
  | 'already had a bye or forfeit win'
  /** Without this player the others cannot all be paired (they have met already). */
  | 'no complete pairing'
  /** Every pairing without this player has more schoolmate pairs (the school rule ranks above the bye). */
  | 'more schoolmate pairs'
  /** … the same schoolmate pairs but more clubmate pairs. */
  | 'more clubmate pairs'
  /**
   * FIDE's Dutch pairing (the school rule not binding): the criterion (C.04.3 C4–C21) on which the best
   * pairing with this player's bye is worse, or `order` when it is equal on all of them. C4: there is no
   * such pairing within FIDE's absolute criteria (a colour rule among them), even with schoolmates.
   */
  | Exclude<DutchCriterion, 'C2'>;

export type PairingNote =
  | ({
      kind: 'schoolmates_paired';
      board: number;
      playerIds: [string, string];
      school: string;
    } & RelaxedRule)
  | ({
      kind: 'clubmates_paired';
      board: number;
      playerIds: [string, string];
      club: string;
    } & RelaxedRule)
  | ({
      kind: 'colour_preferences_clash';
      board: number;
      playerIds: [string, string];
    } & (
      | RelaxedRule
      /** FIDE's Dutch pairing: both are topscorers in the last round, where C.04.3 C3 lets them meet. */
      | { reason: 'topscorers_last_round' }
    ))
  | {
      kind: 'bye';
      playerId: string;
      reason:
        | 'lowest-ranked eligible player'
        | 'no eligible player: lowest-ranked player'
        | 'no eligible player can take it: lowest-ranked player who can'
        | 'repeat bye allowed by the arbiter: no complete pairing otherwise'
        /** FIDE's Dutch pairing: the bye of the best pairing by its criteria (passedOver says why). */
        | 'the bye of the best pairing by the Dutch criteria';
      /** Lower-ranked players passed over, and why (the lowest-ranked first; at most 10 listed). */
      passedOver: { playerId: string; reason: ByePassedOverReason }[];
      /** Lower-ranked players passed over beyond those listed. */
      morePassedOver: number;
    }
  | {
      kind: 'floated';
      board: number;
      playerId: string;
      direction: 'down' | 'up';
      scoreDifference: number;
      isRepeated: boolean;
      /** For a downfloater of FIDE's Dutch pairing with options.explainFloats: the criterion that decided. */
      criterion?: DutchCriterion;
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

/**
 * 'repeat_bye_needed': a complete pairing exists only if one of `playerIds` gets a second pairing-allocated
 * bye; the arbiter may allow it (PairingOptions.allowRepeatBye).
 */
export type PairingErrorCode = 'invalid_input' | 'no_valid_pairing' | 'repeat_bye_needed';

export class PairingError extends Error {
  readonly code: PairingErrorCode;
  /** For 'repeat_bye_needed': the players who could take the bye, the lowest-ranked first. */
  readonly playerIds: readonly string[];
  constructor(code: PairingErrorCode, message: string, playerIds: readonly string[] = []) {
    super(message);
    this.name = 'PairingError';
    this.code = code;
    this.playerIds = playerIds;
  }
}
