/**
 * Our pairings beside bbpPairings' (FIDE-endorsed, FIDE Dutch 2025 rules), round by round (issue 36).
 *
 *   npm run pair:reference                      compare on every reference round, print the figures
 *   npm run pair:reference -- --list            also list every round that differs, pair by pair
 *   npm run pair:reference -- --large           add the synthetic 350- and 1,000-player files
 *   npm run pair:reference -- --dutch           the Dutch engine (pairing/dutch.ts) instead of the engine
 *   npm run pair:reference -- --only=<text>     only the files whose name holds the text
 *   npm run pair:reference -- --record <bbpPairings.exe>
 *                                               re-record bbpPairings' answers for the real files
 *
 * The rounds are those of scripts/lib/pairing-reference.ts. "Identical" means the same pairs with the same
 * colours and the same bye. The recorder writes each cut-back file to a temporary folder and runs
 * `bbpPairings.exe --dutch <file> -p <out>` on it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pairDutch } from '../src/domain/pairing/dutch';
import { pairNextRound } from '../src/domain/pairing/engine';
import { PairingError } from '../src/domain/pairing/types';
import { writeTrf } from '../src/domain/trf/trf';
import { trfToPairingInput } from '../src/domain/trf/trf-pairing';
import {
  BBP_REFERENCE_FILE,
  type RecordedReference,
  type ReferencePairs,
  type ReferenceRound,
  realRoundInputs,
  referenceRounds,
} from './lib/pairing-reference';
import { testFixturesRoot } from './lib/trf-fixtures';

export interface RoundComparison {
  file: string;
  round: number;
  isIdentical: boolean;
  /** Same pairs, colours aside. */
  isSamePairs: boolean;
  ours: ReferencePairs | { exitCode: number };
  theirs: ReferencePairs | { exitCode: number };
  milliseconds: number;
}

const key = (pairs: readonly [number, number][]) => pairs.map(([w, b]) => `${w}-${b}`).sort();
const unordered = (pairs: readonly [number, number][]) =>
  pairs.map(([w, b]) => (w < b ? `${w}-${b}` : `${b}-${w}`)).sort();
const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** Pairs one reference round with our engine and compares. */
export function compareRound(round: ReferenceRound, engine: 'engine' | 'dutch' = 'engine'): RoundComparison {
  const started = performance.now();
  let ours: RoundComparison['ours'];
  try {
    const input = trfToPairingInput(round.input);
    if (engine === 'dutch') {
      const result = pairDutch(input);
      ours = {
        pairs: result.pairs.map(([white, black]) => [Number(white), Number(black)]),
        bye: result.byeId === null ? null : Number(result.byeId),
      };
    } else {
      const result = pairNextRound(input);
      ours = {
        pairs: result.boards.map((board) => [Number(board.whiteId), Number(board.blackId)]),
        bye: result.byePlayerId === null ? null : Number(result.byePlayerId),
      };
    }
  } catch (error) {
    if (!(error instanceof PairingError)) throw error;
    ours = { exitCode: 1 };
  }
  const milliseconds = performance.now() - started;
  const theirs = round.reference;
  let isIdentical = false;
  let isSamePairs = false;
  if ('pairs' in ours && 'pairs' in theirs) {
    isSamePairs = ours.bye === theirs.bye && same(unordered(ours.pairs), unordered(theirs.pairs));
    isIdentical = isSamePairs && same(key(ours.pairs), key(theirs.pairs));
  } else if ('exitCode' in ours && 'exitCode' in theirs) {
    isIdentical = isSamePairs = ours.exitCode === theirs.exitCode;
  }
  return { file: round.file, round: round.round, isIdentical, isSamePairs, ours, theirs, milliseconds };
}

function describeDifference(comparison: RoundComparison): string {
  const { ours, theirs } = comparison;
  if (!('pairs' in ours) || !('pairs' in theirs)) {
    return `ours ${'pairs' in ours ? 'paired' : `exit ${ours.exitCode}`}, bbp ${'pairs' in theirs ? 'paired' : `exit ${theirs.exitCode}`}`;
  }
  const oursSet = new Set(key(ours.pairs));
  const theirsSet = new Set(key(theirs.pairs));
  const onlyOurs = key(ours.pairs).filter((pair) => !theirsSet.has(pair));
  const onlyTheirs = key(theirs.pairs).filter((pair) => !oursSet.has(pair));
  const bye = ours.bye === theirs.bye ? '' : ` bye ours ${ours.bye} bbp ${theirs.bye};`;
  return `${bye} ours ${onlyOurs.join(' ')} | bbp ${onlyTheirs.join(' ')}`;
}

