import type { Page } from '@playwright/test';
import { CHUNK_LOAD_MESSAGES } from '../../src/client/lib/chunk-load';
import { dismissCookieBanner, expect, type SiteState, test } from './support/fixtures';

/** The important-information page's own chunk (a page every visitor can reach from the navigation). */
const PAGE_CHUNK = /\/assets\/important-information-page-[\w-]+\.js$/;

/** Answers the first `failures` requests for the page's chunk with a network error, then serves it. */
async function failChunk(page: Page, failures: number): Promise<{ requests: () => number }> {
  let requests = 0;
  // On the context, so a request the service worker makes for the page is answered the same way.
  await page.context().route(PAGE_CHUNK, async (route) => {
    requests += 1;
    if (requests <= failures) await route.abort('internetdisconnected');
    else await route.continue();
  });
  return { requests: () => requests };
}

/** Opens the registration form and types into it: the form keeps a draft of what was typed (sessionStorage). */
async function startRegistration(page: Page, site: SiteState) {
  await site.setSetting('registration_settings', { is_enabled: true, team_price: 6000 });
  await page.goto('/registration');
  await dismissCookieBanner(page);
  await page.getByLabel('Your name').fill('Aoife Byrne');
}

/** The failed downloads themselves are logged by the browser; nothing else may be. */
function forgiveFailedDownloads(consoleErrors: string[]) {
  const rest = consoleErrors.filter(
    (text) =>
      !/Failed to load resource|ERR_INTERNET_DISCONNECTED|ERR_FAILED|dynamically imported module/.test(text),
  );
  consoleErrors.splice(0, consoleErrors.length, ...rest);
}

const errorPage = (page: Page) =>
  page.getByRole('heading', { name: /Something went wrong|Application Error/ });

test('a page whose code fails to download once appears anyway, with no error page', async ({
  page,
  site,
  consoleErrors,
}) => {
  await startRegistration(page, site);
  const chunk = await failChunk(page, 1);
  await page.getByRole('navigation').getByRole('link', { name: '2025 Tournament' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: '2025 Tournament' })).toBeVisible();
  await expect(errorPage(page)).toHaveCount(0);
  expect(chunk.requests()).toBeGreaterThanOrEqual(2);
  // What was typed is still there.
  await page.goBack();
  await expect(page.getByLabel('Your name')).toHaveValue('Aoife Byrne');
  forgiveFailedDownloads(consoleErrors);
});

test('when the retries fail too, the page reloads once, appears, and the form keeps what was typed', async ({
  page,
  site,
  consoleErrors,
}) => {
  await startRegistration(page, site);
  // More failures than the in-page retries (three tries): only the reload gets the chunk.
  const chunk = await failChunk(page, 3);
  await page.evaluate(() => {
    (window as unknown as { beforeReload: boolean }).beforeReload = true;
  });
  await page.getByRole('navigation').getByRole('link', { name: '2025 Tournament' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: '2025 Tournament' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(errorPage(page)).toHaveCount(0);
  expect(await page.evaluate(() => 'beforeReload' in window)).toBe(false);
  // The heading shows as soon as the server-drawn page arrives; its code loads after the first paint, so what
  // follows is waited for, not read at once (read at once it raced the take-over on a fast machine).
  await expect.poll(() => chunk.requests()).toBeGreaterThanOrEqual(4);
  // The flag that allowed the one reload is cleared once that page's code loaded.
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('chunk-reload')), { timeout: 10_000 })
    .toBeNull();
  await page.goto('/registration');
  await expect(page.getByLabel('Your name')).toHaveValue('Aoife Byrne');
  forgiveFailedDownloads(consoleErrors);
});

test('a chunk that never arrives ends, after one reload and no more, in an error page that says what to do', async ({
  page,
  site,
  consoleErrors,
}) => {
  await startRegistration(page, site);
  await page.context().route(PAGE_CHUNK, (route) => route.abort('internetdisconnected'));
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await page.getByRole('navigation').getByRole('link', { name: '2025 Tournament' }).first().click();
  await expect(page.getByText(CHUNK_LOAD_MESSAGES.message)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Reload Page' })).toBeVisible();
  // Stays there: no reload loop.
  await page.waitForTimeout(2_000);
  expect(loads).toBe(1);
  forgiveFailedDownloads(consoleErrors);
  const rest = consoleErrors.filter((text) => !/Page error|Application error|ChunkLoadError/.test(text));
  consoleErrors.splice(0, consoleErrors.length, ...rest);
});
