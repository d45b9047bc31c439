import { expect, test } from './support/fixtures';

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the navigation collapses into a menu button', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Player Lookup' })).toBeVisible();
    await nav.getByRole('link', { name: 'Player Lookup' }).click();
    await expect(page).toHaveURL(/\/player-lookup$/);
  });
});

test('unknown paths show the not-found page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
  await expect(page.getByRole('link', { name: /home/i }).first()).toBeVisible();
});

test('Contact Us from another page goes to the contact section of the home page', async ({ page }) => {
  await page.goto('/leaderboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(/\/#contact-us$/);
  await expect(page.locator('#contact-us')).toBeInViewport();
});

test.describe('cookie notice', () => {
  for (const choice of ['Accept', 'Decline'] as const) {
    test(`${choice} is stored with the date and the notice stays away`, async ({ page }) => {
      await page.goto('/');
      const notice = page.getByRole('region', { name: 'Cookies on this site' }).or(page.getByRole('dialog'));
      await expect(notice.first()).toBeVisible();
      await page.getByRole('button', { name: choice, exact: true }).click();
      await expect(page.getByRole('button', { name: choice, exact: true })).toHaveCount(0);
      const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('cookie-consent'))) ?? '{}');
      expect(stored.choice).toBe(choice === 'Accept' ? 'accepted' : 'declined');
      expect(Date.now() - new Date(stored.date).getTime()).toBeLessThan(60_000);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: choice, exact: true })).toHaveCount(0);
    });
  }
});
