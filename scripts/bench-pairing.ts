/**
 * Pairing benchmark. First (issue 11) the engine beside the previous engine (read from git at the commit
 * before that work by scripts/bench/previous-engine.ts; the current engine alone without it) on the same states: generated events of
 * 350, 1,000 and 3,000 players over 40 schools (tests/support/pairing/test-tournaments.ts, fixed seeds) and the
 * synthetic FIDE-Dutch files, with schoolmate pairs, the sum and largest score difference, floats in the top
 * three score groups, colour preferences unmet and time per round; and the CLI's time for the 350-player
 * file without start-up. `--compare-only` stops there.
 *
 * Then it re-pairs rounds 2..9 of the TRF fixtures from their own history (the cut-back
 * method of docs/pairing-notes.md §4) with our engine and with the docs/requirements.md §5 greedy rule, and prints
 * time per round (median of several runs) and quality figures beside those of the reference pairings
 * stored in the files (a FIDE Dutch engine for the synthetic files, the real arbiters' for the real ones).
 *
 *   npm run bench:pairing [-- --runs 5] [--only 350] [--schools 40]
 *   npm run bench:pairing -- --dutch [--bbp <bbpPairings.exe>] [--only 350]
 *
 * --dutch (issue 36) times only the FIDE Dutch engine (src/domain/pairing/dutch.ts): every round of the
 * synthetic 350- and 1,000-player files, each cut back to the round before, and the generated 350, 1,000
 * and 3,000-player events after 5 rounds; the median of several warm runs. With --bbp it also runs
 * bbpPairings (FIDE-endorsed; build it from source, see tests/fixtures/trf/generated/README.md) on the same
 * cut-back files and prints its wall time and the ratio.
 *
 * --schools N also runs every round with players spread over N schools (two teams each, by a fixed hash
 * of the start rank), to show schoolmate avoidance at scale; the reference and greedy get the same groups.
 */

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { pairDutch } from '../src/domain/pairing/dutch';
import { pairNextRound } from '../src/domain/pairing/engine';
import { pairGreedy } from '../src/domain/pairing/greedy';
import { measurePairing, type PairingQuality, type RoundPairing } from '../src/domain/pairing/quality';
import type { PairingInput } from '../src/domain/pairing/types';
import { PairingError, type PairingResult } from '../src/domain/pairing/types';
import { parseTrf, type TrfTournament, writeTrf } from '../src/domain/trf/trf';
import {
  countPlayedRounds,
  cutBackTrf,
  type PlayerGroups,
  trfRoundPairing,
  trfToPairingInput,
} from '../src/domain/trf/trf-pairing';
import {
  buildTournament,
  largeTournament,
  manySchoolsShape,
} from '../tests/support/pairing/test-tournaments';
import { loadPreviousEngine } from './bench/previous-engine';
import { listTrfFixtures, readTrfFixture } from './lib/trf-fixtures';
import { runPairCli } from './pair';

const args = process.argv.slice(2);
const option = (name: string): string | null => {
  const index = args.indexOf(name);
  return index >= 0 ? (args[index + 1] ?? null) : null;
};
const runsOption = Number(option('--runs') ?? '0');
const only = option('--only');
const schools = Number(option('--schools') ?? '0');
const isCompareOnly = args.includes('--compare-only');
/** The engine before issue 11, read from git (null in a clone without that commit). */
const pairWithPreviousEngine = await loadPreviousEngine();

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Median wall-clock and CPU milliseconds (CPU time is less disturbed by other work on the machine). */
function timed<T>(runs: number, work: () => T): { value: T; ms: number; cpuMs: number } {
  const times: number[] = [];
  const cpu: number[] = [];
  let value: T | undefined;
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    value = work();
    const used = process.cpuUsage(cpuStart);
    times.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
  }
  return { value: value as T, ms: median(times), cpuMs: median(cpu) };
}

function syntheticGroups(tournament: TrfTournament, count: number): Map<number, PlayerGroups> {
  const groups = new Map<number, PlayerGroups>();
  for (const player of tournament.players) {
    const hash = (player.startRank * 2654435761) >>> 0;
    const school = hash % count;
    groups.set(player.startRank, {
      groupName: `School ${school} ${(hash >>> 8) % 2 === 0 ? 'A' : 'B'}`,
      club: null,
    });
  }
  return groups;
}

interface Row {
  label: string;
  ms: number | null;
  cpuMs: number | null;
  quality: PairingQuality;
  identical: number | null;
}

