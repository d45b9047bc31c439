import type { APIRequestContext, Page } from '@playwright/test';
import { type EntryBoard, resultEntryResponseSchema } from '../../src/contracts/match-results';
import { formatPoints } from '../../src/domain/scoring/results';
import { answering, expect, test } from './support/fixtures';
import { otherDevice, signInAndWait, toast } from './support/session';

/** The demo's live round 3, as the admin API sees it (the request shares the signed-in page's cookies). */
async function currentBoards(request: APIRequestContext): Promise<EntryBoard[]> {
  const response = await request.get('/api/admin/match-results');
  expect(response.ok(), await response.text()).toBe(true);
  const body = resultEntryResponseSchema.parse(await response.json());
  expect(body.round).toEqual({ number: 3, status: 'active' });
  return body.boards;
}

async function publicHalfPoints(request: APIRequestContext, name: string): Promise<number> {
  const body = (await (await request.get('/api/public/leaderboard')).json()) as {
    players: { name: string; halfPoints: number }[];
  };
  return body.players.find((player) => player.name === name)!.halfPoints;
}

/** The points cell of a player's row in the leaderboard's individual table (headed Points or Pts). */
async function pointsCell(page: Page, name: string) {
  const table = page.getByRole('table').first();
  const pointsHeader = /^(Points|Pts)$/;
  await expect(table.getByRole('columnheader', { name: pointsHeader })).toBeVisible();
  const headers = (await table.getByRole('columnheader').allTextContents()).map((text) => text.trim());
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  return row.locator('th, td').nth(headers.findIndex((text) => pointsHeader.test(text)));
}

// Several browsers and a busy shared machine: more time than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const boardRow = (page: Page, board: number) => page.locator(`li[data-board="${board}"]`);

async function openResultEntry(page: Page) {
  await page.goto('/login');
  await signInAndWait(page, 'admin@demo.test');
  await page.goto('/admin/match-results');
  await expect(page.getByRole('heading', { name: 'Match Results', level: 1 })).toBeVisible();
}

test('enters results by keyboard while the public leaderboard follows without reload', async ({
  page,
  browser,
  baseURL,
}) => {
  await openResultEntry(page);
  const boards = await currentBoards(page.request);
  const open = boards.filter((board) => board.result === null);
  const [first] = open;
  const finished = boards.length - open.length;
  await expect(page.getByText(`${finished} / ${boards.length}`)).toBeVisible();

  const viewer = await otherDevice(browser, baseURL);
  await viewer.goto('/leaderboard');
  const before = await publicHalfPoints(page.request, first!.white.name);
  const cell = await pointsCell(viewer, first!.white.name);
  await expect(cell).toHaveText(formatPoints(before));

  // Board number, Enter, then 1: White wins.
  const jump = page.getByLabel('Board number');
  await jump.fill(String(first!.board));
  await jump.press('Enter');
  await expect(boardRow(page, first!.board)).toBeFocused();
  await page.keyboard.press('1');
  await expect(toast(page, 'Match result updated successfully')).toBeVisible();
  await expect(boardRow(page, first!.board).getByRole('button', { name: /^White won/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // The cursor is back in the board field for the next board.
  await expect(jump).toBeFocused();
  await expect(page.getByText(`${finished + 1} / ${boards.length}`)).toBeVisible();
  await expect(cell).toHaveText(formatPoints(before + 2));

  await viewer.context().close();
});

test('by keyboard only: a draw with =, Delete clears, F opens the forfeits, an unknown board is refused', async ({
  page,
}) => {
  await openResultEntry(page);
  const boards = await currentBoards(page.request);
  const open = boards.filter((board) => board.result === null);
  const finished = boards.length - open.length;
  const [second] = open;
  const jump = page.getByLabel('Board number');
  await jump.focus();
  await page.keyboard.type(String(second!.board));
  await page.keyboard.press('Enter');
  await expect(boardRow(page, second!.board)).toBeFocused();
  await page.keyboard.press('=');
  await expect(boardRow(page, second!.board).getByRole('button', { name: /^Draw/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByText(`${finished + 1} / ${boards.length}`)).toBeVisible();
  await page.keyboard.type(String(second!.board));
  await page.keyboard.press('Enter');
  await page.keyboard.press('Delete');
  await expect(page.getByText(`${finished} / ${boards.length}`)).toBeVisible();

  // F opens the forfeits; a board number that does not exist is refused.
  await page.keyboard.type(String(second!.board));
  await page.keyboard.press('Enter');
  await page.keyboard.press('f');
  const dialog = page.getByRole('dialog', { name: `Forfeit on board ${second!.board}` });
  await dialog.getByRole('button', { name: /Double forfeit/ }).click();
  await expect(dialog).toBeHidden();
  await expect(boardRow(page, second!.board).getByRole('button', { name: /^Forfeits/ })).toHaveText('-:-');
  await jump.fill('999');
  await jump.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'No board 999 in round 3' })).toBeVisible();
});

test('enters results by tapping on a tablet, with the unfinished-only filter', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 768, height: 1024 },
    hasTouch: true,
  });
  const page = answering(await context.newPage());
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await openResultEntry(page);
  const boards = await currentBoards(page.request);
  const open = boards.filter((board) => board.result === null);
  const target = open[0]!;
  const row = boardRow(page, target.board);

  const blackWon = row.getByRole('button', { name: /^Black won/ });
  const box = await blackWon.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await blackWon.tap();
  await expect(blackWon).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(`${boards.length - open.length + 1} / ${boards.length}`)).toBeVisible();

  await row.getByRole('button', { name: /^Forfeits/ }).tap();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /White wins by forfeit/ })
    .tap();
  await expect(row.getByRole('button', { name: /^Forfeits/ })).toHaveText('+:-');
  await row.getByRole('button', { name: /^Clear the result/ }).tap();
  await expect(row.getByText('In progress')).toBeVisible();

  await page.getByLabel('Unfinished only').tap();
  await expect(page.locator('li[data-board]')).toHaveCount(open.length);
  const other = open[1]!;
  await boardRow(page, other.board).getByRole('button', { name: /^Draw/ }).tap();
  await expect(boardRow(page, other.board)).toHaveCount(0);
  await expect(page.locator('li[data-board]')).toHaveCount(open.length - 1);
  expect(errors, 'console errors on the tablet').toEqual([]);
  await context.close();
});

