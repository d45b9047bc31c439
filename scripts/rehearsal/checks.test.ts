import { describe, expect, it } from 'vitest';
import {
  CHECK_NAMES,
  type CheckResult,
  checkRehearsal,
  DATABASE_GRACE_MS,
  formatReport,
  percentile,
} from './checks';
import {
  type AcknowledgedWrite,
  CI_SIZE,
  type RehearsalEvidence,
  type StandingRow,
  type WriteKind,
} from './context';

const MATCH = '3f2b9c1e-8a7d-4c2e-9b1a-5d6e7f8a9b0c';
/** When the rehearsal's database was down (the restart fault). */
const DOWN = { from: 100_000, to: 104_000 };

const LEDGER: AcknowledgedWrite[] = [
  { kind: 'registration', key: 'reg-1', expected: 'paid', phase: 'registration' },
  { kind: 'check-in', key: 'p-1', expected: 'checked-in', phase: 'check-in' },
  { kind: 'check-in', key: 'p-2', expected: 'checked-in', phase: 'check-in' },
  { kind: 'check-in', key: 'p-3', expected: 'not-checked-in', phase: 'check-in' },
  { kind: 'result', key: 'm-1', expected: '1-0', phase: 'results' },
  { kind: 'result', key: 'm-2', expected: '½-½', phase: 'results' },
];

function stateOf(writes: readonly AcknowledgedWrite[]): Map<WriteKind, Map<string, string>> {
  const state = new Map<WriteKind, Map<string, string>>();
  for (const write of writes) {
    const ofKind = state.get(write.kind) ?? new Map<string, string>();
    ofKind.set(write.key, write.expected);
    state.set(write.kind, ofKind);
  }
  return state;
}

/** Rank, points, then BH-C1 and rating in points (NaN: an unrated pupil's rating, no value). */
const STANDINGS: StandingRow[] = [
  { name: 'Aoife Byrne', rank: 1, points: 3, tiebreaks: [4.5, 1350] },
  { name: 'Cian Murphy', rank: 2, points: 2, tiebreaks: [5, Number.NaN] },
  { name: 'Niamh Kelly', rank: 3, points: 2, tiebreaks: [4, 1200] },
  { name: 'Tadhg Walsh', rank: 4, points: 0.5, tiebreaks: [5.5, Number.NaN] },
];
const copyRows = (rows: StandingRow[]) => rows.map((row) => ({ ...row, tiebreaks: [...row.tiebreaks] }));

function passingEvidence(): RehearsalEvidence {
  return {
    size: { ...CI_SIZE, viewers: 3, screens: 1 },
    ledger: LEDGER.map((write) => ({ ...write })),
    finalState: stateOf(LEDGER),
    standings: { fromTrf: copyRows(STANDINGS), leaderboard: copyRows(STANDINGS) },
    rounds: [1, 2, 3],
    viewers: [
      { label: 'viewer 1', roundsSeen: [1, 2, 3] },
      { label: 'viewer 2', roundsSeen: [3, 1, 2, 2] },
      { label: 'viewer 3', roundsSeen: [1, 2, 3] },
    ],
    screens: [{ label: 'screen HALL-1', roundsSeen: [1, 2, 3] }],
    exchanges: [
      { method: 'GET', path: '/api/public/leaderboard', status: 200, phase: 'viewers', at: 1_000 },
      { method: 'POST', path: `/api/matches/${MATCH}/result`, status: 200, phase: 'results', at: 2_000 },
      { method: 'POST', path: `/api/matches/${MATCH}/result`, status: 409, phase: 'results', at: 3_000 },
      // The designed answer while the database restarts: reported, not failed.
      {
        method: 'GET',
        path: '/api/public/current-round',
        status: 503,
        phase: 'faults',
        at: DOWN.from + 1_000,
        retryAfter: true,
      },
    ],
    databaseDown: [DOWN],
    nginxStatuses: [200, 200, 409, 503],
    timings: new Map([
      ['round turnaround', [1200, 900, 1500]],
      ['result → viewer', [40, 55, 61, 38]],
    ]),
    errors: [],
  };
}

const resultOf = (results: CheckResult[], name: string): CheckResult => {
  const result = results.find((candidate) => candidate.name === name);
  if (!result) throw new Error(`no check named ${name}`);
  return result;
};

/** The checks of `evidence` that failed, by name. */
const failedNames = (evidence: RehearsalEvidence) =>
  checkRehearsal(evidence)
    .filter((result) => !result.passed)
    .map((result) => result.name);

