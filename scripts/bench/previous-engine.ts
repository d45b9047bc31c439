/**
 * The pairing engine as it was before issue 11 (school rule below the bye, plain sum of score differences, a
 * repeat pairing-allocated bye given without asking), for `npm run bench:pairing`'s side-by-side table only.
 * It is not kept as a copy: its files are read from git at PREVIOUS_ENGINE_COMMIT (the last commit before
 * that work) into a temporary folder and imported from there. A clone without that history (shallow, or a
 * tarball) gets null, and the benchmark runs the current engine alone.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PairingInput } from '../../src/domain/pairing/types';

export const PREVIOUS_ENGINE_COMMIT = 'ec9a9b55544005e6660f0b747507629b3740456e';

/** What the benchmark calls: the previous engine's pairNextRound (its result type is the current one's). */
export type PreviousEngine = (input: PairingInput) => unknown;

const root = resolve(import.meta.dirname, '../..');
const git = (...args: string[]) =>
  execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

/**
 * The previous engine, or null (with one line saying why) when this clone does not have the commit. The
 * domain files it needs (src/domain at that commit, tests left out) are written under os.tmpdir() and
 * removed when the process exits.
 */
export async function loadPreviousEngine(): Promise<PreviousEngine | null> {
  try {
    git('cat-file', '-e', `${PREVIOUS_ENGINE_COMMIT}^{commit}`);
  } catch {
    console.log(
      `The previous engine (commit ${PREVIOUS_ENGINE_COMMIT.slice(0, 7)}) is not in this clone's history: benching the current engine only.`,
    );
    return null;
  }
  const folder = mkdtempSync(join(tmpdir(), 'previous-pairing-engine-'));
  process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
  const files = git('ls-tree', '-r', '--name-only', PREVIOUS_ENGINE_COMMIT, 'src/domain')
    .split('\n')
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'));
  for (const path of files) {
    const target = join(folder, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, git('show', `${PREVIOUS_ENGINE_COMMIT}:${path}`));
  }
  const module = (await import(pathToFileURL(join(folder, 'src/domain/pairing/engine.ts')).href)) as {
    pairNextRound: PreviousEngine;
  };
  return module.pairNextRound;
}