const header = [
  'round',
  'players',
  'engine',
  'ms',
  'cpu ms',
  'pairs',
  'Δscore',
  'floats',
  'refloat',
  'colour!',
  'pref-',
  'school',
  'rematch',
  'same%',
];
const widths = [5, 7, 9, 8, 8, 5, 6, 6, 7, 7, 5, 6, 7, 5];
const line = (cells: (string | number)[]) =>
  cells.map((cell, index) => String(cell).padStart(widths[index] ?? 6)).join(' ');

function samePairs(a: RoundPairing, b: RoundPairing): number {
  const key = (x: string, y: string) => (x < y ? `${x}-${y}` : `${y}-${x}`);
  const set = new Set(b.boards.map((board) => key(board.whiteId, board.blackId)));
  const same = a.boards.filter((board) => set.has(key(board.whiteId, board.blackId))).length;
  return a.boards.length === 0 ? 100 : Math.round((100 * same) / a.boards.length);
}

function benchFile(file: string, groupCount: number): Row[][] {
  const tournament = parseTrf(readTrfFixture(file));
  const played = countPlayedRounds(tournament);
  const groups = groupCount > 0 ? syntheticGroups(tournament, groupCount) : undefined;
  const size = tournament.players.length;
  const runs = runsOption > 0 ? runsOption : size >= 1000 ? 3 : 5;
  const table: Row[][] = [];
  console.log(
    `\n${file}  (${size} players, ${played} rounds${groupCount > 0 ? `, ${groupCount} schools` : ''}, median of ${runs} runs)`,
  );
  console.log(line(header));
  const totals = new Map<string, { ms: number[]; cpu: number[]; quality: PairingQuality[] }>();
  for (let round = 2; round <= Math.min(9, played); round += 1) {
    const input: PairingInput = trfToPairingInput(tournament, { roundNumber: round, groups });
    const reference = trfRoundPairing(tournament, round);
    const referencePairing: RoundPairing = {
      boards: reference.boards.map(([white, black]) => ({ whiteId: String(white), blackId: String(black) })),
      byePlayerId: reference.byes.length > 0 ? String(reference.byes[0]) : null,
    };
    const engine = timed(runs, () => pairNextRound(input));
    const greedy = timed(runs, () => pairGreedy(input));
    const rows: Row[] = [
      {
        label: 'ours',
        ms: engine.ms,
        cpuMs: engine.cpuMs,
        quality: measurePairing(input, engine.value),
        identical: samePairs(engine.value, referencePairing),
      },
      {
        label: 'greedy',
        ms: greedy.ms,
        cpuMs: greedy.cpuMs,
        quality: measurePairing(input, greedy.value),
        identical: samePairs(greedy.value, referencePairing),
      },
      {
        label: 'reference',
        ms: null,
        cpuMs: null,
        quality: measurePairing(input, referencePairing),
        identical: 100,
      },
    ];
    const players = input.players.length - input.byes.filter((bye) => bye.roundNumber === round).length;
    for (const row of rows) {
      const q = row.quality;
      console.log(
        line([
          round,
          players,
          row.label,
          row.ms === null ? '-' : row.ms.toFixed(1),
          row.cpuMs === null ? '-' : row.cpuMs.toFixed(1),
          q.pairs,
          q.scoreDifference,
          q.floaters,
          q.repeatedFloats,
          q.colourViolations,
          q.colourPreferencesMissed,
          q.schoolmatePairs,
          q.rematches,
          row.identical ?? '-',
        ]),
      );
      const total = totals.get(row.label) ?? { ms: [], cpu: [], quality: [] };
      if (row.ms !== null) total.ms.push(row.ms);
      if (row.cpuMs !== null) total.cpu.push(row.cpuMs);
      total.quality.push(q);
      totals.set(row.label, total);
    }
    table.push(rows);
  }
  for (const [label, total] of totals) {
    const sum = (pick: (q: PairingQuality) => number) => total.quality.reduce((acc, q) => acc + pick(q), 0);
    console.log(
      line([
        'all',
        '',
        label,
        total.ms.length > 0 ? `${median(total.ms).toFixed(1)}` : '-',
        total.cpu.length > 0 ? `${median(total.cpu).toFixed(1)}` : '-',
        sum((q) => q.pairs),
        sum((q) => q.scoreDifference),
        sum((q) => q.floaters),
        sum((q) => q.repeatedFloats),
        sum((q) => q.colourViolations),
        sum((q) => q.colourPreferencesMissed),
        sum((q) => q.schoolmatePairs),
        sum((q) => q.rematches),
        '',
      ]),
    );
  }
  return table;
}

interface CompareState {
  label: string;
  input: PairingInput;
}

/** The generated events (players, seed) both comparisons pair after 5 rounds. */
const GENERATED_SIZES = [
  [350, 350],
  [1000, 1000],
  [3000, 3000],
] as const;

