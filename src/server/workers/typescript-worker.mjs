// The entry of every worker thread the server starts (worker-thread.ts): registers tsx, as `node --import tsx` does
// for the main thread, then runs the TypeScript module named in `workerData.module`. JavaScript, since no loader is
// registered in a new thread yet; the same under `npm start`, the tests and the benches.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
