/**
 * The tournament's state in plain domain types (issue #10 item 1): what every feature reads instead of
 * database rows. Built by one server loader (src/server/core/tournament/tournament-state.loader.ts);
 * the rules that read it are in this folder, one function per rule (docs/decisions/011-tournament-state.md).
 */
import type { ByeKind, MatchResult } from '../scoring/results';
import type { Tiebreak } from '../scoring/tiebreaks';

export const ROUND_STATUSES = ['upcoming', 'active', 'completed'] as const;
/** upcoming (maybe paired, not started) → active (in progress) → completed. */
export type RoundStatus = (typeof ROUND_STATUSES)[number];

/** A school is an entity with an id; the teams of one school share it (the pairing rule compares ids). */
export interface School {
  id: string;
  name: string;
}

export interface Team {
  id: string;
  /** The team's display name ("St Kevin's A"). */
  name: string;
  schoolId: string;
}

export interface Player {
  id: string;
  name: string;
  rating: number | null;
  club: string | null;
  /** The team's display name as entered (kept for display and for the engine's input). */
  groupName: string | null;
  teamId: string | null;
  schoolId: string | null;
  /** False once withdrawn: results stay, no more pairings, no rank. */
  active: boolean;
  /** Check-in at the desk; null when not checked in. */
  checkedInAt: Date | null;
  /** The account linked to the player (the player dashboard), if any. */
  userId: string | null;
}

export interface Round {
  id: string;
  number: number;
  status: RoundStatus;
  startTime: Date | null;
  endTime: Date | null;
  /** Short public notes where the engine had to relax a rule. */
  pairingNotes: readonly string[];
}

export interface Game {
  id: string;
  roundId: string;
  roundNumber: number;
  board: number;
  whiteId: string;
  blackId: string;
  /** Null while the game is unfinished. */
  result: MatchResult | null;
}

/**
 * A round without a game: requested before pairing ('full', 'half', 'zero': an absence) or allocated by the
 * pairing ('pairing'). Entered byes are not yet points: see countedByes in rounds.ts.
 */
export interface Bye {
  roundId: string;
  roundNumber: number;
  playerId: string;
  kind: ByeKind;
}

export interface TournamentState {
  id: string;
  name: string;
  /** The number of the last round started (0 before round 1), as stored. */
  currentRound: number;
  totalRounds: number;
  /** The tie-breaks after points, in the tournament's order. */
  tiebreakOrder: readonly Tiebreak[];
  schools: readonly School[];
  teams: readonly Team[];
  players: readonly Player[];
  /** In round-number order. */
  rounds: readonly Round[];
  games: readonly Game[];
  byes: readonly Bye[];
}
