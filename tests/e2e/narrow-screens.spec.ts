import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { ADMIN_PAGES } from '../../src/client/features/admin/admin-pages';
import { registerSchool } from './support/crm';
import { answering, dismissCookieBanner, expect, test } from './support/fixtures';
import { signInAndWait, staffApi } from './support/session';

/**
 * No page scrolls sideways on a 375 px phone: a wide table scrolls inside its own box, never the page (a swipe
 * that pans the whole page into blank space is what people trip on). Every route of the client's route tables is
 * visited once, at 375 px, by the role that can open it; one browser context per role.
 */
const PHONE = { width: 375, height: 812 };
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/** app/router.tsx: each `path="…"` → the address visited (a parameter gets an id that matches nothing). */
const PUBLIC_ROUTES: Record<string, string> = {
  print: '/print/standings',
  pairings: '/print/pairings',
  standings: '/print/standings',
  'board-cards': '/print/board-cards',
  badges: '/print/badges',
  'mss-nfc-access': '/mss-nfc-access',
  report: '/report',
  screen: '/screen',
  // A code not in use: the display says so, and only that.
  'screen/:code': '/screen/ABCD-EFGH-JKMN',
  prizes: '/prizes',
  // An e-mail follow's link without its token: the page says the link does not work.
  follow: '/follow',
  home: '/home',
  leaderboard: '/leaderboard',
  'player-lookup': '/player-lookup?name=polgar',
  'important-information': '/important-information',
  'registration-guide': '/registration-guide',
  'how-the-day-works': '/how-the-day-works',
  'site-navigation': '/site-navigation',
  privacy: '/privacy',
  registration: '/registration',
  'registration/offline-checkout/:sessionId': `/registration/offline-checkout/${NO_SUCH_ID}`,
  'registration/success': '/registration/success',
  'registration-status': '/registration-status',
  'registration/status': '/registration/status',
  'registration/teams/:registrationId': `/registration/teams/${NO_SUCH_ID}`,
  'registration/roster/:registrationId': `/registration/roster/${NO_SUCH_ID}`,
  'registration/consent/:playerId': `/registration/consent/${NO_SUCH_ID}`,
  'crm-unsubscribe/:token': '/crm-unsubscribe/no-such-token',
  login: '/login',
  'reset-password': '/reset-password',
  invite: '/invite',
  'onboard/:token': '/onboard/no-such-token',
  '*': '/no-such-page',
};
const PLAYER_ROUTES: Record<string, string> = {
  'account-settings': '/account-settings',
  'my-registrations': '/my-registrations',
  'player-dashboard': '/player-dashboard',
};
/** features/crm/crm-routes.tsx (the index is /crm). */
const CRM_ROUTES: Record<string, string> = {
  tasks: '/crm/tasks',
  'teams/:id': '/crm/teams/{school}',
  settings: '/crm/settings',
  analytics: '/crm/analytics',
  'system-logs': '/crm/system-logs',
  '*': '/crm/no-such-page',
};
/** Routes a role table above does not list: the staff areas' own tables. */
const MOUNTS = ['crm/*', 'admin/*'];

function routePaths(file: string): string[] {
  const source = readFileSync(new URL(file, import.meta.url), 'utf8');
  return [...source.matchAll(/\bpath="([^"]+)"/g)].map((match) => match[1] as string);
}

/**
 * The page as a person sees it once it has settled: nothing still loading. Each address is reached through the app's
 * own router (as a click on a link would), so the page and its code are reused from one address to the next.
 */
async function widthsAt(page: Page, path: string): Promise<{ path: string; html: number; body: number }> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
  await settled(page);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, { timeout: 10_000 });
  const widths = await page.evaluate(() => ({
    html: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
  }));
  return { path, ...widths };
}

/** The requests a page is waiting for (its code and its data; the live-update stream never ends, so not that). */
const inFlight = new WeakMap<Page, Set<unknown>>();

/** Until nothing has been in flight for 300 ms: the page's code and data have arrived and been drawn. */
async function settled(page: Page): Promise<void> {
  const pending = inFlight.get(page) ?? new Set();
  let quietSince = Date.now();
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
    await page.waitForTimeout(50);
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 300) return;
  }
}

async function phonePage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: PHONE, hasTouch: true, isMobile: true });
  const page = answering(await context.newPage());
  const pending = new Set<unknown>();
  inFlight.set(page, pending);
  page.on('request', (request) => {
    if (!request.url().includes('/api/live')) pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  await page.goto('/login');
  await dismissCookieBanner(page);
  return page;
}

/** Visits each address and returns those wider than the phone (all of them, so one run names every fault). */
async function tooWide(page: Page, paths: readonly string[]) {
  const wide = [];
  for (const path of paths) {
    const measured = await widthsAt(page, path);
    if (measured.html > PHONE.width || measured.body > PHONE.width) wide.push(measured);
  }
  return wide;
}

test.describe.configure({ timeout: 120_000 });
// Dozens of pages in one test: a trace of them all costs more than it tells.
test.use({ trace: 'off' });

test('every route of the route tables is visited by this spec', () => {
  const listed = new Set([...Object.keys(PUBLIC_ROUTES), ...Object.keys(PLAYER_ROUTES), ...MOUNTS]);
  expect(routePaths('../../src/client/app/router.tsx').filter((path) => !listed.has(path))).toEqual([]);
  const crmListed = new Set(Object.keys(CRM_ROUTES));
  expect(
    routePaths('../../src/client/features/crm/crm-routes.tsx').filter((path) => !crmListed.has(path)),
  ).toEqual([]);
});

test('public pages fit a 375 px screen', async ({ browser, baseURL }) => {
  const page = await phonePage(browser, baseURL);
  expect(await tooWide(page, ['/', ...new Set(Object.values(PUBLIC_ROUTES))])).toEqual([]);
  await page.context().close();
});

test("a player's pages fit a 375 px screen", async ({ browser, baseURL }) => {
  const page = await phonePage(browser, baseURL);
  await signInAndWait(page, 'player@demo.test');
  expect(await tooWide(page, Object.values(PLAYER_ROUTES))).toEqual([]);
  await page.context().close();
});

test('staff pages fit a 375 px screen', async ({ browser, baseURL, request, site }) => {
  // Rows in the wide tables: a registered school (CRM tasks, log rows), a broadcast, issued badges.
  await site.setSetting('registration_settings', { is_enabled: true, team_price: 6000 });
  await registerSchool(request, 'Ashgrove College', { teams: 2 });
  const staff = await staffApi(baseURL as string, 'superadmin@demo.test');
  const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
  const broadcast = await staff.post('/api/admin/broadcasts', {
    data: {
      message: 'Round 4 starts at 14:00 in the main hall.',
      audience: 'staff',
      style: 'info',
      dismissable: true,
      endsAt: inAnHour,
    },
  });
  expect(broadcast.ok(), await broadcast.text()).toBe(true);
  expect((await staff.post('/api/admin/badges/issue')).ok()).toBe(true);
  const overview = await (await staff.get('/api/crm/overview')).json();
  const school: string = overview.schools[0]?.id ?? NO_SUCH_ID;
  await staff.dispose();

  const page = await phonePage(browser, baseURL);
  await signInAndWait(page, 'superadmin@demo.test');
  const paths = [
    '/admin',
    ...ADMIN_PAGES.map((adminPage) => `/admin/${adminPage.path}`),
    '/admin/no-such-page',
    '/crm',
    ...Object.values(CRM_ROUTES).map((path) => path.replace('{school}', school)),
  ];
  expect(await tooWide(page, paths)).toEqual([]);
  await page.context().close();
});
