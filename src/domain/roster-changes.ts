/**
 * Teachers changing their own rosters (issue #30): requested byes, withdrawals, late entries and substitutions,
 * and the locks after which a change waits for an arbiter. Pure: the server passes in the rounds as they stand,
 * the clock and the player's history; every answer is a decision or a refusal naming the rule.
 *
 * The defaults follow scholastic practice (US scholastic rules, Sharly Chess, heltour, lichess's late join):
 * - one half-point bye per player, and none for the final round once round 1 has started; a zero-point bye
 *   (an absence) may be requested for any round not paired yet; a request can be taken back until its round
 *   is paired;
 * - a withdrawal from round N keeps past results and leaves the pupil out of every round not yet paired (they
 *   score nothing in them, shown as withdrawn: ADR 041); the teacher may undo it until round N is paired, an
 *   arbiter at any time;
 * - a late entry is taken until the middle round (⌈R/2⌉) is paired — the entrant must be in its pairing — with
 *   0 (or ½, as configured) for each round missed;
 * - names lock 48 h before the event; on the day a substitution is open until 15 minutes before the next
 *   round is paired. A change after its lock becomes a request for an arbiter.
 */
import { normalizeName } from './names';
import { PLAYERS_PER_TEAM } from './registration';
import { acceptsByeRequest, isStarted } from './tournament/rounds';
import type { TournamentState } from './tournament/state';

export interface RosterRules {
  /** Half-point byes a player may request in the tournament (further byes score 0). */
  halfPointByesPerPlayer: number;
  /** Whether a bye may be requested for the final round after round 1 has started. */
  finalRoundByeAfterStart: boolean;
  /** Hours before the event's first round when names lock (badges are printed). */
  namesLockHours: number;
  /** Minutes before a round is paired when the day's substitutions for it lock. */
  roundLockMinutes: number;
  /** The last round a late entrant may still join (before it is paired); null: the middle round, ⌈R/2⌉. */
  lateEntryUntilRound: number | null;
  /** What a late entrant scores for each round missed. */
  lateEntryMissedRound: 'zero' | 'half';
}

export const DEFAULT_ROSTER_RULES: RosterRules = {
  halfPointByesPerPlayer: 1,
  finalRoundByeAfterStart: false,
  namesLockHours: 48,
  roundLockMinutes: 15,
  lateEntryUntilRound: null,
  lateEntryMissedRound: 'zero',
};

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** A round as the roster rules read it (`rosterRoundsOf`). */
export interface RosterRound {
  number: number;
  /** Not paired and not started: changes for it are still taken (the rule of `acceptsByeRequest`). */
  isOpen: boolean;
  isStarted: boolean;
}

/** The tournament's rounds as the roster rules read them, from the round lifecycle's own rules. */
export function rosterRoundsOf(state: TournamentState): RosterRound[] {
  return state.rounds.map((round) => ({
    number: round.number,
    isOpen: acceptsByeRequest(state, round),
    isStarted: isStarted(round),
  }));
}

export type RosterRefusal =
  | 'no-such-round'
  | 'round-paired'
  | 'withdrawn'
  | 'bye-already-requested'
  | 'no-bye-requested'
  | 'final-round-bye'
  | 'half-bye-limit'
  | 'not-withdrawn'
  | 'withdrawal-paired'
  | 'late-entry-closed'
  | 'team-full'
  | 'plays-for-another-school'
  | 'already-in-team'
  | 'already-entered';

export type Decision<T> = ({ ok: true } & T) | { ok: false; refusal: RosterRefusal };

const refuse = (refusal: RosterRefusal) => ({ ok: false as const, refusal });

const findRound = (rounds: readonly RosterRound[], number: number) =>
  rounds.find((round) => round.number === number);

/** The rounds from `from` on that are still open, in order: those a withdrawal or a return changes. */
const openRoundsFrom = (rounds: readonly RosterRound[], from: number) =>
  rounds
    .filter((round) => round.number >= from && round.isOpen)
    .map((round) => round.number)
    .sort((a, b) => a - b);

