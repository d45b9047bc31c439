/**
 * npm run bench:reports — issue 29's figure: results reported from the players' phones at the end of a round.
 *
 * The real app in this process, listening on loopback, on PGlite in memory by default or PostgreSQL with
 * `--postgres <url>`: the event-sized demo (352 players, 176 boards in the round being played, their results
 * cleared), a badge for every player, reporting from phones on. Meanwhile `--viewers` (default 400) public
 * pages — another process, at a lower CPU priority, as phones are other machines — follow `/api/live` and, like
 * the browser, read the current round again 0–400 ms after each change.
 *
 * Every board gets two reports at random moments within `--seconds` (default 60); `--disputes` boards (default
 * 10) get two different results, the others the same one. Printed: reports sent and refused, boards confirmed
 * (every agreeing board must be), and — seen by one more public page and the arbiter's queue, two clients each
 * reading on every change — the time from a board's second report to the public page showing its result (median, p95,
 * p99, slowest) and to the queue listing a dispute. Target: p99 below 1 s.
 */

import { spawn } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { badgeListSchema } from '../src/contracts/badges';
import { arbiterQueueResponseSchema } from '../src/contracts/result-reports';
import { currentRoundResponseSchema } from '../src/contracts/tournament';
import { matches, rounds } from '../src/server/db/schema/tournaments';
import { benchServer } from './support/bench-server';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : (process.argv[index + 1] ?? fallback);
}
const VIEWERS = Number(option('viewers', '400'));
const SECONDS = Number(option('seconds', '60'));
const DISPUTES = Number(option('disputes', '10'));
const postgresUrl = option('postgres', '');

const server = await benchServer({ postgresUrl, scale: 'event' });
const { db, base } = server;
// Every board of the round being played waits for its result.
const [active] = await db.select().from(rounds).where(eq(rounds.status, 'active'));
await db.update(matches).set({ result: null, resultAt: null }).where(eq(matches.roundId, active!.id));
await server.listen({ clientDir: null });
const signIn = server.signIn;
const staff = await signIn('superadmin@demo.test');
const send = (method: string, path: string, body?: unknown, cookie = staff) =>
  fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: base, cookie },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
await send('POST', '/api/admin/badges/issue', {});
const switched = await send('PUT', '/api/admin/result-reports/settings', {
  enabled: true,
  captains_may_confirm: true,
  one_sided_minutes: 5,
});
if (!switched.ok) throw new Error(`switching reporting on failed: ${switched.status}`);
const badges = badgeListSchema.parse(await (await send('GET', '/api/admin/badges')).json());
const tokenOf = new Map(badges.players.map((holder) => [holder.id, holder.badge!.token]));
const boards = await db.select().from(matches).where(eq(matches.roundId, active!.id));

/** A stream of /api/live: calls `onChange` for every change event until aborted. */
async function follow(signal: AbortSignal, onChange: () => void): Promise<void> {
  const response = await fetch(`${base}/api/live`, { signal, headers: { origin: base } });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
    if (done) return;
    text += decoder.decode(value, { stream: true });
    let end = text.indexOf('\n\n');
    while (end >= 0) {
      if (text.slice(0, end).includes('event: change')) onChange();
      text = text.slice(end + 2);
      end = text.indexOf('\n\n');
    }
  }
}

const stop = new AbortController();
/**
 * The public pages, in a child process of their own at a lower CPU priority (nice 10): phones are other
 * machines, and on a 2-core box the 400 clients' own work (connections, decompression, parsing) would otherwise
 * take the server's CPU, which a load generator must not (it belongs on another machine). Each page follows
 * /api/live and reads the current round again 0–400 ms after every change, as the browser does. Answers how many
 * reads it made and how many failed, when told to stop.
 */
const viewers = spawn(
  'nice',
  [
    '-n',
    '10',
    process.execPath,
    '-e',
    `
  const { BASE: base, COUNT } = process.env;
  let reads = 0;
  let failed = 0;
  const stop = new AbortController();
  // A read on a kept-alive connection the server had just closed fails at once; a browser sends it again on a
  // new connection, and so does this page (once).
  function read(triesLeft) {
    return fetch(base + '/api/public/rounds/current').then((r) => r.arrayBuffer()).then(
      () => { reads += 1; },
      (error) => {
        if (triesLeft > 0) return read(triesLeft - 1);
        failed += 1;
        if (failed === 1) console.error('first failed read:', String(error.cause ?? error));
      },
    );
  }
  // Like the browser's query, a page has one read in flight at most: a change during it reads once more after.
  function pageReader() {
    let reading = false;
    let again = false;
    return async function readNow() {
      if (reading) { again = true; return; }
      reading = true;
      do { again = false; await read(1); } while (again);
      reading = false;
    };
  }
  async function follow() {
    const readNow = pageReader();
    const response = await fetch(base + '/api/live', { signal: stop.signal, headers: { origin: base } });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ done: true }));
      if (done) return;
      text += decoder.decode(value, { stream: true });
      let end = text.indexOf('\\n\\n');
      while (end >= 0) {
        if (text.slice(0, end).includes('event: change')) {
          setTimeout(readNow, Math.random() * 400);
        }
        text = text.slice(end + 2);
        end = text.indexOf('\\n\\n');
      }
    }
  }
  for (let i = 0; i < Number(COUNT); i += 1) follow().catch(() => { failed += 1; });
  process.stdin.once('data', () => {
    stop.abort();
    process.stdout.write(JSON.stringify({ reads, failed }) + '\\n', () => process.exit(0));
  });
  `,
  ],
  { env: { ...process.env, BASE: base, COUNT: String(VIEWERS) }, stdio: ['pipe', 'pipe', 'inherit'] },
);
const viewerReadsNow = () =>
  new Promise<{ reads: number; failed: number; exited?: number | null }>((resolve) => {
    let answer = '';
    viewers.stdout!.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
      if (answer.includes('\n')) resolve(JSON.parse(answer));
    });
    // After the answer (stdout is read before 'close'); a child that died answers nothing.
    viewers.once('close', (code) => resolve({ reads: 0, failed: Number.NaN, exited: code }));
    viewers.stdin!.write('stop\n');
  });

