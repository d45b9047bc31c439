import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, Page, Request } from '@playwright/test';
import { OFFLINE_PAGE_MESSAGES } from '../../src/contracts/offline-pages';
import { currentRoundResponseSchema } from '../../src/contracts/tournament';
import { adminScreenResponseSchema, VENUE_SCREEN_MESSAGES } from '../../src/contracts/venue-screens';
import { formatScreenCode, NAMES_PER_PAGE } from '../../src/domain/venue-screens';
import { seriousAxeViolations } from './support/axe';
import { dismissCookieBanner, expect, test } from './support/fixtures';
import { shootWhenAsked } from './support/screenshots';
import { signInAndWait, staffApi } from './support/session';

// The event-sized demo, three display browsers and every page of each: more than the default 30 s.
test.describe.configure({ timeout: 180_000 });

const FULL_HD = { width: 1920, height: 1080 };

/** A TV's browser: its own context (no cookies shared with staff), every request it makes kept. */
async function openDisplay(browser: Browser, baseURL: string, code: string) {
  const context = await browser.newContext({ baseURL, viewport: FULL_HD });
  const page = await context.newPage();
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await page.goto(`/screen/${formatScreenCode(code)}`);
  return { page, requests, close: () => context.close() };
}

/** Rows of a read-only query through the e2e server's hook. */
async function sqlRows(api: APIRequestContext, statement: string): Promise<{ n: number }[]> {
  const response = await api.get(`/__e2e/sql?statement=${encodeURIComponent(statement)}`);
  return ((await response.json()) as { rows: { n: number }[] }).rows;
}

const title = (page: Page) => page.getByRole('heading', { level: 1 });
const names = (page: Page) =>
  page.getByRole('list', { name: 'Pairings by name' }).locator('li > span:first-child');

/** Every name a display lists, page by page (the arrow key turns the page, as a keyboard on the TV stick does). */
async function everyName(page: Page): Promise<string[]> {
  await expect(names(page).first()).toBeVisible();
  const counter = page.getByTestId('screen-page');
  const pages = Number((await counter.textContent())?.match(/of (\d+)/)?.[1] ?? 1);
  const listed: string[] = [];
  for (let shown = 1; shown <= pages; shown++) {
    if (pages > 1) await expect(counter).toHaveText(VENUE_SCREEN_MESSAGES.pageOf(shown, pages));
    listed.push(...(await names(page).allTextContents()));
    if (shown < pages) await page.keyboard.press('ArrowRight');
  }
  return listed;
}

async function addScreen(api: APIRequestContext, name: string) {
  const response = await api.post('/api/admin/venue-screens', {
    // Long pages: the test turns them itself.
    data: { name, programme: ['pairings-by-name'], pageSeconds: 120 },
  });
  expect(response.status(), await response.text()).toBe(201);
  return adminScreenResponseSchema.parse(await response.json()).screen;
}

