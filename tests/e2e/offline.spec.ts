import type { APIRequestContext, Page } from '@playwright/test';
import { badgeListSchema } from '../../src/contracts/badges';
import { checkinSearchResponseSchema } from '../../src/contracts/checkin';
import { OUTBOX_MESSAGES } from '../../src/contracts/client-actions';
import { KIOSK_MESSAGES } from '../../src/contracts/kiosk';
import { KIOSK_OUTBOX_MESSAGES } from '../../src/contracts/kiosk-outbox';
import { type EntryBoard, resultEntryResponseSchema } from '../../src/contracts/match-results';
import { formatBadgeCode } from '../../src/domain/badges';
import { dismissCookieBanner, expect, test } from './support/fixtures';
import { shootWhenAsked } from './support/screenshots';
import { otherDevice, signInAndWait, staffApi } from './support/session';

// Several pages, a service worker and a shared machine: more than the default 30 s.
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 768, height: 1024 } });

/** What a browser prints about requests it could not make while offline: expected here, not a fault. */
const OFFLINE_NOISE = /ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|Failed to fetch|net::ERR_FAILED/;
const dropOfflineNoise = (errors: string[]) => {
  const kept = errors.filter((error) => !OFFLINE_NOISE.test(error));
  errors.splice(0, errors.length, ...kept);
};

async function openAs(page: Page, email: string, path: string, heading: string) {
  await page.goto('/');
  await dismissCookieBanner(page);
  await page.goto('/login');
  await signInAndWait(page, email);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible({ timeout: 30_000 });
}

async function boards(request: APIRequestContext): Promise<EntryBoard[]> {
  const response = await request.get('/api/admin/match-results');
  expect(response.ok(), await response.text()).toBe(true);
  return resultEntryResponseSchema.parse(await response.json()).boards;
}

/** The desk's search ('' lists the first page of everyone), with the counts. */
async function deskSearch(request: APIRequestContext, search = '') {
  const response = await request.get(`/api/admin/checkin/players?search=${encodeURIComponent(search)}`);
  return checkinSearchResponseSchema.parse(await response.json());
}
const checkinCount = async (request: APIRequestContext) => (await deskSearch(request)).counts.checkedIn;

const status = (page: Page) => page.locator('[data-outbox-status]');

/** Waits until the service worker has registered and controls the page (its next loads go through it). */
async function serviceWorkerInControl(page: Page) {
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready) !== null);
  // An active worker controls the page once it claims it, and every page loaded after that at the latest: a
  // claim that came before the page listened (seen once in CI, a 4-minute wait) is made good by a reload.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const isControlled = await page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    if (isControlled) return;
    await page.reload();
  }
  throw new Error('the service worker never took the page over');
}

