import type { Page } from '@playwright/test';
import { DEFAULT_HOME_PAGE_SETTINGS } from '../../src/contracts/settings';
import { seriousAxeViolations } from './support/axe';
import { answering, dismissCookieBanner, expect, test } from './support/fixtures';
import { shootBothWidths } from './support/screenshots';
import { otherDevice, signInAndWait, toast } from './support/session';

/**
 * Site settings (ADR 020): a superadmin changes the home page and leaderboard visibility on /admin/settings,
 * and an anonymous visitor's open pages follow live, without reloading.
 */

// Two browsers, a sign-in, the settings password and screenshots: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/site-settings';
const SETTINGS_PASSWORD = 'venue-laptop-secret';
/**
 * An open page that shows a change before this heard it live, not from its 30 s refetch. The target ("within a
 * second") is a figure the tests print; a timed assertion on it fails on a busy CI runner (1.2 s seen once at
 * load 10), so it is not asserted here (docs/performance.md).
 */
const LIVE_NOT_REFETCHED_MS = 5_000;

async function openSettings(page: Page, baseURL: string | undefined): Promise<void> {
  await page.goto('/login');
  await dismissCookieBanner(page);
  await signInAndWait(page, 'superadmin@demo.test');
  const setPassword = await page.request.put('/api/settings-gate/password', {
    headers: { origin: baseURL ?? '' },
    data: { newPassword: SETTINGS_PASSWORD },
  });
  expect(setPassword.ok()).toBe(true);
  await page.goto('/admin/settings');
  await page.getByLabel('Settings password').fill(SETTINGS_PASSWORD);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Home page' })).toBeVisible();
}

/**
 * The delay an open page shows, measured in the browsers (one system clock), not by the test runner: a
 * MutationObserver on each visitor's page notes when `text` first appears, and the admin page's resource timing
 * says when the change's answer arrived. On a busy machine the runner's own event delivery lags by hundreds of
 * milliseconds, which would be measured too if the runner timed it.
 */
async function liveDelay(admin: Page, change: () => Promise<void>, visitors: Page[], text: string) {
  for (const visitor of visitors) {
    await visitor.evaluate((wanted) => {
      const state = window as unknown as { shownAt?: number };
      delete state.shownAt;
      const check = () => {
        if (state.shownAt === undefined && document.body.innerText.includes(wanted))
          state.shownAt = Date.now();
      };
      new MutationObserver(check).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    }, text);
  }
  const answered = admin.waitForResponse(
    (response) => response.url().includes('/api/admin/settings/') && response.request().method() !== 'GET',
  );
  await change();
  const response = await answered;
  expect(response.ok()).toBe(true);
  const path = new URL(response.url()).pathname;
  const answeredAt = await admin.evaluate((name) => {
    const entry = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((candidate) => candidate.name.endsWith(name))
      .at(-1);
    return entry ? performance.timeOrigin + entry.responseEnd : Number.NaN;
  }, path);
  const shownAt = await Promise.all(
    visitors.map(async (visitor) => {
      await expect
        .poll(() => visitor.evaluate(() => (window as unknown as { shownAt?: number }).shownAt))
        .toBeDefined();
      return visitor.evaluate(() => (window as unknown as { shownAt?: number }).shownAt ?? Number.NaN);
    }),
  );
  return Math.round(Math.max(...shownAt) - answeredAt);
}

test('hiding the leaderboard reaches an anonymous visitor’s open leaderboard and home page live', async ({
  page,
  browser,
  baseURL,
}) => {
  const visitor = await otherDevice(browser, baseURL);
  const home = answering(await visitor.context().newPage());
  await visitor.goto('/leaderboard');
  await home.goto('/');
  await expect(visitor.getByRole('table').first()).toBeVisible();
  const leading = home.getByRole('region', { name: 'Leading Players', exact: true });
  await expect(leading.getByRole('listitem')).toHaveCount(5);
  await expect(
    home.getByRole('banner').getByRole('link', { name: 'Leaderboard', exact: true }),
  ).toBeVisible();

  await openSettings(page, baseURL);
  const elapsed = await liveDelay(
    page,
    () => page.getByRole('switch', { name: 'Leaderboard visible' }).uncheck(),
    [visitor, home],
    'Leaderboard Hidden',
  );

  console.log(`leaderboard hidden on the open pages ${elapsed} ms after the change`);
  expect(elapsed).toBeLessThan(LIVE_NOT_REFETCHED_MS);
  await expect(visitor.getByText('Player rankings are currently not visible.')).toBeVisible();
  await expect(leading.getByText('Player rankings are currently not visible.')).toBeVisible();
  // The navigation leaves Leaderboard out while it is hidden (docs/requirements.md §2 Layout).
  await expect(home.getByRole('banner').getByRole('link', { name: 'Leaderboard', exact: true })).toHaveCount(
    0,
  );
  await expect(visitor.getByRole('table')).toHaveCount(0);
  await visitor.context().close();
});