describe('the rehearsal checks on a good day', () => {
  it('passes every check, each with a summary of what it saw', () => {
    const results = checkRehearsal(passingEvidence());
    expect(results.map((result) => result.name)).toEqual(Object.values(CHECK_NAMES));
    for (const result of results) expect(result, result.name).toMatchObject({ passed: true, failures: [] });
    expect(resultOf(results, CHECK_NAMES.writes).summary).toBe(
      'all 6 acknowledged writes are there: 3 check-ins, 2 results, 1 registration',
    );
    expect(resultOf(results, CHECK_NAMES.standings).summary).toBe(
      '4 players: the same names, ranks, points and 2 tie-breaks',
    );
    expect(resultOf(results, CHECK_NAMES.viewers).summary).toBe(
      'all 3 viewers saw every round (rounds 1, 2 and 3)',
    );
    expect(resultOf(results, CHECK_NAMES.screens).summary).toBe(
      'the screen showed every round (rounds 1, 2 and 3)',
    );
    // The 503s are counted in the summary, as information.
    expect(resultOf(results, CHECK_NAMES.serverErrors).summary).toMatch(
      /503 with Retry-After.*: 1 to the devices, 1 in nginx's log/,
    );
  });

  it('takes standings values equal within 1e-9, and two "no value"s as equal', () => {
    const evidence = passingEvidence();
    evidence.standings!.fromTrf[0]!.tiebreaks[0] = 4.5 + 1e-12;
    expect(failedNames(evidence)).toEqual([]);
  });

  it('passes the viewers check of a size without viewers', () => {
    const evidence = { ...passingEvidence(), size: { ...CI_SIZE, viewers: 0, screens: 1 }, viewers: [] };
    expect(failedNames(evidence)).toEqual([]);
  });
});

describe('every acknowledged write is there', () => {
  it('names a dropped write by its kind and key: the ledger says the result was acknowledged, the database lacks it', () => {
    const evidence = passingEvidence();
    evidence.finalState.get('result')!.delete('m-2');
    const check = resultOf(checkRehearsal(evidence), CHECK_NAMES.writes);
    expect(check.passed).toBe(false);
    expect(check.failures).toEqual(['result m-2: missing (acknowledged ½-½ in phase results)']);
    expect(check.summary).toMatch(/^1 of 6 acknowledged writes not as acknowledged \(1 missing, 0 changed\)/);
    expect(failedNames(evidence)).toEqual([CHECK_NAMES.writes]);
  });

  it('names a changed value with what the database holds and what was acknowledged', () => {
    const evidence = passingEvidence();
    evidence.finalState.get('check-in')!.set('p-2', 'not-checked-in');
    const check = resultOf(checkRehearsal(evidence), CHECK_NAMES.writes);
    expect(check.passed).toBe(false);
    expect(check.failures).toEqual([
      'check-in p-2: holds not-checked-in, acknowledged checked-in (phase check-in)',
    ]);
  });

  it('says missing when a whole kind is absent from the final state', () => {
    const evidence = passingEvidence();
    evidence.finalState.delete('registration');
    expect(resultOf(checkRehearsal(evidence), CHECK_NAMES.writes).failures).toEqual([
      'registration reg-1: missing (acknowledged paid in phase registration)',
    ]);
  });

  it('fails an empty ledger: a rehearsal that wrote nothing proved nothing', () => {
    const evidence = { ...passingEvidence(), ledger: [], finalState: new Map() };
    const check = resultOf(checkRehearsal(evidence), CHECK_NAMES.writes);
    expect(check.passed).toBe(false);
    expect(check.summary).toMatch(/ledger is empty/);
  });
});

