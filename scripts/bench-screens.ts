/**
 * npm run bench:screens — from "round paired" to every one of 20 hall screens showing it (issue 31, ADR 042).
 * Starts the app in this process (file-backed PGlite, migrations, the event-sized demo: 352 players, round 3 under
 * way) serving the built client (`npm run build` first), adds 20 screens in one group sharing pairings by name
 * through the admin API, and opens each display in its own context of Debian's Chromium at 1920 × 1080. Then, for
 * each fresh round:
 *   1. enters random results for the round before (one SQL statement, standing in for the result desk) and
 *      completes it through the API, and waits until every screen has settled;
 *   2. POST /api/admin/rounds/<n>/pairings, and times, on each screen, when its heading first reads "Round <n>"
 *      (a MutationObserver in the page, on the page's own clock, so the figure is what a person in front of the TV
 *      would see, without the benchmark's polling in it).
 * Prints per round the POST's answer and the fastest, median and slowest screen, and the slowest overall.
 * Options: --rounds <n> (default 3: rounds 4 to 6), --screens <n> (default 20).
 */
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { formatScreenCode } from '../src/domain/venue-screens';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium';
import { signInOverHttp, staffSender, startBenchApp } from './lib/bench-app';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}
const freshRounds = option('rounds', 3);
const screenCount = option('screens', 20);
const FIRST_FRESH_ROUND = 4;
const port = 8000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;

if (!existsSync('dist/client/index.html')) {
  console.error('The screens are measured from the built client: run `npm run build` first.');
  process.exit(1);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const ms = (value: number) => `${Math.round(value)} ms`;

const { app, database, close } = await startBenchApp({
  base,
  scale: 'event',
  clientDir: resolve('dist/client'),
});
await app.listen({ port, host: '127.0.0.1' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

try {
  const cookie = await signInOverHttp(base, 'arbiter@demo.test');
  const send = staffSender(base, cookie);

  const lastRound = FIRST_FRESH_ROUND + freshRounds - 1;
  await send('PUT', '/api/admin/rounds/count', { totalRounds: lastRound });
  const codes: string[] = [];
  for (let index = 1; index <= screenCount; index++) {
    const answer = await send('POST', '/api/admin/venue-screens', {
      name: `Hall ${String(index).padStart(2, '0')}`,
      programme: ['pairings-by-name'],
      pageSeconds: 120,
    });
    codes.push(answer.screen.code);
  }

  const pages: Page[] = [];
  for (const code of codes) {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    await page.goto(`${base}/screen/${formatScreenCode(code)}`);
    await page.getByRole('heading', { level: 1, name: /Round 3/ }).waitFor();
    pages.push(page);
  }
  console.log(
    `${screenCount} screens open (1920 × 1080, one context each); ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)}\n`,
  );

  /**
   * Resolves with the page's clock (ms since its epoch) when its heading first names the round. A string, not a
   * function: tsx's transform would add a helper the page does not have.
   */
  const whenShown = (page: Page, round: number): Promise<number> =>
    page.evaluate(`new Promise((resolve) => {
      const text = 'Round ${round}';
      const check = () => {
        if (!document.querySelector('h1')?.textContent?.includes(text)) return false;
        observer.disconnect();
        resolve(Date.now());
        return true;
      };
      const observer = new MutationObserver(check);
      if (!check()) observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    })`);

  const rows: { round: number; answered: number; times: number[] }[] = [];
  for (let round = FIRST_FRESH_ROUND; round <= lastRound; round++) {
    await database.db.execute(
      sql`update matches set result = (array['white', 'draw', 'black'])[1 + floor(random() * 3)::int]
          where round_number = ${round - 1} and result is null`,
    );
    await send('POST', `/api/admin/rounds/${round - 1}/complete`);
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // every screen reads the completed round
    const shown = pages.map((page) => whenShown(page, round));
    const t0 = Date.now();
    await send('POST', `/api/admin/rounds/${round}/pairings`);
    const answered = Date.now() - t0;
    const times = (await Promise.all(shown)).map((at) => at - t0);
    rows.push({ round, answered, times });
    await send('POST', `/api/admin/rounds/${round}/start`);
  }

  console.log('| round | POST pairings answered | first screen | median screen | every screen (slowest) |');
  console.log('|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.round} | ${ms(row.answered)} | ${ms(Math.min(...row.times))} | ${ms(percentile(row.times, 50))} | ${ms(Math.max(...row.times))} |`,
    );
  }
  const slowest = Math.max(...rows.flatMap((row) => row.times));
  console.log(`\nround paired → all ${screenCount} screens show it: at most ${ms(slowest)} (target: 2 s)`);
} finally {
  await browser.close();
  await close();
}
