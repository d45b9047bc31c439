/**
 * Issue 32 "Done when", sections: an event of two schools with a junior and a senior team each is split by school
 * year into two sections, each paired on its own; staff give the juniors an overall top 3 shared equally, an
 * under-1200 medal, a best-girl prize and a best school; after the last round the public prize page lists the
 * winners with the sharing method, and the certificates come as one PDF page per winner and per participant.
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { CASH_SHARING_LABELS, PRIZE_MESSAGES } from '../../src/contracts/prizes';
import { SECTION_MESSAGES } from '../../src/contracts/sections';
import { seriousAxeViolations } from './support/axe';
import { dismissCookieBanner, expect, test } from './support/fixtures';
import { shootWhenAsked } from './support/screenshots';
import { signInAndWait, toast } from './support/session';

async function readRows<T>(request: APIRequestContext, statement: string): Promise<T[]> {
  const response = await request.get('/__e2e/sql', { params: { statement } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { rows: T[] }).rows;
}
async function runSql(request: APIRequestContext, statement: string): Promise<void> {
  expect((await request.post('/__e2e/sql', { data: { statement } })).ok()).toBe(true);
}

const round = (page: Page, number: number) =>
  page.getByRole('listitem', { name: `Round ${number}`, exact: true });

/** Pairs, plays (white wins on every board) and completes a round through the round management page. */
async function playRound(page: Page, request: APIRequestContext, number: number): Promise<void> {
  await page.goto('/admin/round-management');
  await round(page, number)
    .getByRole('button', { name: `Generate pairings for Round ${number}` })
    .click();
  await expect(toast(page, `Pairings generated for Round ${number}`)).toBeVisible();
  await round(page, number)
    .getByRole('button', { name: `Start round ${number}` })
    .click();
  await expect(round(page, number).getByText('In Progress')).toBeVisible();
  await runSql(
    request,
    `update matches set result = 'white' where round_number = ${number} and result is null`,
  );
  await round(page, number)
    .getByRole('button', { name: `Complete round ${number}` })
    .click();
  await expect(round(page, number).getByText('Completed')).toBeVisible();
}

