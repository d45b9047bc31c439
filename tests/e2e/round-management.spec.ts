import type { APIRequestContext, Page } from '@playwright/test';
import {
  generatePairingsResponseSchema,
  ROUND_MESSAGES,
  roundDetailSchema,
} from '../../src/contracts/round-management';
import { seriousAxeViolations } from './support/axe';
import { dismissCookieBanner, expect, test } from './support/fixtures';
import { otherDevice, signInAndWait, toast } from './support/session';

const PAGE = '/admin/round-management';
/** Screenshots for the report when SHOTS_DIR is set. */
const SHOTS = process.env.SHOTS_DIR;

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

  // Refusals, with the required messages.
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
  await expect(round(page, 3).getByRole('button', { name: 'Complete round 3' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Round 3 boards' }).getByRole('listitem')).toHaveCount(28);
  // The round lifecycle says round 4 is paired only once round 3 is completed: no button for it yet.
  await expect(round(page, 4).getByRole('button')).toHaveCount(1);
  await expect(round(page, 5).getByRole('button')).toHaveCount(1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(375);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/round-management-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/round-management-1280.png`, fullPage: true });
  }
});

test('when only a second pairing-allocated bye completes the pairing, the arbiter is asked and can allow it', async ({
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const page = await otherDevice(browser, baseURL);
  const pageConsole = watchConsole(page);
  await openAsArbiter(page);
  const post = async (path: string) => {
    const response = await page.request.post(path, { data: {}, headers: { origin: baseURL! } });
    expect(response.ok(), await response.text()).toBe(true);
    return response.json();
  };
  const detail = async (n: number) =>
    roundDetailSchema.parse(await (await page.request.get(`/api/admin/rounds/${n}`)).json());

  // Round 3 finished, one player withdrawn: round 4 has an odd number, so the engine gives one player the
  // pairing-allocated bye. Round 4 is then played.
  await runSql(request, `update matches set result = 'draw' where round_number = 3 and result is null`);
  await post('/api/admin/rounds/3/complete');
  const withdrawn = (await detail(3)).boards[0]!.white;
  await runSql(request, `update players set active = false where id = '${withdrawn.id}'`);
  const round4 = generatePairingsResponseSchema.parse(await post('/api/admin/rounds/4/pairings'));
  const byeTaker = round4.byes.find((bye) => bye.kind === 'pairing')!.player;
  await post('/api/admin/rounds/4/start');
  await runSql(request, `update matches set result = 'white' where round_number = 4`);
  await post('/api/admin/rounds/4/complete');

  // Round 5 pairs only the checked-in: that player and two earlier opponents who have not met each other.
  // Either opponent taking the bye would leave a rematch, so only a second bye completes the pairing.
  const boards = (await Promise.all([1, 2, 3, 4].map(detail))).flatMap((round) => round.boards);
  const met = (a: string, b: string) =>
    boards.some((x) => (x.white.id === a && x.black.id === b) || (x.white.id === b && x.black.id === a));
  const opponents = boards
    .filter((x) => x.white.id === byeTaker.id || x.black.id === byeTaker.id)
    .map((x) => (x.white.id === byeTaker.id ? x.black : x.white));
  const pair = opponents
    .flatMap((a, i) => opponents.slice(i + 1).map((b) => [a, b] as const))
    .find(([a, b]) => !met(a.id, b.id));
  expect(pair, 'two opponents of the bye taker who have not met').toBeDefined();
  const [x, y] = pair!;
  await runSql(
    request,
    `update players set checked_in_at = now() where id in ('${byeTaker.id}', '${x.id}', '${y.id}')`,
  );

  await page.reload();
  const generate = round(page, 5).getByRole('button', { name: 'Generate pairings for Round 5' });
  await generate.click();
  const dialog = page.getByRole('dialog', { name: 'Allow a second pairing-allocated bye?' });
  await expect(dialog).toContainText(ROUND_MESSAGES.repeatByeNeeded([byeTaker.name]));
  await expect(toast(page, ROUND_MESSAGES.generateFailed)).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  if (SHOTS) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.screenshot({ path: `${SHOTS}/repeat-bye-dialog-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // Cancel leaves the round unpaired.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(round(page, 5).getByText('Not paired yet')).toBeVisible();
  await expect(generate).toBeFocused();

  // Allowing it pairs the two opponents and gives the player the second bye, which the explanations say.
  await generate.click();
  await dialog.getByRole('button', { name: 'Allow a second bye and pair' }).click();
  await expect(toast(page, ROUND_MESSAGES.generated(5))).toBeVisible();
  await expect(dialog).toBeHidden();
  const round5 = page.getByRole('list', { name: 'Round 5 boards' }).getByRole('listitem');
  await expect(round5).toHaveCount(1);
  await expect(round5).toContainText(x.name);
  await expect(round5).toContainText(y.name);
  const byes = page.getByRole('region', { name: 'Byes and absences' });
  await expect(byes.getByRole('listitem').filter({ hasText: byeTaker.name })).toContainText(
    'Pairing bye (1 point)',
  );
  const explanations = page.getByRole('region', { name: "The engine's explanations" });
  await expect(
    explanations.getByRole('listitem').filter({ hasText: 'as the arbiter allowed' }),
  ).toContainText(byeTaker.name);
  expect(pageConsole.unexpected).toEqual([]);
  expect(pageConsole.refusals()).toBe(2);
});
