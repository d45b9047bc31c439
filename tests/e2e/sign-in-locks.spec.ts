import { seriousAxeViolations } from './support/axe';
import { dismissCookieBanner, expect, test } from './support/fixtures';
import { shootBothWidths } from './support/screenshots';
import { otherDevice, signIn, signInAndWait, toast } from './support/session';

/** Where to put screenshots of the page (1280 and 375 px) for looking at it; none when unset. */
const SHOTS = process.env.SHOTS_DIR;

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await dismissCookieBanner(page);
});

test('a locked account is told how long to wait; staff see the lock and lift it, and the owner signs in at once', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  expect((await request.post('/__e2e/lock-sign-in', { data: { email: 'player@demo.test' } })).ok()).toBe(
    true,
  );
  const owner = await otherDevice(browser, baseURL);
  await signIn(owner, 'player@demo.test');
  await expect(
    toast(owner, 'Too many sign-in attempts. Please wait 15 minutes and try again.'),
  ).toBeVisible();

  await signInAndWait(page, 'superadmin@demo.test');
  await page.goto('/admin/user-management');
  const users = page.getByRole('list', { name: 'Users', exact: true });
  const row = users.getByRole('listitem').filter({ hasText: 'player@demo.test' });
  await expect(row.getByText(/^Locked until \d\d:\d\d$/)).toBeVisible();
  await expect(row).toContainText('10 failed sign-ins');
  // Only a locked account offers the button.
  await expect(users.getByRole('button', { name: /Lift lock/ })).toHaveCount(1);
  expect(await seriousAxeViolations(page)).toEqual([]);
  if (SHOTS) await shootBothWidths(page, SHOTS, 'user-management-sign-in-lock');

  await row.getByRole('button', { name: /Lift lock/ }).click();
  await expect(toast(page, 'Sign-in lock lifted')).toBeVisible();
  await expect(row.getByText(/Locked until/)).toHaveCount(0);
  await expect(users.getByRole('button', { name: /Lift lock/ })).toHaveCount(0);

  await signInAndWait(owner, 'player@demo.test');
});
