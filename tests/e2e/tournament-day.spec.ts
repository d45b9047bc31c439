/**
 * Issue #5 "Done when": a small tournament run through the UI from creation to final standings, while a
 * visitor's leaderboard (another browser, not signed in) follows every result without a reload; the final
 * standings are then recomputed by the domain from the stored games and byes and compared with the page.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { resultEntryResponseSchema } from '../../src/contracts/match-results';
import { roundDetailSchema } from '../../src/contracts/round-management';
import {
  formatPoints,
  halfPointsFor,
  halfPointsForBye,
  type MatchResult,
} from '../../src/domain/scoring/results';
import { FIDE_TIEBREAK_ORDER, tiebreakRuleText } from '../../src/domain/scoring/tiebreak-keys';
import { formatTiebreak } from '../../src/domain/scoring/tiebreaks';
import { computeStandings, type StandingsInput } from '../../src/domain/standings/individual';
import { answering, dismissCookieBanner, expect, test } from './support/fixtures';
import { otherDevice, signInAndWait, toast } from './support/session';

const TOURNAMENT = 'Tournament Day Journey';
const ROUNDS = 3;
const TABLET = { width: 768, height: 1024 };
/** "Within a second" is the target; a shared, busy test machine gets a margin. */
const LIVE_TIMEOUT = 10_000;

/** Three schools with an A and a B team each; pupils are labelled, not named. */
const ENTRIES = [
  { name: 'Pupil 01', team: "St Kevin's A", rating: 1850 },
  { name: 'Pupil 02', team: "St Kevin's A", rating: 1540 },
  { name: 'Pupil 03', team: "St Kevin's B", rating: 1720 },
  { name: 'Pupil 04', team: "St Kevin's B", rating: 1410 },
  { name: 'Pupil 05', team: 'Loreto A', rating: 1790 },
  { name: 'Pupil 06', team: 'Loreto A', rating: 1480 },
  { name: 'Pupil 07', team: 'Loreto B', rating: 1660 },
  { name: 'Pupil 08', team: 'Loreto B', rating: 1350 },
  { name: 'Pupil 09', team: 'Belvedere A', rating: 1600 },
  { name: 'Pupil 10', team: 'Belvedere A', rating: 1290 },
  { name: 'Pupil 11', team: 'Belvedere B', rating: 1570 },
  { name: 'Pupil 12', team: 'Belvedere B', rating: null },
] as const;
/** Never arrives at the desk: must never be paired. */
const ABSENT = 'Pupil 12';
const TEAMS = [...new Set(ENTRIES.map((entry) => entry.team))];

const CSV = `name,team,rating,club\r\n${ENTRIES.map(
  (entry) => `${entry.name},${entry.team},${entry.rating ?? ''},`,
).join('\r\n')}\r\n`;

/** How each result is entered: the key on a focused board, the button's accessible name on a tablet. */
const ENTRY: Record<'white' | 'draw' | 'black', { key: string; button: RegExp }> = {
  white: { key: '1', button: /^White won/ },
  draw: { key: '=', button: /^Draw/ },
  black: { key: '0', button: /^Black won/ },
};
const PATTERN = ['white', 'draw', 'black'] as const;

/** With SHOTS_DIR set, a full-page screenshot for the report. */
async function shoot(page: Page, name: string): Promise<void> {
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}

