/**
 * Pairing benchmark: re-pairs rounds 2..9 of the shared TRF files from their own history (the cut-back
 * method of ../shared/PAIRING-NOTES.md §4) with our engine and with the SPEC §5 greedy rule, and prints
 * time per round (median of several runs) and quality figures beside those of the reference pairings
 * stored in the files (a FIDE Dutch engine for the synthetic files, the real arbiters' for the real ones).
 *
 *   npm run bench:pairing [-- --runs 5] [--only 350] [--schools 40]
 *
 * --schools N also runs every round with players spread over N schools (two teams each, by a fixed hash
 * of the start rank), to show schoolmate avoidance at scale; the reference and greedy get the same groups.
 */
import { pairNextRound } from '../src/domain/pairing/engine';
import { pairGreedy } from '../src/domain/pairing/greedy';
import { measurePairing, type PairingQuality, type RoundPairing } from '../src/domain/pairing/quality';
import type { PairingInput } from '../src/domain/pairing/types';
import { parseTrf, type TrfTournament } from '../src/domain/trf/trf';
import {
  countPlayedRounds,
  type PlayerGroups,
  trfRoundPairing,
  trfToPairingInput,
} from '../src/domain/trf/trf-pairing';
import { listSharedTrfFiles, readSharedTrf } from './lib/shared-trf';

const args = process.argv.slice(2);
const option = (name: string): string | null => {
  const index = args.indexOf(name);
  return index >= 0 ? (args[index + 1] ?? null) : null;
};
const runsOption = Number(option('--runs') ?? '0');
const only = option('--only');
const schools = Number(option('--schools') ?? '0');

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
  const tournament = parseTrf(readSharedTrf(file));
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
const files = [...listSharedTrfFiles('synthetic'), ...listSharedTrfFiles('real')].filter(
  (file) => only === null || file.includes(only),
);
for (const file of files) benchFile(file, 0);
if (schools > 0) for (const file of files) benchFile(file, schools);
