/**
 * The dress rehearsal's verdict (issue 34, docs/performance.md "Dress rehearsal"): pure checks over the evidence
 * the phases gathered (context.ts RehearsalEvidence), and the plain-text report the runner prints. Each check
 * lists every failure (the report prints the first ten) in words a person at the desk would understand. Timings
 * are reported, not judged.
 *
 * A check that had nothing to look at fails: a rehearsal that wrote nothing, saw no standings or had no viewer
 * proved nothing.
 */
import { countOf, nounFor } from '../../src/domain/plural';
import type { AcknowledgedWrite, Exchange, RehearsalEvidence, StandingRow, WriteKind } from './context';

export interface CheckResult {
  name: string;
  passed: boolean;
  /** One line: what was checked and what was found. */
  summary: string;
  /** Every failure, one sentence each (the report prints the first REPORTED_FAILURES). */
  failures: string[];
}

export const CHECK_NAMES = {
  writes: 'every acknowledged write is there',
  standings: 'the standings from the exported TRF equal the leaderboard',
  viewers: 'every viewer saw every round',
  screens: 'every screen showed every round',
  serverErrors: 'no 500 and no 502',
  phases: 'every phase completed',
} as const;

/** How many failures of a check the report prints. */
export const REPORTED_FAILURES = 10;

/** Standings values (points, tie-breaks in points) are equal within this. */
const TOLERANCE = 1e-9;

export function checkRehearsal(evidence: RehearsalEvidence): CheckResult[] {
  return [
    checkWrites(evidence),
    checkStandings(evidence),
    checkRoundsSeen(evidence, 'viewer'),
    checkRoundsSeen(evidence, 'screen'),
    checkServerErrors(evidence),
    checkPhases(evidence),
  ];
}

// ---- every acknowledged write is there ----

const KIND_NOUNS: Record<WriteKind, [string, string]> = {
  registration: ['registration', 'registrations'],
  payment: ['payment', 'payments'],
  consent: ['consent', 'consents'],
  'roster-change': ['roster change', 'roster changes'],
  'check-in': ['check-in', 'check-ins'],
  result: ['result', 'results'],
  audit: ['audit entry', 'audit entries'],
};
const KIND_ORDER = Object.keys(KIND_NOUNS) as WriteKind[];

/** "352 check-ins, 176 results, 88 registrations": the most written kinds first. */
function countsByKind(writes: readonly AcknowledgedWrite[]): string {
  const counts = new Map<WriteKind, number>();
  for (const write of writes) counts.set(write.kind, (counts.get(write.kind) ?? 0) + 1);
  return [...counts]
    .sort(([a, x], [b, y]) => y - x || KIND_ORDER.indexOf(a) - KIND_ORDER.indexOf(b))
    .map(([kind, count]) => countOf(count, ...(KIND_NOUNS[kind] ?? [kind, kind])))
    .join(', ');
}

function checkWrites({ ledger, finalState }: RehearsalEvidence): CheckResult {
  const name = CHECK_NAMES.writes;
  if (ledger.length === 0) {
    return {
      name,
      passed: false,
      summary: 'the ledger is empty: the site acknowledged no write, so the rehearsal proved nothing',
      failures: ['no acknowledged write was recorded (did the phases run?)'],
    };
  }
  const failures: string[] = [];
  let missing = 0;
  for (const write of ledger) {
    const held = finalState.get(write.kind)?.get(write.key);
    const noun = KIND_NOUNS[write.kind]?.[0] ?? write.kind;
    if (held === undefined) {
      missing += 1;
      failures.push(`${noun} ${write.key}: missing (acknowledged ${write.expected} in phase ${write.phase})`);
    } else if (held !== write.expected) {
      failures.push(
        `${noun} ${write.key}: holds ${held}, acknowledged ${write.expected} (phase ${write.phase})`,
      );
    }
  }
  const counts = countsByKind(ledger);
  if (failures.length === 0) {
    return {
      name,
      passed: true,
      summary: `all ${countOf(ledger.length, 'acknowledged write')} are there: ${counts}`,
      failures,
    };
  }
  const changed = failures.length - missing;
  return {
    name,
    passed: false,
    summary: `${failures.length} of ${countOf(ledger.length, 'acknowledged write')} not as acknowledged (${missing} missing, ${changed} changed); written: ${counts}`,
    failures,
  };
}