/** The last round of the tournament, and whether round 1 has started. */
function frame(rounds: readonly RosterRound[]) {
  const last = Math.max(0, ...rounds.map((round) => round.number));
  const hasStarted = rounds.some((round) => round.number === 1 && round.isStarted);
  return { last, hasStarted };
}

/**
 * A requested bye for one pupil in one round: 'half' (counted against the limit) or 'zero' (an absence). The
 * round must not be paired yet; a withdrawn pupil requests nothing; one request per round.
 */
export function decideByeRequest(
  rules: RosterRules,
  input: {
    rounds: readonly RosterRound[];
    roundNumber: number;
    kind: 'half' | 'zero';
    isActive: boolean;
    /** The rounds this pupil already has a requested bye in, with its kind. */
    requested: readonly { roundNumber: number; kind: 'half' | 'zero' | 'full' }[];
  },
): Decision<{ kind: 'half' | 'zero' }> {
  const round = findRound(input.rounds, input.roundNumber);
  if (!round) return refuse('no-such-round');
  if (!input.isActive) return refuse('withdrawn');
  if (!round.isOpen) return refuse('round-paired');
  if (input.requested.some((bye) => bye.roundNumber === input.roundNumber)) {
    return refuse('bye-already-requested');
  }
  if (input.kind === 'zero') return { ok: true, kind: 'zero' };
  const { last, hasStarted } = frame(input.rounds);
  if (input.roundNumber === last && hasStarted && !rules.finalRoundByeAfterStart) {
    return refuse('final-round-bye');
  }
  const halves = input.requested.filter((bye) => bye.kind === 'half').length;
  if (halves >= rules.halfPointByesPerPlayer) return refuse('half-bye-limit');
  return { ok: true, kind: 'half' };
}

/** Taking back a requested bye: only until its round is paired (then the round was paired without the pupil). */
export function decideByeWithdrawal(input: {
  rounds: readonly RosterRound[];
  roundNumber: number;
  hasRequest: boolean;
}): Decision<Record<never, never>> {
  const round = findRound(input.rounds, input.roundNumber);
  if (!round) return refuse('no-such-round');
  if (!input.hasRequest) return refuse('no-bye-requested');
  if (!round.isOpen) return refuse('round-paired');
  return { ok: true };
}

/**
 * Withdrawing a pupil from round `fromRound` on: past results stay; the pupil is left out of each round from
 * there that is not paired yet (`leftOutOf`), so they are never paired again. That round must not be paired.
 */
export function decideWithdrawal(input: {
  rounds: readonly RosterRound[];
  fromRound: number;
  isActive: boolean;
}): Decision<{ leftOutOf: number[] }> {
  const round = findRound(input.rounds, input.fromRound);
  if (!round) return refuse('no-such-round');
  if (!input.isActive) return refuse('withdrawn');
  if (!round.isOpen) return refuse('round-paired');
  return { ok: true, leftOutOf: openRoundsFrom(input.rounds, input.fromRound) };
}

/**
 * Undoing a withdrawal: the teacher may until the round the pupil left from is paired; an arbiter may later
 * too. Either way the pupil is paired again only in rounds not paired yet (`pairedAgainIn`); a round paired
 * without them stays so.
 */
export function decideReturn(input: {
  rounds: readonly RosterRound[];
  fromRound: number;
  isActive: boolean;
  by: 'teacher' | 'arbiter';
}): Decision<{ pairedAgainIn: number[] }> {
  if (input.isActive) return refuse('not-withdrawn');
  const round = findRound(input.rounds, input.fromRound);
  if (!round) return refuse('no-such-round');
  if (input.by === 'teacher' && !round.isOpen) return refuse('withdrawal-paired');
  return { ok: true, pairedAgainIn: openRoundsFrom(input.rounds, input.fromRound) };
}

/** The last round a late entrant may join (it must not be paired yet): the rule's, or the middle round. */
export function lateEntryLastRound(rules: RosterRules, totalRounds: number): number {
  return Math.min(totalRounds, rules.lateEntryUntilRound ?? Math.ceil(totalRounds / 2));
}