test('an event split by school year pairs each section on its own and awards each its prizes', async ({
  page,
  site,
  request,
  browser,
  baseURL,
  consoleErrors,
}) => {
  await site.reset('sections');
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAndWait(page, 'superadmin@demo.test');
  await dismissCookieBanner(page);

  // Two sections by school year; a year in both is refused with the reason, and nothing is saved.
  await page.goto('/admin/sections');
  await expect(page.getByRole('heading', { name: 'Sections', level: 1 })).toBeVisible();
  for (const [name, years] of [
    ['Juniors', ['1st Year', '2nd Year']],
    ['Seniors', ['2nd Year', '5th Year', '6th Year']],
  ] as const) {
    await page.getByRole('button', { name: 'Add a section' }).click();
    const form = page.getByTestId('section-form').last();
    await form.getByLabel('Section name').fill(name);
    for (const year of years) await form.getByLabel(year, { exact: true }).check();
  }
  await page.getByRole('button', { name: 'Save and place the pupils' }).click();
  await expect(page.getByRole('alert').getByText('Juniors and Seniors both take 2nd Year')).toBeVisible();
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !error.includes('400')));
  expect(await readRows(request, 'select id from tournament_sections')).toEqual([]);
  await page.getByTestId('section-form').last().getByLabel('2nd Year', { exact: true }).uncheck();
  await page.getByRole('button', { name: 'Save and place the pupils' }).click();
  await expect(toast(page, SECTION_MESSAGES.saved)).toBeVisible();
  await expect(page.getByText('Juniors: 8 · Seniors: 8')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootWhenAsked(page, 'sections-admin');

  // Each section is paired on its own: no board joins a junior and a senior; juniors on boards 1–4.
  await playRound(page, request, 1);
  const boards = await readRows<{ board: number; white: string; black: string }>(
    request,
    `select m.board_number as board, ws.name as white, bs.name as black from matches m
       join players w on w.id = m.white_player_id join tournament_sections ws on ws.id = w.section_id
       join players b on b.id = m.black_player_id join tournament_sections bs on bs.id = b.section_id
      where m.round_number = 1 order by m.board_number`,
  );
  expect(boards.map((board) => [board.board, board.white, board.black])).toEqual([
    [1, 'Juniors', 'Juniors'],
    [2, 'Juniors', 'Juniors'],
    [3, 'Juniors', 'Juniors'],
    [4, 'Juniors', 'Juniors'],
    [5, 'Seniors', 'Seniors'],
    [6, 'Seniors', 'Seniors'],
    [7, 'Seniors', 'Seniors'],
    [8, 'Seniors', 'Seniors'],
  ]);
  await playRound(page, request, 2);

  // The juniors' prizes: an overall top 3 shared equally, an under-1200 medal, the best girl, the best school.
  await page.goto('/admin/prizes');
  await expect(page.getByLabel('Prizes of the section')).toHaveValue(/.+/);
  await expect(page.getByLabel('Prizes of the section').locator('option:checked')).toHaveText('Juniors');
  await page.getByRole('button', { name: 'Add a prize list' }).click();
  const list = page.getByTestId('prize-bracket-form');
  await list.getByLabel('Cash ties (first category)').selectOption('equal');
  await list
    .getByTestId('prize-category-form')
    .first()
    .getByLabel('Amounts in €, first place first')
    .fill('30, 20, 10');
  const addCategory = async (name: string, criterion: string) => {
    await list.getByRole('button', { name: 'Add a category' }).click();
    const category = list.getByTestId('prize-category-form').last();
    await category.getByLabel('Category name').fill(name);
    await category.getByLabel('Who can win it').selectOption(criterion);
    await category.getByLabel('Prize').selectOption('medal');
    await category.getByLabel('Values to rank them, first place first').fill('1');
    return category;
  };
  const u1200 = await addCategory('Under 1200', 'rating');
  await u1200.getByLabel('Highest rating (empty: none)').fill('1199');
  await addCategory('Best girl', 'girls');
  // A second list with a criterion of staff's own, naming two pupils.
  await page.getByRole('button', { name: 'Add a prize list' }).click();
  const special = page.getByTestId('prize-bracket-form').nth(1);
  await special.getByLabel('List name').fill('Special prizes');
  const newcomer = special.getByTestId('prize-category-form').first();
  await newcomer.getByLabel('Category name').fill('Best newcomer');
  await newcomer.getByLabel('Who can win it').selectOption('custom');
  await newcomer.getByLabel("The criterion's name").fill('Best newcomer');
  for (const name of ['Pupil 03', 'Pupil 11']) {
    await newcomer.getByLabel('Find a player to name').fill(name);
    await newcomer.getByLabel(new RegExp(`^${name} · `)).check();
  }
  await expect(newcomer.getByText('Players named (2)')).toBeVisible();
  await newcomer.getByLabel('Prize').selectOption('trophy');
  await newcomer.getByLabel('Values to rank them, first place first').fill('1');
  await page.getByLabel(/A prize for the best school/).check();
  await page.getByRole('button', { name: 'Save prizes' }).click();
  await expect(page.getByText(PRIZE_MESSAGES.saved)).toBeVisible();

  // The public pages: each section ranked from 1; the juniors' winners with the sharing method, final.
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await visitor.goto('/leaderboard');
  await expect(visitor.getByRole('navigation', { name: 'Sections' })).toBeVisible();
  const juniors = visitor.getByRole('table', { name: /^Player standings of Juniors: / });
  const seniors = visitor.getByRole('table', { name: /^Player standings of Seniors: / });
  await expect(juniors.locator('tbody tr')).toHaveCount(8);
  await expect(seniors.locator('tbody tr')).toHaveCount(8);
  await shootWhenAsked(visitor, 'sections-leaderboard');

  await visitor.goto('/prizes');
  await expect(visitor.getByText(PRIZE_MESSAGES.final)).toBeVisible();
  const juniorPrizes = visitor.getByRole('region', { name: 'Juniors' });
  await expect(juniorPrizes.getByText(CASH_SHARING_LABELS.equal, { exact: false })).toBeVisible();
  const categories = juniorPrizes.getByTestId('prize-category');
  await expect(categories).toHaveCount(5);
  await expect(categories.nth(3)).toContainText('Best newcomer');
  await expect(categories.nth(3).locator('li').first()).toContainText(/Pupil 03|Pupil 11/);
  const leaderboard = (await (await visitor.request.get('/api/public/leaderboard')).json()) as {
    players: { name: string; rank: number; section: string }[];
    teams: { team: string; rank: number; section: string }[];
  };
  const juniorRows = leaderboard.players.filter((row) => row.section === 'juniors');
  for (const row of juniorRows.filter((candidate) => candidate.rank === 1)) {
    await expect(categories.first()).toContainText(row.name);
  }
  // The best girl is a pupil marked eligible, not one who already won in this list.
  const girls = await readRows<{ name: string }>(request, 'select name from players where girls_prize');
  const bestGirl = categories.nth(2);
  await expect(bestGirl).toContainText('Best girl');
  await expect(bestGirl.locator('li').first()).toContainText(
    new RegExp(girls.map((girl) => girl.name).join('|')),
  );
  const bestTeam = leaderboard.teams.find((team) => team.section === 'juniors' && team.rank === 1)!;
  await expect(categories.last()).toContainText(bestTeam.team);
  await expect(visitor.getByRole('region', { name: 'Seniors' })).toContainText(PRIZE_MESSAGES.noPrizes);
  expect(await seriousAxeViolations(visitor)).toEqual([]);
  await shootWhenAsked(visitor, 'sections-prizes');
  await visitor.setViewportSize({ width: 375, height: 800 });
  await shootWhenAsked(visitor, 'sections-prizes-narrow');
  await visitor.context().close();

  // Certificates: a page per winner (staff list) and a page per participant (16).
  const winners = await page.getByTestId('prize-category').locator('li').filter({ hasText: /·/ }).count();
  expect(winners).toBeGreaterThanOrEqual(7);
  const pagesOf = async (name: RegExp) => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name }).click(),
    ]);
    return (
      readFileSync((await download.path())!)
        .toString('latin1')
        .match(/\/Type \/Page\b/g)?.length ?? 0
    );
  };
  expect(await pagesOf(/Winners’ certificates/)).toBe(winners);
  expect(await pagesOf(/Every certificate/)).toBe(winners + 16);
  // One prize's certificates in one click.
  expect(await pagesOf(/^Certificates \(PDF\) of Best newcomer$/)).toBe(1);
});