test('three screens share round 3 by name, follow the one switch within 2 s, and keep their page offline', async ({
  page,
  site,
  browser,
  baseURL,
}) => {
  await site.reset('event');
  const api = await staffApi(baseURL!, 'arbiter@demo.test');

  // Staff add the first screen on the admin page; two more through the same API.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAndWait(page, 'arbiter@demo.test');
  await dismissCookieBanner(page);
  await page.goto('/admin/screens');
  await expect(page.getByRole('heading', { name: 'Venue Screens', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add a screen' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Hall 1');
  await dialog.getByLabel('Seconds per page').fill('120');
  await dialog.getByRole('button', { name: 'Add screen' }).click();
  await expect(page.getByRole('heading', { name: 'Hall 1', level: 3 })).toBeVisible();
  const screens = [
    (await (await api.get('/api/admin/venue-screens')).json()).screens[0],
    await addScreen(api, 'Hall 2'),
    await addScreen(api, 'Hall 3'),
  ];
  await page.reload();
  await expect(page.getByTestId('screen-card')).toHaveCount(3);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootWhenAsked(page, 'venue-screens-admin');

  const current = currentRoundResponseSchema.parse(
    await (await api.get('/api/public/rounds/current')).json(),
  );
  const paired = [
    ...current.boards.flatMap((board) => [board.white?.name, board.black?.name]),
    ...current.byes.map((bye) => bye.player.name),
  ].filter((name): name is string => Boolean(name));
  expect(current.round?.number).toBe(3);
  expect(paired.length).toBe(352);

  const displays = await Promise.all(screens.map((screen) => openDisplay(browser, baseURL!, screen.code)));
  const logsBefore = await sqlRows(api, 'select count(*)::int as n from system_logs');
  try {
    // Together they list every paired player exactly once; a full page holds 36 names at 1080p.
    const listed = (await Promise.all(displays.map((display) => everyName(display.page)))).flat();
    expect(listed).toHaveLength(paired.length);
    expect([...listed].sort()).toEqual([...paired].sort());
    for (const display of displays) {
      await display.page.keyboard.press('ArrowRight'); // back to page 1
      await expect(names(display.page)).toHaveCount(NAMES_PER_PAGE);
      await expect(title(display.page)).toContainText('Pairings by name · Round 3 · Names');
    }
    if (process.env.SHOTS_DIR) {
      mkdirSync(process.env.SHOTS_DIR, { recursive: true });
      await displays[0]!.page.screenshot({ path: `${process.env.SHOTS_DIR}/venue-screen-names-1920.png` });
    }
    expect(await seriousAxeViolations(displays[0]!.page)).toEqual([]);

    // The one switch: every screen shows the leaderboard within 2 s of the click.
    await page.getByLabel('Show').selectOption({ label: 'Leaderboard' });
    const clicked = Date.now();
    await page.getByRole('button', { name: 'Switch' }).click();
    await Promise.all(
      displays.map((display) => expect(title(display.page)).toContainText('Leaderboard', { timeout: 2_000 })),
    );
    const followedWithin = Date.now() - clicked;
    expect(followedWithin).toBeLessThan(2_000);
    await expect(page.getByTestId('screen-card').first()).toContainText('Showing now: Leaderboard');
    if (process.env.SHOTS_DIR) {
      await displays[1]!.page.screenshot({
        path: `${process.env.SHOTS_DIR}/venue-screen-leaderboard-1920.png`,
      });
    }

    // Offline, a screen keeps its page and says since when.
    const offline = displays[0]!;
    const rowsShown = await offline.page.getByRole('listitem').count();
    await offline.page.context().setOffline(true);
    await expect(offline.page.getByRole('status')).toContainText(OFFLINE_PAGE_MESSAGES.lastUpdated(''));
    await expect(title(offline.page)).toContainText('Leaderboard');
    await expect(offline.page.getByRole('listitem')).toHaveCount(rowsShown);
    await offline.page.context().setOffline(false);

    // A display changes nothing: it only ever reads, and no row moved while three of them ran.
    for (const display of displays) {
      const methods = new Set(display.requests.map((request) => request.method()));
      expect([...methods]).toEqual(['GET']);
    }

    // A revoked code shows nothing, within the same 2 s.
    const revokeCard = page.getByTestId('screen-card').filter({ hasText: 'Hall 3' });
    await revokeCard.getByRole('button', { name: 'Revoke code' }).click();
    await expect(displays[2]!.page.getByRole('heading', { level: 1 })).toHaveText(
      VENUE_SCREEN_MESSAGES.unknownCode,
      {
        timeout: 2_000,
      },
    );
    await expect(displays[2]!.page.getByRole('listitem')).toHaveCount(0);
    await expect(revokeCard).toContainText('No code: its display shows nothing.');
  } finally {
    await Promise.all(displays.map((display) => display.close()));
  }
  // Only the staff's own changes were logged: the displays wrote nothing.
  const logsAfter = await sqlRows(
    api,
    "select count(*)::int as n from system_logs where action_type not in ('switch_screens', 'revoke_screen_code')",
  );
  expect(logsAfter[0]!.n).toBe(logsBefore[0]!.n);
  const views = await sqlRows(
    api,
    "select count(*)::int as n from page_view_counts where path like '/screen%'",
  );
  expect(views[0]!.n).toBe(0);
  await api.dispose();
});

test('a screen opened without a code asks for one, and an unknown code shows nothing', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(FULL_HD);
  await page.goto('/screen');
  await page.getByLabel(VENUE_SCREEN_MESSAGES.codePrompt).fill('abc');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('alert')).toHaveText(VENUE_SCREEN_MESSAGES.codeInvalid);
  await page.getByLabel(VENUE_SCREEN_MESSAGES.codePrompt).fill('abcd efgh jkmn');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/screen\/ABCD-EFGH-JKMN$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(VENUE_SCREEN_MESSAGES.unknownCode);
  // The browser logs the 404 it was answered; nothing else may be logged.
  const expected = consoleErrors.filter((error) => error.includes('404'));
  expect(expected.length).toBeGreaterThan(0);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !error.includes('404')));
});

