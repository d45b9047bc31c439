import { seriousAxeViolations } from './support/axe';
import { dismissCookieBanner, expect, test } from './support/fixtures';
import { FROZEN_MESSAGE, openUserMenu, otherDevice, signIn, signInAndWait, toast } from './support/session';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await dismissCookieBanner(page);
});

test('sign up, then sign in with the new account', async ({ page }) => {
  await page.getByRole('link', { name: 'Sign In / Register' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await page.getByLabel('Full name').fill('Nora Byrne');
  await page.getByLabel('E-mail address').fill('nora@example.org');
  await page.getByLabel('Password').fill('a-good-password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Account created successfully')).toBeVisible();

  // Back on Sign In with the address filled in: no automatic sign-in.
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('E-mail address')).toHaveValue('nora@example.org');
  await page.getByLabel('Password').fill('a-good-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toast(page, 'Logged in successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await openUserMenu(page);
  await expect(page.getByText('nora@example.org')).toBeVisible();
  await expect(page.getByRole('link', { name: /Admin Area/ })).toHaveCount(0);
});

const menus: { email: string; badge: string | null; entries: string[] }[] = [
  {
    email: 'superadmin@demo.test',
    badge: 'superadmin',
    entries: ['Account Settings', 'My Registrations', 'My Board', 'Team Tasks (CRM)', 'Admin Area'],
  },
  {
    email: 'admin@demo.test',
    badge: 'admin',
    entries: ['Account Settings', 'My Registrations', 'My Board', 'Team Tasks (CRM)', 'Admin Area'],
  },
  { email: 'player@demo.test', badge: null, entries: ['Account Settings', 'My Registrations', 'My Board'] },
  {
    email: 'arbiter@demo.test',
    badge: 'Arbiter',
    entries: ['Account Settings', 'My Registrations', 'My Board', 'Admin Area'],
  },
];

for (const { email, badge, entries } of menus) {
  test(`${email} sees the right user menu`, async ({ page }) => {
    await signInAndWait(page, email);
    await expect(page.getByRole('link', { name: 'Sign In / Register' })).toHaveCount(0);
    await openUserMenu(page);
    const account = page.getByRole('navigation', { name: 'Account' });
    await expect(account.getByRole('link')).toHaveCount(entries.length);
    for (const [index, label] of entries.entries()) {
      await expect(account.getByRole('link').nth(index)).toContainText(label);
    }
    await expect(page.getByText(email)).toBeVisible();
    if (badge) await expect(page.getByText(badge, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(toast(page, 'You have been logged out')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In / Register' }).first()).toBeVisible();
  });
}

test('a player visiting /admin/user-management gets the permission message and lands on /', async ({
  page,
}) => {
  await signInAndWait(page, 'player@demo.test');
  await page.goto('/admin/user-management');
  await expect(toast(page, "You don't have permission to access this page")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('User Management')).toHaveCount(0);
});

test('an anonymous visitor to /account-settings signs in and comes back', async ({ page }) => {
  await page.goto('/account-settings');
  await expect(toast(page, 'You need to be logged in to access this page')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount-settings$/);
  await signIn(page, 'player@demo.test');
  await expect(page).toHaveURL(/\/account-settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('Judit Polgár');
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Signing out from a signed-in page goes home, without a 'log in first' detour.
  await openUserMenu(page);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(toast(page, 'You have been logged out')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, 'You need to be logged in to access this page')).toHaveCount(0);
});

test('account settings: profile, preferences, password, data download and deletion', async ({ page }) => {
  // A fresh account, so deleting it leaves the demo accounts alone.
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await page.getByLabel('Full name').fill('Temp Player');
  await page.getByLabel('E-mail address').fill('temp@example.org');
  await page.getByLabel('Password').fill('first-password-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Account created successfully')).toBeVisible();
  await page.getByLabel('Password').fill('first-password-1');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toast(page, 'Logged in successfully')).toBeVisible();

  await openUserMenu(page);
  await page.getByRole('link', { name: /Account Settings/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();

  await page.getByLabel('Full name').fill('Temp Player-Renamed');
  await page.getByLabel('Username').fill('temp.player');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(toast(page, 'Profile updated')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Temp Player-Renamed (account menu)' })).toBeVisible();

  // The switch turns on when the server has saved it (it is not optimistic), so click and wait for the state.
  const twoFactor = page.getByRole('switch', { name: 'Two-factor device check' });
  await twoFactor.click();
  await expect(twoFactor).toBeChecked();
  await expect(toast(page, 'Two-factor device check turned on')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Two-factor device check' })).toBeChecked();

  await page
    .locator('label')
    .filter({ hasText: /^Dark$/ })
    .click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page
    .locator('label')
    .filter({ hasText: /^Light$/ })
    .click();

  await page.getByLabel('Current password').fill('first-password-1');
  await page.getByLabel('New password', { exact: true }).fill('second-password-2');
  await page.getByLabel('Repeat the new password').fill('second-password-3');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The two passwords do not match')).toBeVisible();
  await expect(page.getByLabel('Repeat the new password')).toBeFocused();
  await page.getByLabel('Repeat the new password').fill('second-password-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, 'Password changed')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.json$/);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByLabel('Your password')).toBeFocused();
  await dialog.getByLabel('Your password').fill('second-password-2');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(toast(page, 'Your account has been deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In / Register' }).first()).toBeVisible();
});

test('a redirect to another site is ignored after sign-in', async ({ page }) => {
  await page.goto('/login?redirect=%2F%2Fevil.example%2F');
  await signIn(page, 'player@demo.test');
  await expect(toast(page, 'Logged in successfully')).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
});

test('superadmin creates a user, changes their role and freezes them; the frozen user is thrown out', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two people, four sign-ins (each a password hash) and an axe scan: 24 s alone, over 30 s on a busy CI runner.
  test.setTimeout(90_000);
  await signInAndWait(page, 'superadmin@demo.test');
  await page.goto('/admin/user-management');
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Create (role player by default).
  await page.getByRole('button', { name: 'Create user' }).click();
  const create = page.getByRole('dialog', { name: 'Create a user' });
  await expect(create.getByLabel('E-mail address')).toBeFocused();
  await expect(create.getByLabel('Role')).toHaveValue('player');
  await create.getByLabel('E-mail address').fill('helper@example.org');
  await create.getByLabel('Password').fill('helper-pass-2025');
  await create.getByLabel('Full name').fill('Helper One');
  await create.getByRole('button', { name: 'Create user' }).click();
  await expect(toast(page, 'User helper@example.org created successfully')).toBeVisible();
  await expect(create).toHaveCount(0);
  const users = page.getByRole('list', { name: 'Users', exact: true });
  const row = users.getByRole('listitem').filter({ hasText: 'helper@example.org' });
  await expect(row).toContainText('Player');

  // Give them the custom role.
  await row.getByRole('button', { name: /Change role/ }).click();
  const change = page.getByRole('dialog', { name: 'Change role' });
  await change.getByLabel('New role').selectOption({ label: 'Arbiter (custom role)' });
  await change.getByRole('button', { name: 'Change role' }).click();
  await expect(toast(page, 'User role updated to Arbiter')).toBeVisible();
  await expect(row).toContainText('Arbiter');

  // They sign in on their own device and reach the admin area.
  const helper = await otherDevice(browser, baseURL);
  await signInAndWait(helper, 'helper@example.org', 'helper-pass-2025');
  await helper.goto('/admin/welcome');
  await expect(helper.getByRole('heading', { level: 1, name: 'Welcome, Helper One' })).toBeVisible();

  // Freeze them with a reason.
  await row.getByRole('button', { name: /Freeze/ }).click();
  const freeze = page.getByRole('dialog', { name: 'Freeze account' });
  await freeze.getByRole('button', { name: 'Freeze account' }).click();
  await expect(freeze.getByText('Give a reason')).toBeVisible();
  await freeze.getByLabel('Reason').fill('Left the club');
  await freeze.getByRole('button', { name: 'Freeze account' }).click();
  await expect(row).toContainText('Frozen');
  await expect(row).toContainText('Left the club');

  // Their next step tells them why and throws them out to /login; signing in again says why too.
  await helper.goto('/admin/welcome');
  await expect(toast(helper, FROZEN_MESSAGE)).toBeVisible();
  await expect(helper).toHaveURL(/\/login/);
  await signIn(helper, 'helper@example.org', 'helper-pass-2025');
  await expect(toast(helper, FROZEN_MESSAGE)).toBeVisible();
  await helper.context().close();

  // Unfreeze, then delete with confirmation.
  await row.getByRole('button', { name: /Unfreeze/ }).click();
  await expect(row).not.toContainText('Frozen');
  await row.getByRole('button', { name: /Delete/ }).click();
  await page
    .getByRole('dialog', { name: 'Delete account?' })
    .getByRole('button', { name: 'Delete account' })
    .click();
  await expect(toast(page, 'Account deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('creating a user with an address already taken gives the required message', async ({
  browser,
  baseURL,
}) => {
  // Its own browser: the 409 this provokes is logged on the console, as every refused request is.
  const admin = await otherDevice(browser, baseURL);
  await signInAndWait(admin, 'superadmin@demo.test');
  await admin.goto('/admin/user-management');
  await admin.getByRole('button', { name: 'Create user' }).click();
  const create = admin.getByRole('dialog', { name: 'Create a user' });
  await create.getByLabel('E-mail address').fill('player@demo.test');
  await create.getByLabel('Password').fill('helper-pass-2025');
  await create.getByLabel('Full name').fill('Someone Else');
  await create.getByRole('button', { name: 'Create user' }).click();
  await expect(toast(admin, 'A user with this email address already exists')).toBeVisible();
  await expect(create).toBeVisible();
  await create.getByRole('button', { name: 'Cancel' }).click();
  await expect(create).toHaveCount(0);
  await expect(admin.getByRole('button', { name: 'Create user' })).toBeFocused();
  await admin.context().close();
});

test('superadmin creates, edits and deletes a custom role, moving its users', async ({ page }) => {
  await signInAndWait(page, 'superadmin@demo.test');
  await page.goto('/admin/user-management');
  await page.getByRole('button', { name: 'New custom role' }).click();
  const dialog = page.getByRole('dialog', { name: 'New custom role' });
  await dialog.getByLabel('Name', { exact: true }).fill('Door steward');
  await dialog.getByLabel('Access checkin page').check();
  await dialog.getByRole('button', { name: 'Create role' }).click();
  await expect(toast(page, 'Custom role Door steward created')).toBeVisible();
  const roles = page.getByRole('region', { name: 'Custom roles' });
  const card = roles
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Door steward' }) });
  await expect(card).toContainText('Access checkin page');

  await card.getByRole('button', { name: /Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Door steward' });
  await expect(edit.getByLabel('Access checkin page')).toBeChecked();
  await edit.getByLabel('Access checkin overview').check();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(card).toContainText('Access checkin overview');

  // Deleting Arbiter moves the demo arbiter to the new role.
  const arbiter = roles.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Arbiter' }) });
  await arbiter.getByRole('button', { name: /Delete/ }).click();
  const remove = page.getByRole('dialog', { name: 'Delete Arbiter?' });
  await expect(remove.getByLabel('Move its users to')).not.toContainText('Arbiter (custom role)');
  await remove.getByLabel('Move its users to').selectOption({ label: 'Door steward (custom role)' });
  await remove.getByRole('button', { name: 'Delete role' }).click();
  await expect(toast(page, 'Custom role deleted')).toBeVisible();
  await expect(arbiter).toHaveCount(0);
  await expect(
    page
      .getByRole('list', { name: 'Users', exact: true })
      .getByRole('listitem')
      .filter({ hasText: 'arbiter@demo.test' }),
  ).toContainText('Door steward');
});

test('a signed-in account frozen behind its back sees the frozen message and lands on /login', async ({
  page,
  request,
}) => {
  await signInAndWait(page, 'arbiter@demo.test');
  await page.goto('/admin/welcome');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Demo Arbiter' })).toBeVisible();
  // Let the page's own session checks finish, so the next navigation is the first to meet the freeze.
  await page.waitForTimeout(1_000);
  // Frozen directly in the database, so the session still exists and /api/me answers 403 'frozen'.
  const response = await request.post('/__e2e/sql', {
    data: {
      statement: `insert into user_status (user_id, is_frozen, frozen_reason)
        select id, true, 'test' from "user" where email = 'arbiter@demo.test'`,
    },
  });
  expect(response.ok()).toBe(true);
  // The 403 from /api/me is expected here: keep it out of the console check.
  page.removeAllListeners('console');
  await openUserMenu(page);
  await page.getByRole('link', { name: /Account Settings/ }).click();
  await expect(toast(page, FROZEN_MESSAGE)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Sign In / Register' }).first()).toBeVisible();
});

test('the custom-role user sees only their pages', async ({ page }) => {
  await signInAndWait(page, 'arbiter@demo.test');
  await openUserMenu(page);
  await page.getByRole('link', { name: /Admin Area/ }).click();
  await expect(page).toHaveURL(/\/admin\/welcome$/);
  const adminNav = page.getByRole('navigation', { name: 'Admin' });
  // Exactly the pages the Arbiter role's four permissions open, in navigation order (Venue Screens with rounds).
  await expect(adminNav.getByRole('link')).toHaveText([
    'Welcome',
    'Dashboard',
    'Match Results',
    'Reported Results',
    'Round Management',
    'Venue Screens',
    'Player Lookup',
    'Check-in Desk',
  ]);
  await expect(adminNav.getByText('Tournament Management')).toHaveCount(0);
  await expect(adminNav.getByText('User Management')).toHaveCount(0);
  await expect(adminNav.getByText('Check-in Overview')).toHaveCount(0);

  for (const path of ['/admin/user-management', '/admin/tournament-management']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  }
  await page.goto('/crm');
  await expect(page).toHaveURL(/\/$/);
});

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the user menu and admin navigation work', async ({ page }) => {
    await signInAndWait(page, 'superadmin@demo.test');
    await openUserMenu(page);
    await page.getByRole('link', { name: /Admin Area/ }).click();
    await expect(page).toHaveURL(/\/admin\/welcome$/);
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'User Management' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
