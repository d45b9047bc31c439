/**
 * npm run bench:lighthouse — Lighthouse (mobile, simulated throttling: a mid-range phone on a slow 4G link) in
 * Debian's Chromium against the demo server, on the three pages phones open when a round is paired.
 * Starts the real server (separate process, the demo data `npm start` shows) on loopback from the built client
 * (`npm run build` first), runs each page --runs times (default 3) and prints the median of each figure.
 * Targets (issues 12, 37): performance ≥ 0.95, accessibility 1.00, total blocking time ≤ 200 ms, cumulative
 * layout shift ≤ 0.02 on each page. Then a hall screen's display page (issue 31: `/screen/<code>` of the demo's
 * first screen) with Lighthouse's desktop preset, as a TV's browser opens it: performance ≥ 0.95. Each row
 * carries Lighthouse's benchmark index of this machine (its measure of the processor: figures from machines
 * far apart in it do not compare), and the run exits with status 1 when a target is missed.
 *
 *   npm run bench:lighthouse [-- --runs 3] [--profile] [--only /player-lookup]
 *
 * --only measures the phone pages whose path starts so (and the screen page still). A run Lighthouse cannot
 * complete is said and left out of the medians. --profile also prints where each public page's take-over spends the main thread at 4× slower processing
 * (scripts/lib/take-over-profile.ts): the long tasks, and self time by script and by function.
 * Lighthouse is an npm dev dependency; nothing is fetched from outside the registry.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { formatScreenCode } from '../src/domain/venue-screens';
import { DEMO_SCREENS } from '../src/server/db/seed/demo-seed';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium';
import { requireClientBuild, startBenchServer } from './lib/bench-server';
import { profileTakeOver } from './lib/take-over-profile';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}
const runs = option('runs', 3);

interface Figures {
  performance: number;
  accessibility: number;
  cls: number;
  fcp: number;
  lcp: number;
  tbt: number;
  si: number;
  scriptKb: number;
  /** Lighthouse's benchmark index of the machine (higher: faster). */
  benchmarkIndex: number;
}

class RunFailed extends Error {}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function audit(url: string, chromePort: number, config?: Config): Promise<Figures> {
  const result = await lighthouse(
    url,
    {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    },
    config,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  // A run Lighthouse could not complete (e.g. NO_FCP) has no figures: said, and left out of the medians.
  if (result.lhr.runtimeError)
    throw new RunFailed(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
  const { categories, audits } = result.lhr;
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const scripts = (
    audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items?.find((item) => item.resourceType === 'script');
  return {
    performance: categories.performance?.score ?? 0,
    accessibility: categories.accessibility?.score ?? 0,
    cls: numeric('cumulative-layout-shift'),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    si: numeric('speed-index'),
    scriptKb: (scripts?.transferSize ?? 0) / 1024,
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
  };
}

/** Where each page's take-over spends the main thread, at 4× slower processing. */
async function printProfiles(base: string, pages: readonly string[]): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const path of pages) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
      const profile = await profileTakeOver(await context.newPage(), `${base}${path}`);
      await context.close();
      const tasks = profile.longTasks.map(
        (task) => `${Math.round(task.duration)} ms at ${Math.round(task.start)}`,
      );
      console.log(`\n${path}: answers input at ${Math.round(profile.hydratedAt)} ms (4× slower processing)`);
      console.log(`  long tasks: ${tasks.length > 0 ? tasks.join(', ') : 'none'}`);
      const top = <T extends { ms: number }>(list: T[], count: number): T[] =>
        list.filter((entry) => entry.ms >= 1).slice(0, count);
      console.log(
        `  by script: ${top(profile.scripts, 8)
          .map((entry) => `${entry.script} ${Math.round(entry.ms)} ms`)
          .join(', ')}`,
      );
      for (const entry of top(profile.functions, 12)) {
        console.log(
          `    ${String(Math.round(entry.ms)).padStart(5)} ms  ${entry.name} (${entry.script}:${entry.line})`,
        );
      }
    }
  } finally {
    await browser.close();
  }
}

requireClientBuild();
const { base, stop } = await startBenchServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROMIUM_ARGS.map((flag) => (flag === '--headless' ? '--headless=new' : flag)),
});
try {
  const roster = (await (await fetch(`${base}/api/public/roster`)).json()) as { players: { name: string }[] };
  const someone = roster.players[0]?.name ?? 'pupil';
  const pages = ['/', '/leaderboard', `/player-lookup?name=${encodeURIComponent(someone)}`];
  await fetch(`${base}/`); // the first render of each page is not what 400 phones see

  console.log(`Lighthouse ${runs}× per page, mobile, simulated throttling; medians\n`);
  const header = () => {
    console.log(
      '| page | performance | accessibility | CLS | FCP | LCP | TBT | speed index | JS transferred | benchmark index |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  };
  header();
  const misses: string[] = [];
  const measure = async (page: string, config?: Config, isPhone = true) => {
    await fetch(`${base}${page}`);
    const results: Figures[] = [];
    for (let run = 0; run < runs; run++) {
      try {
        results.push(await audit(`${base}${page}`, chrome.port, config));
      } catch (error) {
        if (!(error instanceof RunFailed)) throw error;
        console.log(`(${page}: run ${run + 1} failed, left out: ${error.message})`);
      }
    }
    if (results.length === 0) {
      misses.push(page);
      return;
    }
    const m = (key: keyof Figures) => median(results.map((result) => result[key]));
    console.log(
      `| ${page} | ${m('performance').toFixed(2)} | ${m('accessibility').toFixed(2)} | ${m('cls').toFixed(3)} | ` +
        `${(m('fcp') / 1000).toFixed(1)} s | ${(m('lcp') / 1000).toFixed(1)} s | ${Math.round(m('tbt'))} ms | ` +
        `${(m('si') / 1000).toFixed(1)} s | ${m('scriptKb').toFixed(1)} kB | ${Math.round(m('benchmarkIndex'))} |`,
    );
    const phoneMiss = isPhone && (m('accessibility') < 1 || m('tbt') > 200);
    if (m('performance') < 0.95 || m('accessibility') < 0.95 || m('cls') > 0.02 || phoneMiss)
      misses.push(page);
  };
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
  for (const page of pages) if (!only || page.startsWith(only)) await measure(page);
  console.log(`\nA hall screen's display page, desktop preset (issue 31); medians of ${runs}\n`);
  header();
  await measure(`/screen/${formatScreenCode(DEMO_SCREENS[0].code)}`, desktopConfig, false);
  console.log(
    misses.length === 0
      ? '\ntargets met: performance ≥ 0.95 and CLS ≤ 0.02 on every page; on the phone pages accessibility 1.00 and TBT ≤ 200 ms'
      : `\ntargets missed on: ${misses.join(', ')}`,
  );
  if (process.argv.includes('--profile')) await printProfiles(base, pages);
  if (misses.length > 0) process.exitCode = 1;
} finally {
  chrome.kill();
  await stop();
}
