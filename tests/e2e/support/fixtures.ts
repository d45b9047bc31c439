import { test as base, expect, type Page } from '@playwright/test';

export type SiteState = {
  reset(variant: 'demo' | 'event' | 'empty' | 'sections'): Promise<void>;
  setSetting(key: string, value: unknown): Promise<void>;
};

/**
 * `site` puts the server in a known state; every test starts from the demo tournament. An unexpected
 * console error on a page fails the test (docs/conventions.md §4.8).
 */
export const test = base.extend<{ site: SiteState; consoleErrors: string[] }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled === false ? page : answering(page));
  },
  site: [
    async ({ request }, use) => {
      const post = async (path: string, data: unknown) => {
        const response = await request.post(path, { data });
        expect(response.ok(), await response.text()).toBe(true);
      };
      const site: SiteState = {
        reset: (variant) => post('/__e2e/reset', { variant }),
        setSetting: (key, value) => post('/__e2e/settings', { key, value }),
      };
      await site.reset('demo');
      await use(site);
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * A server-drawn page (ADR 023) shows before its code has run, and its buttons do nothing until then: on the
 * page returned, `goto` and `reload` wait until the page has been taken over (`data-hydrated` on <html>), as a
 * person waits for a page to respond. With an explicit `waitUntil` they return as Playwright's do. Every page a
 * test opens with JavaScript on should go through this (the `page` fixture does).
 */
export function answering(page: Page): Page {
  const waitForHydration = () => page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (!options?.waitUntil) await waitForHydration();
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (!options?.waitUntil) await waitForHydration();
    return response;
  };
  return page;
}

/** Accepts the cookie banner when present, so it does not cover what a test looks at. */
export async function dismissCookieBanner(page: Page): Promise<void> {
  await page.evaluate(() =>
    localStorage.setItem(
      'cookie-consent',
      JSON.stringify({ choice: 'declined', date: new Date().toISOString() }),
    ),
  );
}

export { expect };
