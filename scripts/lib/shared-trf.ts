/**
 * File access to the shared TRF data (../shared/trf beside the repository). The domain is pure, so domain
 * tests, the CLI and the benchmark read the files through this module (only scripts/ touches the disk).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const sharedTrfRoot = resolve(import.meta.dirname, '../../../shared/trf');

/** Paths relative to sharedTrfRoot, e.g. "real/sklangen_TRF__example1_KarlMala2005.trf", sorted. */
export function listSharedTrfFiles(dir: 'real' | 'synthetic'): string[] {
  return readdirSync(join(sharedTrfRoot, dir))
    .filter((name) => name.endsWith('.trf'))
    .sort()
    .map((name) => `${dir}/${name}`);
}

/** TRF files are ASCII/Latin-1 by FIDE's spec; latin1 never fails on odd bytes. */
export function readSharedTrf(relativePath: string): string {
  return readFileSync(join(sharedTrfRoot, relativePath), 'latin1');
}

export function readTextFile(path: string): string {
  return readFileSync(path, 'latin1');
}