// ---- the standings from the exported TRF equal the leaderboard ----

/** A standings value as a person reads it: "12.5", or "–" for no value (NaN, standings.ts NO_TIEBREAK_VALUE). */
function shown(value: number | undefined): string {
  return value === undefined || Number.isNaN(value) ? '–' : String(value);
}

function isSameValue(a: number | undefined, b: number | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
  return Math.abs(a - b) <= TOLERANCE;
}

/** A stable order for the rows of one name (a name two pupils share): rank, points, then tie-breaks. */
function compareRows(a: StandingRow, b: StandingRow): number {
  const value = (v: number | undefined) =>
    v === undefined || Number.isNaN(v) ? Number.NEGATIVE_INFINITY : v;
  const keys = (row: StandingRow) => [-row.rank, row.points, ...row.tiebreaks.map(value)];
  const x = keys(a);
  const y = keys(b);
  for (let index = 0; index < Math.max(x.length, y.length); index += 1) {
    const p = x[index] ?? Number.NEGATIVE_INFINITY;
    const q = y[index] ?? Number.NEGATIVE_INFINITY;
    if (p !== q) return q > p ? 1 : -1;
  }
  return 0;
}

function rowDifferences(name: string, board: StandingRow, trf: StandingRow): string[] {
  const found: string[] = [];
  if (board.rank !== trf.rank)
    found.push(`${name}: rank ${board.rank} on the leaderboard, ${trf.rank} from the TRF`);
  if (!isSameValue(board.points, trf.points)) {
    found.push(
      `${name}: ${shown(board.points)} points on the leaderboard, ${shown(trf.points)} from the TRF`,
    );
  }
  if (board.tiebreaks.length !== trf.tiebreaks.length) {
    found.push(
      `${name}: ${countOf(board.tiebreaks.length, 'tie-break')} on the leaderboard, ${trf.tiebreaks.length} from the TRF`,
    );
  }
  const common = Math.min(board.tiebreaks.length, trf.tiebreaks.length);
  for (let index = 0; index < common; index += 1) {
    if (!isSameValue(board.tiebreaks[index], trf.tiebreaks[index])) {
      found.push(
        `${name}: tie-break ${index + 1} is ${shown(board.tiebreaks[index])} on the leaderboard, ${shown(trf.tiebreaks[index])} from the TRF`,
      );
    }
  }
  return found;
}

function groupByName(rows: readonly StandingRow[]): Map<string, StandingRow[]> {
  const groups = new Map<string, StandingRow[]>();
  for (const row of rows) groups.set(row.name, [...(groups.get(row.name) ?? []), row]);
  for (const group of groups.values()) group.sort(compareRows);
  return groups;
}

