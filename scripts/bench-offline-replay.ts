/**
 * npm run bench:replay — issue 16's figure for working through Wi-Fi loss: how long the replay of 200 queued
 * actions takes (ADR 032). The real app in this process over HTTP, on PGlite in a temporary folder (or
 * PostgreSQL with `--postgres` and DATABASE_URL), at the event's scale (350 pupils), signed in as the demo admin.
 *
 * The 200 actions are what a desk and an arbiter's tablet queue in a long outage: 120 check-ins, 30 undos of
 * some of them, and 50 results naming the result they last saw (`expected`), each with its client id and time.
 * Timed:
 * - the replay as the outbox sends it: one action after another, in the order they were made;
 * - the same 200 sent again (every answer lost on the way back): each must be the stored answer, changing nothing;
 * - two tablets replaying the same outbox at once (each action sent twice in parallel).
 * Reported: total, per action, and the check that nothing landed twice (check-ins counted, result versions).
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { and, eq, isNull } from 'drizzle-orm';
import { SETTING_KEYS } from '../src/contracts/settings';
import { saveSetting } from '../src/server/core/settings/settings.repo';
import { players } from '../src/server/db/schema/tournaments';
import { signInOverHttp, startBenchApp } from './lib/bench-app';

const usePostgres = process.argv.includes('--postgres');
const port = 3000 + Math.floor(Math.random() * 1000) + 6000;
const base = `http://127.0.0.1:${port}`;
const CHECKINS = 120;
const UNDOS = 30;
const RESULTS = 50;

const { app, database, close } = await startBenchApp({ base, scale: 'event', usePostgres });
await app.listen({ port, host: '127.0.0.1' });

type Action = { method: 'POST' | 'DELETE' | 'PUT'; path: string; body: Record<string, unknown> };

try {
  await saveSetting(database.db, SETTING_KEYS.checkinOpen, true, null);
  const cookie = await signInOverHttp(base, 'admin@demo.test');
  const headers = { cookie, origin: base, 'content-type': 'application/json' };
  const read = async <T>(path: string): Promise<T> =>
    (await fetch(`${base}${path}`, { headers })).json() as T;
  const send = async ({ method, path, body }: Action): Promise<number> =>
    (await fetch(`${base}${path}`, { method, headers, body: JSON.stringify(body) })).status;

  // The event's players not yet checked in (the desk would have found each by name before the outage).
  const unchecked = await database.db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.active, true), isNull(players.checkedInAt)));
  const entry = await read<{ boards: { matchId: string; result: string | null; version: number }[] }>(
    '/api/admin/match-results',
  );
  const open = entry.boards.filter((board) => board.result === null).slice(0, RESULTS);
  const playerIds = unchecked.map((row) => row.id).slice(0, CHECKINS);
  if (playerIds.length < CHECKINS || open.length < RESULTS) {
    throw new Error(`not enough players (${playerIds.length}) or open boards (${open.length})`);
  }
  const madeAt = new Date(Date.now() - 5 * 60_000).toISOString();
  const action = (method: Action['method'], path: string, body: Record<string, unknown> = {}): Action => ({
    method,
    path,
    body: { ...body, clientId: randomUUID(), madeAt },
  });
  const actions: Action[] = [
    ...playerIds.map((id) => action('POST', `/api/admin/checkin/players/${id}`, { source: 'offline' })),
    ...playerIds.slice(0, UNDOS).map((id) => action('DELETE', `/api/admin/checkin/players/${id}`)),
    ...open.map((board) =>
      action('PUT', `/api/admin/match-results/${board.matchId}`, { result: 'white', expected: null }),
    ),
  ];

  const time = async (label: string, run: () => Promise<number[]>) => {
    const started = performance.now();
    const statuses = await run();
    const ms = performance.now() - started;
    const failed = statuses.filter((status) => status !== 200).length;
    console.log(
      `${label.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms  ${(ms / actions.length).toFixed(1).padStart(5)} ms/action${failed ? `  ${failed} not 200` : ''}`,
    );
  };
  console.log(
    `${actions.length} queued actions (${CHECKINS} check-ins, ${UNDOS} undos, ${RESULTS} results) on ${database.kind}; load average ${loadavg()[0]!.toFixed(1)}\n`,
  );
  await time('replay, one after another (the outbox)', async () => {
    const statuses: number[] = [];
    for (const queued of actions) statuses.push(await send(queued));
    return statuses;
  });
  await time('the same 200 again (answers lost): stored', async () => {
    const statuses: number[] = [];
    for (const queued of actions) statuses.push(await send(queued));
    return statuses;
  });
  await time('two tablets replaying at once (2 × 200)', async () =>
    (await Promise.all(actions.map((queued) => Promise.all([send(queued), send(queued)])))).flat(),
  );

  const counts = (await read<{ counts: { checkedIn: number } }>('/api/admin/checkin/players?search=')).counts;
  const after = await read<{ boards: { matchId: string; result: string | null; version: number }[] }>(
    '/api/admin/match-results',
  );
  const versions = new Map(after.boards.map((board) => [board.matchId, board]));
  const landedOnce = open.every(
    (board) =>
      versions.get(board.matchId)?.result === 'white' &&
      versions.get(board.matchId)?.version === board.version + 1,
  );
  console.log(
    `\nchecked in: ${counts.checkedIn} (expected ${CHECKINS - UNDOS}); results landed exactly once: ${landedOnce ? 'yes' : 'NO'}`,
  );
  if (counts.checkedIn !== CHECKINS - UNDOS || !landedOnce) process.exitCode = 1;
} finally {
  await close();
}
