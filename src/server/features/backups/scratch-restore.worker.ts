import { parentPort, workerData } from 'node:worker_threads';
import pino from 'pino';
import { type Database, openDatabase } from '../../db/client';
import { applyMigrations } from '../../db/migrate';
import type { WorkerMessage } from '../../workers/worker-thread';
import { type RestoreProgress, restoreBackupFile } from './backup-restore';
import type { ScratchRestore } from './scratch-restore';

/** The worker thread of restoreIntoScratch (scratch-restore.ts). */
const { input } = workerData as { input: { path: string } };
const post = (message: WorkerMessage<RestoreProgress, ScratchRestore>) => parentPort?.postMessage(message);

let scratch: Database | undefined;
try {
  scratch = await openDatabase({ dataDir: 'memory://' }, pino({ level: 'silent' }));
  await applyMigrations(scratch);
  const { tables, mismatchedTables } = await restoreBackupFile(scratch.db, input.path, {
    onProgress: (progress) => post({ kind: 'progress', progress }),
  });
  post({ kind: 'result', result: { tables, mismatchedTables } });
} catch (error) {
  post(
    error instanceof Error
      ? { kind: 'error', message: error.message, stack: error.stack }
      : { kind: 'error', message: String(error) },
  );
} finally {
  await scratch?.close();
}