describe('the standings from the exported TRF equal the leaderboard', () => {
  it('names the player and the tie-break that differ', () => {
    const evidence = passingEvidence();
    evidence.standings!.fromTrf[1]!.tiebreaks[0] = 5.5;
    const check = resultOf(checkRehearsal(evidence), CHECK_NAMES.standings);
    expect(check.passed).toBe(false);
    expect(check.failures).toEqual(['Cian Murphy: tie-break 1 is 5 on the leaderboard, 5.5 from the TRF']);
    expect(check.summary).toMatch(/^1 of 4 players differ/);
  });

  it('names a value against no value, a different rank and points, and a player on one side only', () => {
    const evidence = passingEvidence();
    const fromTrf = evidence.standings!.fromTrf;
    fromTrf[1]!.tiebreaks[1] = 1100;
    fromTrf[2] = { ...fromTrf[2]!, rank: 2, points: 2.5 };
    fromTrf[3] = { ...fromTrf[3]!, name: 'Tadhg Walsh-Nolan' };
    expect(resultOf(checkRehearsal(evidence), CHECK_NAMES.standings).failures).toEqual([
      'Cian Murphy: tie-break 2 is – on the leaderboard, 1100 from the TRF',
      'Niamh Kelly: rank 3 on the leaderboard, 2 from the TRF',
      'Niamh Kelly: 2 points on the leaderboard, 2.5 from the TRF',
      'Tadhg Walsh: on the leaderboard (rank 4) but not in the standings from the TRF',
      'Tadhg Walsh-Nolan: in the standings from the TRF (rank 4) but not on the leaderboard',
    ]);
  });

  it('compares two pupils of the same name row by row', () => {
    const evidence = passingEvidence();
    const twin = { name: 'Aoife Byrne', rank: 5, points: 0, tiebreaks: [3, 1100] };
    evidence.standings!.leaderboard.push(twin);
    evidence.standings!.fromTrf.unshift({ ...twin, tiebreaks: [...twin.tiebreaks] });
    expect(failedNames(evidence)).toEqual([]);
    evidence.standings!.fromTrf.shift();
    expect(resultOf(checkRehearsal(evidence), CHECK_NAMES.standings).failures).toEqual([
      'Aoife Byrne: listed 2 times on the leaderboard, 1 times in the standings from the TRF',
    ]);
  });

  it('fails when no standings were recorded, or both are empty', () => {
    expect(failedNames({ ...passingEvidence(), standings: null })).toEqual([CHECK_NAMES.standings]);
    expect(failedNames({ ...passingEvidence(), standings: { fromTrf: [], leaderboard: [] } })).toEqual([
      CHECK_NAMES.standings,
    ]);
  });
});

describe('every viewer saw and every screen showed every round', () => {
  it('names the viewer who missed round 3', () => {
    const evidence = passingEvidence();
    evidence.viewers[1] = { label: 'viewer 2', roundsSeen: [1, 2] };
    const check = resultOf(checkRehearsal(evidence), CHECK_NAMES.viewers);
    expect(check.passed).toBe(false);
    expect(check.failures).toEqual(['viewer 2 missed round 3']);
    expect(check.summary).toBe('1 of 3 viewers missed a round: round 3 by 1');
    expect(failedNames(evidence)).toEqual([CHECK_NAMES.viewers]);
  });

  it('names a screen that did not show two rounds', () => {
    const evidence = passingEvidence();
    evidence.screens[0] = { label: 'screen HALL-1', roundsSeen: [1] };
    expect(resultOf(checkRehearsal(evidence), CHECK_NAMES.screens).failures).toEqual([
      'screen HALL-1 did not show rounds 2 and 3',
    ]);
  });

  it('fails when the size asks for viewers or screens and none was recorded', () => {
    expect(failedNames({ ...passingEvidence(), viewers: [] })).toEqual([CHECK_NAMES.viewers]);
    expect(failedNames({ ...passingEvidence(), screens: [] })).toEqual([CHECK_NAMES.screens]);
  });

  it('fails when no round was published', () => {
    expect(failedNames({ ...passingEvidence(), rounds: [] })).toEqual([
      CHECK_NAMES.viewers,
      CHECK_NAMES.screens,
    ]);
  });
});

