import { dismissCookieBanner, expect, test } from './support/fixtures';
import { signInAndWait, toast } from './support/session';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await dismissCookieBanner(page);
  await signInAndWait(page, 'superadmin@demo.test');
  await page.goto('/admin/player-management');
  await expect(page.getByRole('heading', { level: 1, name: 'Player Management' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '56 players · 56 active' })).toBeVisible();
});

const players = (page: import('@playwright/test').Page) => page.getByRole('list', { name: 'Players' });
const rowOf = (page: import('@playwright/test').Page, name: string) =>
  players(page).getByTestId('player-row').filter({ hasText: name });

test('add a late entry, withdraw and re-activate them', async ({ page }) => {
  await page.getByRole('button', { name: 'Add player' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a player' });
  await dialog.getByLabel('Name').fill('Late Arrival');
  await dialog.getByLabel('Team').fill("St Kevin's A");
  await dialog.getByLabel('Rating').fill('12x');
  await dialog.getByRole('button', { name: 'Add player' }).click();
  await expect(dialog.getByText('The rating must be a whole number')).toBeVisible();
  await dialog.getByLabel('Rating').fill('1234');
  await dialog.getByRole('button', { name: 'Add player' }).click();
  await expect(toast(page, 'Late Arrival added')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: '57 players · 57 active' })).toBeVisible();
  await expect(rowOf(page, 'Late Arrival')).toContainText("St Kevin's A · Rating 1234");

  // Withdraw asks first.
  await page.getByLabel('Search by name or team').fill('late arrival');
  await expect(players(page).getByTestId('player-row')).toHaveCount(1);
  await rowOf(page, 'Late Arrival').getByRole('button', { name: 'Withdraw Late Arrival' }).click();
  const confirm = page.getByRole('dialog', { name: 'Withdraw Late Arrival?' });
  await expect(confirm).toContainText('Their results stay in the standings');
  await confirm.getByRole('button', { name: 'Withdraw player' }).click();
  await expect(toast(page, 'Late Arrival withdrawn')).toBeVisible();
  await expect(rowOf(page, 'Late Arrival')).toContainText('Withdrawn');

  await rowOf(page, 'Late Arrival').getByRole('button', { name: 'Re-activate Late Arrival' }).click();
  await expect(toast(page, 'Late Arrival is active again')).toBeVisible();
  await expect(rowOf(page, 'Late Arrival')).not.toContainText('Withdrawn');
  await expect(
    rowOf(page, 'Late Arrival').getByRole('button', { name: 'Withdraw Late Arrival' }),
  ).toBeVisible();
});

test('import a small CSV through the file input, then export the players', async ({ page }) => {
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import players from CSV' });

  // A file with a problem: shown by line, and the import stays disabled.
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('name;team;rating\nNew Pupil;Harbour School A;abc\n'),
  });
  await expect(dialog.getByRole('list', { name: 'Problems' })).toContainText(
    'Line 2: rating "abc" must be a whole number from 0 to 3500',
  );
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'players.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      '\uFEFFname,team,rating,club\r\n"Byrne, Aoife",Harbour School A,1510,\r\nCian Walsh,Harbour School A,,Bay Club\r\n',
    ),
  });
  await expect(dialog.getByText('2 players ready to import.')).toBeVisible();
  // The school the name rule reads from the team names, for the arbiter to confirm (ADR 012).
  await expect(dialog.getByRole('region', { name: 'Schools read from the team names' })).toContainText(
    'Harbour Schoolnew schoolHarbour School A',
  );
  await dialog.getByRole('button', { name: 'Import 2 players' }).click();
  await expect(toast(page, '2 players imported')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '58 players · 58 active' })).toBeVisible();
  await page.getByLabel('Search by name or team').fill('harbour');
  await expect(players(page).getByTestId('player-row')).toHaveCount(2);
  await expect(rowOf(page, 'Byrne, Aoife')).toContainText('Harbour School A · Rating 1510');
  await expect(rowOf(page, 'Cian Walsh')).toContainText('Unrated · Bay Club');

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('players-schools-team-chess-championship-2025.csv');
  const path = await download.path();
  const text = (await import('node:fs')).readFileSync(path, 'utf8');
  expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
    'id,name,team,rating,club,active,points,checked_in',
  );
  expect(text).toContain('"Byrne, Aoife",Harbour School A,1510,,true,0,false');
  expect(text.trim().split('\r\n')).toHaveLength(59);
});
