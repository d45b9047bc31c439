import { readFileSync } from 'node:fs';
import { CASH_SHARING_LABELS, PRIZE_MESSAGES } from '../../src/contracts/prizes';
import { seriousAxeViolations } from './support/axe';
import { dismissCookieBanner, expect, test } from './support/fixtures';
import { shootWhenAsked } from './support/screenshots';
import { signInAndWait } from './support/session';

test('staff set an overall top 3 shared by Hort, an under-1200 medal and the best school; the public page follows', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAndWait(page, 'superadmin@demo.test');
  await dismissCookieBanner(page);
  await page.goto('/admin/prizes');
  await expect(page.getByRole('heading', { name: 'Prizes', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Add a prize list' }).click();
  const list = page.getByTestId('prize-bracket-form');
  await list.getByLabel('Cash ties (first category)').selectOption('hort');
  const overall = list.getByTestId('prize-category-form').first();
  await overall.getByLabel('Amounts in €, first place first').fill('100, 60, 40');
  await list.getByRole('button', { name: 'Add a category' }).click();
  const u1200 = list.getByTestId('prize-category-form').nth(1);
  await u1200.getByLabel('Category name').fill('Under 1200');
  await u1200.getByLabel('Who can win it').selectOption('rating');
  await u1200.getByLabel('Highest rating (empty: none)').fill('1199');
  await u1200.getByLabel('Prize').selectOption('medal');
  await u1200.getByLabel('Values to rank them, first place first').fill('1');
  await page.getByLabel(/A prize for the best school/).check();
  await page.getByRole('button', { name: 'Save prizes' }).click();
  await expect(page.getByText(PRIZE_MESSAGES.saved)).toBeVisible();

  // The staff list: winners, and why.
  await expect(page.getByTestId('prize-category').first()).toContainText('1st');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootWhenAsked(page, 'prizes-admin');

  // The public page: the winners with the sharing method, live.
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await visitor.goto('/prizes');
  await expect(visitor.getByRole('heading', { name: 'Prizes', level: 1 })).toBeVisible();
  await expect(visitor.getByText(PRIZE_MESSAGES.provisional)).toBeVisible();
  await expect(visitor.getByText(CASH_SHARING_LABELS.hort, { exact: false })).toBeVisible();
  const leaderboard = (await (await visitor.request.get('/api/public/leaderboard')).json()) as {
    players: { name: string }[];
    teams: { team: string }[];
  };
  const categories = visitor.getByTestId('prize-category');
  await expect(categories.first()).toContainText(leaderboard.players[0]!.name);
  await expect(categories.nth(1)).toContainText('Under 1200');
  await expect(categories.last()).toContainText(leaderboard.teams[0]!.team);
  expect(await seriousAxeViolations(visitor)).toEqual([]);
  await shootWhenAsked(visitor, 'prizes-public');

  // Certificates: one PDF page per winner, and one per participant.
  const winners = await page.getByTestId('prize-category').locator('li').filter({ hasText: /·/ }).count();
  const pagesOf = async (name: RegExp) => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name }).click(),
    ]);
    const body = readFileSync((await download.path())!);
    return body.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
  };
  expect(winners).toBeGreaterThanOrEqual(5); // 3 overall (or more with a Hort share), 1 medal, 1 school
  const participants = leaderboard.players.length;
  expect(await pagesOf(/Participation certificates/)).toBe(participants);
  expect(await pagesOf(/Winners’ certificates/)).toBe(winners);
  expect(await pagesOf(/Every certificate/)).toBe(winners + participants);

  // The embargo hides the names from the public page, live; staff still see them.
  const embargo = page.getByRole('switch', { name: 'Hide the winners until the ceremony' });
  await embargo.click();
  await expect(embargo).toBeChecked();
  await expect(visitor.getByText(PRIZE_MESSAGES.embargoed)).toBeVisible();
  await expect(categories.first()).not.toContainText(leaderboard.players[0]!.name);
  await expect(page.getByTestId('prize-category').first()).toContainText(leaderboard.players[0]!.name);
  await visitor.context().close();
});

test('a prize list that cannot work is refused with the reason and nothing is saved', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAndWait(page, 'superadmin@demo.test');
  await dismissCookieBanner(page);
  await page.goto('/admin/prizes');
  await page.getByRole('button', { name: 'Add a prize list' }).click();
  const list = page.getByTestId('prize-bracket-form');
  // An amount that is not a number is said at once, before anything is sent.
  const overallAmounts = list
    .getByTestId('prize-category-form')
    .first()
    .getByLabel('Amounts in €, first place first');
  await overallAmounts.fill('fifty');
  await page.getByRole('button', { name: 'Save prizes' }).click();
  await expect(page.getByText(`Overall: ${PRIZE_MESSAGES.numbersOnly}`)).toBeVisible();
  await overallAmounts.fill('50');
  for (const [name, max] of [
    ['Under 1400', '1399'],
    ['Under 1200', '1199'],
  ]) {
    await list.getByRole('button', { name: 'Add a category' }).click();
    const category = list.getByTestId('prize-category-form').last();
    await category.getByLabel('Category name').fill(name!);
    await category.getByLabel('Who can win it').selectOption('rating');
    await category.getByLabel('Highest rating (empty: none)').fill(max!);
    await category.getByLabel('Amounts in €, first place first').fill('10');
  }
  await page.getByRole('button', { name: 'Save prizes' }).click();
  await expect(page.getByText('Rating bands Under 1400 and Under 1200 overlap').first()).toBeVisible();
  // The browser logs the refusal's 400; nothing else may be logged.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !error.includes('400')));
  await page.reload();
  await expect(page.getByTestId('prize-bracket-form')).toHaveCount(0);
  await expect(page.getByText(PRIZE_MESSAGES.noPrizes)).toBeVisible();
});