/** Rows of a read-only query on the test database (GET /__e2e/sql). */
async function readRows<T>(request: APIRequestContext, statement: string): Promise<T[]> {
  const response = await request.get('/__e2e/sql', { params: { statement } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { rows: T[] }).rows;
}

/** Console errors of a page the fixture does not watch (the extra browsers). */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function signedInDevice(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await browser.newContext({ baseURL, viewport: TABLET, hasTouch: true });
  const page = answering(await context.newPage());
  const errors = watchConsole(page);
  await page.goto('/');
  await dismissCookieBanner(page);
  await signInAndWait(page, email);
  return { page, errors };
}

/** The visitor's standings table: every row as the cells show it, keyed by the column headers. */
async function readStandings(viewer: Page): Promise<Record<string, string>[]> {
  return viewer.getByRole('table', { name: /^Player standings: / }).evaluate((table) => {
    const headers = [...table.querySelectorAll('thead th')].map((cell) => cell.textContent?.trim() ?? '');
    return [...table.querySelectorAll('tbody tr')].map((row) => {
      const entry: Record<string, string> = {};
      [...row.children].forEach((cell, index) => {
        // A medal shows the rank once for the eye and once, with the medal's name, for screen readers.
        const shown = cell.querySelector('[aria-hidden="true"]') ?? cell.querySelector('a') ?? cell;
        entry[headers[index] ?? String(index)] = shown.textContent?.trim() ?? '';
      });
      return entry;
    });
  });
}

test('tournament day: create, import, check in on a tablet, three rounds of results live on the public leaderboard, final standings as the domain computes them', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const started = Date.now();
  const latencies: number[] = [];

  // 1. The organiser creates a three-round tournament and activates it.
  await page.goto('/');
  await dismissCookieBanner(page);
  await signInAndWait(page, 'superadmin@demo.test');
  await page.goto('/admin/tournament-management');
  await page.getByRole('button', { name: 'Create tournament' }).click();
  const create = page.getByRole('dialog', { name: 'Create a tournament' });
  await create.getByLabel('Tournament name').fill(TOURNAMENT);
  await create.getByLabel('Venue').fill('Sports Hall');
  await create.getByLabel('Start date').fill('2026-11-28');
  await create.getByLabel('End date').fill('2026-11-28');
  await create.getByLabel('Number of rounds').fill(String(ROUNDS));
  // Not the default (points, then rating): the FIDE Swiss order, chosen before round 1, so its values show.
  await create
    .getByRole('group', { name: 'Tie-break order' })
    .getByRole('button', { name: 'FIDE Swiss order' })
    .click();
  await create.getByRole('button', { name: 'Create tournament' }).click();
  await expect(
    toast(page, `Tournament "${TOURNAMENT}" created successfully with ${ROUNDS} rounds`),
  ).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(TOURNAMENT) });
  await row.getByRole('button', { name: `Activate ${TOURNAMENT}` }).click();
  await page
    .getByRole('dialog', { name: `Activate ${TOURNAMENT}?` })
    .getByRole('button', { name: 'Activate', exact: true })
    .click();
  await expect(toast(page, 'Tournament activated successfully')).toBeVisible();
  await expect(row).toContainText('Active');

  // 2. Twelve players from a CSV file, through the file input.
  await page.goto('/admin/player-management');
  await expect(page.getByRole('status').filter({ hasText: '0 players · 0 active' })).toBeVisible();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import players from CSV' });
  await importDialog.getByLabel('CSV file').setInputFiles({
    name: 'tournament-day.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV),
  });
  await expect(importDialog.getByText(`${ENTRIES.length} players ready to import.`)).toBeVisible();
  await importDialog.getByRole('button', { name: `Import ${ENTRIES.length} players` }).click();
  await expect(toast(page, `${ENTRIES.length} players imported`)).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: `${ENTRIES.length} players · ${ENTRIES.length} active` }),
  ).toBeVisible();

  // A visitor opens the public leaderboard now and keeps it open, never reloading, until the end.
  const viewer = await otherDevice(browser, baseURL);
  const viewerErrors = watchConsole(viewer);
  await viewer.goto('/leaderboard');
  const standings = viewer.getByRole('table', { name: /^Player standings: / });
  await expect(standings.locator('tbody tr')).toHaveCount(ENTRIES.length);
  const pointsColumn = (await standings.locator('thead th').allTextContents())
    .map((text) => text.trim())
    .indexOf('Pts');
  expect(pointsColumn).toBeGreaterThan(0);
  const pointsOf = (name: string) =>
    standings
      .locator('tbody tr')
      .filter({ has: viewer.getByRole('link', { name, exact: true }) })
      .locator('th, td')
      .nth(pointsColumn);
  /** Half-points per player as this test entered them: what the visitor must see. */
  const expected = new Map<string, number>(ENTRIES.map((entry) => [entry.name, 0]));
  const gain = (name: string, halfPoints: number) => expected.set(name, expected.get(name)! + halfPoints);

  // 3. Check-in opens; a tablet at the desk checks in everyone but one, team by team, by tapping.
  await page.goto('/admin/checkin-settings');
  // The switch flips once the request is under way: click, then wait for it.
  await page.getByRole('switch', { name: 'Check-in open' }).click();
  await expect(page.getByRole('switch', { name: 'Check-in open' })).toBeChecked();
  await expect(toast(page, 'Check-in opened')).toBeVisible();
  const tablet = await signedInDevice(browser, baseURL, 'admin@demo.test');
  const desk = tablet.page;
  await desk.goto('/admin/checkin-desk');
  await expect(desk.getByRole('heading', { name: 'Check-in Desk', level: 1 })).toBeVisible();
  await expect(desk.getByTestId('checked-in-count')).toHaveText('0');
  const search = desk.getByRole('searchbox', { name: 'Search by name or team' });
  let checkedIn = 0;
  for (const team of TEAMS) {
    await search.fill(team);
    for (const entry of ENTRIES.filter((candidate) => candidate.team === team)) {
      if (entry.name === ABSENT) {
        await expect(desk.getByRole('button', { name: `Check in ${entry.name}` })).toBeEnabled();
        continue;
      }
      await desk.getByRole('button', { name: `Check in ${entry.name}` }).tap();
      await expect(desk.getByRole('status').filter({ hasText: `${entry.name} checked in` })).toBeVisible();
      await expect(desk.getByRole('button', { name: `Undo ${entry.name}` })).toBeVisible();
      checkedIn += 1;
      await expect(desk.getByTestId('checked-in-count')).toHaveText(String(checkedIn));
    }
  }
  expect(checkedIn).toBe(ENTRIES.length - 1);
  await shoot(desk, 'checkin-desk-768');

  /** Every result entered, by round and board, to compare with what was stored. */
  const entered = new Map<string, MatchResult>();

  // 4. Three rounds: pair, start, enter every result, complete.
  for (let number = 1; number <= ROUNDS; number += 1) {
    await page.goto('/admin/round-management');
    const roundItem = page.getByRole('listitem', { name: `Round ${number}`, exact: true });
    await roundItem.getByRole('button', { name: `Generate pairings for Round ${number}` }).click();
    await expect(toast(page, `Pairings generated for Round ${number}`)).toContainText(
      `${ENTRIES.length - 1} checked-in players paired`,
    );
    // Eleven players: five boards and a pairing bye; the absent player is in neither.
    const boardList = page.getByRole('list', { name: `Round ${number} boards` });
    await expect(boardList.getByRole('listitem')).toHaveCount(5);
    const detailResponse = await page.request.get(`/api/admin/rounds/${number}`);
    expect(detailResponse.ok()).toBe(true);
    const detail = roundDetailSchema.parse(await detailResponse.json());
    expect(detail.byes).toHaveLength(1);
    const bye = detail.byes[0]!;
    expect(bye.kind).toBe('pairing');
    const byes = page.getByRole('region', { name: 'Byes and absences' });
    await expect(byes).toContainText(bye.player.name);
    await expect(byes).toContainText('Pairing bye (1 point)');
    await expect(boardList).not.toContainText(ABSENT);
    await expect(byes).not.toContainText(ABSENT);
    // A paired round that has not started counts nowhere: the bye's point is not on the leaderboard yet.
    const before = expected.get(bye.player.name) ?? 0;
    await expect(pointsOf(bye.player.name)).toHaveText(formatPoints(before), { timeout: LIVE_TIMEOUT });

    await roundItem.getByRole('button', { name: `Start round ${number}` }).click();
    await expect(toast(page, `Round ${number} started successfully`)).toBeVisible();
    await expect(roundItem.getByText('In Progress')).toBeVisible();
    // Once the round is under way, the bye's point is on the public leaderboard.
    gain(bye.player.name, halfPointsForBye(bye.kind));
    await expect(pointsOf(bye.player.name)).toHaveText(formatPoints(expected.get(bye.player.name)!), {
      timeout: LIVE_TIMEOUT,
    });

    // Rounds 1 and 3 by keyboard at the laptop, round 2 by tapping on the tablet.
    const byTouch = number === 2;
    const desk2 = byTouch ? desk : page;
    await desk2.goto('/admin/match-results');
    await expect(desk2.getByRole('heading', { name: 'Match Results', level: 1 })).toBeVisible();
    const entryResponse = await desk2.request.get('/api/admin/match-results');
    expect(entryResponse.ok()).toBe(true);
    const entry = resultEntryResponseSchema.parse(await entryResponse.json());
    expect(entry.round).toEqual({ number, status: 'active' });
    expect(entry.boards).toHaveLength(5);
    await expect(desk2.getByText(`0 / ${entry.boards.length}`)).toBeVisible();
    const jump = desk2.getByLabel('Board number');

    for (const [index, board] of entry.boards.entries()) {
      const result = PATTERN[(index + number) % PATTERN.length]!;
      const boardRow = desk2.locator(`li[data-board="${board.board}"]`);
      // Before: the visitor shows the points so far (checks the previous updates all arrived).
      const gainer = result === 'black' ? board.black.name : board.white.name;
      await expect(pointsOf(gainer)).toHaveText(formatPoints(expected.get(gainer)!), {
        timeout: LIVE_TIMEOUT,
      });
      const sent = Date.now();
      if (byTouch) {
        await boardRow.getByRole('button', { name: ENTRY[result].button }).tap();
      } else {
        await jump.fill(String(board.board));
        await jump.press('Enter');
        await expect(boardRow).toBeFocused();
        await desk2.keyboard.press(ENTRY[result].key);
      }
      await expect(boardRow.getByRole('button', { name: ENTRY[result].button })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(desk2.getByText(`${index + 1} / ${entry.boards.length}`)).toBeVisible();
      gain(board.white.name, halfPointsFor(result, 'white'));
      gain(board.black.name, halfPointsFor(result, 'black'));
      entered.set(`${number}:${board.board}`, result);
      // The visitor sees it without a reload.
      await expect(pointsOf(gainer)).toHaveText(formatPoints(expected.get(gainer)!), {
        timeout: LIVE_TIMEOUT,
      });
      latencies.push(Date.now() - sent);
    }
    await expect(desk2.getByText(`${entry.boards.length} / ${entry.boards.length}`)).toBeVisible();
    await shoot(desk2, `match-results-round-${number}`);

    await page.goto('/admin/round-management');
    await roundItem.getByRole('button', { name: `Complete round ${number}` }).click();
    await expect(toast(page, `Round ${number} completed successfully`)).toBeVisible();
    await expect(roundItem.getByText('Completed')).toBeVisible();
    await expect(
      viewer.getByRole('table', { name: new RegExp(`^Player standings: After round ${number}\\b`) }),
    ).toBeVisible({
      timeout: LIVE_TIMEOUT,
    });
  }

  // 5. What was stored is what was entered, and the absent player was never paired.
  const [tournament] = await readRows<{ id: string }>(
    page.request,
    `select id from tournaments where active and name = '${TOURNAMENT}'`,
  );
  expect(tournament).toBeDefined();
  const where = `where tournament_id = '${tournament!.id}'`;
  const players = await readRows<{
    id: string;
    name: string;
    rating: number | null;
    group_name: string | null;
    active: boolean;
  }>(page.request, `select id, name, rating, group_name, active from players ${where}`);
  const games = await readRows<{
    round_number: number;
    board_number: number;
    white_player_id: string;
    black_player_id: string;
    result: MatchResult | null;
  }>(
    page.request,
    `select round_number, board_number, white_player_id, black_player_id, result from matches ${where}`,
  );
  const byeRows = await readRows<{ round_number: number; player_id: string; kind: 'pairing' }>(
    page.request,
    `select round_number, player_id, kind from round_byes ${where}`,
  );
  expect(players).toHaveLength(ENTRIES.length);
  expect(games).toHaveLength(5 * ROUNDS);
  expect(byeRows).toHaveLength(ROUNDS);
  expect(
    Object.fromEntries(games.map((game) => [`${game.round_number}:${game.board_number}`, game.result])),
  ).toEqual(Object.fromEntries(entered));
  const absent = players.find((player) => player.name === ABSENT)!;
  expect(games.filter((game) => [game.white_player_id, game.black_player_id].includes(absent.id))).toEqual(
    [],
  );
  expect(byeRows.filter((bye) => bye.player_id === absent.id)).toEqual([]);

  // 6. The final standings, recomputed from scratch by the domain, are what the visitor's page shows.
  const input: StandingsInput = {
    players: players.map((player) => ({
      id: player.id,
      name: player.name,
      rating: player.rating,
      groupName: player.group_name,
      active: player.active,
    })),
    games: games.map((game) => ({
      roundNumber: game.round_number,
      whiteId: game.white_player_id,
      blackId: game.black_player_id,
      result: game.result,
    })),
    byes: byeRows.map((bye) => ({ roundNumber: bye.round_number, playerId: bye.player_id, kind: bye.kind })),
  };
  // The tournament was created with the FIDE Swiss order (domain/scoring/tiebreak-keys.ts).
  const domainRows = computeStandings(input, FIDE_TIEBREAK_ORDER);
  await expect(viewer.getByText(tiebreakRuleText(FIDE_TIEBREAK_ORDER))).toBeVisible();
  const expectedTable = domainRows.map((row) => ({
    Rank: String(row.rank),
    Player: row.player.name,
    'School / Team': row.player.groupName ?? 'No Group',
    Rating: String(row.player.rating ?? '–'),
    Pts: formatPoints(row.halfPoints),
    'BH-C1': formatTiebreak('buchholz_cut1', row.tiebreaks.buchholz_cut1),
    BH: formatTiebreak('buchholz', row.tiebreaks.buchholz),
    SB: formatTiebreak('sonneborn_berger', row.tiebreaks.sonneborn_berger),
    DE: formatTiebreak('direct_encounter', row.tiebreaks.direct_encounter),
    WIN: formatTiebreak('wins', row.tiebreaks.wins),
    'W / D / L': `${row.wins} / ${row.draws} / ${row.losses}`,
  }));
  expect(await readStandings(viewer)).toEqual(expectedTable);
  await shoot(viewer, 'final-leaderboard');
  // And the points the test kept while entering agree with the domain's.
  expect(Object.fromEntries(domainRows.map((row) => [row.player.name, row.halfPoints]))).toEqual(
    Object.fromEntries(expected),
  );
  // The absent player is ranked with no points and no games.
  expect(expectedTable.find((entry) => entry.Player === ABSENT)).toMatchObject({
    Pts: '0',
    'W / D / L': '0 / 0 / 0',
  });

  expect(viewerErrors, 'console errors on the public leaderboard').toEqual([]);
  expect(tablet.errors, 'console errors on the tablet').toEqual([]);
  latencies.sort((a, b) => a - b);
  test.info().annotations.push({
    type: 'timing',
    description: `journey ${Math.round((Date.now() - started) / 1000)} s; result → visitor's leaderboard: median ${latencies[Math.floor(latencies.length / 2)]} ms, max ${latencies[latencies.length - 1]} ms over ${latencies.length} results`,
  });
  console.log(test.info().annotations.at(-1)?.description);
  await viewer.context().close();
  await desk.context().close();
});
