/**
 * The dress rehearsal's shared vocabulary (issue 34, docs/performance.md "Dress rehearsal"): its sizes, the
 * ledger of acknowledged writes, the timings, and the context every phase receives.
 *
 * A phase (scripts/rehearsal/phases/*.ts) is `(context) => Promise<void>`. It talks to the site only through
 * `context.http` (HTTP through nginx, as phones and kiosks do), writes each write the site acknowledged into
 * `context.ledger`, and each figure into `context.timings`. What later phases need (schools, players, badge
 * tokens, staff sign-ins) it leaves in `context.facts`. The end state is read separately, with SQL (each phase's
 * `…FinalState` reader, merged by run.ts), and compared with the ledger by the pure checks (checks.ts).
 */

export type Fault = 'database-restart' | 'app-killed' | 'backup-during-play';

export interface RehearsalSize {
  name: 'full' | 'ci';
  schools: number;
  /** Teams of four per school (the full size: 44 schools × 2 = 88 teams, 352 pupils). */
  teamsPerSchool: number;
  rounds: number;
  /** Public viewers holding a live stream and reading the current round on every change. */
  viewers: number;
  /** Venue screens (real Chromium pages at /screen/<code>). */
  screens: number;
  /** Simulated minutes over which the pupils arrive at the kiosks. */
  checkinMinutes: number;
  /** Simulated minutes the desk's device is offline with its check-ins queued. */
  offlineDeskMinutes: number;
  /** Real milliseconds per simulated minute (the rehearsal compresses time). */
  msPerSimulatedMinute: number;
  /** The share of boards where the two phones disagree (resolved by the arbiter). */
  disagreeingShare: number;
  /** Faults, each in its own round: faults[i] in round i + 2, so round 1 and the last stay clean (run.ts). */
  faults: Fault[];
}

export const FULL_SIZE: RehearsalSize = {
  name: 'full',
  schools: 44,
  teamsPerSchool: 2,
  rounds: 5,
  viewers: 400,
  screens: 5,
  checkinMinutes: 20,
  offlineDeskMinutes: 5,
  msPerSimulatedMinute: 1_000,
  disagreeingShare: 0.03,
  faults: ['database-restart', 'app-killed', 'backup-during-play'],
};

export const CI_SIZE: RehearsalSize = {
  name: 'ci',
  schools: 8,
  teamsPerSchool: 1,
  rounds: 3,
  viewers: 40,
  screens: 1,
  checkinMinutes: 4,
  offlineDeskMinutes: 1,
  msPerSimulatedMinute: 500,
  disagreeingShare: 0.1,
  faults: ['app-killed'],
};

/**
 * What the site acknowledged (a 2xx answer) and so must hold at the end. Keyed by kind and key: a later write
 * to the same key (a check-in undone, a result corrected) replaces the earlier one, so the ledger holds what
 * the final state must say.
 */
export type WriteKind =
  | 'registration'
  | 'payment'
  | 'consent'
  | 'roster-change'
  | 'check-in'
  | 'result'
  | 'audit';

export interface AcknowledgedWrite {
  kind: WriteKind;
  /** What identifies it in the final state (a registration's id, a player's id, a match's id…). */
  key: string;
  /** The value the final state must hold for that key, written canonically (e.g. 'paid', 'checked-in', '1-0'). */
  expected: string;
  /** Which phase wrote it, for the report. */
  phase: string;
}

export class Ledger {
  private readonly writes = new Map<string, AcknowledgedWrite>();

  record(write: AcknowledgedWrite): void {
    this.writes.set(`${write.kind}\u0000${write.key}`, write);
  }

  /** Every write, the latest per kind and key. */
  all(): AcknowledgedWrite[] {
    return [...this.writes.values()];
  }

  count(kind: WriteKind): number {
    return this.all().filter((write) => write.kind === kind).length;
  }
}

/** Named samples in milliseconds (round turnaround, result → viewer, pairing → screen, …). */
export class Timings {
  readonly samples = new Map<string, number[]>();

  add(name: string, ms: number): void {
    const list = this.samples.get(name) ?? [];
    list.push(ms);
    this.samples.set(name, list);
  }
}

/** One HTTP answer as the rehearsal's client saw it (every request is kept, for the no-5xx check). */
export interface Exchange {
  method: string;
  path: string;
  /** The HTTP status, or 0 when no answer came (the connection failed). */
  status: number;
  /** Which phase sent it. */
  phase: string;
  /** When the answer (or the failure) came, ms since the epoch. */
  at: number;
  /** Whether the answer named a Retry-After (a 503's designed form). */
  retryAfter?: boolean;
}

/** What the phases may know of the processes the rehearsal runs (the faults are run.ts's and faults.ts's). */
export interface StackControl {
  /** nginx's address: every device talks to it. */
  publicUrl: string;
  /** The rehearsal's own throw-away database (read by final-state.ts; phases do not write SQL). */
  databaseUrl: string;
  /** The statuses nginx logged, one per request (502s are nginx's own: no process answered). */
  accessLogStatuses(): number[];
}

/** A staff member, a teacher or a pupil, as the phases share them. */
export interface RehearsalPlayer {
  /** The players table's id. */
  id: string;
  name: string;
  schoolName: string;
  /** The badge's token (kiosk scans and phone reports use it). */
  badgeToken: string;
}

export interface RehearsalFacts {
  /** The tournament the rehearsal runs (created by the registration phase's setup). */
  tournamentId: string | null;
  /** Every registered pupil, once badges are issued (the check-in phase's setup). */
  players: RehearsalPlayer[];
  /** The venue screens' codes. */
  screenCodes: string[];
  /** Anything else a phase leaves for a later one, by name. */
  notes: Map<string, unknown>;
}

export interface RehearsalContext {
  size: RehearsalSize;
  http: import('./http').SiteClient;
  ledger: Ledger;
  timings: Timings;
  facts: RehearsalFacts;
  stack: StackControl;
  /**
   * A signed-in staff device per demo role ('superadmin', 'admin', or 'arbiter', the demo's custom role),
   * made on first use.
   */
  staff(role: string): Promise<import('./http').Device>;
  /** One line of progress. */
  log(line: string): void;
}

/** One player's line of the final standings, as the leaderboard shows it and as recomputed from the TRF. */
export interface StandingRow {
  name: string;
  rank: number;
  /** Points, in whole and half points (1.5). */
  points: number;
  /** The tie-break values in the tournament's order. */
  tiebreaks: number[];
}

/** Everything the checks (checks.ts) judge: what was acknowledged, what is there at the end, what was seen. */
export interface RehearsalEvidence {
  size: RehearsalSize;
  ledger: AcknowledgedWrite[];
  /** Per kind, per key, the value the end state holds (read with SQL from the database, not the API). */
  finalState: Map<WriteKind, Map<string, string>>;
  /** null when the close phase did not get that far. */
  standings: { fromTrf: StandingRow[]; leaderboard: StandingRow[] } | null;
  /** The rounds the rehearsal paired and published. */
  rounds: number[];
  /** Each viewer and screen, with the rounds it showed. */
  viewers: { label: string; roundsSeen: number[] }[];
  screens: { label: string; roundsSeen: number[] }[];
  exchanges: Exchange[];
  /** When the database was down (the restart fault): the only time a 503 is the site's right answer. */
  databaseDown: { from: number; to: number }[];
  nginxStatuses: number[];
  timings: Map<string, number[]>;
  /** Phases that stopped with an error, with it. */
  errors: string[];
}
