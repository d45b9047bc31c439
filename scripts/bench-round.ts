/**
 * npm run bench:round — how long the pairing of a 350-player round takes through the API, generate → visible.
 * Starts the app as main.ts does (file-backed PGlite in a temporary DATA_DIR, migrations, the event-sized demo:
 * 352 players in 44 schools, round 3 under way) listening on loopback, signs in as the demo arbiter, and for
 * each fresh round:
 *   1. enters random results for the open games of the round before (one SQL statement, standing in for the
 *      result desk) and completes it through the API;
 *   2. POST /api/admin/rounds/<n>/pairings — timed until its answer, and until the live SSE event
 *      (/api/live) that announces the new pairings arrives;
 *   3. polls GET /api/public/rounds/current until it shows round n with all its boards: pairings are public
 *      as soon as they are generated (ADR 009), so "visible" is measured from the generate request;
 *   4. POST /api/admin/rounds/<n>/start, and polls again until the public round shows it in progress.
 * Prints median / p95 over the rounds.
 * Options: --rounds <n> (default 6 fresh rounds: 4 to 9).
 */
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';

interface PublicRound {
  round: { number: number; status: string } | null;
  boards: unknown[];
}

import { pairNextRound } from '../src/domain/pairing/engine';
import { pairingInput } from '../src/domain/tournament';
import { loadPublicTournamentData } from '../src/server/core/tournament/tournament.repo';
import { toTournamentState } from '../src/server/core/tournament/tournament-state.loader';
import { signInOverHttp, staffSender, startBenchApp } from './lib/bench-app';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}
const freshRounds = option('rounds', 6);
const FIRST_FRESH_ROUND = 4;
const port = 3000 + Math.floor(Math.random() * 1000) + 5000;
const base = `http://127.0.0.1:${port}`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Reads /api/live and records when each change event arrives. */
function listen(): { events: { at: number; topics: string[] }[]; stop: () => void } {
  const controller = new AbortController();
  const events: { at: number; topics: string[] }[] = [];
  void (async () => {
    const response = await fetch(`${base}/api/live`, { signal: controller.signal });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (data) events.push({ at: performance.now(), topics: JSON.parse(data.slice(6)).topics });
        end = buffer.indexOf('\n\n');
      }
    }
  })().catch(() => undefined);
  return { events, stop: () => controller.abort() };
}

const { app, database, close } = await startBenchApp({ base, scale: 'event' });
await app.listen({ port, host: '127.0.0.1' });

try {
  const cookie = await signInOverHttp(base, 'arbiter@demo.test');
  const send = staffSender(base, cookie);
  const players = (await (await fetch(`${base}/api/public/leaderboard`)).json()).players.length;
  const lastRound = FIRST_FRESH_ROUND + freshRounds - 1;
  await send('PUT', '/api/admin/rounds/count', { totalRounds: lastRound });
  const live = listen();
  await new Promise((resolve) => setTimeout(resolve, 200));
  console.log(
    `app ready: ${players} players; pairing rounds ${FIRST_FRESH_ROUND}–${lastRound}; load average ${loadavg()[0]!.toFixed(1)}\n`,
  );

  const rows: {
    round: number;
    boards: number;
    engine: number;
    generate: number;
    sse: number;
    visible: number;
    startToVisible: number;
  }[] = [];
  for (let round = FIRST_FRESH_ROUND; round <= lastRound; round++) {
    await database.db.execute(
      sql`update matches set result = (array['white', 'draw', 'black'])[1 + floor(random() * 3)::int]
          where round_number = ${round - 1} and result is null`,
    );
    await send('POST', `/api/admin/rounds/${round - 1}/complete`);
    await new Promise((resolve) => setTimeout(resolve, 300)); // let that change's live event pass

    // The engine alone on the same input, for comparison (pure CPU, no database or HTTP).
    const publicRows = await loadPublicTournamentData(database.db);
    const engineInput = pairingInput(
      toTournamentState({ ...publicRows, tournament: publicRows.tournament! }),
      round,
    );
    const e0 = performance.now();
    pairNextRound(engineInput);
    const engine = performance.now() - e0;

    const seen = live.events.length;
    const t0 = performance.now();
    const generated = await send('POST', `/api/admin/rounds/${round}/pairings`);
    const generate = performance.now() - t0;
    const boards: number = generated.boards.length;
    /** Polls the public current round until `isShown`; the time it first does. */
    const publicRoundShows = async (isShown: (current: PublicRound) => boolean, from: number) => {
      for (;;) {
        const current = (await (await fetch(`${base}/api/public/rounds/current`)).json()) as PublicRound;
        if (isShown(current)) return performance.now();
        if (performance.now() - from > 30_000) throw new Error(`round ${round} not visible within 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    };
    const visibleAt = await publicRoundShows(
      (current) => current.round?.number === round && current.boards.length === boards,
      t0,
    );
    const tStart = performance.now();
    await send('POST', `/api/admin/rounds/${round}/start`);
    const startedAt = await publicRoundShows(
      (current) => current.round?.number === round && current.round.status === 'active',
      tStart,
    );
    const deadline = performance.now() + 5_000;
    while (live.events.length === seen && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const event = live.events[seen];
    rows.push({
      round,
      boards,
      engine,
      generate,
      sse: event ? event.at - t0 : Number.NaN,
      visible: visibleAt - t0,
      startToVisible: startedAt - tStart,
    });
  }
  live.stop();

  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(
    '| round | boards | engine alone | POST generate answered | generate → SSE event | generate → public boards | start → public shows it started |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.round} | ${row.boards} | ${ms(row.engine)} | ${ms(row.generate)} | ${ms(row.sse)} | ${ms(row.visible)} | ${ms(row.startToVisible)} |`,
    );
  }
  const summary = (label: string, values: number[]) =>
    console.log(`${label}: median ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}`);
  console.log('');
  summary(
    'engine alone (pairNextRound)',
    rows.map((row) => row.engine),
  );
  summary(
    'POST generate answered',
    rows.map((row) => row.generate),
  );
  summary(
    'generate → live SSE event',
    rows.map((row) => row.sse),
  );
  summary(
    'generate → GET /api/public/rounds/current shows every board',
    rows.map((row) => row.visible),
  );
  summary(
    'start → the public round shows it in progress',
    rows.map((row) => row.startToVisible),
  );
  console.log(`load average at the end: ${loadavg()[0]!.toFixed(1)} (on ${availableParallelism()} cores)`);
} finally {
  await close();
}
