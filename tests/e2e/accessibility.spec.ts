import AxeBuilder from '@axe-core/playwright';
import { dismissCookieBanner, expect, test } from './support/fixtures';

const pages = [
  '/',
  '/leaderboard',
  '/player-lookup?name=polgar',
  '/important-information',
  '/registration-guide',
  '/how-the-day-works',
  '/site-navigation',
  '/privacy',
  '/registration',
  '/login',
  '/no-such-page',
];

for (const path of pages) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto('/');
    await dismissCookieBanner(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    expect(serious).toEqual([]);
  });
}