function compareStates(): CompareState[] {
  const states: CompareState[] = [];
  for (const [players, seed] of GENERATED_SIZES) {
    if (only !== null && !String(players).includes(only)) continue;
    states.push({
      label: `generated ${players}p r6, 40 schools`,
      input: largeTournament(players, 5, seed, 40),
    });
  }
  for (const file of listTrfFixtures('synthetic')) {
    if (only !== null && !file.includes(only)) continue;
    const tournament = parseTrf(readTrfFixture(file));
    const groups = syntheticGroups(tournament, 40);
    states.push({
      label: `${file.replace('synthetic/', '')} r5, 40 schools`,
      input: trfToPairingInput(tournament, { roundNumber: 5, groups }),
    });
  }
  return states;
}

function compareEngines(): void {
  const columns = ['state', 'engine', 'ms', 'cpu ms', 'school', 'Δsum', 'Δmax', 'top3 fl', 'pref-', 'bigint'];
  const widths2 = [40, 9, 8, 8, 6, 5, 5, 7, 6, 6];
  const row = (cells: (string | number)[]) =>
    cells
      .map((cell, index) =>
        index === 0 ? String(cell).padEnd(widths2[0]!) : String(cell).padStart(widths2[index]!),
      )
      .join(' ');
  console.log('\nIssue 11: this engine beside the previous one on the same states (one round each).');
  console.log(
    'school = schoolmate pairs; Δsum / Δmax = sum / largest score difference on a board (half-points);',
  );
  console.log(
    'top3 fl = floating boards headed by a player of the three highest score groups; pref- = colour',
  );
  console.log(
    'preferences not granted; bigint = solves that needed the BigInt matcher (weights beyond 2^50).',
  );
  console.log(row(columns));
  for (const state of compareStates()) {
    const size = state.input.players.length;
    const runs = runsOption > 0 ? runsOption : size >= 3000 ? 1 : size >= 1000 ? 2 : 5;
    for (const [label, engine] of [
      ['ours', pairNextRound],
      ...(pairWithPreviousEngine ? [['previous', pairWithPreviousEngine] as const] : []),
    ] as const) {
      let bigint = 0;
      const input: PairingInput = {
        ...state.input,
        options: {
          ...state.input.options,
          onSolve: (event) => {
            // The previous engine reports its BigInt solves as 'pairing' with a NaN weight; ours as
            // 'pairing-bigint' (our doubles path may also report NaN: a total beyond 2^53, not rounded).
            if (
              event.purpose === 'pairing-bigint' ||
              (label === 'previous' && event.purpose === 'pairing' && !Number.isFinite(event.matchingWeight))
            ) {
              bigint += 1;
            }
          },
        },
      };
      let outcome: { value: PairingResult | string; ms: number; cpuMs: number };
      try {
        // One untimed run first (JIT warm-up), except at 3,000 players where a run takes seconds.
        if (size < 3000) engine(state.input);
        outcome = timed(runs, () => engine(input) as PairingResult);
      } catch (error) {
        if (!(error instanceof PairingError) && !(error instanceof Error)) throw error;
        console.log(row([state.label, label, '-', '-', `error: ${error.message}`]));
        continue;
      }
      const q = measurePairing(state.input, outcome.value as PairingResult);
      console.log(
        row([
          state.label,
          label,
          outcome.ms.toFixed(0),
          outcome.cpuMs.toFixed(0),
          q.schoolmatePairs,
          q.scoreDifference,
          q.maxScoreDifference,
          q.topGroupFloats,
          q.colourPreferencesMissed,
          Math.round(bigint / runs),
        ]),
      );
    }
  }
  // Small odd events (where the bye decides whether schoolmates must meet), beside the previous engine.
  if (!pairWithPreviousEngine) return;
  const small = fc
    .sample(manySchoolsShape(15, 5), { seed: 11, numRuns: 600 })
    .map((shape) => buildTournament(shape))
    .filter((input) => {
      const toPair = input.players.filter(
        (player) =>
          player.isActive &&
          !input.byes.some((bye) => bye.roundNumber === input.roundNumber && bye.playerId === player.id),
      );
      return toPair.length % 2 === 1 && toPair.length >= 3;
    });
  const totals = { ours: 0, previous: 0, fewer: 0, more: 0, refused: 0 };
  for (const input of small) {
    let ours: PairingResult | null = null;
    let previous: PairingResult | null = null;
    try {
      ours = pairNextRound(input);
    } catch {
      totals.refused += 1;
    }
    try {
      previous = pairWithPreviousEngine?.(input) as PairingResult | null;
    } catch {}
    if (!ours || !previous) continue;
    const a = measurePairing(input, ours).schoolmatePairs;
    const b = measurePairing(input, previous).schoolmatePairs;
    totals.ours += a;
    totals.previous += b;
    if (a < b) totals.fewer += 1;
    if (a > b) totals.more += 1;
  }
  console.log(
    `\n${small.length} small odd events (3–15 players, 2–40 schools, few per event): schoolmate pairs ours ${totals.ours}, previous ${totals.previous}; fewer in ${totals.fewer} events, more in ${totals.more}; ${totals.refused} refused (no pairing, or a second pairing-allocated bye needed)`,
  );

  // The CLI's own work for the 350-player file (read, check, pair, print), without Node's start-up.
  const file = listTrfFixtures('synthetic').find((name) => name.includes('350'));
  if (file && (only === null || '350'.includes(only))) {
    // Cut back to 8 rounds (the file is complete): the CLI then pairs round 9. Points left blank.
    const full = parseTrf(readTrfFixture(file));
    const text = writeTrf({
      ...full,
      players: full.players.map((player) => ({
        ...player,
        rounds: player.rounds.slice(0, 8),
        halfPoints: null,
      })),
    });
    const cli = timed(runsOption > 0 ? runsOption : 5, () => runPairCli(['rtg.trf'], () => text));
    console.log(
      `\nnpm run pair on ${file} cut back to 8 rounds (pairs round 9), start-up subtracted: median ${cli.ms.toFixed(0)} ms wall, ${cli.cpuMs.toFixed(0)} ms CPU (exit ${cli.value.code})`,
    );
  }
}

