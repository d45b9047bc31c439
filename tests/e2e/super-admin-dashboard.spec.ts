import type { Page, Route } from '@playwright/test';
import { SYSTEM_STATUS_MESSAGES, type SystemStatus } from '../../src/contracts/system-status';
import { seriousAxeViolations } from './support/axe';
import { dismissCookieBanner, expect, test } from './support/fixtures';
import { shootWhenAsked } from './support/screenshots';
import { signInAndWait } from './support/session';

const PATH = '/admin/super-admin-dashboard';

async function openDashboardAs(page: Page, email: string) {
  await page.goto('/login');
  await dismissCookieBanner(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAndWait(page, email);
  await page.goto(PATH);
}

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('a superadmin sees the system status and the recent activity', async ({ page }) => {
  await openDashboardAs(page, 'superadmin@demo.test');
  await expect(page.getByRole('heading', { name: 'Super Admin Dashboard', level: 1 })).toBeVisible();

  const status = (await (await page.request.get('/api/admin/system-status')).json()) as SystemStatus;

  await expect(card(page, 'Uptime')).toContainText(/\d+ days?, \d+ hours?, \d+ minutes?/);
  await expect(card(page, 'Uptime')).toContainText(/since .+\(Irish time\)/);
  await expect(card(page, 'Version')).toContainText(status.version);
  await expect(card(page, 'Version')).toContainText(
    status.commit ? `Commit ${status.commit.slice(0, 7)}` : 'Commit unknown',
  );
  await expect(card(page, 'Database')).toContainText(/\d+\.\d MB/);
  await expect(card(page, 'Database')).toContainText('PGlite (embedded)');
  await expect(card(page, 'Database')).toContainText('No storage limit set');

  // Users by role: the demo's 2 players, 1 admin, 1 superadmin, as the API counts them.
  expect(status.usersByRole).toEqual({ player: 2, admin: 1, superadmin: 1 });
  const users = card(page, 'Users by role');
  for (const [label, count] of [
    ['Players', status.usersByRole.player],
    ['Admins', status.usersByRole.admin],
    ['Superadmins', status.usersByRole.superadmin],
  ] as const) {
    await expect(
      users.locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd'),
    ).toHaveText(String(count));
  }
  await expect(card(page, 'Live connections')).toContainText('Open pages on this server process');
  await expect(card(page, 'Last hour')).toContainText('Requests');
  await expect(card(page, 'Last hour')).toContainText('Errors (5xx)');

  // No backup in the demo: the card says so, in its danger tone.
  const backups = card(page, 'Backups');
  await expect(backups).toContainText('No backup yet');
  await expect(backups).toContainText('Never verified');
  await expect(backups).toContainText('Attention: no backup has been taken');
  await expect(backups).toHaveAttribute('data-tone', 'danger');

  // Signing in is the newest thing that happened.
  const activity = page.getByRole('list', { name: 'Recent user activity' });
  const signIn = activity.getByRole('listitem').filter({ hasText: 'Sign in succeeded' }).first();
  await expect(signIn).toBeVisible();
  await expect(signIn).toContainText(/Just now|minute/);
  expect(await activity.getByRole('listitem').count()).toBeLessThanOrEqual(10);

  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootWhenAsked(page, 'super-admin-dashboard');
});

test('a recent backup and a storage limit show without the danger tone, with a progress bar', async ({
  page,
  site,
}) => {
  await site.setSetting('last_backup', new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString());
  await site.setSetting('storage_limit', 1024 * 1024 * 1024);
  // Errors in the last hour show in the warning tone (the count is the server's, changed here on its way).
  await page.route('**/api/admin/system-status', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as SystemStatus;
    await route.fulfill({ response, json: { ...body, lastHour: { ...body.lastHour, errors: 3 } } });
  });
  await openDashboardAs(page, 'superadmin@demo.test');
  const backups = card(page, 'Backups');
  await expect(backups).toContainText('2 hours ago');
  await expect(backups).toHaveAttribute('data-tone', 'neutral');
  await expect(backups).not.toContainText('Attention');
  const database = card(page, 'Database');
  await expect(database).toContainText(/\d+\.\d MB of 1,024\.0 MB/);
  const bar = database.getByRole('progressbar', { name: 'Database storage used' });
  await expect(bar).toHaveAttribute('aria-valuemin', '0');
  await expect(bar).toHaveAttribute('aria-valuemax', '100');
  await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/);
  await expect(page.getByTestId('status-errors')).toHaveText('3');
  await expect(page.getByTestId('status-errors')).toHaveAttribute('data-tone', 'warning');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootWhenAsked(page, 'super-admin-dashboard-backed-up');
});

test('each section shows its own failure', async ({ page, consoleErrors }) => {
  const fail = (route: Route) => route.fulfill({ status: 500, json: { error: 'Boom', requestId: 'req-1' } });
  await page.route('**/api/admin/system-status/activity', fail);
  await openDashboardAs(page, 'superadmin@demo.test');
  await expect(
    page.getByRole('alert').filter({ hasText: SYSTEM_STATUS_MESSAGES.activityFailed }),
  ).toBeVisible();
  await expect(card(page, 'Uptime')).toBeVisible();
  await expect(page.getByText(SYSTEM_STATUS_MESSAGES.statsFailed)).toHaveCount(0);

  await page.unroute('**/api/admin/system-status/activity');
  await page.route('**/api/admin/system-status', fail);
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: SYSTEM_STATUS_MESSAGES.statsFailed })).toBeVisible();
  await expect(card(page, 'Uptime')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Recent user activity' })).toBeVisible();
  await expect(page.getByText(SYSTEM_STATUS_MESSAGES.activityFailed)).toHaveCount(0);
  // The browser reports the refused requests this test asked for; nothing else may be there.
  const unexpected = consoleErrors.filter((error) => !/status of 500/.test(error));
  consoleErrors.splice(0, consoleErrors.length, ...unexpected);
});

test('an admin is refused, on the page and by the API', async ({ page }) => {
  await openDashboardAs(page, 'admin@demo.test');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Super Admin Dashboard' })).toHaveCount(0);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Super Admin Dashboard' })).toHaveCount(
    0,
  );
  expect((await page.request.get('/api/admin/system-status')).status()).toBe(403);
  expect((await page.request.get('/api/admin/system-status/activity')).status()).toBe(403);
});