/**
 * A late entry (a pupil, or a team of pupils): they join at the first round not paired yet, which must be no
 * later than the last round the rules allow; every round before it gives them a bye of the configured kind.
 */
export function decideLateEntry(
  rules: RosterRules,
  rounds: readonly RosterRound[],
): Decision<{ joinsRound: number; missedRounds: number[]; missedRoundBye: 'zero' | 'half' }> {
  const { last } = frame(rounds);
  const joins = joinNextRound(rules, rounds);
  if (!joins.ok || joins.joinsRound > lateEntryLastRound(rules, last)) return refuse('late-entry-closed');
  return joins;
}

export type LockState = { open: true; until: Date | null } | { open: false; since: Date };

/**
 * Whether a teacher may still change names themselves, or the change becomes a request for an arbiter:
 * open until `namesLockHours` before the first round; on the day (once round 1 has started) open again
 * between rounds, until `roundLockMinutes` before the next round is paired (its scheduled start; a round
 * without a start time takes changes until it is paired).
 */
export function rosterLock(
  rules: RosterRules,
  input: {
    now: Date;
    /** When round 1 is scheduled to start (the event's start); null when not set. */
    eventStart: Date | null;
    hasStarted: boolean;
    /** When the next round not paired yet is scheduled to start; null when none or not set. */
    nextRoundAt: Date | null;
  },
): LockState {
  const now = input.now.getTime();
  if (!input.hasStarted) {
    if (input.eventStart === null) return { open: true, until: null };
    const namesLock = input.eventStart.getTime() - rules.namesLockHours * HOUR;
    return now < namesLock
      ? { open: true, until: new Date(namesLock) }
      : { open: false, since: new Date(namesLock) };
  }
  // No start time for the next round: nothing to lock against, so changes are taken until it is paired.
  if (input.nextRoundAt === null) return { open: true, until: null };
  const roundLock = input.nextRoundAt.getTime() - rules.roundLockMinutes * MINUTE;
  return now < roundLock
    ? { open: true, until: new Date(roundLock) }
    : { open: false, since: new Date(roundLock) };
}

/** A pupil entering a team (a substitute, a late entrant): never a fifth player, never another school's. */
export function decideJoinTeam(input: {
  teamSize: number;
  /** The school the pupil already plays for in this tournament, if any. */
  playsForSchoolId: string | null;
  /** Whether the pupil is already in this team. */
  isInTeam: boolean;
  schoolId: string;
  /** Whether a pupil leaves the team at the same time (a substitution). */
  replacesOne: boolean;
}): Decision<Record<never, never>> {
  if (input.isInTeam) return refuse('already-in-team');
  if (input.playsForSchoolId !== null && input.playsForSchoolId !== input.schoolId) {
    return refuse('plays-for-another-school');
  }
  if (!input.replacesOne && input.teamSize >= PLAYERS_PER_TEAM) return refuse('team-full');
  return { ok: true };
}

/** Joining at the first round not paired yet, with the configured bye for each round before it. */
function joinNextRound(rules: RosterRules, rounds: readonly RosterRound[]) {
  const [joinsRound] = openRoundsFrom(rounds, 1);
  if (joinsRound === undefined) return refuse('round-paired');
  const missedRounds = Array.from({ length: joinsRound - 1 }, (_, index) => index + 1);
  return { ok: true as const, joinsRound, missedRounds, missedRoundBye: rules.lateEntryMissedRound };
}

/**
 * A substitute (a new pupil) taking the place of one of the team's pupils: the pupil leaving is playing
 * (`replacedIsActive`: they are withdrawn from the next round to be paired) or has already withdrawn (the
 * substitute fills the place). The substitute joins at the first round not paired yet, with the configured bye
 * for each round missed; filling a withdrawn pupil's place adds a player, so it is a late entry and after the
 * late-entry round it is refused outright. The team's rules come first; then the lock decides whether it is made now or waits for an arbiter (`request`).
 * An arbiter deciding a request passes `lock: null`: the lock no longer applies, every other rule still does.
 */
