/**
 * File access to the TRF test fixtures in tests/fixtures/trf (real/ and synthetic/, their sources in each
 * folder's README). The domain is pure, so domain tests, the pairing CLI and the benchmark read the files
 * through this module (only scripts/ touches the disk). Nothing here reads outside the repository.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The one place that says where test fixtures are (tests/fixtures; TRF files in its trf/ folder). */
export const testFixturesRoot = resolve(import.meta.dirname, '../../tests/fixtures');
export const trfFixturesRoot = join(testFixturesRoot, 'trf');

export type TrfFixtureFolder = 'real' | 'synthetic' | 'generated';

/** Paths relative to trfFixturesRoot, e.g. "real/sklangen_TRF__example1_KarlMala2005.trf", sorted. */
export function listTrfFixtures(dir: TrfFixtureFolder): string[] {
  return readdirSync(join(trfFixturesRoot, dir))
    .filter((name) => name.endsWith('.trf'))
    .sort()
    .map((name) => `${dir}/${name}`);
}

/** TRF files are ASCII/Latin-1 by FIDE's spec; latin1 never fails on odd bytes. */
export function readTrfFixture(relativePath: string): string {
  return readFileSync(join(trfFixturesRoot, relativePath), 'latin1');
}

export function readTextFile(path: string): string {
  return readFileSync(path, 'latin1');
}

/** Any other fixture under tests/fixtures, e.g. "tiebreaks/example.trf" (Latin-1 unless told otherwise). */
export function readTestFixture(relativePath: string, encoding: BufferEncoding = 'latin1'): string {
  return readFileSync(join(testFixturesRoot, relativePath), encoding);
}
