import { Worker } from 'node:worker_threads';
import { benchServer } from './support/bench-server';

const server = await benchServer({ scale: 'event' });
const { base } = server;
await server.listen({ clientDir: null });
await fetch(`${base}/api/public/rounds/current`);
const w = new Worker(
  `
const { parentPort, workerData } = require('node:worker_threads');
(async () => { for (let i = 0; i < 8; i++) { const t = performance.now();
  await Promise.all(Array.from({ length: 400 }, () => fetch(workerData + '/api/public/rounds/current', {headers:{'accept-encoding':'br'}}).then((r) => r.arrayBuffer())));
  console.log('400 reads in ' + (performance.now() - t).toFixed(0) + ' ms'); }
  parentPort.postMessage('done'); })();`,
  { eval: true, workerData: base },
);
await new Promise((r) => w.once('message', r));
await server.close();
process.exit(0);