function checkStandings({ standings }: RehearsalEvidence): CheckResult {
  const name = CHECK_NAMES.standings;
  if (standings === null) {
    return {
      name,
      passed: false,
      summary: 'no standings to compare: the close phase did not export the TRF and read the leaderboard',
      failures: ['the standings were not recorded'],
    };
  }
  const { fromTrf, leaderboard } = standings;
  if (fromTrf.length === 0 && leaderboard.length === 0) {
    return {
      name,
      passed: false,
      summary: 'neither the TRF nor the leaderboard lists a player: nothing was compared',
      failures: ['both standings are empty'],
    };
  }
  const board = groupByName(leaderboard);
  const trf = groupByName(fromTrf);
  const failures: string[] = [];
  const differing = new Set<string>();
  // The leaderboard's order, then the names only the TRF has.
  const names = [...new Set([...leaderboard.map((row) => row.name), ...fromTrf.map((row) => row.name)])];
  for (const playerName of names) {
    const onBoard = board.get(playerName) ?? [];
    const inTrf = trf.get(playerName) ?? [];
    const before = failures.length;
    if (inTrf.length === 0) {
      failures.push(
        `${playerName}: on the leaderboard (rank ${onBoard[0]!.rank}) but not in the standings from the TRF`,
      );
    } else if (onBoard.length === 0) {
      failures.push(
        `${playerName}: in the standings from the TRF (rank ${inTrf[0]!.rank}) but not on the leaderboard`,
      );
    } else if (onBoard.length !== inTrf.length) {
      failures.push(
        `${playerName}: listed ${onBoard.length} times on the leaderboard, ${inTrf.length} times in the standings from the TRF`,
      );
    } else {
      onBoard.forEach((row, index) => {
        failures.push(...rowDifferences(playerName, row, inTrf[index]!));
      });
    }
    if (failures.length > before) differing.add(playerName);
  }
  const players = countOf(names.length, 'player');
  const tiebreaks = countOf(
    Math.max(...[...leaderboard, ...fromTrf].map((row) => row.tiebreaks.length)),
    'tie-break',
  );
  if (failures.length === 0) {
    return {
      name,
      passed: true,
      summary: `${players}: the same names, ranks, points and ${tiebreaks}`,
      failures,
    };
  }
  return {
    name,
    passed: false,
    summary: `${differing.size} of ${players} differ (leaderboard: ${leaderboard.length} rows, from the TRF: ${fromTrf.length})`,
    failures,
  };
}

// ---- every viewer saw / every screen showed every round ----

/** "round 3", "rounds 3 and 4", "rounds 2, 3 and 4". */
function roundsText(rounds: readonly number[]): string {
  const list =
    rounds.length <= 1 ? String(rounds[0] ?? '') : `${rounds.slice(0, -1).join(', ')} and ${rounds.at(-1)}`;
  return `${nounFor(rounds.length, 'round')} ${list}`;
}

function checkRoundsSeen(evidence: RehearsalEvidence, what: 'viewer' | 'screen'): CheckResult {
  const isViewer = what === 'viewer';
  const name = isViewer ? CHECK_NAMES.viewers : CHECK_NAMES.screens;
  const entries = isViewer ? evidence.viewers : evidence.screens;
  const planned = isViewer ? evidence.size.viewers : evidence.size.screens;
  const saw = isViewer ? 'saw' : 'showed';
  const missed = isViewer ? 'missed' : 'did not show';
  if (planned === 0) return { name, passed: true, summary: `no ${what} in this size`, failures: [] };
  if (entries.length === 0) {
    return {
      name,
      passed: false,
      summary: `no ${what} was recorded, though the size asks for ${planned}`,
      failures: [`no ${what} reported the rounds it ${saw}`],
    };
  }
  const rounds = [...new Set(evidence.rounds)].sort((a, b) => a - b);
  if (rounds.length === 0) {
    return {
      name,
      passed: false,
      summary: `no round was published, so no ${what} could show one`,
      failures: ['the evidence names no published round'],
    };
  }
  const failures: string[] = [];
  const missedBy = new Map<number, number>();
  for (const entry of entries) {
    const seen = new Set(entry.roundsSeen);
    const absent = rounds.filter((round) => !seen.has(round));
    if (absent.length === 0) continue;
    for (const round of absent) missedBy.set(round, (missedBy.get(round) ?? 0) + 1);
    failures.push(`${entry.label} ${missed} ${roundsText(absent)}`);
  }
  const recorded = entries.length === planned ? '' : ` (${planned} planned, ${entries.length} recorded)`;
  if (failures.length === 0) {
    const all = entries.length === 1 ? `the ${what}` : `all ${countOf(entries.length, what)}`;
    return {
      name,
      passed: true,
      summary: `${all} ${saw} every round (${roundsText(rounds)})${recorded}`,
      failures,
    };
  }
  const byRound = [...missedBy]
    .sort(([a], [b]) => a - b)
    .map(([round, count]) => `round ${round} by ${count}`)
    .join(', ');
  return {
    name,
    passed: false,
    summary: `${failures.length} of ${countOf(entries.length, what)} ${missed} a round: ${byRound}${recorded}`,
    failures,
  };
}