test('home page settings show on the open home page, colours are checked, and reset to defaults reverts', async ({
  page,
  browser,
  baseURL,
}) => {
  const visitor = await otherDevice(browser, baseURL);
  await visitor.goto('/');
  const leading = visitor.getByRole('region', { name: 'Leading Players', exact: true });
  // The demo tournament stores 5 featured players; the default is 3.
  await expect(leading.getByRole('listitem')).toHaveCount(5);
  await expect(visitor.getByRole('link', { name: DEFAULT_HOME_PAGE_SETTINGS.contact_email })).toBeVisible();

  await openSettings(page, baseURL);
  // A colour too light for the white text and gold title is refused next to its field, before saving.
  const headerColour = page.getByRole('textbox', { name: 'Header background colour', exact: true });
  await headerColour.fill('#3b82f6');
  await expect(
    page.getByText(/^Too light: white text on this colour has a contrast of 3\.6:1/),
  ).toBeVisible();
  await expect(headerColour).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Save home page settings' }).click();
  await expect(headerColour).toBeFocused();
  await headerColour.fill('#1e293b');
  await expect(headerColour).not.toHaveAttribute('aria-invalid');

  await page.getByLabel('Header title').fill('Spring Open Championship');
  await page.getByLabel('Featured players').fill('2');
  await page.getByLabel('Contact e-mail').fill('desk@spring.example');
  // The preview draws the draft before it is saved.
  const preview = page.frameLocator('iframe[title^="Home page preview"]');
  // The preview is inert (a picture of the page), so it is read by its markup, not by role.
  await expect(preview.locator('#hero-title')).toHaveText('Spring Open Championship');
  await expect(preview.locator('[aria-labelledby="leading-title"] li')).toHaveCount(2);
  await shootBothWidths(page, SHOTS, 'admin-settings');
  expect(await seriousAxeViolations(page)).toEqual([]);
  const previewSection = page.getByRole('region', { name: 'Preview' });
  await previewSection.screenshot({ path: `${SHOTS}/preview-desktop.png` });
  await previewSection.getByRole('tab', { name: 'Phone' }).click();
  await expect(preview.locator('#hero-title')).toHaveText('Spring Open Championship');
  await previewSection.screenshot({ path: `${SHOTS}/preview-phone.png` });

  const elapsed = await liveDelay(
    page,
    () => page.getByRole('button', { name: 'Save home page settings' }).click(),
    [visitor],
    'Spring Open Championship',
  );

  console.log(`home page settings on the open home page ${elapsed} ms after saving`);
  await expect(toast(page, 'Home page settings saved')).toBeVisible();
  await expect(leading.getByRole('listitem')).toHaveCount(2);
  await expect(visitor.getByRole('link', { name: 'desk@spring.example' })).toBeVisible();
  await expect(visitor.getByRole('banner')).toHaveCSS('background-color', 'rgb(30, 41, 59)');

  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset to defaults?' });
  await dialog.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(toast(page, 'Settings reset to defaults')).toBeVisible();
  await expect(page.getByLabel('Header title')).toHaveValue(DEFAULT_HOME_PAGE_SETTINGS.header_title);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(
    DEFAULT_HOME_PAGE_SETTINGS.header_title,
  );
  await expect(leading.getByRole('listitem')).toHaveCount(DEFAULT_HOME_PAGE_SETTINGS.featured_players_count);
  await expect(visitor.getByRole('link', { name: DEFAULT_HOME_PAGE_SETTINGS.contact_email })).toBeVisible();
  const stored = await page.request.get(
    `/__e2e/sql?statement=${encodeURIComponent("select key from system_settings where key = 'home_page_settings'")}`,
  );
  expect((await stored.json()).rows).toEqual([]);
  await visitor.context().close();
});
