import type { APIRequestContext, Page } from '@playwright/test';
import { dismissCookieBanner, expect, test } from './support/fixtures';
import { shootWhenAsked } from './support/screenshots';
import { staffApi } from './support/session';

/** A player of the demo with a board, colour and opponent this round. */
async function playerWithBoard(request: APIRequestContext) {
  const roster = (await (await request.get('/api/public/roster')).json()) as { players: { name: string }[] };
  for (const { name } of roster.players) {
    const lookup = await (await request.get(`/api/public/players?name=${encodeURIComponent(name)}`)).json();
    const player = lookup.players.find(
      (entry: {
        name: string;
        current: { board: number | null; opponent: { name: string } | null } | null;
      }) => entry.name === name && entry.current?.board && entry.current.opponent,
    );
    if (player) return player as { name: string; current: { board: number; opponent: { name: string } } };
  }
  throw new Error('no player of the demo has a board this round');
}

/**
 * Layout shifts from the first paint on, summed as the browser reports them (CLS without session windows). Each
 * shift's moved elements are kept, so a failure says what moved.
 */
async function watchLayoutShifts(page: Page) {
  type Shift = { value: number; moved: string[] };
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { layoutShifts: Shift[] }).layoutShifts = shifts;
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return String(node?.nodeName);
      const label = node.getAttribute('aria-label') ?? node.textContent?.trim().slice(0, 40) ?? '';
      return `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).split(' ')[0]}` : ''} "${label}"`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          moved: (entry.sources ?? []).map((source) => describe(source.node)),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return async () => {
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
    return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
  };
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the leaderboard shows the standings', async ({ page, request }) => {
    const standings = (await (await request.get('/api/public/leaderboard')).json()) as {
      players: { name: string }[];
    };
    await page.goto('/leaderboard');
    const table = page.getByRole('table', { name: /^Player standings: / });
    await expect(table.getByRole('row')).toHaveCount(standings.players.length + 1);
    await expect(table.getByRole('row').nth(1)).toContainText(standings.players[0]?.name ?? '');
    await expect(table.getByRole('row').last()).toContainText(standings.players.at(-1)?.name ?? '');
    // Nothing is stored without scripts: no cookie question. On a phone the menu a script opens is open.
    await expect(page.getByRole('region', { name: 'Cookies on this site' })).toBeHidden();
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Player Lookup' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  });

  test('a pupil withdrawn after playing stays on the leaderboard with the points won, tagged', async ({
    page,
    request,
    baseURL,
  }) => {
    type Row = { name: string; rank: number; halfPoints: number; withdrawn: boolean };
    const board = async () =>
      ((await (await request.get('/api/public/leaderboard')).json()) as { players: Row[] }).players;
    const leader = (await board())[0]!;
    const admin = await staffApi(baseURL!, 'superadmin@demo.test');
    const found = (await (
      await admin.get(`/api/admin/player-management/players?search=${encodeURIComponent(leader.name)}`)
    ).json()) as { players: { id: string; name: string }[] };
    const player = found.players.find((entry) => entry.name === leader.name)!;
    expect(
      (await admin.post(`/api/admin/player-management/players/${player.id}/withdraw`, { data: {} })).ok(),
    ).toBe(true);
    await admin.dispose();

    // The public data follows the change within moments (the snapshot is read again on the change's notice).
    await expect
      .poll(async () => (await board()).find((row) => row.name === leader.name))
      .toMatchObject({ withdrawn: true, halfPoints: leader.halfPoints });
    const after = (await board()).find((row) => row.name === leader.name)!;
    // The player lookup says the same of the player.
    const lookup = (await (
      await request.get(`/api/public/players?name=${encodeURIComponent(leader.name)}`)
    ).json()) as { players: Row[] };
    expect(lookup.players.find((entry) => entry.name === leader.name)).toMatchObject({
      withdrawn: true,
      rank: after.rank,
    });
    // The drawn page (no scripts here) shows it in the player's row, and in nobody else's.
    await page.goto('/leaderboard');
    const table = page.getByRole('table', { name: /^Player standings: / });
    await expect(table.getByRole('rowheader', { name: new RegExp(leader.name) })).toContainText('Withdrawn');
    await expect(table.getByText('Withdrawn', { exact: true })).toHaveCount(1);
  });

  test("the player lookup shows a player's board, and its search works", async ({ page, request }) => {
    const player = await playerWithBoard(request);
    await page.goto('/player-lookup');
    await page.getByLabel('Player name').fill(player.name);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/player-lookup\?name=/);
    const card = page.getByRole('article').filter({ hasText: player.name }).first();
    await expect(card).toContainText(player.current.opponent.name);
    await expect(card).toContainText(String(player.current.board));
  });

  test('the home page shows the current round and the leading players', async ({ page, request }) => {
    const home = (await (await request.get('/api/public/home')).json()) as {
      featuredPlayers: { name: string }[];
      currentRound: { boards: { white: { name: string } | null }[] };
    };
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Current Round', exact: true })).toContainText(
      home.currentRound.boards[0]?.white?.name ?? '',
    );
    await expect(page.getByText(home.featuredPlayers[0]?.name ?? '').first()).toBeVisible();
  });
});

test('a drawn page is taken over without anything moving, a broadcast included, then follows live updates', async ({
  page,
  site,
  baseURL,
}) => {
  // A broadcast is on, as on a tournament day: its banner comes after the take-over and must move nothing.
  const admin = await staffApi(baseURL!, 'superadmin@demo.test');
  const message = 'Round 4 starts in 10 minutes';
  const sent = await admin.post('/api/admin/broadcasts', {
    data: {
      message,
      audience: 'everyone',
      style: 'warning',
      dismissable: false,
      endsAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  await admin.dispose();

  const shifts = await watchLayoutShifts(page);
  await page.goto('/leaderboard');
  // Taken over: the session is the browser's to ask (the sign-in link appears), and the tabs answer.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In / Register' }),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: message })).toBeVisible();
  await page.getByRole('tab', { name: 'School standings' }).click();
  await expect(page.getByRole('table', { name: /^School team standings/ })).toBeVisible();
  // Nothing on screen moved on the way.
  const { total, shifts: moved } = await shifts();
  console.log(`layout shift while taking over /leaderboard: ${total.toFixed(4)} ${JSON.stringify(moved)}`);
  expect(total, JSON.stringify(moved)).toBeLessThanOrEqual(0.02);
  await shootWhenAsked(page, 'leaderboard-broadcast');

  await site.setSetting('leaderboard_visible', false);
  await expect(page.getByText('Player rankings are currently not visible.').first()).toBeVisible();
});

test('the cookie banner is in the drawn page, and hidden before the first paint once chosen', async ({
  page,
  request,
}) => {
  expect(await (await request.get('/leaderboard')).text()).toContain('Cookies on this site');
  await page.goto('/leaderboard');
  const banner = page.getByRole('region', { name: 'Cookies on this site' });
  await expect(banner).toBeVisible();
  await dismissCookieBanner(page);
  // With the page's code withheld, only the inline theme script runs: it hides the banner before the first paint.
  await page.route('**/assets/*.js', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  );
  await page.goto('/leaderboard', { waitUntil: 'load' });
  await expect(page.getByRole('table', { name: /^Player standings: / })).toBeVisible();
  await expect(banner).toBeHidden();
});
