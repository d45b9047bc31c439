import { expect, test } from './support/fixtures';

test('finds a player from the query parameter: board, colour, opponent, then results', async ({ page }) => {
  const api = await (await page.request.get('/api/public/players?name=judit')).json();
  const judit = api.players[0];
  await page.goto('/player-lookup?name=judit');
  await expect(page.getByRole('searchbox').or(page.getByRole('textbox')).first()).toHaveValue('judit');
  const result = page.getByRole('article').filter({ hasText: 'Judit Polgár' });
  await expect(result).toContainText(`Board ${judit.current.board}`);
  await expect(result).toContainText(judit.current.colour === 'white' ? 'White' : 'Black');
  await expect(result).toContainText(judit.current.opponent.name);
  await expect(result).toContainText('Round 1');
  await expect(result).toContainText('Round 2');
});

test('searching from the form updates the address', async ({ page }) => {
  await page.goto('/player-lookup');
  await page.getByRole('searchbox').or(page.getByRole('textbox')).first().fill('carlsen');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/name=carlsen/);
  await expect(page.getByRole('article').filter({ hasText: 'Magnus Carlsen' })).toBeVisible();
});
