import { expect, test } from './support/fixtures';

test.describe('home page, live variant', () => {
  test('shows the tournament in progress with every panel', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Schools Team');
    const progress = page.getByRole('region', { name: 'Tournament Progress', exact: true });
    await expect(progress).toContainText('Round 3');
    await expect(progress).toContainText('56');
    await expect(progress).toContainText('3/5');
    await expect(progress).toContainText('%');

    const leaders = page.getByRole('region', { name: 'Leading Players', exact: true });
    await expect(leaders.getByRole('listitem')).toHaveCount(5);
    await expect(leaders.getByRole('listitem').first().getByRole('link')).toHaveAttribute(
      'href',
      /\/player-lookup\?name=/,
    );

    await expect(page.getByRole('region', { name: 'Recent Match Results', exact: true })).toBeVisible();
    const currentRound = page.getByRole('region', { name: 'Current Round', exact: true });
    const boards = currentRound.getByRole('list', { name: 'Round 3 boards' }).getByRole('listitem');
    await expect(boards.first()).toContainText(/Board\s*1/);
    const api = await (await page.request.get('/api/public/rounds/current')).json();
    await expect(boards.first()).toContainText(api.boards[0].white.name);
    await expect(page.getByRole('link', { name: 'View All Matches' })).toHaveAttribute(
      'href',
      '/leaderboard',
    );
    await expect(page.getByText('Lunch is served in the canteen')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Board & Player Lookup' })).toHaveAttribute(
      'href',
      '/player-lookup',
    );
  });

  test('switches the primary button live when registration opens', async ({ page, site }) => {
    await page.goto('/home');
    await expect(page.getByRole('link', { name: 'View Leaderboard' }).first()).toHaveAttribute(
      'href',
      '/leaderboard',
    );
    await site.setSetting('registration_settings', { is_enabled: true, team_price: 6000 });
    // No reload: the change arrives over server-sent events.
    await expect(page.getByRole('link', { name: 'Join Tournament' }).first()).toHaveAttribute(
      'href',
      '/registration',
    );
  });
});

test.describe('home page, pre-event variant', () => {
  test('shows the invitation when no tournament is loaded', async ({ page, site }) => {
    await site.reset('empty');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/350/).first()).toBeVisible();
    await expect(page.getByText(/5 minutes/).first()).toBeVisible();
    await expect(page.getByText(/24 hours/).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tournament Progress', exact: true })).toHaveCount(0);
    await expect(page.locator('#how-to-register')).toBeVisible();
    await expect(page.locator('#contact-us')).toBeVisible();
  });
});
