import { Worker } from 'node:worker_threads';

/** What a worker module posts: progress while it works, then one result or one error (with its stack, for the log). */
export type WorkerMessage<Progress, Result> =
  | { kind: 'progress'; progress: Progress }
  | { kind: 'result'; result: Result }
  | { kind: 'error'; message: string; stack?: string };

const ENTRY = new URL('./typescript-worker.mjs', import.meta.url);

function errorFrom(message: { message: string; stack?: string }): Error {
  const error = new Error(message.message);
  if (message.stack) error.stack = message.stack;
  return error;
}

/**
 * Runs a TypeScript module in a worker thread of its own and resolves with the result it posts, relaying its
 * progress meanwhile. For work that would otherwise hold the server's one thread for a second or more (an
 * embedded PostgreSQL started and filled, say): the thread keeps answering requests meanwhile. Rejects when the
 * module posts an error, or the thread fails or ends without a result.
 */
export function runInWorker<Progress, Result>(
  module: URL,
  input: unknown,
  onProgress: (progress: Progress) => void,
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(ENTRY, { workerData: { module: module.href, input } });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
      worker.terminate().catch(() => undefined);
    };
    worker.on('message', (message: WorkerMessage<Progress, Result>) => {
      if (message.kind === 'progress') onProgress(message.progress);
      else if (message.kind === 'result') settle(() => resolve(message.result));
      else settle(() => reject(errorFrom(message)));
    });
    worker.on('error', (error) => settle(() => reject(error)));
    worker.on('exit', (code) =>
      settle(() => reject(new Error(`the worker thread ended (exit code ${code}) without a result`))),
    );
  });
}