export function decideSubstitution(
  rules: RosterRules,
  input: {
    rounds: readonly RosterRound[];
    lock: LockState | null;
    replacedIsActive: boolean;
    /** The team's pupils playing now (not withdrawn), the one leaving included. */
    teamActive: number;
    playsForSchoolId: string | null;
    isInTeam: boolean;
    schoolId: string;
  },
): Decision<{
  mode: 'now' | 'request';
  /** Rounds the pupil leaving is left out of (empty when they had already withdrawn). */
  leftOutOf: number[];
  joinsRound: number;
  missedRounds: number[];
  missedRoundBye: 'zero' | 'half';
}> {
  const join = decideJoinTeam({
    teamSize: input.teamActive,
    playsForSchoolId: input.playsForSchoolId,
    isInTeam: input.isInTeam,
    schoolId: input.schoolId,
    replacesOne: input.replacedIsActive,
  });
  if (!join.ok) return join;
  // Filling a withdrawn pupil's place adds a player to the event: a late entry, with its limit.
  const entry = input.replacedIsActive
    ? joinNextRound(rules, input.rounds)
    : decideLateEntry(rules, input.rounds);
  if (!entry.ok) return entry;
  const leftOutOf = input.replacedIsActive ? openRoundsFrom(input.rounds, entry.joinsRound) : [];
  const mode = input.lock === null || input.lock.open ? 'now' : 'request';
  return {
    ok: true,
    mode,
    leftOutOf,
    joinsRound: entry.joinsRound,
    missedRounds: entry.missedRounds,
    missedRoundBye: entry.missedRoundBye,
  };
}

/**
 * The lock of the teacher's name changes at this moment, from the rounds as they stand: before round 1 starts
 * the names lock counts from round 1's start time (or the event's first day, when round 1 has none); on the
 * day, the round lock counts from the next round to be paired's start time.
 */
export function rosterLockNow(
  rules: RosterRules,
  input: {
    now: Date;
    rounds: readonly (RosterRound & { startTime: Date | null })[];
    /** The event's first day (YYYY-MM-DD), or null. */
    startDate: string | null;
  },
): LockState {
  const first = input.rounds.find((round) => round.number === 1);
  const next = [...input.rounds].sort((a, b) => a.number - b.number).find((round) => round.isOpen);
  const dayStart = input.startDate ? new Date(`${input.startDate}T00:00:00Z`) : null;
  return rosterLock(rules, {
    now: input.now,
    eventStart: first?.startTime ?? dayStart,
    hasStarted: first?.isStarted ?? false,
    nextRoundAt: next?.startTime ?? null,
  });
}

/** A pupil as entered: their name, and the date of birth or school year that tells two namesakes apart. */
export interface EnteredPupil {
  name: string;
  dateOfBirth?: string | null | undefined;
  schoolYear?: string | null | undefined;
}

/**
 * Whether two entries are the same pupil: the same name (case, accents and spacing aside) and, where both
 * give one, the same date of birth — or else the same school year. Two namesakes of different ages are two
 * pupils; a namesake with nothing to compare counts as the same pupil, so a substitute is never entered for
 * a second school on a guess (an arbiter can still add a player by hand).
 */
export function isSamePupil(a: EnteredPupil, b: EnteredPupil): boolean {
  if (normalizeName(a.name) !== normalizeName(b.name)) return false;
  if (a.dateOfBirth && b.dateOfBirth) return a.dateOfBirth === b.dateOfBirth;
  if (a.schoolYear && b.schoolYear) return a.schoolYear === b.schoolYear;
  return true;
}

/**
 * A late team of four from a school already in the tournament: a late entry for each pupil (until the late-entry
 * round is paired, the configured points for each round missed); after the names lock it waits for an arbiter,
 * who decides without the lock (`lock: null`).
 */
export function decideLateTeam(
  rules: RosterRules,
  input: { rounds: readonly RosterRound[]; lock: LockState | null },
): Decision<{
  mode: 'now' | 'request';
  joinsRound: number;
  missedRounds: number[];
  missedRoundBye: 'zero' | 'half';
}> {
  const entry = decideLateEntry(rules, input.rounds);
  if (!entry.ok) return entry;
  return { ...entry, mode: input.lock === null || input.lock.open ? 'now' : 'request' };
}