// The measuring page and the arbiter's queue, two clients that each read at once on every change (one read at a
// time each, as a browser's query does), noting when each board shows.
const shownAt = new Map<number, number>();
/** Requests the loaded server dropped: counted and printed, not a crash of the benchmark. */
const failures: string[] = [];
const queuedAt = new Map<string, number>();
/** Reads with `read` on every change: one read at a time, and one more if a change came during it. */
function reader(read: () => Promise<void>) {
  let reading = false;
  let readAgain = false;
  return async () => {
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    do {
      readAgain = false;
      await read().catch((error: unknown) => {
        failures.push(String((error as { cause?: unknown }).cause ?? error));
      });
    } while (readAgain);
    reading = false;
  };
}
const observeRound = reader(async () => {
  const round = currentRoundResponseSchema.parse(
    await (await fetch(`${base}/api/public/rounds/current`)).json(),
  );
  const now = performance.now();
  for (const board of round.boards)
    if (board.result !== null && !shownAt.has(board.board)) shownAt.set(board.board, now);
});
const observeQueue = reader(async () => {
  const queue = arbiterQueueResponseSchema.parse(
    await (await send('GET', '/api/admin/result-reports/queue')).json(),
  );
  const now = performance.now();
  for (const row of queue.rows)
    if (row.reason === 'disputed' && !queuedAt.has(row.matchId)) queuedAt.set(row.matchId, now);
});
const observe = () => Promise.all([observeRound(), observeQueue()]);
void follow(stop.signal, () => void observe()).catch(() => {});
await new Promise((resolve) => setTimeout(resolve, 1_000));

// Two reports a board at random moments; the first boards disagree.
const outcomes = ['white', 'draw', 'black'] as const;
const secondAt = new Map<number, number>();
let sent = 0;
let refused = 0;
const started = performance.now();
await Promise.all(
  boards.flatMap((board, index) => {
    const result = outcomes[index % 3]!;
    const isDispute = index < DISPUTES;
    const moments = [Math.random() * SECONDS * 1000, Math.random() * SECONDS * 1000].sort((a, b) => a - b);
    return (['white', 'black'] as const).map(
      (side, order) =>
        new Promise<void>((resolve) => {
          setTimeout(async () => {
            const reported =
              isDispute && side === 'black' ? (result === 'white' ? 'black' : 'white') : result;
            const response = await fetch(`${base}/api/reports`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin: base },
              body: JSON.stringify({
                credential: tokenOf.get(side === 'white' ? board.whitePlayerId : board.blackPlayerId),
                matchId: board.id,
                result: reported,
              }),
            }).catch((error: unknown) => {
              failures.push(String((error as { cause?: unknown }).cause ?? error));
              return null;
            });
            await response?.arrayBuffer();
            sent += 1;
            // A dropped connection is counted with the failures only; its board is not timed.
            if (response && !response.ok) refused += 1;
            if (response && order === 1) secondAt.set(board.boardNumber, performance.now());
            resolve();
          }, moments[order]);
        }),
    );
  }),
);
const reportingSeconds = (performance.now() - started) / 1000;
await new Promise((resolve) => setTimeout(resolve, 3_000));
await observe();
const viewerReads = await viewerReadsNow();
viewers.kill();
stop.abort();

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const agreeing = boards.filter((_, index) => index >= DISPUTES);
const stored = await db.select().from(matches).where(eq(matches.roundId, active!.id));
const confirmed = stored.filter((row) => row.result !== null).length;
const delays = agreeing
  .map((board) => (shownAt.get(board.boardNumber) ?? Number.NaN) - secondAt.get(board.boardNumber)!)
  .filter((delay) => Number.isFinite(delay));
const queueDelays = boards
  .slice(0, DISPUTES)
  .map((board) => (queuedAt.get(board.id) ?? Number.NaN) - secondAt.get(board.boardNumber)!)
  .filter((delay) => Number.isFinite(delay));
const ms = (value: number) => `${Math.max(0, value).toFixed(0)} ms`;

console.log(
  `bench:reports on ${postgresUrl ? 'PostgreSQL' : 'PGlite'}: ${boards.length} boards, ${VIEWERS} live viewers`,
);
console.log(
  `  reports: ${sent} sent in ${reportingSeconds.toFixed(1)} s, ${refused} refused; viewers' reads: ${viewerReads.reads} (${viewerReads.failed} failed)`,
);
if (failures.length > 0) console.log(`  connection failures: ${failures.length} (${failures[0]})`);
console.log(
  `  confirmed: ${confirmed} of ${agreeing.length} agreeing boards; disputes queued: ${queueDelays.length} of ${DISPUTES}`,
);
console.log(
  `  second report → result on the public page: median ${ms(percentile(delays, 50))}, p95 ${ms(percentile(delays, 95))}, p99 ${ms(percentile(delays, 99))}, slowest ${ms(Math.max(...delays))} (${delays.length} boards)`,
);
console.log(
  `  dispute → arbiter's queue: median ${ms(percentile(queueDelays, 50))}, slowest ${ms(Math.max(...queueDelays))}`,
);
const ok = confirmed === agreeing.length && refused === 0 && percentile(delays, 99) < 1_000;
console.log(ok ? '  target met (p99 < 1 s, every agreeing board confirmed)' : '  TARGET MISSED');
await server.close();
process.exit(ok ? 0 : 1);
