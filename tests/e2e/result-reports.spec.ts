import type { Browser, Page } from '@playwright/test';
import { badgeListSchema } from '../../src/contracts/badges';
import { leaderboardResponseSchema } from '../../src/contracts/leaderboard';
import { resultEntryResponseSchema } from '../../src/contracts/match-results';
import { RESULT_REPORT_MESSAGES } from '../../src/contracts/result-reports';
import { systemLogPageSchema } from '../../src/contracts/system-logs';
import { badgeUrl } from '../../src/domain/badges';
import { formatPoints } from '../../src/domain/scoring/results';
import { answering, dismissCookieBanner, expect, test } from './support/fixtures';
import { shootWhenAsked } from './support/screenshots';
import { signInAndWait, staffApi } from './support/session';

/** A phone of its own (375 px) that opened a badge's QR link with its camera, then the report page. */
async function phoneWithBadge(browser: Browser, baseURL: string, token: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 740 },
    isMobile: true,
  });
  // The cookie choice made before the page loads, so its banner does not cover the buttons.
  await context.addInitScript(() =>
    localStorage.setItem(
      'cookie-consent',
      JSON.stringify({ choice: 'declined', date: new Date().toISOString() }),
    ),
  );
  const page = answering(await context.newPage());
  // The badge's QR code holds the kiosk's link (ADR 031); without a staff sign-in it offers the report page.
  await page.goto(badgeUrl(baseURL, token));
  await page.getByRole('link', { name: 'Report my result' }).click();
  return page;
}

/**
 * Results from the players' phones (issue #29, ADR 040): both report the same and the leaderboard counts it; they
 * disagree and the arbiter's queue shows the board, the arbiter settles it; a pupil cannot report another board;
 * a report made offline lands once.
 */
test('two phones confirm a result, a dispute reaches the arbiter, and an offline report lands once', async ({
  browser,
  baseURL,
  page,
}) => {
  test.setTimeout(120_000);
  const admin = await staffApi(baseURL!, 'superadmin@demo.test');
  expect((await admin.post('/api/admin/badges/issue')).ok()).toBe(true);
  const switched = await admin.put('/api/admin/result-reports/settings', {
    data: { enabled: true, captains_may_confirm: true, one_sided_minutes: 5 },
  });
  expect(switched.ok(), await switched.text()).toBe(true);
  const badges = badgeListSchema.parse(await (await admin.get('/api/admin/badges')).json());
  const tokenOf = (name: string) => badges.players.find((holder) => holder.name === name)!.badge!.token;
  const entry = resultEntryResponseSchema.parse(await (await admin.get('/api/admin/match-results')).json());
  const [agreed, disputed, offline] = entry.boards.filter((board) => board.result === null);

  // --- Agreement: both phones press 1-0; the public leaderboard counts it.
  const pointsOf = async (name: string) => {
    const board = leaderboardResponseSchema.parse(await (await admin.get('/api/public/leaderboard')).json());
    return board.players.find((player) => player.name === name)!.halfPoints;
  };
  const whiteBefore = await pointsOf(agreed!.white.name);
  await page.goto('/leaderboard');
  const whiteRow = page.getByRole('row').filter({ hasText: agreed!.white.name });
  await expect(whiteRow).toContainText(formatPoints(whiteBefore));

  const white = await phoneWithBadge(browser, baseURL!, tokenOf(agreed!.white.name));
  const black = await phoneWithBadge(browser, baseURL!, tokenOf(agreed!.black.name));
  await expect(white.getByRole('heading', { name: `Round 3 · Board ${agreed!.board}` })).toBeVisible();
  await white.getByRole('button', { name: '1-0' }).click();
  await expect(white.getByText(RESULT_REPORT_MESSAGES.leavePieces)).toBeVisible();
  await shootWhenAsked(white, 'report-phone-reported');
  await black.getByRole('button', { name: '1-0' }).click();
  const confirmedAt = Date.now();
  await expect(whiteRow).toContainText(formatPoints(whiteBefore + 2), { timeout: 5_000 });
  const tookMs = Date.now() - confirmedAt;
  console.log(`report → leaderboard: ${tookMs} ms`);
  expect(tookMs).toBeLessThan(3_000);
  await expect(black.getByText(`Result: 1-0`)).toBeVisible();

  // --- A pupil cannot report another board: refused by the server, nothing changed.
  const refused = await white.evaluate(
    async ({ token, matchId }) =>
      (
        await fetch('/api/reports', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ credential: token, matchId, result: 'white' }),
        })
      ).status,
    { token: tokenOf(agreed!.white.name), matchId: disputed!.matchId },
  );
  expect(refused).toBe(403);

  // --- Dispute: the arbiter's queue shows the board; one tap settles it.
  const arbiter = answering(await (await browser.newContext({ baseURL })).newPage());
  await arbiter.goto('/login');
  await dismissCookieBanner(arbiter);
  await signInAndWait(arbiter, 'admin@demo.test');
  await arbiter.goto('/admin/result-reports');
  await expect(arbiter.getByRole('heading', { name: 'Reported Results' })).toBeVisible();
  const disputedWhite = await phoneWithBadge(browser, baseURL!, tokenOf(disputed!.white.name));
  const disputedBlack = await phoneWithBadge(browser, baseURL!, tokenOf(disputed!.black.name));
  await disputedWhite.getByRole('button', { name: '1-0' }).click();
  await expect(disputedWhite.getByText(RESULT_REPORT_MESSAGES.leavePieces)).toBeVisible();
  await disputedBlack.getByRole('button', { name: '0-1' }).click();
  await expect(disputedBlack.getByText(RESULT_REPORT_MESSAGES.disputed)).toBeVisible();
  const item = arbiter.getByRole('listitem').filter({ hasText: `Board ${disputed!.board}:` });
  await expect(item).toContainText('Reports differ', { timeout: 3_000 });
  await expect(item).toContainText(disputed!.white.name);
  await shootWhenAsked(arbiter, 'report-arbiter-queue');
  await item.getByRole('button', { name: '½-½' }).click();
  await expect(item).toHaveCount(0);
  // The audit shows the two reports and the arbiter's result.
  const logsOf = async (matchId: string) =>
    systemLogPageSchema
      .parse(await (await admin.get(`/api/admin/system-logs?${new URLSearchParams({ q: matchId })}`)).json())
      .rows.filter((row) => row.metadata.matchId === matchId)
      .map((row) => row.action)
      .sort();
  await expect
    .poll(() => logsOf(disputed!.matchId))
    .toEqual(['report_result', 'report_result', 'update_match_result']);

  // --- Offline: the report waits on the phone and lands once when the connection is back.
  const offlinePhone = await phoneWithBadge(browser, baseURL!, tokenOf(offline!.white.name));
  await expect(
    offlinePhone.getByRole('heading', { name: `Round 3 · Board ${offline!.board}` }),
  ).toBeVisible();
  await offlinePhone.context().setOffline(true);
  await offlinePhone.getByRole('button', { name: '½-½' }).click();
  await expect(offlinePhone.getByText('Saved on this phone')).toBeVisible();
  await offlinePhone.context().setOffline(false);
  await expect(offlinePhone.getByText(RESULT_REPORT_MESSAGES.recorded)).toBeVisible({ timeout: 15_000 });
  // Sent once: nudging the outbox again sends nothing more.
  await offlinePhone.evaluate(() => window.dispatchEvent(new Event('online')));
  await offlinePhone.waitForTimeout(500);
  expect(await logsOf(offline!.matchId)).toEqual(['report_result']);
});