function parseBbpOutput(text: string): ReferencePairs {
  const lines = text.trim().split(/\r?\n/).slice(1);
  const pairs: [number, number][] = [];
  let bye: number | null = null;
  for (const line of lines) {
    const [white, black] = line.trim().split(/\s+/).map(Number) as [number, number];
    if (black === 0) bye = white;
    else pairs.push([white, black]);
  }
  return { pairs, bye };
}

function record(bbp: string): void {
  const dir = mkdtempSync(join(tmpdir(), 'bbp-'));
  const rounds: RecordedReference['rounds'] = {};
  try {
    for (const round of realRoundInputs()) {
      const file = join(dir, 'in.trf');
      const out = join(dir, 'out.txt');
      writeFileSync(file, writeTrf(round.input, '\r'), 'latin1');
      rmSync(out, { force: true });
      let answer: ReferencePairs | { exitCode: number };
      try {
        execFileSync(bbp, ['--dutch', file, '-p', out], { stdio: ['ignore', 'ignore', 'pipe'] });
        answer = parseBbpOutput(readFileSync(out, 'utf8'));
      } catch (error) {
        const status = (error as { status?: number }).status ?? -1;
        process.stderr.write(`${round.file} round ${round.round}: bbpPairings exit ${status}\n`);
        answer = { exitCode: status };
      }
      rounds[round.file] ??= {};
      rounds[round.file]![String(round.round)] = answer;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const recorded: RecordedReference = {
    source:
      'bbpPairings (github.com/BieremaBoyzProgramming/bbpPairings, commit 16a000f9811de322b0e835d5643198226165b5a9, built with g++ 12 `make`), `bbpPairings.exe --dutch in.trf -p out.txt` on each real file cut back to the round before (scripts/pair-reference.ts --record)',
    rounds,
  };
  writeFileSync(join(testFixturesRoot, BBP_REFERENCE_FILE), `${JSON.stringify(recorded, null, 1)}\n`);
  process.stdout.write(
    `recorded ${Object.values(rounds).reduce((n, r) => n + Object.keys(r).length, 0)} rounds\n`,
  );
}

function main(argv: string[]): void {
  const recordAt = argv.indexOf('--record');
  if (recordAt >= 0) {
    const bbp = argv[recordAt + 1];
    if (!bbp) throw new Error('usage: npm run pair:reference -- --record <bbpPairings.exe>');
    record(bbp);
    return;
  }
  const engine = argv.includes('--dutch') ? 'dutch' : 'engine';
  const only = argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  const rounds = referenceRounds({ withLarge: argv.includes('--large') }).filter(
    (round) => only === undefined || round.file.includes(only),
  );
  const comparisons = rounds.map((round) => compareRound(round, engine));
  const byGroup = new Map<string, RoundComparison[]>();
  for (const comparison of comparisons) {
    const group = comparison.file.split('/')[0]!;
    byGroup.set(group, [...(byGroup.get(group) ?? []), comparison]);
  }
  const percent = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;
  for (const [group, rows] of [...byGroup, ['all', comparisons] as const]) {
    const identical = rows.filter((row) => row.isIdentical).length;
    const samePairs = rows.filter((row) => row.isSamePairs).length;
    const slowest = Math.max(...rows.map((row) => row.milliseconds));
    process.stdout.write(
      `${group.padEnd(10)} ${String(rows.length).padStart(4)} rounds: identical ${identical} (${percent(identical, rows.length)}), same pairs ${samePairs} (${percent(samePairs, rows.length)}), slowest ${slowest.toFixed(0)} ms\n`,
    );
  }
  if (argv.includes('--list')) {
    for (const row of comparisons) {
      if (!row.isIdentical) process.stdout.write(`${row.file} r${row.round}:${describeDifference(row)}\n`);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
