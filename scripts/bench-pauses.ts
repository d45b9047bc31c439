/**
 * npm run bench:pauses — the longest a phone waits for a cached public read while the server's scheduled jobs
 * run. The real server in its own process (`startBenchServer`, the event-sized demo, PGlite in a fresh data
 * folder): one client reads /api/public/leaderboard (served from memory, so its time is the server's thread
 * being free or not) every 5 ms, one request at a time, from the moment the server answers until `--seconds`
 * (default 100) after its start. The first scheduled jobs fall inside that window: 60 s after start the daily
 * backup is written and verified (ADR 025), the CRM's reminders and sync run; 90 s after start, retention.
 *
 * Prints the slowest answers with when they came, the median, the 99th percentile and the slowest.
 */
import { startBenchServer } from './lib/bench-server';

const index = process.argv.indexOf('--seconds');
const seconds = index === -1 ? 100 : Number(process.argv[index + 1]);

const started = Date.now();
const { base, stop } = await startBenchServer({ DEMO_SCALE: 'event' });
const ready = Date.now() - started;
const samples: { at: number; ms: number }[] = [];
while (Date.now() - started < seconds * 1000) {
  const sent = performance.now();
  const response = await fetch(`${base}/api/public/leaderboard`);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`the leaderboard answered ${response.status}`);
  samples.push({ at: (Date.now() - started) / 1000, ms: performance.now() - sent });
  await new Promise((resolve) => setTimeout(resolve, 5));
}
await stop();

const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
const slowest = [...samples].sort((a, b) => b.ms - a.ms).slice(0, 8);
console.log(`server ready ${ready} ms after start; ${samples.length} reads until ${seconds} s\n`);
console.log('| slowest reads | at (s after start) | ms |\n|---|---:|---:|');
for (const [rank, sample] of slowest.entries()) {
  console.log(`| ${rank + 1} | ${sample.at.toFixed(1)} | ${sample.ms.toFixed(0)} |`);
}
console.log(
  `\nmedian ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, slowest ${(sorted.at(-1) ?? 0).toFixed(0)} ms`,
);