test('10 check-ins and 10 results entered offline land exactly once; a board changed meanwhile is a conflict', async ({
  page,
  browser,
  baseURL,
  site,
  consoleErrors,
}) => {
  await site.setSetting('checkin_open', true);
  // The desk and the result entry open on one tablet (one browser context, so one IndexedDB outbox).
  await openAs(page, 'admin@demo.test', '/admin/checkin-desk', 'Check-in Desk');
  const results = await page.context().newPage();
  await results.goto('/admin/match-results');
  await expect(results.getByRole('heading', { name: 'Match Results', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(status(page)).toHaveText('all saved');
  await expect(status(results)).toHaveText('all saved');

  // Every A team's players, found while the Wi-Fi still works.
  await page.getByRole('searchbox', { name: 'Search by name or team' }).fill('a');
  const buttons = page
    .getByRole('list', { name: 'Players found' })
    .getByRole('button', { name: /^Check in / });
  await expect(buttons.nth(10)).toBeVisible();
  const open = (await boards(page.request)).filter((board) => board.result === null);
  expect(open.length).toBeGreaterThanOrEqual(11);
  const mine = open.slice(0, 10);
  const contested = open[10]!;

  await page.context().setOffline(true);
  await expect(status(page)).toHaveText('offline — 0 changes waiting');
  const names: string[] = [];
  for (let i = 0; i < 10; i++) {
    const button = buttons.first();
    names.push(((await button.textContent()) ?? '').replace(/^Check in\s*/, ''));
    await button.click();
  }
  await expect(status(page)).toHaveText('offline — 10 changes waiting');
  await expect(page.getByRole('button', { name: `Undo ${names[9]}` })).toBeVisible();
  await shootWhenAsked(page, 'offline-checkin-desk');

  const jump = results.getByLabel('Board number');
  for (const board of [...mine, contested]) {
    await jump.fill(String(board.board));
    await jump.press('Enter');
    await expect(results.locator(`li[data-board="${board.board}"]`)).toBeFocused();
    await results.keyboard.press('1');
  }
  await expect(status(results)).toHaveText('offline — 11 changes waiting');
  await expect(results.getByRole('button', { name: `White won, board ${mine[0]!.board}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Meanwhile another arbiter, online elsewhere, enters Black's win on one of those boards.
  const other = await otherDevice(browser, baseURL);
  await other.goto('/login');
  await signInAndWait(other, 'arbiter@demo.test');
  const put = await other.request.put(`/api/admin/match-results/${contested.matchId}`, {
    data: { result: 'black', expectedVersion: contested.version },
    headers: { origin: new URL(baseURL!).origin },
  });
  expect(put.ok(), await put.text()).toBe(true);
  // Nothing of this tablet's arrived yet.
  expect(await checkinCount(other.request)).toBe(0);

  await page.context().setOffline(false);
  await expect(status(page)).toHaveText('all saved', { timeout: 60_000 });
  await expect(
    results.getByRole('dialog', { name: `Board ${contested.board} was changed by someone else` }),
  ).toBeVisible({
    timeout: 60_000,
  });
  await expect(status(results)).toHaveText('all saved');
  await shootWhenAsked(results, 'offline-result-conflict');

  // Exactly once: ten players checked in, each of the ten boards one version further with White's win.
  expect(await checkinCount(other.request)).toBe(10);
  const after = new Map((await boards(other.request)).map((board) => [board.matchId, board]));
  for (const board of mine) {
    expect(after.get(board.matchId)).toMatchObject({ result: 'white', version: board.version + 1 });
  }
  expect(after.get(contested.matchId)).toMatchObject({ result: 'black', version: contested.version + 1 });

  // Closed without a decision, it stays listed under the status until resolved.
  await results.keyboard.press('Escape');
  await expect(results.getByRole('dialog')).toBeHidden();
  await expect(results.getByText('1 result needs your decision')).toBeVisible();
  await results.getByRole('button', { name: 'Resolve' }).click();
  // The arbiter keeps their own result: sent again against the board as it now stands.
  await results.getByRole('button', { name: 'Keep mine (1-0)' }).click();
  await expect(results.getByRole('dialog')).toBeHidden();
  await expect
    .poll(async () => (await boards(other.request)).find((b) => b.matchId === contested.matchId)?.result)
    .toBe('white');
  await expect(status(results)).toHaveText('all saved');
  await expect(results.getByText('1 result needs your decision')).toHaveCount(0);

  await other.context().close();
  dropOfflineNoise(consoleErrors);
});

test('the public leaderboard reloaded offline shows the cached standings with their time; the site is installable', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/leaderboard');
  await dismissCookieBanner(page);
  // The service worker registers after the first visit and takes this page over; the next visit is cached.
  await serviceWorkerInControl(page);
  await page.reload();
  const table = page.getByRole('table').first();
  await expect(table).toBeVisible();
  const online = (await table.innerText()).split('\n').slice(0, 6).join('\n');
  await expect(page.getByText(/^last updated/)).toHaveCount(0);

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: /Leaderboard|Standings/, level: 1 })).toBeVisible();
  await expect(page.getByText('You are offline: this is the last copy saved on this device.')).toBeVisible();
  await expect(page.getByText(/^last updated \d{2}:\d{2}$/)).toBeVisible();
  expect((await table.innerText()).split('\n').slice(0, 6).join('\n')).toBe(online);
  await shootWhenAsked(page, 'offline-leaderboard');
  await page.context().setOffline(false);

  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  const body = (await manifest.json()) as { display: string; start_url: string; icons: { sizes: string }[] };
  expect(body).toMatchObject({ display: 'standalone', start_url: '/' });
  expect(body.icons.map((icon) => icon.sizes)).toContain('512x512');
  for (const icon of body.icons)
    expect((await page.request.get((icon as { src?: string }).src ?? '')).ok()).toBe(true);
  dropOfflineNoise(consoleErrors);
});

test('a badge typed at the kiosk while offline is kept, then checks the pupil in once when the Wi-Fi is back', async ({
  page,
  site,
  baseURL,
  consoleErrors,
}) => {
  await site.setSetting('checkin_open', true);
  const admin = await staffApi(baseURL!, 'superadmin@demo.test');
  expect((await admin.post('/api/admin/badges/issue')).ok()).toBe(true);
  const badges = badgeListSchema.parse(await (await admin.get('/api/admin/badges')).json());
  // A pupil not yet checked in, and their badge.
  let holder: (typeof badges.players)[number] | undefined;
  for (const candidate of badges.players) {
    const found = (await deskSearch(admin, candidate.name)).players;
    if (found.some((player) => player.id === candidate.id && player.checkedInAt === null)) {
      holder = candidate;
      break;
    }
  }
  if (!holder?.badge) throw new Error('no pupil of the demo is still to check in');
  await openAs(page, 'arbiter@demo.test', '/mss-nfc-access', 'Check-in kiosk');
  await page.getByRole('button', { name: /Start check-in kiosk/ }).click();
  await expect(page.getByRole('heading', { name: 'Check in here', level: 1 })).toBeVisible();
  await expect(status(page)).toHaveText('all saved');

  await page.context().setOffline(true);
  const saved = page.getByRole('status').filter({ hasText: KIOSK_MESSAGES.savedOffline('check-in') });
  // The kiosk takes a code only once it has finished with the last (Enter is ignored while it is busy, and the
  // code stays typed): press Enter until the code is taken, as a person would.
  const codeBox = page.getByLabel('Or type the code on your badge');
  const typeCode = async (code: string) => {
    await codeBox.fill(code);
    await expect(async () => {
      await codeBox.press('Enter');
      await expect(codeBox).toHaveValue('', { timeout: 500 });
    }).toPass();
  };
  // The pupil tries twice: one scan is kept, not two.
  for (let tries = 0; tries < 2; tries += 1) {
    await typeCode(formatBadgeCode(holder.badge.code));
    await expect(saved).toBeVisible();
  }
  // A teacher's school badge, kept too: offline it cannot be told from a pupil's.
  const school = badges.schools.find((candidate) => candidate.badge)!;
  await typeCode(formatBadgeCode(school.badge!.code));
  await expect(status(page)).toHaveText('offline — 2 changes waiting');
  await expect(page.getByText(KIOSK_MESSAGES.schoolBadgeNeedsConnection)).toBeVisible();
  await shootWhenAsked(page, 'kiosk-offline');

  await page.context().setOffline(false);
  // The pupil's scan checks them in; the school's checks nobody in and stays listed for staff to finish.
  await expect(status(page)).toHaveText('all saved', { timeout: 30_000 });
  await expect(page.getByText(OUTBOX_MESSAGES.failed(1))).toBeVisible();
  await expect(page.getByText(KIOSK_OUTBOX_MESSAGES.schoolBadgeKept(school.name))).toBeVisible();
  const [row] = (await deskSearch(admin, holder.name)).players.filter((player) => player.id === holder.id);
  expect(row?.checkedInAt).not.toBeNull();
  expect(row?.source).toBe('offline');
  await admin.dispose();
  dropOfflineNoise(consoleErrors);
});

test('the check-in desk and result entry reloaded while offline open from the copy kept in the tab and go on queueing', async ({
  page,
  site,
  baseURL,
  consoleErrors,
}) => {
  await site.setSetting('checkin_open', true);
  await openAs(page, 'arbiter@demo.test', '/admin/checkin-desk', 'Check-in Desk');
  // The service worker takes the tab over after the first page; from then on the desk's page is kept.
  await serviceWorkerInControl(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Check-in Desk', level: 1 })).toBeVisible();

  // A school's pupils, found while the Wi-Fi works, are in the tab's copy.
  const search = page.getByRole('searchbox', { name: 'Search by name or team' });
  await search.fill('Loreto');
  const buttons = page
    .getByRole('list', { name: 'Players found' })
    .getByRole('button', { name: /^Check in / });
  await expect(buttons.first()).toBeVisible();
  const name = ((await buttons.first().textContent()) ?? '').replace(/^Check in\s*/, '');
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('offline-copy') ?? '')).toContain(name);
  // Result entry, opened once while online, is kept too.
  await page.goto('/admin/match-results');
  await expect(page.getByRole('heading', { name: 'Match Results', level: 1 })).toBeVisible();
  const open = (await boards(page.request)).find((board) => board.result === null)!;
  await expect(page.locator(`li[data-board="${open.board}"]`)).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('offline-copy') ?? ''))
    .toContain('result-entry');
  await page.goto('/admin/checkin-desk');
  await expect(page.getByRole('heading', { name: 'Check-in Desk', level: 1 })).toBeVisible();

  // The Wi-Fi drops and the tablet reloads the page (a pull to refresh, a tab the browser had put to sleep).
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Check-in Desk', level: 1 })).toBeVisible();
  await expect(status(page)).toHaveText('offline — 0 changes waiting');
  await search.fill('Loreto');
  await page.getByRole('button', { name: `Check in ${name}` }).click();
  await expect(status(page)).toHaveText('offline — 1 change waiting');
  await shootWhenAsked(page, 'offline-desk-reloaded');

  // Still offline, the arbiter opens result entry and enters White's win.
  await page.goto('/admin/match-results');
  await expect(page.getByRole('heading', { name: 'Match Results', level: 1 })).toBeVisible();
  const jump = page.getByLabel('Board number');
  await jump.fill(String(open.board));
  await jump.press('Enter');
  await expect(page.locator(`li[data-board="${open.board}"]`)).toBeFocused();
  await page.keyboard.press('1');
  await expect(status(page)).toHaveText('offline — 2 changes waiting');

  // Back online, both go from this page: the desk's check-in too, though the desk is not open (ADR 032).
  await page.context().setOffline(false);
  await expect(status(page)).toHaveText('all saved', { timeout: 60_000 });
  const admin = await staffApi(baseURL!, 'superadmin@demo.test');
  const [row] = (await deskSearch(admin, name)).players.filter((player) => player.name === name);
  expect(row?.checkedInAt).not.toBeNull();
  expect(row?.source).toBe('offline');
  expect((await boards(admin)).find((board) => board.matchId === open.matchId)?.result).toBe('white');
  await admin.dispose();
  dropOfflineNoise(consoleErrors);
});
