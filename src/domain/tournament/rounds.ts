/**
 * Rounds: which byes count, the round shown as "this round", the standings' label and the round lifecycle
 * (docs/decisions/011-tournament-state.md). Pure: every answer is derived from the state passed in.
 */

import { countOf } from '../plural';
import type { Bye, Game, Round, TournamentState } from './state';

/** In progress: started, not completed (results are being entered). */
export function isInProgress(round: Pick<Round, 'status'>): boolean {
  return round.status === 'active';
}

export function isCompleted(round: Pick<Round, 'status'>): boolean {
  return round.status === 'completed';
}

/** A round has started once it is in progress or completed. */
export function isStarted(round: Pick<Round, 'status'>): boolean {
  return round.status !== 'upcoming';
}

function roundById(state: TournamentState): Map<string, Round> {
  return new Map(state.rounds.map((round) => [round.id, round]));
}

export function findRound(state: TournamentState, number: number): Round | null {
  return state.rounds.find((round) => round.number === number) ?? null;
}

/**
 * The counted-bye rule: a bye is points (and a "bye" in a record) only once its round has started. A bye
 * requested for round 5 is a plan while round 2 is played: it counts nowhere (standings, lookup, admin views,
 * exports) until round 5 starts; a pairing-allocated bye of a paired round that has not started yet neither.
 * Once the round is in progress its byes count in full (they have no game to wait for).
 */
export function isByeCounted(state: TournamentState, bye: Pick<Bye, 'roundId'>): boolean {
  const round = roundById(state).get(bye.roundId);
  return round !== undefined && isStarted(round);
}

export function countedByes(state: TournamentState): Bye[] {
  const rounds = roundById(state);
  return state.byes.filter((bye) => {
    const round = rounds.get(bye.roundId);
    return round !== undefined && isStarted(round);
  });
}

/**
 * The byes a TRF export writes: the counted ones, and a bye requested for a round not started yet (a plan,
 * written ahead in the round's column as pairing programs do; the file's points column leaves it out). The
 * pairing-allocated bye of a round paired but not started is not written: that round's games have no result
 * yet and are not written either, and a file with a `U` in a round says the round was played (its point then
 * missing from the points column, which counts only what the standings count).
 */
export function exportedByes(state: TournamentState): Bye[] {
  const rounds = roundById(state);
  return state.byes.filter((bye) => {
    const round = rounds.get(bye.roundId);
    return round !== undefined && (isStarted(round) || bye.kind !== 'pairing');
  });
}

/** Games of the round, by board. */
export function gamesOf(state: TournamentState, roundId: string): Game[] {
  return state.games.filter((game) => game.roundId === roundId).sort((a, b) => a.board - b.board);
}

export function byesOf(state: TournamentState, roundId: string): Bye[] {
  return state.byes.filter((bye) => bye.roundId === roundId);
}

/** What "paired" is read from: the games and byes (a partial state will do, e.g. round 1's rows only). */
export interface PairingRecord {
  games: readonly Pick<Game, 'roundId'>[];
  byes: readonly Pick<Bye, 'roundId' | 'kind'>[];
}

/** Paired: the round has boards or a pairing-allocated bye (a requested bye may be entered rounds ahead). */
export function isPaired(state: PairingRecord, roundId: string): boolean {
  return (
    state.games.some((game) => game.roundId === roundId) ||
    state.byes.some((bye) => bye.roundId === roundId && bye.kind === 'pairing')
  );
}

/**
 * The round the public pages show as "this round": the next round as soon as its pairings are published
 * (players look for their boards the moment a round is paired), else the last round started, else none.
 */
export function displayedRound(state: TournamentState): Round | null {
  const lastStarted = lastStartedRound(state);
  const published = state.rounds.find(
    (round) =>
      round.status === 'upcoming' && round.number > (lastStarted?.number ?? 0) && isPaired(state, round.id),
  );
  return published ?? lastStarted;
}

/**
 * Where a round stands for the people in the hall: paired (boards published, not started), in progress, or
 * completed. A round shown as "this round" is never an unpaired upcoming one (see displayedRound).
 */
