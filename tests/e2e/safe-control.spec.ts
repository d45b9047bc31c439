import type { Page } from '@playwright/test';
import { type EntryBoard, resultEntryResponseSchema } from '../../src/contracts/match-results';
import { SAFE_CONTROL_MESSAGES, SAFE_SWITCH_INFO, SAFE_SWITCHES } from '../../src/contracts/safe-control';
import { seriousAxeViolations } from './support/axe';
import { dismissCookieBanner, expect, test } from './support/fixtures';
import { shootWhenAsked } from './support/screenshots';
import { otherDevice, signInAndWait, toast } from './support/session';

// Three browsers and a live round trip: more time than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const READ_ONLY = SAFE_SWITCH_INFO.read_only;
const BANNER = 'Back in a few minutes: the organisers are fixing a problem.';

/** A board of the demo's live round without a result, as the arbiter's API sees it. */
async function openBoard(page: Page): Promise<EntryBoard> {
  const response = await page.request.get('/api/admin/match-results');
  expect(response.ok(), await response.text()).toBe(true);
  const board = resultEntryResponseSchema.parse(await response.json()).boards.find((b) => b.result === null);
  expect(board, 'the demo round has an unfinished board').toBeTruthy();
  return board!;
}

const banner = (page: Page, text: string) => page.locator('[data-site-notices]').getByText(text);

