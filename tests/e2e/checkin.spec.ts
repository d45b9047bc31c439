import type { Page } from '@playwright/test';
import { seriousAxeViolations } from './support/axe';
import { dismissCookieBanner, expect, test } from './support/fixtures';
import { otherDevice, signInAndWait, toast } from './support/session';

const TABLET = { width: 768, height: 1024 };
test.use({ viewport: TABLET });

async function signInTo(page: Page, email: string, path: string, heading: string) {
  await page.goto('/');
  await dismissCookieBanner(page);
  await page.goto('/login');
  await signInAndWait(page, email);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

const checkedInCount = (page: Page) => page.getByTestId('checked-in-count');
const schoolRow = (page: Page, school: string) =>
  page
    .getByRole('region', { name: 'By school' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: school }) });

test('opens check-in, checks a player in, undoes and redoes it on a tablet while the overview follows live', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two devices signing in on a shared machine: more than the default 30 s.
  test.setTimeout(90_000);
  // A second device keeps the overview open the whole time: it must follow without a reload.
  const overview = await otherDevice(browser, baseURL);
  await overview.setViewportSize(TABLET);
  await signInTo(overview, 'admin@demo.test', '/admin/checkin-overview', 'Check-in Overview');
  await expect(checkedInCount(overview)).toHaveText('0');
  await expect(overview.getByText('Nobody is checked in yet')).toBeVisible();

  await signInTo(page, 'superadmin@demo.test', '/admin/checkin-settings', 'Check-in Settings');
  await expect(page.getByRole('status').filter({ hasText: 'Check-in is closed' })).toBeVisible();
  // The switch flips once the request is under way: click, then wait for it.
  await page.getByRole('switch', { name: 'Check-in open' }).click();
  await expect(page.getByRole('switch', { name: 'Check-in open' })).toBeChecked();
  await expect(toast(page, 'Check-in opened')).toBeVisible();
  await expect(page.getByText('Check-in is open', { exact: true })).toBeVisible();
  // The overview hears of it too.
  await expect(overview.getByText('Check-in open', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Check-in Desk', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Check-in Desk', level: 1 })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search by name or team' });
  await expect(search).toBeFocused();
  await search.fill('polgar kevin');
  const checkIn = page.getByRole('button', { name: 'Check in Judit Polgár' });
  await expect(checkIn).toBeVisible();
  await expect(page.getByRole('list', { name: 'Players found' }).getByRole('listitem')).toHaveCount(1);
  // Big touch targets: at least 48 px high.
  expect((await checkIn.boundingBox())?.height).toBeGreaterThanOrEqual(48);

  await checkIn.click();
  const lastAction = page.getByRole('status').filter({ hasText: 'Judit Polgár checked in' });
  await expect(lastAction).toBeVisible();
  await expect(checkedInCount(page)).toHaveText('1');
  await expect(page.getByText(/Checked in \d\d:\d\d/)).toBeVisible();
  await expect(checkedInCount(overview)).toHaveText('1');
  await expect(schoolRow(overview, "St Kevin's")).toContainText('1 / 8');
  await expect(overview.getByRole('list', { name: 'Players not checked in' })).not.toContainText(
    'Judit Polgár',
  );
  await expect(overview.getByText('The next pairing will use the 1 checked-in player.')).toBeVisible();

  // Undo the last action from the bar under the search box.
  const undo = lastAction.getByRole('button', { name: 'Undo' });
  expect((await undo.boundingBox())?.height).toBeGreaterThanOrEqual(48);
  await undo.click();
  await expect(page.getByRole('button', { name: 'Check in Judit Polgár' })).toBeVisible();
  await expect(checkedInCount(page)).toHaveText('0');
  await expect(checkedInCount(overview)).toHaveText('0');
  await expect(overview.getByRole('list', { name: 'Players not checked in' })).toContainText('Judit Polgár');

  // And check in again: the search text is selected, ready for the next arrival.
  await page.getByRole('button', { name: 'Check in Judit Polgár' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Judit Polgár checked in' })).toBeVisible();
  await expect(checkedInCount(page)).toHaveText('1');
  await expect(checkedInCount(overview)).toHaveText('1');
  await expect(schoolRow(overview, "St Kevin's")).toContainText('1 / 8');
  await search.pressSequentially('tal');
  await expect(search).toHaveValue('tal');
  await expect(page.getByRole('button', { name: 'Check in Mikhail Tal' })).toBeVisible();
  await overview.context().close();
});

test('a desk cannot check in while check-in is closed, and corrects a name', async ({ page }) => {
  await signInTo(page, 'arbiter@demo.test', '/admin/checkin-desk', 'Check-in Desk');
  await expect(page.getByText('Check-in is closed.')).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search by name or team' });
  await search.fill('menchik');
  await expect(page.getByRole('button', { name: 'Check in Vera Menchik' })).toBeDisabled();

  await page.getByRole('button', { name: 'Edit name of Vera Menchik' }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct the name' });
  await dialog.getByLabel('Player name').fill('   ');
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await expect(dialog.getByText('Enter the player’s name')).toBeVisible();
  await dialog.getByLabel('Player name').fill('Vera Francevna Menchik');
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await expect(toast(page, 'Name changed to Vera Francevna Menchik')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Check in Vera Francevna Menchik' })).toBeDisabled();
});

test('the check-in pages have no serious accessibility violations', async ({ page, site }) => {
  test.setTimeout(60_000);
  await site.setSetting('checkin_open', true);
  await signInTo(page, 'superadmin@demo.test', '/admin/checkin-desk', 'Check-in Desk');
  await page.getByRole('searchbox', { name: 'Search by name or team' }).fill('kevin');
  await page.getByRole('button', { name: 'Check in Judit Polgár' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Judit Polgár checked in' })).toBeVisible();
  for (const path of ['/admin/checkin-desk', '/admin/checkin-overview', '/admin/checkin-settings']) {
    if (!page.url().endsWith(path)) await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('checked-in-count').or(page.getByRole('switch'))).toBeVisible();
    expect(await seriousAxeViolations(page), path).toEqual([]);
  }
});
