import type { Page, Route } from '@playwright/test';
import { ACCESS_MESSAGES } from '../../src/contracts/common';
import { SYSTEM_LOG_MESSAGES } from '../../src/contracts/system-logs';
import { seriousAxeViolations } from './support/axe';
import { dismissCookieBanner, expect, test } from './support/fixtures';
import { shootWhenAsked } from './support/screenshots';
import { signInAndWait, toast } from './support/session';

const rows = (page: Page) => page.getByTestId('system-log-row');

async function openLogsAs(page: Page, email: string) {
  await page.goto('/login');
  await dismissCookieBanner(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAndWait(page, email);
  await page.goto('/admin/system-logs');
  await expect(page.getByRole('heading', { name: 'System Logs', level: 1 })).toBeVisible();
}

test('a superadmin reads the logs live, filters them, opens an entry, exports and sets the retention', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await openLogsAs(page, 'superadmin@demo.test');
  const table = page.getByRole('table', { name: /System log entries/ });
  await expect(table).toBeVisible();
  // Signing in wrote a security event.
  await expect(rows(page).filter({ hasText: 'sign_in_succeeded' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Log retention' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The CSV export answers with the filtered rows; it is itself logged, and the row shows without a reload.
  const csvHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  expect(csvHref).toBe('/api/admin/system-logs/export?format=csv');
  const csv = await page.request.get(csvHref ?? '');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(await csv.text()).toMatch(/^time,log,area,action,severity/);
  await expect(rows(page).filter({ hasText: 'export_system_logs' }).first()).toBeVisible({
    timeout: 12_000,
  });
  await shootWhenAsked(page, 'system-logs');

  // Only the security log: the address carries the filter, and every row is a security event.
  await page.getByLabel('Log', { exact: true }).selectOption('security');
  await expect(page).toHaveURL(/[?&]source=security(&|$)/);
  await expect(rows(page).and(page.locator('[data-source="system"]'))).toHaveCount(0);
  await expect(rows(page).first()).toBeVisible();
  const sources = await rows(page).evaluateAll((found) =>
    found.map((row) => row.getAttribute('data-source')),
  );
  expect(new Set(sources)).toEqual(new Set(['security']));
  await expect(page.getByRole('link', { name: 'Export JSON' })).toHaveAttribute(
    'href',
    '/api/admin/system-logs/export?source=security&format=json',
  );

  // A shared address opens with its filters.
  await page.reload();
  await expect(page.getByLabel('Log', { exact: true })).toHaveValue('security');
  await expect(rows(page).and(page.locator('[data-source="system"]'))).toHaveCount(0);

  // An entry's details, with its metadata as JSON.
  await rows(page)
    .filter({ hasText: 'sign_in_succeeded' })
    .first()
    .getByRole('button', { name: /^Details/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Log entry' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('sign_in_succeeded')).toBeVisible();
  await expect(dialog.getByTestId('system-log-metadata')).toContainText('"accountKey"');
  await expect(dialog.getByTestId('system-log-metadata')).toContainText('"status": 200');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootWhenAsked(page, 'system-logs-details');
  // The dialog's corner button and the one at its foot are both 'Close'.
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toHaveCount(0);

  // Nothing matches: the empty state.
  await page.getByLabel('Search text').fill('no-such-entry-anywhere');
  await expect(page.getByText('No log entries match these filters')).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=no-such-entry-anywhere/);

  // The retention (superadmin only).
  await page.getByLabel('Keep log entries for (days)').fill('10');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/Enter a whole number of days from 30/)).toBeVisible();
  await page.getByLabel('Keep log entries for (days)').fill('365');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, SYSTEM_LOG_MESSAGES.retentionSaved)).toBeVisible();
  const options = await page.request.get('/api/admin/system-logs/options');
  expect((await options.json()).retentionDays).toBe(365);
});

test('a failed load shows the error state', async ({ page, consoleErrors }) => {
  const fail = (route: Route) => route.fulfill({ status: 500, json: { error: 'Boom', requestId: 'req-1' } });
  await page.route('**/api/admin/system-logs?*', fail);
  await page.route('**/api/admin/system-logs', fail);
  await openLogsAs(page, 'superadmin@demo.test');
  const alert = page.getByRole('alert').filter({ hasText: SYSTEM_LOG_MESSAGES.loadFailed });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
  // The browser reports the refused requests this test asked for; nothing else may be there.
  const unexpected = consoleErrors.filter((error) => !/status of 500/.test(error));
  consoleErrors.splice(0, consoleErrors.length, ...unexpected);
});

test('an admin sees the logs but not the retention form', async ({ page }) => {
  await openLogsAs(page, 'admin@demo.test');
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Log retention' })).toHaveCount(0);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'System Logs' })).toBeVisible();
});

test('a player is refused, on the page and by the API', async ({ page }) => {
  await page.goto('/login');
  await dismissCookieBanner(page);
  await signInAndWait(page, 'player@demo.test');
  await page.goto('/admin/system-logs');
  await expect(toast(page, ACCESS_MESSAGES.forbidden)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'System Logs' })).toHaveCount(0);
  expect((await page.request.get('/api/admin/system-logs')).status()).toBe(403);
});