async function openSafeControl(page: Page) {
  await page.goto('/login');
  await dismissCookieBanner(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAndWait(page, 'superadmin@demo.test');
  await page.goto('/admin/safe-control');
  await expect(page.getByRole('heading', { name: 'Safe Control', level: 1 })).toBeVisible();
}

test('read-only: the banner reaches open pages at once, a result is refused, and switching off restores it', async ({
  page,
  browser,
  baseURL,
}) => {
  // An anonymous visitor with the home page open, and the arbiter (the demo admin) at the result desk.
  const visitor = await otherDevice(browser, baseURL);
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  const arbiter = await otherDevice(browser, baseURL);
  await arbiter.goto('/login');
  await signInAndWait(arbiter, 'admin@demo.test');
  await arbiter.goto('/admin/match-results');
  await expect(arbiter.getByRole('heading', { name: 'Match Results', level: 1 })).toBeVisible();
  const board = await openBoard(arbiter);
  const whiteWon = arbiter
    .locator(`li[data-board="${board.board}"]`)
    .getByRole('button', { name: /^White won/ });

  await openSafeControl(page);
  // One card per switch, in the contract's order, all off.
  await expect(page.getByRole('switch')).toHaveCount(SAFE_SWITCHES.length);
  for (const [index, name] of SAFE_SWITCHES.entries()) {
    const toggle = page.getByRole('switch').nth(index);
    await expect(toggle).toHaveAccessibleName(SAFE_SWITCH_INFO[name].label);
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
  }

  // Switching on asks for a reason; the banner text offers the default as its placeholder.
  await page.getByRole('switch', { name: READ_ONLY.label }).click();
  const dialog = page.getByRole('dialog', { name: `Switch on: ${READ_ONLY.label}` });
  await expect(dialog.getByLabel('Banner text')).toHaveAttribute('placeholder', READ_ONLY.defaultBanner);
  await dialog.getByRole('button', { name: 'Switch on' }).click();
  await expect(dialog.getByText(SAFE_CONTROL_MESSAGES.reasonRequired)).toBeVisible();
  await dialog.getByLabel('Reason').fill('A faulty migration: stop all writes while we look');
  await dialog.getByLabel('Banner text').fill(BANNER);
  await dialog.getByRole('button', { name: 'Switch on' }).click();
  await expect(toast(page, SAFE_CONTROL_MESSAGES.switchedOn(READ_ONLY.label))).toBeVisible();

  // Within a second, on the open public page and in the admin chrome.
  await expect(banner(visitor, BANNER)).toBeVisible({ timeout: 1500 });
  await expect(banner(arbiter, BANNER)).toBeVisible({ timeout: 1500 });

  const card = page.getByTestId('safe-switch-read_only');
  await expect(page.getByRole('switch', { name: READ_ONLY.label })).toHaveAttribute('aria-checked', 'true');
  await expect(card).toContainText('A faulty migration: stop all writes while we look');
  await expect(card).toContainText(BANNER);
  await expect(card).toContainText('Stays on until switched off');
  await expect(card).toContainText(/Demo Superadmin|superadmin@demo\.test/);

  // Every staff member sees the state in the app bar; only the superadmin's chip is a link.
  const chips = (p: Page) => p.getByRole('list', { name: 'Safe-control switches on' });
  await expect(chips(page).getByRole('link', { name: READ_ONLY.headerLabel })).toHaveAttribute(
    'href',
    '/admin/safe-control',
  );
  await expect(chips(arbiter).getByText(READ_ONLY.headerLabel)).toBeVisible();
  await expect(chips(arbiter).getByRole('link')).toHaveCount(0);

  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootWhenAsked(page, 'safe-control-read-only');
  await shootWhenAsked(visitor, 'safe-control-banner-home');

  // A registration and a settings change get the same clear refusal (503) as the result below.
  const origin = { origin: new URL(page.url()).origin };
  for (const refused of [
    await visitor.request.post('/api/registrations', { data: {}, headers: origin }),
    await page.request.put('/api/admin/settings/leaderboard_visible', {
      data: { value: false },
      headers: origin,
    }),
  ]) {
    expect(refused.status()).toBe(503);
    expect((await refused.json()).error).toBe(READ_ONLY.refusal);
  }
  // The dashboard says so too.
  await page.goto('/admin/super-admin-dashboard');
  await expect(page.getByTestId('status-safe-control')).toContainText(READ_ONLY.label);
  await page.goto('/admin/safe-control');

  // The arbiter's desk holds its buttons and says why (the server would refuse the result with this text).
  await expect(arbiter.getByText(READ_ONLY.refusal)).toBeVisible();
  await expect(whiteWon).toBeDisabled();
  await expect(whiteWon).toHaveAttribute('aria-pressed', 'false');

  // Switching off asks for a reason too; the banner goes away live and the result can be saved.
  await page.getByRole('switch', { name: READ_ONLY.label }).click();
  const offDialog = page.getByRole('dialog', { name: `Switch off: ${READ_ONLY.label}` });
  await expect(offDialog.getByLabel('Banner text')).toHaveCount(0);
  await offDialog.getByLabel('Reason').fill('Migration rolled back');
  await offDialog.getByRole('button', { name: 'Switch off' }).click();
  await expect(toast(page, SAFE_CONTROL_MESSAGES.switchedOff(READ_ONLY.label))).toBeVisible();
  await expect(page.getByRole('switch', { name: READ_ONLY.label })).toHaveAttribute('aria-checked', 'false');
  await expect(banner(visitor, BANNER)).toHaveCount(0, { timeout: 1500 });
  await expect(banner(arbiter, BANNER)).toHaveCount(0, { timeout: 1500 });
  await expect(chips(arbiter)).toHaveCount(0);

  await whiteWon.click();
  await expect(toast(arbiter, 'Match result updated successfully')).toBeVisible();
  await expect(whiteWon).toHaveAttribute('aria-pressed', 'true');

  await visitor.context().close();
  await arbiter.context().close();
});

test('result entry paused: the desk holds its buttons and says why, and an automatic end lifts it', async ({
  page,
  browser,
  baseURL,
}) => {
  const arbiter = await otherDevice(browser, baseURL);
  await arbiter.goto('/login');
  await signInAndWait(arbiter, 'admin@demo.test');
  await arbiter.goto('/admin/match-results');
  const board = await openBoard(arbiter);
  const whiteWon = arbiter
    .locator(`li[data-board="${board.board}"]`)
    .getByRole('button', { name: /^White won/ });
  await expect(whiteWon).toBeEnabled();

  await openSafeControl(page);
  const paused = SAFE_SWITCH_INFO.results_paused;
  await page.getByRole('switch', { name: paused.label }).click();
  const dialog = page.getByRole('dialog', { name: `Switch on: ${paused.label}` });
  await dialog.getByLabel('Reason').fill('Checking a disputed board');
  // Ends by itself a little later (this device's time, to the second).
  const endsAt = await page.evaluate(() => {
    const end = new Date(Date.now() + 8_000);
    if (end.getSeconds() === 0) end.setSeconds(1);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${end.getFullYear()}-${pad(end.getMonth() + 1)}-${pad(end.getDate())}T${pad(end.getHours())}:${pad(end.getMinutes())}:${pad(end.getSeconds())}`;
  });
  await dialog.getByLabel('Ends automatically at (optional)').fill(endsAt);
  await dialog.getByRole('button', { name: 'Switch on' }).click();
  await expect(toast(page, SAFE_CONTROL_MESSAGES.switchedOn(paused.label))).toBeVisible();

  await expect(arbiter.getByText(paused.refusal)).toBeVisible({ timeout: 1500 });
  await expect(whiteWon).toBeDisabled();
  // The automatic end comes without a reload.
  await expect(whiteWon).toBeEnabled({ timeout: 15_000 });
  await expect(arbiter.getByText(paused.refusal)).toHaveCount(0);
  await arbiter.context().close();
});

test('an admin is refused the page and the API', async ({ page }) => {
  await page.goto('/login');
  await dismissCookieBanner(page);
  await signInAndWait(page, 'admin@demo.test');
  await page.goto('/admin/safe-control');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Safe Control' })).toHaveCount(0);
  expect((await page.request.get('/api/admin/safe-control')).status()).toBe(403);
});