// ---- no 500 and no 502 ----

/**
 * 503 with Retry-After is the site's designed answer while the database is lost ("answers from the snapshot or
 * 503 with Retry-After while the database is lost, never 502"): counted and shown, not failed, while the
 * database was down or within DATABASE_GRACE_MS after (pools reconnect, phones' retries arrive). A 503 at any
 * other time, or without Retry-After, fails, as does every other 5xx (500, 502, 504, …) and a request that got
 * no answer at all.
 */
const isServerError = (status: number) => status >= 500 && status !== 503;
export const DATABASE_GRACE_MS = 15_000;

function isExcused(exchange: Exchange, databaseDown: RehearsalEvidence['databaseDown']): boolean {
  return (
    exchange.status === 503 &&
    exchange.retryAfter === true &&
    databaseDown.some(({ from, to }) => exchange.at >= from && exchange.at <= to + DATABASE_GRACE_MS)
  );
}

const isFailedExchange = (exchange: Exchange, databaseDown: RehearsalEvidence['databaseDown']) =>
  exchange.status === 0 ||
  isServerError(exchange.status) ||
  (exchange.status === 503 && !isExcused(exchange, databaseDown));

/** Ids in paths (uuids, numbers, long tokens) as ":id", so the same route's failures are counted together. */
function routeOf(path: string): string {
  return path
    .split('?')[0]!
    .split('/')
    .map((segment) =>
      /^\d+$/.test(segment) ||
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment) ||
      (segment.length >= 16 && /^[A-Za-z0-9_-]+$/.test(segment) && /\d/.test(segment))
        ? ':id'
        : segment,
    )
    .join('/');
}

function describeStatus(exchange: Exchange): string {
  if (exchange.status === 0) return 'got no answer';
  if (exchange.status !== 503) return `answered ${exchange.status}`;
  return exchange.retryAfter ? 'answered 503 while the database was up' : 'answered 503 without Retry-After';
}

const NGINX_MEANING: Record<number, string> = {
  500: 'an app process failed',
  502: 'no app process answered',
  504: 'an app process did not answer in time',
};

