import { expect, test } from './support/fixtures';

test('finds a player from the query parameter: board, colour, opponent, then results', async ({ page }) => {
  const api = await (await page.request.get('/api/public/players?name=judit')).json();
  const judit = api.players[0];
  await page.goto('/player-lookup?name=judit');
  await expect(page.getByRole('searchbox').or(page.getByRole('textbox')).first()).toHaveValue('judit');
  const result = page.getByRole('article', { name: 'Judit Polgár' });
  const board = result.locator('dt', { hasText: /^Board$/ }).locator('xpath=following-sibling::dd[1]');
  await expect(board).toHaveText(String(judit.current.board));
  await expect(result).toContainText(judit.current.colour === 'white' ? 'White' : 'Black');
  await expect(result).toContainText(judit.current.opponent.name);
  // Then the results so far, round by round.
  const history = result.getByRole('table');
  await expect(history.getByRole('row')).toHaveCount(1 + judit.history.length);
  for (const round of judit.history) await expect(history).toContainText(round.opponent.name);
});

test('searching from the form updates the address', async ({ page }) => {
  await page.goto('/player-lookup');
  await page.getByRole('searchbox').or(page.getByRole('textbox')).first().fill('carlsen');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/name=carlsen/);
  await expect(page.getByRole('article', { name: 'Magnus Carlsen' })).toBeVisible();
});
