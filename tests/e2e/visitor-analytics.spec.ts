import type { Page } from '@playwright/test';
import { VISIT_SESSION_STORAGE_KEY } from '../../src/contracts/visitor-analytics';
import { expect, test } from './support/fixtures';
import { signInAndWait } from './support/session';

/** An address the offline DB-IP Lite database places in Dublin (the e2e server trusts one proxy hop). */
const IRISH_IP = '86.43.12.9';
const PAGES = ['/', '/leaderboard', '/player-lookup', '/registration-guide', '/privacy'];

async function visitorRecords(page: Page): Promise<Record<string, unknown>[]> {
  const response = await page.request.get('/__e2e/sql', {
    params: {
      statement:
        'select session_id, country, city, ip_address, connection_type from visitor_locations order by id',
    },
  });
  return ((await response.json()) as { rows: Record<string, unknown>[] }).rows;
}

/** Everything this origin keeps in the browser besides the cookie choice itself. */
async function storedOnDevice(
  page: Page,
): Promise<{ local: string[]; session: string[]; cookies: string[] }> {
  const storage = await page.evaluate(() => ({
    local: Object.keys(localStorage).filter((key) => key !== 'cookie-consent' && key !== 'theme'),
    session: Object.keys(sessionStorage),
  }));
  return { ...storage, cookies: (await page.context().cookies()).map((cookie) => cookie.name) };
}

async function walkPages(page: Page): Promise<void> {
  for (const path of PAGES) {
    await page.goto(path);
    // Longer than the 1 s the page waits before sending a visit.
    await page.waitForTimeout(1_400);
  }
}

// Five pages, each held past its 1 s visit delay, on a machine shared with other suites.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  // The demo reset keeps the analytics tables: start each test without visits.
  for (const table of ['visitor_locations', 'page_view_counts']) {
    const cleared = await page.request.post('/__e2e/sql', { data: { statement: `delete from ${table}` } });
    expect(cleared.ok(), await cleared.text()).toBe(true);
  }
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': IRISH_IP });
});

test('declining cookies: five pages, no visitor record and nothing of analytics on the device', async ({
  page,
}) => {
  const visits: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/visits')) visits.push(request.url());
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Decline' }).click();
  await walkPages(page);
  expect(visits).toEqual([]);
  expect(await visitorRecords(page)).toEqual([]);
  expect(await storedOnDevice(page)).toEqual({ local: [], session: [], cookies: [] });
});

test('no choice yet: no request and nothing stored either', async ({ page }) => {
  const visits: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/visits')) visits.push(request.url());
  });
  await page.goto('/leaderboard');
  await page.waitForTimeout(1_500);
  expect(visits).toEqual([]);
  expect(await page.evaluate((key) => sessionStorage.getItem(key), VISIT_SESSION_STORAGE_KEY)).toBeNull();
});

test('accepting: one record per 10 minutes per tab, located offline, shown on the analytics page', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Accept' }).click();
  await walkPages(page);
  const records = await visitorRecords(page);
  expect(records).toHaveLength(1);
  expect(records[0]).toMatchObject({
    country: 'IE',
    city: 'Dublin',
    ip_address: '86.43.12.0',
    connection_type: 'visit',
  });
  expect(await page.evaluate((key) => sessionStorage.getItem(key), VISIT_SESSION_STORAGE_KEY)).not.toBeNull();

  // "Cookie settings" in the footer asks again; declining then removes this tab's visit marker.
  // The footer is taken over when reached (ADR 047): a tap before its code is in may be missed, so tap again.
  await expect(async () => {
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await expect(page.getByRole('button', { name: 'Decline' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Decline' }).click();
  expect(await page.evaluate((key) => sessionStorage.getItem(key), VISIT_SESSION_STORAGE_KEY)).toBeNull();

  // The superadmin's analytics page shows the visit (Ireland, Dublin).
  const admin = await browser.newPage({ baseURL });
  await admin.goto('/login');
  await admin.evaluate(() =>
    localStorage.setItem(
      'cookie-consent',
      JSON.stringify({ choice: 'declined', date: new Date().toISOString() }),
    ),
  );
  await signInAndWait(admin, 'superadmin@demo.test');
  await admin.goto('/admin/analytics');
  // The page's chunk carries the chart library (ADR 029): on a busy machine it takes a while to arrive.
  await expect(admin.getByRole('heading', { name: 'Visitor Analytics', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  const byCity = admin.getByTestId('chart-by-city');
  await byCity.getByRole('button', { name: 'Show as table' }).click();
  await expect(byCity.getByRole('table')).toContainText('Dublin', { timeout: 15_000 });
  await expect(byCity.getByRole('table')).toContainText('Ireland');
  const byCountry = admin.getByTestId('chart-by-country');
  await byCountry.getByRole('button', { name: 'Show as table' }).click();
  await expect(byCountry.getByRole('row', { name: /Ireland/ })).toBeVisible();
  // Located offline: no external service is set.
  await expect(admin.getByLabel('External geolocation service (optional)')).toHaveValue('');
  if (process.env.SCREENSHOT_DIR) {
    for (const width of [1280, 375]) {
      await admin.setViewportSize({ width, height: 900 });
      await admin.screenshot({
        path: `${process.env.SCREENSHOT_DIR}/analytics-${width}.png`,
        fullPage: true,
      });
      await admin
        .getByRole('region', { name: 'Where visits are located' })
        .screenshot({ path: `${process.env.SCREENSHOT_DIR}/analytics-geolocation-${width}.png` });
    }
    await page.goto('/privacy');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/privacy-${width}.png`, fullPage: true });
    }
  }
  await admin.close();
});
