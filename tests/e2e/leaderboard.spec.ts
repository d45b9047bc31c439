import { expect, test } from './support/fixtures';

test('lists players and school teams', async ({ page }) => {
  await page.goto('/leaderboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // 56 players and a header row.
  await expect(page.getByRole('table').first().getByRole('row')).toHaveCount(57);
  await page.getByRole('tab', { name: /School/ }).click();
  await expect(page.getByRole('table').first()).toContainText("St Kevin's A");
});

test('shows the hidden state, live, when the organisers hide the leaderboard', async ({ page, site }) => {
  await page.goto('/leaderboard');
  await expect(page.getByRole('table').first()).toBeVisible();
  await site.setSetting('leaderboard_visible', { visible: false });
  await expect(page.getByText('Leaderboard Hidden').first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  // The navigation no longer offers it either.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaderboard' }),
  ).toHaveCount(0);
});

test('the home page says the rankings are hidden', async ({ page, site }) => {
  await site.setSetting('leaderboard_visible', false);
  await page.goto('/');
  await expect(page.getByText('Leaderboard Hidden').first()).toBeVisible();
  await expect(page.getByText('Player rankings are currently not visible.').first()).toBeVisible();
});
