/**
 * npm run bench:public — load on the public reads that 400 phones make when a round is paired.
 * Starts the real server (separate process, event-sized demo: 352 players) on loopback and, for the health
 * route and each public read, measures:
 *   1. the maximum requests/s: autocannon, 400 connections, no rate limit;
 *   2. the latency at an offered load of 2,000 requests/s: an open-loop generator sends one request every
 *      0.5 ms over up to 400 keep-alive connections and times each from its scheduled send, so queueing counts;
 *   3. the burst: autocannon's rate mode, where all 400 connections send their share at the top of each second
 *      (2,000 requests arriving at once, like phones when a round is paired), without its coordinated-omission
 *      correction (which assumes 1 ms between requests and multiplies every slow sample).
 * Targets (issue 2): each public read ≥ 50 % of the health route's maximum, and p99 < 50 ms at 2,000 req/s.
 * Options: --duration <s> (default 10), --connections <n> (default 400), --rate <req/s> (default 2000).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}
const duration = option('duration', 10);
const connections = option('connections', 400);
const rate = option('rate', 2000);
const port = 3000 + Math.floor(Math.random() * 1000) + 4000;
const base = `http://127.0.0.1:${port}`;

const lookupNames = [
  'carlsen',
  'polgar',
  'pupil 1',
  'pupil 20',
  'tal',
  'anand',
  'menchik',
  'pupil 300',
  'hou',
  'kasparov',
];
const targets: { label: string; requests: { method: 'GET'; path: string }[] }[] = [
  { label: 'GET /api/health', requests: [{ method: 'GET', path: '/api/health' }] },
  { label: 'GET /api/public/leaderboard', requests: [{ method: 'GET', path: '/api/public/leaderboard' }] },
  { label: 'GET /api/public/home', requests: [{ method: 'GET', path: '/api/public/home' }] },
  {
    label: 'GET /api/public/players?name=…',
    requests: lookupNames.map((name) => ({
      method: 'GET',
      path: `/api/public/players?name=${encodeURIComponent(name)}`,
    })),
  },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Open-loop load: request i is due at start + i / rate; latency is measured from when it was due. */
async function paced(paths: string[], requestsPerSecond: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const total = requestsPerSecond * duration;
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const start = performance.now();
  await new Promise<void>((resolve) => {
    let done = 0;
    const finish = () => {
      done += 1;
      if (done === total) resolve();
    };
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * requestsPerSecond) + 1);
      for (; sent < due; sent++) {
        const scheduled = start + (sent * 1000) / requestsPerSecond;
        const request = http.get(
          `${base}${paths[sent % paths.length]}`,
          { agent, headers: { 'accept-encoding': 'gzip, br' } },
          (response) => {
            response.resume();
            response.on('end', () => {
              if (response.statusCode !== 200) errors += 1;
              latencies.push(performance.now() - scheduled);
              finish();
            });
          },
        );
        request.on('error', () => {
          errors += 1;
          finish();
        });
      }
      if (sent >= total) clearInterval(timer);
    }, 1);
  });
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { p50: Math.round(percentile(latencies, 50)), p99: Math.round(percentile(latencies, 99)), errors };
}

async function run(requests: (typeof targets)[number]['requests'], overallRate?: number) {
  const result = await autocannon({
    url: base,
    connections,
    duration,
    requests,
    headers: { 'accept-encoding': 'gzip, br' },
    ...(overallRate ? { overallRate, ignoreCoordinatedOmission: true } : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-public-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO_SCALE: 'event',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '1',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok) break;
    } catch {}
    if (Date.now() - started > 60_000) throw new Error('the server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const leaderboard = await (await fetch(`${base}/api/public/leaderboard`)).json();
  console.log(
    `server ready: ${leaderboard.players.length} players, ${connections} connections, ${duration} s per run\n`,
  );

  const rows = [];
  for (const target of targets) {
    await run(target.requests); // warm-up
    const max = await run(target.requests);
    const steady = await paced(
      target.requests.map((request) => request.path),
      rate,
    );
    const burst = await run(target.requests, rate);
    rows.push({ ...target, max, paced: steady, burst });
  }
  const health = rows[0]!.max.rps;
  console.log(
    `| route | max req/s | % of health | p50 / p99 at ${rate} req/s | p50 / p99 in ${rate}-request bursts | errors |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.label} | ${Math.round(row.max.rps)} | ${Math.round((row.max.rps / health) * 100)} % | ${row.paced.p50} / ${row.paced.p99} ms | ${row.burst.p50} / ${row.burst.p99} ms | ${row.max.errors + row.paced.errors + row.burst.errors} |`,
    );
  }
  const failures = rows
    .slice(1)
    .filter((row) => row.max.rps < health * 0.5 || row.paced.p99 >= 50)
    .map((row) => row.label);
  console.log(
    failures.length === 0
      ? `\ntargets met: every public read ≥ 50 % of health's maximum and p99 < 50 ms at ${rate} req/s`
      : `\ntargets missed by: ${failures.join(', ')}`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