function checkServerErrors({ exchanges, nginxStatuses, databaseDown }: RehearsalEvidence): CheckResult {
  const name = CHECK_NAMES.serverErrors;
  const groups = new Map<string, { exchange: Exchange; count: number }>();
  for (const exchange of exchanges) {
    if (!isFailedExchange(exchange, databaseDown)) continue;
    const key = `${exchange.method} ${routeOf(exchange.path)} ${describeStatus(exchange)} ${exchange.phase}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { exchange: { ...exchange, path: routeOf(exchange.path) }, count: 1 });
  }
  const failures = [...groups.values()]
    .sort((a, b) => b.count - a.count)
    .map(
      ({ exchange, count }) =>
        `${exchange.method} ${exchange.path} ${describeStatus(exchange)} in phase ${exchange.phase}, ${countOf(count, 'time')}`,
    );
  const nginxCounts = new Map<number, number>();
  for (const status of nginxStatuses) {
    if (isServerError(status)) nginxCounts.set(status, (nginxCounts.get(status) ?? 0) + 1);
  }
  for (const [status, count] of [...nginxCounts].sort(([a], [b]) => a - b)) {
    const meaning = NGINX_MEANING[status];
    failures.push(`nginx logged ${status} ${countOf(count, 'time')}${meaning ? ` (${meaning})` : ''}`);
  }
  const clientBad = exchanges.filter((exchange) => isFailedExchange(exchange, databaseDown)).length;
  const nginxBad = [...nginxCounts.values()].reduce((sum, count) => sum + count, 0);
  const unavailable = `503 with Retry-After (the designed answer while the database is lost): ${
    exchanges.filter((exchange) => exchange.status === 503).length
  } to the devices, ${nginxStatuses.filter((status) => status === 503).length} in nginx's log`;
  const seen = `${countOf(exchanges.length, 'answer')} to the devices, ${countOf(nginxStatuses.length, 'request')} in nginx's log`;
  if (exchanges.length === 0) {
    return {
      name,
      passed: false,
      summary: `no answer was recorded, so nothing shows the site answered without errors (${nginxStatuses.length} in nginx's log)`,
      failures: ['the devices recorded no answer', ...failures],
    };
  }
  if (failures.length === 0) {
    return {
      name,
      passed: true,
      summary: `${seen}: no 5xx, and 503 only while the database was down; ${unavailable}`,
      failures,
    };
  }
  return {
    name,
    passed: false,
    summary: `${seen}: ${clientBad} server errors to the devices, ${nginxBad} in nginx's log; ${unavailable}`,
    failures,
  };
}

// ---- every phase completed ----

function checkPhases({ errors }: RehearsalEvidence): CheckResult {
  const name = CHECK_NAMES.phases;
  if (errors.length === 0)
    return { name, passed: true, summary: 'no phase stopped with an error', failures: [] };
  return {
    name,
    passed: false,
    summary: `${countOf(errors.length, 'phase')} stopped with an error`,
    failures: [...errors],
  };
}

// ---- the report ----

/** The nearest-rank percentile (q in 0..1) of samples, or null when there are none. */
export function percentile(samples: readonly number[], q: number): number | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index]!;
}

function milliseconds(value: number | null): string {
  if (value === null) return '–';
  return value < 10 ? value.toFixed(1) : String(Math.round(value));
}

function timingsTable(timings: ReadonlyMap<string, readonly number[]>): string[] {
  if (timings.size === 0) return ['Timings: none recorded'];
  const header = ['name', 'count', 'p50 ms', 'p99 ms', 'max ms'];
  const rows = [...timings].map(([name, samples]) => [
    name,
    String(samples.length),
    milliseconds(percentile(samples, 0.5)),
    milliseconds(percentile(samples, 0.99)),
    milliseconds(samples.length === 0 ? null : Math.max(...samples)),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!)))
      .join('  ')
      .trimEnd();
  return ['Timings', line(header), ...rows.map(line)];
}

/**
 * The report: one line per check (PASS/FAIL, its name and summary) with its first failures indented, the
 * timings as a table (name, count, p50, p99, max in ms), and a last line with the verdict.
 */
export function formatReport(evidence: RehearsalEvidence, results: readonly CheckResult[]): string {
  const { size } = evidence;
  const lines: string[] = [
    `Dress rehearsal (${size.name}: ${countOf(size.schools, 'school')}, ${countOf(size.rounds, 'round')}, ${countOf(size.viewers, 'viewer')}, ${countOf(size.screens, 'screen')}; faults: ${size.faults.join(', ') || 'none'})`,
    '',
  ];
  for (const result of results) {
    lines.push(`${result.passed ? 'PASS' : 'FAIL'}  ${result.name}: ${result.summary}`);
    for (const failure of result.failures.slice(0, REPORTED_FAILURES)) lines.push(`        ${failure}`);
    const more = result.failures.length - REPORTED_FAILURES;
    if (more > 0) lines.push(`        … and ${more} more`);
  }
  lines.push('', ...timingsTable(evidence.timings), '');
  const failed = results.filter((result) => !result.passed).length;
  lines.push(
    failed === 0
      ? `rehearsal: all ${results.length} checks passed`
      : `rehearsal: ${failed} of ${results.length} checks FAILED`,
  );
  return lines.join('\n');
}
