/**
 * npm run bench:lighthouse — Lighthouse (mobile, simulated throttling: a mid-range phone on a slow 4G link) in
 * Debian's Chromium against the demo server, on the three pages phones open when a round is paired.
 * Starts the real server (separate process, the demo data `npm start` shows) on loopback from the built client
 * (`npm run build` first), runs each page --runs times (default 3) and prints the median of each figure.
 * Targets (issue 12): performance ≥ 0.95, accessibility ≥ 0.95, cumulative layout shift ≤ 0.02 on each page.
 * Then a hall screen's display page (issue 31: `/screen/<code>` of the demo's first screen) with Lighthouse's
 * desktop preset, as a TV's browser opens it: performance ≥ 0.95.
 * Lighthouse is an npm dev dependency; nothing is fetched from outside the registry.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { formatScreenCode } from '../src/domain/venue-screens';
import { DEMO_SCREENS } from '../src/server/db/seed/demo-seed';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium';
import { requireClientBuild, startBenchServer } from './lib/bench-server';

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
}

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
  };
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
  console.log(
    '| page | performance | accessibility | CLS | FCP | LCP | TBT | speed index | JS transferred |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  const misses: string[] = [];
  const measure = async (page: string, config?: Config) => {
    await fetch(`${base}${page}`);
    const results: Figures[] = [];
    for (let run = 0; run < runs; run++) results.push(await audit(`${base}${page}`, chrome.port, config));
    const m = (key: keyof Figures) => median(results.map((result) => result[key]));
    console.log(
      `| ${page} | ${m('performance').toFixed(2)} | ${m('accessibility').toFixed(2)} | ${m('cls').toFixed(3)} | ` +
        `${(m('fcp') / 1000).toFixed(1)} s | ${(m('lcp') / 1000).toFixed(1)} s | ${Math.round(m('tbt'))} ms | ` +
        `${(m('si') / 1000).toFixed(1)} s | ${m('scriptKb').toFixed(1)} kB |`,
    );
    if (m('performance') < 0.95 || m('accessibility') < 0.95 || m('cls') > 0.02) misses.push(page);
  };
  for (const page of pages) await measure(page);
  console.log(`\nA hall screen's display page, desktop preset (issue 31); medians of ${runs}\n`);
  console.log(
    '| page | performance | accessibility | CLS | FCP | LCP | TBT | speed index | JS transferred |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  await measure(`/screen/${formatScreenCode(DEMO_SCREENS[0].code)}`, desktopConfig);
  console.log(
    misses.length === 0
      ? '\ntargets met: performance ≥ 0.95, accessibility ≥ 0.95 and CLS ≤ 0.02 on every page'
      : `\ntargets missed on: ${misses.join(', ')}`,
  );
} finally {
  chrome.kill();
  await stop();
}