describe('no 500 and no 502', () => {
  it("fails on a 502 in nginx's log, saying no app process answered", () => {
    const evidence = passingEvidence();
    evidence.nginxStatuses.push(502);
    const check = resultOf(checkRehearsal(evidence), CHECK_NAMES.serverErrors);
    expect(check.passed).toBe(false);
    expect(check.failures).toEqual(['nginx logged 502 1 time (no app process answered)']);
    expect(failedNames(evidence)).toEqual([CHECK_NAMES.serverErrors]);
  });

  it('fails on a 500 from the app, grouped by route, status and phase with counts', () => {
    const evidence = passingEvidence();
    const other = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    evidence.exchanges.push(
      { method: 'POST', path: `/api/matches/${MATCH}/result`, status: 500, phase: 'results', at: 5_000 },
      { method: 'POST', path: `/api/matches/${other}/result`, status: 500, phase: 'results', at: 5_000 },
      { method: 'GET', path: '/api/public/leaderboard', status: 504, phase: 'viewers', at: 5_000 },
    );
    evidence.nginxStatuses.push(500, 500, 504);
    const check = resultOf(checkRehearsal(evidence), CHECK_NAMES.serverErrors);
    expect(check.passed).toBe(false);
    expect(check.failures).toEqual([
      'POST /api/matches/:id/result answered 500 in phase results, 2 times',
      'GET /api/public/leaderboard answered 504 in phase viewers, 1 time',
      'nginx logged 500 2 times (an app process failed)',
      'nginx logged 504 1 time (an app process did not answer in time)',
    ]);
  });

  it('passes 503s with Retry-After while the database was down (and just after) and counts them', () => {
    const evidence = passingEvidence();
    evidence.exchanges.push({
      method: 'GET',
      path: '/api/public/home',
      status: 503,
      phase: 'faults',
      at: DOWN.to + DATABASE_GRACE_MS,
      retryAfter: true,
    });
    evidence.nginxStatuses.push(503);
    const check = resultOf(checkRehearsal(evidence), CHECK_NAMES.serverErrors);
    expect(check.passed).toBe(true);
    expect(check.summary).toMatch(/: 2 to the devices, 2 in nginx's log$/);
  });

  it('fails a 503 while the database was up, a 503 without Retry-After, and a request that got no answer', () => {
    const evidence = passingEvidence();
    const home = { method: 'GET', path: '/api/public/home', phase: 'viewers' };
    evidence.exchanges.push(
      { ...home, status: 503, at: DOWN.to + DATABASE_GRACE_MS + 1, retryAfter: true },
      { ...home, status: 503, at: DOWN.from + 10, retryAfter: false },
      { ...home, status: 0, at: DOWN.from - 10 },
    );
    const check = resultOf(checkRehearsal(evidence), CHECK_NAMES.serverErrors);
    expect(check.passed).toBe(false);
    expect(check.failures).toEqual([
      'GET /api/public/home answered 503 while the database was up in phase viewers, 1 time',
      'GET /api/public/home answered 503 without Retry-After in phase viewers, 1 time',
      'GET /api/public/home got no answer in phase viewers, 1 time',
    ]);
  });

  it('fails when no answer was recorded at all', () => {
    expect(failedNames({ ...passingEvidence(), exchanges: [] })).toEqual([CHECK_NAMES.serverErrors]);
  });
});

describe('every phase completed', () => {
  it('fails with the error of the phase that stopped', () => {
    const evidence = passingEvidence();
    evidence.errors.push('results: arbiter: POST /api/matches/x/result answered 403: Forbidden');
    const check = resultOf(checkRehearsal(evidence), CHECK_NAMES.phases);
    expect(check).toMatchObject({
      passed: false,
      summary: '1 phase stopped with an error',
      failures: ['results: arbiter: POST /api/matches/x/result answered 403: Forbidden'],
    });
    expect(failedNames(evidence)).toEqual([CHECK_NAMES.phases]);
  });
});

describe('the report', () => {
  it('ends "all N checks passed" on a good day, with a line per check and the timings table', () => {
    const evidence = passingEvidence();
    const report = formatReport(evidence, checkRehearsal(evidence));
    const lines = report.split('\n');
    expect(lines.at(-1)).toBe('rehearsal: all 6 checks passed');
    expect(lines.filter((line) => line.startsWith('PASS  '))).toHaveLength(6);
    expect(report).toContain('PASS  every acknowledged write is there: all 6 acknowledged writes are there');
    const header = lines.find((line) => line.startsWith('name'));
    expect(header?.split(/\s+/)).toEqual(['name', 'count', 'p50', 'ms', 'p99', 'ms', 'max', 'ms']);
    expect(lines.find((line) => line.startsWith('round turnaround'))?.split(/\s{2,}/)).toEqual([
      'round turnaround',
      '3',
      '1200',
      '1500',
      '1500',
    ]);
    expect(lines.find((line) => line.startsWith('result → viewer'))?.split(/\s{2,}/)).toEqual([
      'result → viewer',
      '4',
      '40',
      '61',
      '61',
    ]);
  });

  it('ends "K of N checks FAILED" when a check failed, with its first 10 failures and a count of the rest', () => {
    const evidence = passingEvidence();
    evidence.viewers = Array.from({ length: 15 }, (_, index) => ({
      label: `viewer ${index + 1}`,
      roundsSeen: [1, 2],
    }));
    evidence.errors.push('close: the TRF export answered 500');
    const report = formatReport(evidence, checkRehearsal(evidence));
    const lines = report.split('\n');
    expect(lines.at(-1)).toBe('rehearsal: 2 of 6 checks FAILED');
    expect(report).toContain(
      'FAIL  every viewer saw every round: 15 of 15 viewers missed a round: round 3 by 15',
    );
    expect(lines.filter((line) => /^ {8}viewer \d+ missed round 3$/.test(line))).toHaveLength(10);
    expect(report).toContain('        viewer 10 missed round 3\n        … and 5 more');
    expect(report).not.toContain('viewer 11 missed');
    expect(report).toContain(
      'FAIL  every phase completed: 1 phase stopped with an error\n        close: the TRF export answered 500',
    );
  });

  it('takes nearest-rank percentiles', () => {
    const samples = Array.from({ length: 100 }, (_, index) => 100 - index);
    expect(percentile(samples, 0.5)).toBe(50);
    expect(percentile(samples, 0.99)).toBe(99);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBeNull();
  });
});
