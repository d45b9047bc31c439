import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerMessage } from '../../../src/server/workers/worker-thread';

/** A worker module for worker-thread.test.ts: counts to `input.upTo` and answers the sum, fails, or just ends. */
const { input } = workerData as { input: { upTo: number; finally: 'answer' | 'fail' | 'end' } };
const post = (message: WorkerMessage<number, number>) => parentPort?.postMessage(message);
let sum = 0;
for (let n = 1; n <= input.upTo; n++) {
  sum += n;
  post({ kind: 'progress', progress: n });
}
if (input.finally === 'answer') post({ kind: 'result', result: sum });
if (input.finally === 'fail') post({ kind: 'error', message: 'the fixture was told to fail' });
