/**
 * npm run bench:checkin — issue 16's figure: how long 350 check-ins take through the kiosk API.
 *
 * The real app in this process, listening on loopback (HTTP, as a kiosk calls it), on PGlite in memory by
 * default or PostgreSQL with `--postgres <url>`: the event-sized demo (352 players in 44 schools), the demo
 * accounts, a badge for every player and school, check-in open. Signed in as the demo Arbiter (check-in desk
 * access). The per-account scan limit is raised for the run (ten kiosks on one account would otherwise meet
 * its 300 a minute, which is the point of the limit, not of this figure).
 *
 * Two runs over the same 350 badges, each from "nobody checked in":
 *   1. sequential: one kiosk, one scan after another (each waits for its answer);
 *   2. concurrent: --kiosks (default 10) kiosks, each scanning its share one after another.
 * For each: the total time, check-ins per second, and the median, 95th percentile and slowest single scan.
 * Every answer must be a check-in ("checked-in"); the run fails otherwise.
 */
import { badgeListSchema } from '../src/contracts/badges';
import { kioskScanResponseSchema } from '../src/contracts/kiosk';
import { SETTING_KEYS } from '../src/contracts/settings';
import { saveSetting } from '../src/server/core/settings/settings.repo';
import { players } from '../src/server/db/schema/tournaments';
import { benchServer } from './support/bench-server';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : (process.argv[index + 1] ?? fallback);
}
const KIOSKS = Number(option('kiosks', '10'));
const CHECKINS = Number(option('checkins', '350'));
const postgresUrl = option('postgres', '');

const server = await benchServer({ postgresUrl, scale: 'event' });
const { db, base } = server;
await server.listen({ clientDir: null, kioskScanLimit: { limit: 1_000_000, windowMs: 60_000 } });
const signIn = server.signIn;
const superadmin = await signIn('superadmin@demo.test');
const kiosk = await signIn('arbiter@demo.test');
const call = (cookie: string, path: string, method = 'GET', body?: unknown) =>
  fetch(`${base}${path}`, {
    method,
    headers: { cookie, origin: base, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

await call(superadmin, '/api/admin/badges/issue', 'POST');
const list = badgeListSchema.parse(await (await call(superadmin, '/api/admin/badges')).json());
const tokens = list.players
  .flatMap((holder) => (holder.badge ? [holder.badge.token] : []))
  .slice(0, CHECKINS);
if (tokens.length < CHECKINS) throw new Error(`only ${tokens.length} badges`);
await saveSetting(db, SETTING_KEYS.checkinOpen, true, null);

async function scan(token: string): Promise<number> {
  const started = performance.now();
  const response = await call(kiosk, '/api/kiosk/scan', 'POST', { token });
  const body = kioskScanResponseSchema.parse(await response.json());
  if (body.kind !== 'player' || body.outcome !== 'checked-in')
    throw new Error(`not checked in: ${body.message}`);
  return performance.now() - started;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function run(label: string, kiosks: number): Promise<void> {
  await db.update(players).set({ checkedInAt: null, checkinSource: null, signedOutAt: null });
  const times: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: kiosks }, async (_, kioskIndex) => {
      for (let i = kioskIndex; i < tokens.length; i += kiosks) times.push(await scan(tokens[i]!));
    }),
  );
  const totalMs = performance.now() - started;
  console.log(
    `${label.padEnd(26)} ${tokens.length} check-ins in ${(totalMs / 1000).toFixed(2)} s ` +
      `(${((tokens.length * 1000) / totalMs).toFixed(0)}/s); per scan median ${percentile(times, 50).toFixed(1)} ms, ` +
      `p95 ${percentile(times, 95).toFixed(1)} ms, slowest ${Math.max(...times).toFixed(1)} ms`,
  );
}

console.log(
  `Kiosk check-in through POST /api/kiosk/scan (${postgresUrl ? 'PostgreSQL' : 'PGlite in memory'}, 352-player event demo)`,
);
await run('sequential (1 kiosk)', 1);
await run(`concurrent (${KIOSKS} kiosks)`, KIOSKS);
await server.close();
