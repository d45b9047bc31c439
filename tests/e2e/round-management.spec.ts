import type { APIRequestContext, Page } from '@playwright/test';
import { dismissCookieBanner, expect, test } from './support/fixtures';
import { otherDevice, signInAndWait, toast } from './support/session';

const PAGE = '/admin/round-management';

async function runSql(request: APIRequestContext, statement: string): Promise<void> {
  expect((await request.post('/__e2e/sql', { data: { statement } })).ok()).toBe(true);
}

async function openAsArbiter(page: Page): Promise<void> {
  await page.goto('/login');
  await dismissCookieBanner(page);
  await signInAndWait(page, 'arbiter@demo.test');
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { name: 'Round Management', level: 1 })).toBeVisible();
}

const round = (page: Page, number: number) =>
  page.getByRole('listitem', { name: `Round ${number}`, exact: true });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Console errors of a page, apart from the 409 refusals the journey provokes on purpose (Chromium logs every
 * 4xx answer); the refusals are counted.
 */
function watchConsole(page: Page): { unexpected: string[]; refusals: () => number } {
  const unexpected: string[] = [];
  let refusals = 0;
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (/status of 409/.test(message.text())) refusals += 1;
    else unexpected.push(message.text());
  });
  page.on('pageerror', (error) => unexpected.push(error.message));
  return { unexpected, refusals: () => refusals };
}

interface Board {
  board: number;
  white: { id: string; name: string };
  black: { id: string; name: string };
}

test('an arbiter completes round 3, pairs round 4, swaps two players after a warning, starts it, and the public page hears of it', async ({
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // Its own browser, whose refusals (409) are expected on the console.
  const page = await otherDevice(browser, baseURL);
  const pageConsole = watchConsole(page);
  await openAsArbiter(page);
  await expect(round(page, 3).getByText('In Progress')).toBeVisible();
  await expect(round(page, 3).getByText('Current')).toBeVisible();

  // Refusals, with the SPEC messages.
  await round(page, 3).getByRole('button', { name: 'Complete round 3' }).click();
  await expect(toast(page, 'Cannot complete round until all matches are finished')).toBeVisible();

  await runSql(request, `update matches set result = 'draw' where round_number = 3 and result is null`);
  await round(page, 3).getByRole('button', { name: 'Complete round 3' }).click();
  await expect(toast(page, 'Round 3 completed successfully')).toBeVisible();
  await expect(round(page, 3).getByText('Completed')).toBeVisible();

  await round(page, 4).getByRole('button', { name: 'Start round 4' }).click();
  await expect(
    toast(page, 'Cannot start round without pairings. Please generate pairings first.'),
  ).toBeVisible();

  await round(page, 4).getByRole('button', { name: 'Generate pairings for Round 4' }).click();
  await expect(toast(page, 'Pairings generated for Round 4')).toBeVisible();
  const boards = page.getByRole('list', { name: 'Round 4 boards' });
  await expect(boards.getByRole('listitem')).toHaveCount(28);
  await expect(page.getByRole('heading', { name: "The engine's explanations" })).toBeVisible();
  await expect(round(page, 4).getByText('0/28 boards finished')).toBeVisible();

  // Put two players who met in round 3 on one board: the page warns and saves only when confirmed.
  const detail = async (n: number) =>
    ((await (await page.request.get(`/api/admin/rounds/${n}`)).json()) as { boards: Board[] }).boards;
  const round3 = await detail(3);
  const round4 = await detail(4);
  const boardOf = (id: string) => round4.find((b) => b.white.id === id || b.black.id === id)!;
  const met = round3.find((b) => boardOf(b.white.id).board !== boardOf(b.black.id).board)!;
  const boardA = boardOf(met.white.id);
  const opponent = boardA.white.id === met.white.id ? boardA.black : boardA.white;
  await boards.getByRole('button', { name: new RegExp(`^${escapeRegExp(opponent.name)}`) }).click();
  await boards.getByRole('button', { name: new RegExp(`^${escapeRegExp(met.black.name)}`) }).click();
  await page.getByRole('button', { name: 'Swap players' }).click();
  const dialog = page.getByRole('dialog', { name: 'This change breaks pairing rules' });
  await expect(dialog).toContainText('already met in Round 3');
  await dialog.getByRole('button', { name: 'Save anyway' }).click();
  await expect(toast(page, 'Pairings changed')).toBeVisible();
  const changed = boards.getByRole('listitem').filter({ hasText: met.white.name });
  await expect(changed).toContainText(met.black.name);
  await expect(page.getByText(`Board ${boardA.board} paired by the arbiter`)).toBeVisible();

  // A visitor on the public home page is told when the round starts, without reloading.
  const visitor = await otherDevice(browser, baseURL);
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await round(page, 4).getByRole('button', { name: 'Start round 4' }).click();
  await expect(toast(page, 'Round 4 started successfully')).toBeVisible();
  await expect(round(page, 4).getByText('In Progress')).toBeVisible();
  await expect(toast(visitor, 'Round 4 has started')).toBeVisible({ timeout: 10_000 });
  await visitor.context().close();

  // Lowering the round count lists what goes, and deletes only after confirmation.
  await page.getByLabel('Number of rounds').fill('4');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete rounds above 4?' });
  await expect(confirm).toContainText('Round 5: not paired');
  await confirm.getByRole('button', { name: 'Delete 1 round' }).click();
  await expect(toast(page, 'The tournament now has 4 rounds')).toBeVisible();
  await expect(round(page, 5)).toHaveCount(0);
  await page.getByLabel('Number of rounds').fill('3');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Round 4 is in progress and cannot be deleted')).toBeVisible();
  expect(pageConsole.unexpected).toEqual([]);
  expect(pageConsole.refusals()).toBe(3);
});

test('the page works on a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openAsArbiter(page);
  await expect(round(page, 4).getByRole('button', { name: 'Generate pairings for Round 4' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Round 3 boards' }).getByRole('listitem')).toHaveCount(28);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(375);
});