/** Issue 36: the Dutch engine's time per round, beside bbpPairings' when its path is given. */
function benchDutch(): void {
  const bbp = option('--bbp');
  const dir = mkdtempSync(join(tmpdir(), 'bench-dutch-'));
  const row = (cells: (string | number)[]) =>
    cells.map((cell, index) => (index === 0 ? String(cell).padEnd(34) : String(cell).padStart(9))).join(' ');
  console.log('Issue 36: the FIDE Dutch engine, time per round (median of warm runs, this process).');
  console.log(row(['state', 'players', 'dutch ms', ...(bbp ? ['bbp ms', 'ratio'] : [])]));
  try {
    for (const file of listTrfFixtures('synthetic')) {
      if (only !== null && !file.includes(only)) continue;
      const tournament = parseTrf(readTrfFixture(file));
      for (let round = 1; round <= countPlayedRounds(tournament); round += 1) {
        const cut = cutBackTrf(tournament, round);
        const input = trfToPairingInput(cut);
        const runs = runsOption > 0 ? runsOption : input.players.length >= 1000 ? 3 : 7;
        pairDutch(input);
        const ours = timed(runs, () => pairDutch(input));
        const cells: (string | number)[] = [
          `${file.replace('synthetic/', '')} r${round}`,
          input.players.length,
        ];
        cells.push(ours.ms.toFixed(0));
        if (bbp) {
          const path = join(dir, 'in.trf');
          writeFileSync(path, writeTrf(cut, '\r'), 'latin1');
          const start = performance.now();
          execFileSync(bbp, ['--dutch', path, '-p', join(dir, 'out.txt')], { stdio: 'ignore' });
          const theirs = performance.now() - start;
          cells.push(theirs.toFixed(0), `${(theirs / ours.ms).toFixed(1)}x`);
        }
        console.log(row(cells));
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const [players, seed] of GENERATED_SIZES) {
    if (only !== null && !String(players).includes(only)) continue;
    const input = largeTournament(players, 5, seed, 40);
    const runs = runsOption > 0 ? runsOption : players >= 3000 ? 3 : 5;
    pairDutch(input);
    const ours = timed(runs, () => pairDutch(input));
    console.log(row([`generated ${players}p r6 (no schools)`, players, ours.ms.toFixed(0)]));
  }
}

if (args.includes('--dutch')) {
  benchDutch();
  process.exit(0);
}
compareEngines();
if (isCompareOnly) process.exit(0);

console.log(
  'Pairing benchmark. Columns: ms / cpu ms = median wall-clock / CPU time per round; Δscore = sum of score differences of',
);
console.log(
  'opponents in half-points; floats = boards with different scores; refloat = players floated the same',
);
console.log(
  'way as last round; colour! = players with 3 of a colour in a row or |difference| > 2; pref- = colour',
);
console.log('preferences not granted; school = schoolmate pairs; same% = pairs identical to the reference.');
console.log('"all" rows: median ms over the rounds, sums of the figures.');
const files = [...listTrfFixtures('synthetic'), ...listTrfFixtures('real')].filter(
  (file) => only === null || file.includes(only),
);
for (const file of files) benchFile(file, 0);
if (schools > 0) for (const file of files) benchFile(file, schools);