/**
 * Console errors of a page, except the 409 refusal the stale-write test provokes on purpose (Chromium logs
 * every 4xx answer).
 */
function consoleErrorsExcept409(page: Page): string[] {
  const unexpected: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 409/.test(message.text())) unexpected.push(message.text());
  });
  page.on('pageerror', (error) => unexpected.push(error.message));
  return unexpected;
}

test('refuses a stale write, says who won the race and shows the stored result', async ({
  browser,
  baseURL,
}) => {
  // Its own browser, whose refused write (409) is expected on the console.
  const page = await otherDevice(browser, baseURL);
  const unexpected = consoleErrorsExcept409(page);
  // This page's live connection is quiet, so it keeps the version it loaded, as a slow tablet would.
  await page.route('**/api/live', (route) =>
    route.fulfill({ status: 200, contentType: 'text/event-stream', body: 'retry: 600000\n\n' }),
  );
  await openResultEntry(page);
  const boards = await currentBoards(page.request);
  const target = boards.find((board) => board.result === null)!;
  const row = boardRow(page, target.board);
  await expect(row.getByText('In progress')).toBeVisible();

  // Someone else enters 1-0 on the same board meanwhile.
  const elsewhere = await page.request.put(`/api/admin/match-results/${target.matchId}`, {
    data: { result: 'white', expectedVersion: target.version },
    headers: { origin: baseURL! },
  });
  expect(elsewhere.status()).toBe(200);

  await row.getByRole('button', { name: /^Black won/ }).click();
  const message = `Board ${target.board} was changed by someone else: now 1-0`;
  await expect(toast(page, message)).toBeVisible();
  await expect(row.getByRole('alert')).toHaveText(message);
  // The row now shows what is stored, and nothing was overwritten.
  await expect(row.getByRole('button', { name: /^White won/ })).toHaveAttribute('aria-pressed', 'true');
  const stored = (await currentBoards(page.request)).find((board) => board.matchId === target.matchId);
  expect(stored).toMatchObject({ result: 'white', version: target.version + 1 });
  expect(unexpected).toEqual([]);
  await page.context().close();
});

test('the dashboard summarises the round and links unfinished boards into result entry', async ({ page }) => {
  await page.goto('/login');
  await signInAndWait(page, 'arbiter@demo.test');
  await page.goto('/admin/dashboard');
  const boards = await currentBoards(page.request);
  const open = boards.filter((board) => board.result === null);
  await expect(page.getByRole('heading', { name: 'Round 3 of 5' })).toBeVisible();
  await expect(page.getByText(`${boards.length - open.length} / ${boards.length}`)).toBeVisible();
  const list = page.getByRole('list', { name: 'Unfinished boards' });
  await expect(list.getByRole('link')).toHaveCount(open.length);
  await expect(page.getByRole('link', { name: 'Match Results' }).first()).toBeVisible();
  // The arbiter's custom role cannot manage users: no quick link for it.
  await expect(page.getByRole('link', { name: 'User Management' })).toHaveCount(0);

  await list.getByRole('link', { name: new RegExp(`^Board ${open[2]!.board} `) }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/match-results\\?board=${open[2]!.board}$`));
  await expect(boardRow(page, open[2]!.board)).toBeFocused();
  await page.keyboard.press('0');
  await expect(toast(page, 'Match result updated successfully')).toBeVisible();
  await page.goto('/admin/dashboard');
  await expect(list.getByRole('link')).toHaveCount(open.length - 1);
});

for (const viewport of [
  { width: 1024, height: 700 },
  { width: 390, height: 700 },
]) {
  test(`the cookie banner never covers the last board’s result buttons at ${viewport.width} px (issue #10 item 5)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openResultEntry(page);
    const banner = page.getByRole('region', { name: 'Cookies on this site' });
    await expect(banner).toBeVisible();
    const boards = await currentBoards(page.request);
    const last = boardRow(page, boards.at(-1)!.board);
    // The end of the page, where a banner laid over the page would hide the last board for good.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const buttons = last.getByRole('button');
    await expect(buttons.first()).toBeVisible();
    const bannerBox = (await banner.boundingBox())!;
    for (const button of await buttons.all()) {
      const box = (await button.boundingBox())!;
      // Nothing of the button lies under the banner.
      expect(box.y + box.height <= bannerBox.y || box.y >= bannerBox.y + bannerBox.height).toBe(true);
    }
  });
}