test('a light screen rotates through boards, school standings, the QR code and the clock; one column when upright', async ({
  page,
  baseURL,
}) => {
  const api = await staffApi(baseURL!, 'arbiter@demo.test');
  const response = await api.post('/api/admin/venue-screens', {
    data: {
      name: 'Entrance',
      group: 'Entrance',
      programme: ['pairings-by-board', 'school-standings', 'find-your-board', 'clock', 'broadcast'],
      theme: 'light',
      pageSeconds: 5,
    },
  });
  const screen = adminScreenResponseSchema.parse(await response.json()).screen;
  await page.setViewportSize(FULL_HD);
  await page.goto(`/screen/${formatScreenCode(screen.code!)}`);
  const shoot = async (name: string) => {
    if (!process.env.SHOTS_DIR) return;
    mkdirSync(process.env.SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/venue-screen-${name}.png` });
  };
  const next = () => page.keyboard.press('ArrowRight');

  // 28 boards of the demo's round 3 on two pages of 18, each board with both players.
  await expect(title(page)).toHaveText('Pairings by board · Round 3');
  await expect(page.getByRole('list', { name: 'Pairings by board' }).getByRole('listitem')).toHaveCount(18);
  await expect(page.getByTestId('screen-page')).toHaveText(VENUE_SCREEN_MESSAGES.pageOf(1, 2));
  await shoot('boards-light-1920');
  // Letters 3.2 % of the height: 34.6 px at 1080p, twice that at 4K.
  const rowFont = () =>
    page
      .getByRole('list', { name: 'Pairings by board' })
      .getByRole('listitem')
      .first()
      .evaluate((row) => Number.parseFloat(getComputedStyle(row).fontSize));
  expect(await rowFont()).toBeCloseTo(34.56, 1);
  await page.setViewportSize({ width: 3840, height: 2160 });
  expect(await rowFont()).toBeCloseTo(69.12, 1);
  await page.setViewportSize(FULL_HD);
  // The page turns by itself after its 5 seconds; then staff give it longer, and the test turns the pages.
  await expect(page.getByTestId('screen-page')).toHaveText(VENUE_SCREEN_MESSAGES.pageOf(2, 2), {
    timeout: 7_000,
  });
  const slower = await api.put(`/api/admin/venue-screens/${screen.id}`, {
    data: {
      name: 'Entrance',
      group: 'Entrance',
      programme: ['pairings-by-board', 'school-standings', 'find-your-board', 'clock', 'broadcast'],
      theme: 'light',
      pageSeconds: 120,
    },
  });
  expect(slower.ok()).toBe(true);
  await api.dispose();
  await expect(page.getByTestId('screen-page')).toHaveText(VENUE_SCREEN_MESSAGES.pageOf(2, 2));
  await expect(page.getByRole('list', { name: 'Pairings by board' }).getByRole('listitem')).toHaveCount(10);
  await next();
  await expect(title(page)).toHaveText('School standings');
  const teams = ((await (await page.request.get('/api/public/leaderboard')).json()) as { teams: unknown[] })
    .teams;
  await expect(page.getByRole('list', { name: 'School standings' }).getByRole('listitem')).toHaveCount(
    teams.length,
  );
  await next();
  // No broadcast is on: the rotation leaves that view out rather than show an empty page.
  await expect(title(page)).toHaveText('Find your board');
  await expect(page.getByRole('img', { name: /QR code/ })).toHaveAttribute(
    'data-qr-value',
    `${baseURL}/find`,
  );
  await shoot('find-light-1920');
  await next();
  await expect(title(page)).toHaveText('Clock and round start');
  await next();
  await expect(title(page)).toHaveText('Pairings by board · Round 3');

  // Upright (a portrait screen or a phone): one column of 18.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('list', { name: 'Pairings by board' }).getByRole('listitem')).toHaveCount(18);
  await shoot('boards-light-375');
  expect(await seriousAxeViolations(page)).toEqual([]);
});