export type RoundPhase = 'paired' | 'in_progress' | 'completed';

export function roundPhase(round: Pick<Round, 'status'>): RoundPhase {
  if (round.status === 'active') return 'in_progress';
  return round.status === 'completed' ? 'completed' : 'paired';
}

/** The one answer to "which round is it now, and in which phase": every page that says so asks this. */
export interface RoundNow {
  number: number;
  phase: RoundPhase;
  /** The round "Generate pairings" applies to next, or null when every round is paired or played. */
  nextToPair: number | null;
}

export function roundNow(state: TournamentState): RoundNow | null {
  const round = displayedRound(state);
  if (!round) return null;
  return {
    number: round.number,
    phase: roundPhase(round),
    nextToPair: nextRoundToPair(state)?.number ?? null,
  };
}

/** The highest round in progress or completed, or null before round 1 starts. */
export function lastStartedRound(state: TournamentState): Round | null {
  return state.rounds.filter(isStarted).at(-1) ?? null;
}

export interface StandingsProgress {
  /** The number of completed rounds counted in full. */
  afterRound: number;
  /** The round in progress whose finished games already count, or null. */
  inProgress: { roundNumber: number; finished: number; total: number } | null;
  totalRounds: number;
}

/** What the standings count: completed rounds, and the results in so far of a round in progress. */
export function standingsProgress(state: TournamentState): StandingsProgress {
  const afterRound = state.rounds.filter(isCompleted).length;
  const active = state.rounds.find((round) => round.status === 'active');
  const games = active ? gamesOf(state, active.id) : [];
  return {
    afterRound,
    inProgress: active
      ? {
          roundNumber: active.number,
          finished: games.filter((game) => game.result !== null).length,
          total: games.length,
        }
      : null,
    totalRounds: state.totalRounds,
  };
}

/** Every round is complete and none is in play: the standings, and the prizes they give, are final. */
export function isFinal(progress: StandingsProgress): boolean {
  return !progress.inProgress && progress.totalRounds > 0 && progress.afterRound >= progress.totalRounds;
}

/**
 * The standings' heading, naming the rounds counted: "After round 2, round 3 in progress: 14 of 28 results
 * in", "After round 5 (final)", "Before round 1".
 */
