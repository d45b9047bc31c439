import { benchmarkIndexOf, profileTakeOver } from '../../scripts/lib/take-over-profile';
import { expect, test } from './support/fixtures';
import { pairNextRoundAsArbiter } from './support/rounds';

/**
 * Issue 37: a server-drawn public page shows at once, and its code then takes it over (hydration) without
 * holding the main thread for long: on a phone a tap must not wait a second. Measured in the built page at 4×
 * slower processing (Lighthouse's mid-range phone), the second time the page is opened: no single task of the
 * take-over may run past the budget.
 * The budget comes from the profile in docs/performance.md ("Public pages on a phone"): since the parts below
 * the first screen are taken over when seen (take-over-when-seen.tsx), the largest task was 50–69 ms over eight
 * openings of `/` and `/leaderboard` (2026-11-30; 57–197 ms before); the budget, about twice that, fails when the
 * take-over grows back into one block.
 */
const TAKE_OVER_TASK_MS = 150;
/**
 * The budget was set on a machine of Lighthouse benchmark index 3,600 (2026-11-30: 3,560–3,900). The same kind
 * of machine has been seen at 1,700–2,900 on other days, running the same page's JavaScript that much slower.
 * So the budget grows as the machine's index falls below the one it was set on (a task's time is work divided
 * by speed): 150 ms at 3,600 and above, 216 ms at 2,500, 300 ms at 1,800. On 2026-12-01, at index 2,516–2,926,
 * the longest tasks were 67 ms (`/`) and 69 ms (`/leaderboard`).
 * The test judges on every machine: a busy one gets a looser budget (540 ms at index 1,000), never a skip.
 */
const BUDGET_SET_AT_BENCHMARK_INDEX = 3_600;

/** The budget for a machine of benchmark `index`: the budget as set, scaled by how much slower it is. */
function budgetAt(index: number): number {
  return Math.round(TAKE_OVER_TASK_MS * Math.max(1, BUDGET_SET_AT_BENCHMARK_INDEX / index));
}

for (const path of ['/', '/leaderboard']) {
  test(`${path}: the take-over runs in short tasks on a slow phone`, async ({ page }) => {
    // Once first, as a visitor who opened the site before: the scripts are compiled and cached then, so what
    // is measured is the take-over's own work, not the first compilation (which varies with the machine).
    await page.goto(path);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    const profile = await profileTakeOver(page, path);
    const longest = Math.max(0, ...profile.longTasks.map((task) => task.duration));
    const index = await benchmarkIndexOf(page);
    const figures = `long tasks: ${profile.longTasks.map((task) => Math.round(task.duration)).join(', ')} ms; benchmark index ${index}`;
    const budget = budgetAt(index);
    console.info(`${path} take-over at 4× slower processing: ${figures}; budget ${budget} ms`);
    expect(index, 'the benchmark index Lighthouse computes in the page').toBeGreaterThan(0);
    expect(longest, figures).toBeLessThanOrEqual(budget);
    // The page answers a tap once taken over.
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  });
}

test('on a phone, the home page takes over what lies below the first screen only when it is about to be seen', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  // The carousel stands still for reduced motion: once taken over (the new round below takes everything over)
  // it would otherwise move on by itself, and slide 1 be gone before it is scrolled to on a slow machine.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const loaded: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') loaded.push(sent.url());
  });
  await page.goto('/');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await page.waitForTimeout(500);
  // The carousel and the announcements' sanitiser are below the fold: their code has not been fetched, while
  // the server's markup of them is on the page as drawn.
  expect(loaded.filter((url) => /image-carousel|purify|rich-html-sanitiser/.test(url))).toEqual([]);
  const panel = page.getByRole('region', { name: 'Current round and leading players' });
  await expect(panel).toContainText('Round 3');

  // A new round is paired meanwhile: the part not yet taken over is taken over before the new data arrives,
  // so it shows the new round (and React never throws its drawn markup away: no console error).
  const staff = await pairNextRoundAsArbiter(request, browser, baseURL, 3);
  await expect(panel).toContainText('Round 4', { timeout: 10_000 });
  await staff.close();

  // Scrolled to, the carousel is taken over and answers its buttons (before that, Next does nothing).
  const carousel = page.getByRole('region', { name: 'Tournament photos' });
  await carousel.scrollIntoViewIfNeeded();
  const shown = carousel.locator('button[aria-current="true"]');
  await expect(shown).toHaveText('Show slide 1');
  await expect(async () => {
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect(shown).not.toHaveText('Show slide 1', { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  expect(loaded.some((url) => url.includes('image-carousel'))).toBe(true);
});

test('leaving the home page before its lower parts are seen goes to the next page at once', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  // The footer and the sections below the first screen are still as the server drew them.
  await page.getByRole('button', { name: /menu/i }).click();
  await page.getByRole('link', { name: 'Leaderboard' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /Leaderboard/ })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});
