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
 * The server-drawn pages (ADR 023) are measured the same way, from the built client (`npm run build` first).
 * Besides, the server's own CPU time per request during the maximum run (from /proc, so the load generator's
 * time is not in it), and the requests/s one core of the server could answer at that cost. On this 2-core
 * machine autocannon itself is the limit for large bodies: it reads about 150–250 MB/s, so a 37 kB page caps
 * at a few thousand requests/s while the server process idles at 10–15 % CPU. The server's capacity is what
 * the targets compare, for every row alike.
 * Targets (issues 2 and 12): each public read and page ≥ 50 % of the health route's capacity, and p99 < 50 ms
 * at 2,000 req/s.
 * Options: --duration <s> (default 10), --connections <n> (default 400), --rate <req/s> (default 2000).
 */
import http from 'node:http';
import autocannon from 'autocannon';
import { cpuMsOf, requireClientBuild, startBenchServer } from './lib/bench-server';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}
const duration = option('duration', 10);
const connections = option('connections', 400);
const rate = option('rate', 2000);

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
const lookupPaths = (prefix: string) =>
  lookupNames.map((name) => ({ method: 'GET' as const, path: `${prefix}${encodeURIComponent(name)}` }));

const targets: { label: string; requests: { method: 'GET'; path: string }[] }[] = [
  { label: 'GET /api/health', requests: [{ method: 'GET', path: '/api/health' }] },
  { label: 'GET /api/public/leaderboard', requests: [{ method: 'GET', path: '/api/public/leaderboard' }] },
  { label: 'GET /api/public/home', requests: [{ method: 'GET', path: '/api/public/home' }] },
  {
    label: 'GET /api/public/players?name=…',
    requests: lookupPaths('/api/public/players?name='),
  },
  // Every page asks for these two once it has taken over (ADR 026): answered from each process's memory.
  { label: 'GET /api/site-status', requests: [{ method: 'GET', path: '/api/site-status' }] },
  { label: 'GET /api/broadcasts/current', requests: [{ method: 'GET', path: '/api/broadcasts/current' }] },
  { label: 'GET / (HTML)', requests: [{ method: 'GET', path: '/' }] },
  { label: 'GET /leaderboard (HTML)', requests: [{ method: 'GET', path: '/leaderboard' }] },
  { label: 'GET /player-lookup?name=… (HTML)', requests: lookupPaths('/player-lookup?name=') },
];

requireClientBuild();

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
  const cpuBefore = cpuMsOf(pid);
  const result = await autocannon({
    url: base,
    connections,
    duration,
    requests,
    headers: { 'accept-encoding': 'gzip, br' },
    ...(overallRate ? { overallRate, ignoreCoordinatedOmission: true } : {}),
  });
  const cpuUsPerRequest = ((cpuMsOf(pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    mbPerSecond: result.throughput.average / 1e6,
    cpuUsPerRequest,
    capacity: 1e6 / Math.max(1, cpuUsPerRequest),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const { base, pid, stop } = await startBenchServer({ DEMO_SCALE: 'event' });
try {
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
  const health = rows[0]!.max.capacity;
  console.log(
    `| route | max req/s (MB/s read) | server CPU per request | server capacity, 1 core | % of health | p50 / p99 at ${rate} req/s | p50 / p99 in ${rate}-request bursts | errors |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.label} | ${Math.round(row.max.rps)} (${Math.round(row.max.mbPerSecond)}) | ${Math.round(row.max.cpuUsPerRequest)} µs | ${Math.round(row.max.capacity)} req/s | ${Math.round((row.max.capacity / health) * 100)} % | ${row.paced.p50} / ${row.paced.p99} ms | ${row.burst.p50} / ${row.burst.p99} ms | ${row.max.errors + row.paced.errors + row.burst.errors} |`,
    );
  }
  const failures = rows
    .slice(1)
    .filter((row) => row.max.capacity < health * 0.5 || row.paced.p99 >= 50)
    .map((row) => row.label);
  console.log(
    failures.length === 0
      ? `\ntargets met: every public read and page ≥ 50 % of health's capacity and p99 < 50 ms at ${rate} req/s`
      : `\ntargets missed by: ${failures.join(', ')}`,
  );
} finally {
  await stop();
}