export function standingsLabel(progress: StandingsProgress): string {
  const { afterRound, inProgress } = progress;
  const running = inProgress
    ? `round ${inProgress.roundNumber} in progress: ${inProgress.finished} of ${countOf(inProgress.total, 'result')} in`
    : null;
  if (afterRound === 0) return running ? capitalise(running) : 'Before round 1';
  const after = `After round ${afterRound}${isFinal(progress) ? ' (final)' : ''}`;
  return running ? `${after}, ${running}` : after;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// ---- Round lifecycle ----

/** The round "Generate pairings" applies to: the lowest upcoming round after the last started one. */
export function nextRoundToPair(state: TournamentState): Round | null {
  const last = lastStartedRound(state)?.number ?? 0;
  return state.rounds.find((round) => round.status === 'upcoming' && round.number > last) ?? null;
}

export type LifecycleRefusal =
  | { reason: 'round_not_found' }
  | { reason: 'not_upcoming'; status: Round['status'] }
  | { reason: 'not_next'; nextRound: number | null }
  | { reason: 'earlier_round_active'; roundNumber: number }
  | { reason: 'not_paired' }
  | { reason: 'not_active'; status: Round['status'] }
  | { reason: 'unfinished_games'; count: number };

export type LifecycleAnswer = { ok: true; round: Round } | ({ ok: false } & LifecycleRefusal);

const refuse = (refusal: LifecycleRefusal): LifecycleAnswer => ({ ok: false, ...refusal });

function earlierActive(state: TournamentState, round: Round): Round | undefined {
  return state.rounds.find((other) => other.status === 'active' && other.number < round.number);
}

/** Pairing (or re-pairing) is allowed for the next round to pair, while no earlier round is in progress. */
export function canPair(state: TournamentState, number: number): LifecycleAnswer {
  const round = findRound(state, number);
  if (!round) return refuse({ reason: 'round_not_found' });
  if (round.status !== 'upcoming') return refuse({ reason: 'not_upcoming', status: round.status });
  const next = nextRoundToPair(state);
  if (next?.id !== round.id) return refuse({ reason: 'not_next', nextRound: next?.number ?? null });
  const active = earlierActive(state, round);
  if (active) return refuse({ reason: 'earlier_round_active', roundNumber: active.number });
  return { ok: true, round };
}

/** Manual changes to the pairings: the round is paired and has not started. */
export function canChangePairings(state: TournamentState, number: number): LifecycleAnswer {
  const round = findRound(state, number);
  if (!round) return refuse({ reason: 'round_not_found' });
  if (round.status !== 'upcoming') return refuse({ reason: 'not_upcoming', status: round.status });
  if (gamesOf(state, round.id).length === 0) return refuse({ reason: 'not_paired' });
  return { ok: true, round };
}

/** Starting: an upcoming round with pairings, no earlier round still in progress. */
export function canStart(state: TournamentState, number: number): LifecycleAnswer {
  const round = findRound(state, number);
  if (!round) return refuse({ reason: 'round_not_found' });
  if (round.status !== 'upcoming') return refuse({ reason: 'not_upcoming', status: round.status });
  const active = earlierActive(state, round);
  if (active) return refuse({ reason: 'earlier_round_active', roundNumber: active.number });
  if (!isPaired(state, round.id)) return refuse({ reason: 'not_paired' });
  return { ok: true, round };
}

/** Completing: the round is in progress and every game has a result (docs/requirements.md §4). */
export function canComplete(state: TournamentState, number: number): LifecycleAnswer {
  const round = findRound(state, number);
  if (!round) return refuse({ reason: 'round_not_found' });
  if (round.status !== 'active') return refuse({ reason: 'not_active', status: round.status });
  const open = gamesOf(state, round.id).filter((game) => game.result === null).length;
  if (open > 0) return refuse({ reason: 'unfinished_games', count: open });
  return { ok: true, round };
}

/**
 * Results: the round in progress takes, changes and clears them; a completed round takes corrections but no
 * clearing (a completed round has every game finished); an upcoming round takes nothing.
 */
export function acceptsResult(round: Pick<Round, 'status'>): boolean {
  return isStarted(round);
}

export function canClearResult(round: Pick<Round, 'status'>): boolean {
  return round.status === 'active';
}

/** Rounds that can be deleted when the round count is lowered: only ones not started. */
export function canDeleteRound(round: Pick<Round, 'status'>): boolean {
  return !isStarted(round);
}

/** A requested bye can be entered or removed only for an upcoming round not yet paired. */
export function acceptsByeRequest(state: TournamentState, round: Round): boolean {
  return round.status === 'upcoming' && !isPaired(state, round.id);
}

/**
 * The tie-break order may change until round 1 is paired (docs/decisions/013-tiebreaks-c07-2023.md): once a
 * pairing exists, players and arbiters have seen what the tie-breaks will be, so changing them would move
 * the goalposts. A started round counts as paired (its boards may all have been deleted by hand since).
 */
export function tiebreakOrderEditable(
  state: PairingRecord & { rounds: readonly Pick<Round, 'id' | 'number' | 'status'>[] },
): boolean {
  if (state.rounds.some(isStarted)) return false;
  const first = state.rounds.find((round) => round.number === 1);
  return first === undefined || !isPaired(state, first.id);
}

/**
 * How a lifecycle answer shows on the arbiter's page: `ready` (the action may be taken), `blocked` (the action is
 * this round's next step but waits on the round itself: no pairings yet, results still missing; trying it gives
 * the refusal's message) or `unavailable` (not an action of this round now: another round comes first, or the
 * round is past it).
 */
export type LifecycleStep = 'ready' | 'blocked' | 'unavailable';

export function lifecycleStep(answer: LifecycleAnswer): LifecycleStep {
  if (answer.ok) return 'ready';
  return answer.reason === 'not_paired' || answer.reason === 'unfinished_games' ? 'blocked' : 'unavailable';
}
