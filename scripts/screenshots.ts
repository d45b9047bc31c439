/**
 * Screenshots of the public pages at desktop and phone widths, for looking at what we build:
 *   node --import tsx scripts/screenshots.ts [base URL] [output folder]
 * (default http://127.0.0.1:3000 and ./screenshots). Uses Debian's Chromium (CHROMIUM_PATH).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = process.argv[3] ?? 'screenshots';
const pages = [
  '/',
  '/leaderboard',
  '/player-lookup?name=polgar',
  '/important-information',
  '/registration-guide',
  '/privacy',
  '/registration',
  '/login',
  '/no-such-page',
];
const widths = [1280, 375];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript(() =>
    localStorage.setItem(
      'cookie-consent',
      JSON.stringify({ choice: 'declined', date: new Date().toISOString() }),
    ),
  );
  const page = await context.newPage();
  for (const path of pages) {
    await page.goto(`${base}${path}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(400);
    const name = `${path.replace(/[/?=]+/g, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`;
    await page.screenshot({ path: join(out, name), fullPage: true });
    console.log(join(out, name));
  }
  await context.close();
}
await browser.close();
