/**
 * npm run bench:public — load on the public reads that 400 phones make when a round is paired.
 * Starts the real server (separate process, event-sized demo: 352 players) on loopback and, for the health
 * route and each public read, measures with autocannon and 400 connections:
 *   1. the maximum requests/s (no rate limit on the load generator), and
 *   2. the latency at an offered load of 2,000 requests/s (p50, p99).
 * Targets (issue 2): each public read ≥ 50 % of the health route's maximum, and p99 < 50 ms at 2,000 req/s.
 * Options: --duration <s> (default 10), --connections <n> (default 400), --rate <req/s> (default 2000).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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

async function run(requests: (typeof targets)[number]['requests'], overallRate?: number) {
  const result = await autocannon({
    url: base,
    connections,
    duration,
    requests,
    headers: { 'accept-encoding': 'gzip, br' },
    ...(overallRate ? { overallRate } : {}),
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
    const paced = await run(target.requests, rate);
    rows.push({ ...target, max, paced });
  }
  const health = rows[0]!.max.rps;
  console.log(`| route | max req/s | % of health | p50 @ ${rate}/s | p99 @ ${rate}/s | errors |`);
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.label} | ${Math.round(row.max.rps)} | ${Math.round((row.max.rps / health) * 100)} % | ${row.paced.p50} ms | ${row.paced.p99} ms | ${row.max.errors + row.paced.errors} |`,
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
