import { runInWorker } from '../../workers/worker-thread';
import type { RestoreOutcome, RestoreProgress } from './backup-restore';

/** What verifying a backup learns: per table, rows in the file and rows restored, and the tables that differ. */
export type ScratchRestore = Pick<RestoreOutcome, 'tables' | 'mismatchedTables'>;

/**
 * Restores the backup at `path` into a scratch database (in-memory PGlite, migrated, closed afterwards) with the
 * same code a real restore runs, in a worker thread (ADR 025): starting an embedded PostgreSQL holds its thread
 * for about a second and the restore inserts every row, which on the server's thread stalled every request (a
 * 1.1–1.2 s pause measured 60 s after start, when the daily backup is written and verified). Rejects with the
 * restore's error.
 */
export function restoreIntoScratch(
  path: string,
  onProgress: (progress: RestoreProgress) => void,
): Promise<ScratchRestore> {
  return runInWorker(new URL('./scratch-restore.worker.ts', import.meta.url), { path }, onProgress);
}
