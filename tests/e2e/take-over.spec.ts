import { profileTakeOver } from '../../scripts/lib/take-over-profile';
import { expect, test } from './support/fixtures';

/**
 * Issue 37: a server-drawn public page shows at once, and its code then takes it over (hydration) without
 * holding the main thread for long: on a phone a tap must not wait a second. Measured in the built page at 4×
 * slower processing (Lighthouse's mid-range phone), the second time the page is opened: no single task of the
 * take-over may run past the budget.
 * The budget comes from the profile in docs/performance.md ("Public pages on a phone"): the largest task was
 * about 200 ms there (2026-11-30); the budget, twice that, fails when the take-over grows into one block.
 */
const TAKE_OVER_TASK_MS = 400;

for (const path of ['/', '/leaderboard']) {
  test(`${path}: the take-over runs in short tasks on a slow phone`, async ({ page }) => {
    // Once first, as a visitor who opened the site before: the scripts are compiled and cached then, so what
    // is measured is the take-over's own work, not the first compilation (which varies with the machine).
    await page.goto(path);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    const profile = await profileTakeOver(page, path);
    const longest = Math.max(0, ...profile.longTasks.map((task) => task.duration));
    expect(
      longest,
      `long tasks: ${profile.longTasks.map((task) => Math.round(task.duration)).join(', ')} ms`,
    ).toBeLessThanOrEqual(TAKE_OVER_TASK_MS);
    // The page answers a tap once taken over.
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  });
}
