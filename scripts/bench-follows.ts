/**
 * npm run bench:follows — from "round paired" to every follower's push message handed to the push service (issue
 * 33, ADR 045; target: the last within 10 s). Starts the app in this process (file-backed PGlite, the event-sized
 * demo: 352 players, round 3 under way) with a push service stand-in on loopback (it answers 201 to every
 * message, as FCM or Mozilla's autopush would), and 1,000 followers — 800 devices following one pupil each, 200
 * following a school — with real P-256 keys, so every message is encrypted as for a phone. Then, for each fresh
 * round: results for the round before (one SQL statement) and its completion through the API; then
 * POST /api/admin/rounds/<n>/pairings, timing every message's arrival at the stand-in from the POST.
 * Prints per round the messages received, the first, median and last arrival, and the rate.
 * Options: --rounds <n> (default 2: rounds 4 and 5), --followers <n> (default 1000), --postgres (DATABASE_URL).
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { followers, followTargets } from '../src/server/db/schema/follows';
import { players, tournaments } from '../src/server/db/schema/tournaments';
import { OutboundClient } from '../src/server/http/outbound';
import { signInOverHttp, staffSender, startBenchApp } from './lib/bench-app';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}
const freshRounds = option('rounds', 2);
const followerCount = option('followers', 1000);
const FIRST_FRESH_ROUND = 4;
const port = 8000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const ms = (value: number) => `${Math.round(value)} ms`;

/** Waits until the push service has heard nothing for 1.5 s: the messages under way are delivered. */
async function settle(): Promise<void> {
  let seen = -1;
  while (seen !== arrivals.length) {
    seen = arrivals.length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  }
}

// The push service stand-in: every message's arrival time.
const arrivals: number[] = [];
const pushService = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    arrivals.push(Date.now());
    response.writeHead(201).end();
  });
});
await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
const pushBase = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;

const { app, database, close } = await startBenchApp({
  base,
  scale: 'event',
  usePostgres: process.argv.includes('--postgres'),
  outbound: new OutboundClient({ allow: ['127.0.0.1'] }),
});
await app.listen({ port, host: '127.0.0.1' });

try {
  const { db } = database;
  const [tournament] = await db.select().from(tournaments).where(sql`${tournaments.active}`);
  const pupils = await db.select({ id: players.id, schoolId: players.schoolId }).from(players);
  const schoolIds = [...new Set(pupils.flatMap((pupil) => (pupil.schoolId ? [pupil.schoolId] : [])))];
  const made = Array.from({ length: followerCount }, (_, index) => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return {
      tournamentId: tournament!.id,
      channel: 'push' as const,
      endpoint: `${pushBase}/push/${index}`,
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
      confirmedAt: new Date(),
    };
  });
  const rows = await db.insert(followers).values(made).returning({ id: followers.id });
  await db
    .insert(followTargets)
    .values(
      rows.map((row, index) =>
        index % 5 === 4
          ? { followerId: row.id, kind: 'school' as const, targetId: schoolIds[index % schoolIds.length]! }
          : { followerId: row.id, kind: 'player' as const, targetId: pupils[index % pupils.length]!.id },
      ),
    );

  const cookie = await signInOverHttp(base, 'arbiter@demo.test');
  const send = staffSender(base, cookie);
  const lastRound = FIRST_FRESH_ROUND + freshRounds - 1;
  await send('PUT', '/api/admin/rounds/count', { totalRounds: Math.max(lastRound, 5) });
  console.log(
    `bench:follows — ${followerCount} followers (${rows.length - Math.floor(rows.length / 5)} of a pupil, ${Math.floor(rows.length / 5)} of a school), ` +
      `event demo, ${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(2)}`,
  );
  console.log('| round | POST pairings answered | messages | first | median | last | per second |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (let round = FIRST_FRESH_ROUND; round <= lastRound; round++) {
    await db.execute(
      sql`update matches set result = (array['white', 'draw', 'black'])[1 + floor(random() * 3)::int]
          where round_number = ${round - 1} and result is null`,
    );
    await send('POST', `/api/admin/rounds/${round - 1}/complete`);
    // The messages of the round before (its start) go first: timed are only the pairings'.
    await settle();
    arrivals.length = 0;
    const t0 = Date.now();
    await send('POST', `/api/admin/rounds/${round}/pairings`);
    const answered = Date.now() - t0;
    const deadline = Date.now() + 60_000;
    while (arrivals.length < followerCount && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const times = arrivals.map((at) => at - t0);
    const last = Math.max(...times);
    console.log(
      `| ${round} | ${ms(answered)} | ${times.length} | ${ms(Math.min(...times))} | ${ms(percentile(times, 50))} | ${ms(last)} | ${Math.round((times.length / last) * 1000)} |`,
    );
    if (times.length < followerCount)
      console.log(`  only ${times.length} of ${followerCount} arrived within 60 s`);
    // The round starts, so the next one can be paired after it.
    await send('POST', `/api/admin/rounds/${round}/start`);
  }
  await settle();
} finally {
  await close();
  pushService.close();
}
