import type { APIRequestContext, Page } from '@playwright/test';
import { seriousAxeViolations } from './support/axe';
import { expect as baseExpect, dismissCookieBanner, test } from './support/fixtures';
import { DEMO_PASSWORD, openUserMenu, otherDevice, signInAndWait, toast } from './support/session';

// Long journeys through lazily loaded pages: generous waits for a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });

/** The link in the newest mail to this address. */
async function linkInMail(request: APIRequestContext, to: string, pattern: RegExp): Promise<string> {
  const mail = await (await request.get(`/__e2e/outbox?to=${encodeURIComponent(to)}`)).json();
  const link = String(mail?.text ?? '').match(pattern)?.[0];
  expect(link, `a link in the mail to ${to}`).toBeTruthy();
  return link as string;
}

async function sql(request: APIRequestContext, statement: string): Promise<void> {
  expect((await request.post('/__e2e/sql', { data: { statement } })).ok()).toBe(true);
}

/**
 * Console errors on a page of another browser, except refusals this journey provokes on purpose (Chromium
 * logs every 4xx answer): those must be exactly the expected statuses.
 */
function consoleErrorsExcept(page: Page, expectedStatuses: number[]): string[] {
  const unexpected: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const status = Number(message.text().match(/status of (\d{3})/)?.[1]);
    if (!expectedStatuses.includes(status)) unexpected.push(message.text());
  });
  page.on('pageerror', (error) => unexpected.push(error.message));
  return unexpected;
}

test.beforeEach(async ({ page }) => {
  test.slow();
  await page.goto('/');
  await dismissCookieBanner(page);
});

test('a forgotten password is reset through the mailed link, and the new one signs in', async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('E-mail address').fill('player@demo.test');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'player@demo.test' })).toBeVisible();

  const link = await linkInMail(request, 'player@demo.test', /http:\/\/\S+reset-password\S+/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-pass-7');
  await page.getByLabel('Repeat the new password').fill('a-brand-new-pass-7');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, 'Your password has been changed')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works; the new one does.
  const old = await request.post('/api/auth/sign-in/email', {
    data: { email: 'player@demo.test', password: DEMO_PASSWORD },
    headers: { origin: baseURL ?? '' },
  });
  expect(old.status()).toBe(401);
  await signInAndWait(page, 'player@demo.test', 'a-brand-new-pass-7');
  await openUserMenu(page);
  await expect(page.getByText('player@demo.test')).toBeVisible();
});

test('the settings password gate: unconfigured, then wrong, right, and locked again after leaving', async ({
  browser,
  baseURL,
}) => {
  // Its own browser: the refused password is a 403, which Chromium logs on the console.
  const admin = await otherDevice(browser, baseURL);
  const unexpected = consoleErrorsExcept(admin, [403]);
  await signInAndWait(admin, 'superadmin@demo.test');
  await admin.goto('/admin/settings');
  await expect(admin.getByRole('alert')).toContainText('Password protection not properly configured');
  await expect(admin.getByRole('heading', { level: 1, name: 'Settings' })).toHaveCount(0);

  // A superadmin sets the first password from the gate; then it asks for it.
  await admin.getByLabel('New password', { exact: true }).fill('venue-laptop-secret');
  await admin.getByLabel('Repeat the new password').fill('venue-laptop-secret');
  await admin.getByRole('button', { name: 'Set settings password' }).click();
  await expect(toast(admin, 'Settings password saved')).toBeVisible();
  await expect(admin.getByLabel('Settings password')).toBeVisible();
  expect(await seriousAxeViolations(admin)).toEqual([]);

  await admin.getByLabel('Settings password').fill('a-wrong-guess');
  await admin.getByRole('button', { name: 'Unlock' }).click();
  await expect(toast(admin, 'Incorrect password')).toBeVisible();
  await expect(admin.getByRole('heading', { level: 1, name: 'Settings' })).toHaveCount(0);

  await admin.getByLabel('Settings password').fill('  venue-laptop-secret ');
  await admin.getByRole('button', { name: 'Unlock' }).click();
  await expect(toast(admin, 'Access granted')).toBeVisible();
  await expect(admin.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(admin.getByRole('link', { name: /Bot protection/ })).toBeVisible();
  expect(await seriousAxeViolations(admin)).toEqual([]);

  // Leaving and coming back asks again.
  const nav = admin.getByRole('navigation', { name: 'Admin' });
  await nav.getByRole('link', { name: 'User Management' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  await nav.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(admin.getByLabel('Settings password')).toBeVisible();
  await expect(admin.getByRole('heading', { level: 1, name: 'Settings' })).toHaveCount(0);

  // The sections behind it are gated too; Cancel goes home.
  await admin.goto('/admin/recaptcha-settings');
  await expect(admin.getByLabel('Settings password')).toBeVisible();
  await admin.getByRole('button', { name: 'Cancel' }).click();
  await expect(admin).toHaveURL(/\/$/);
  expect(unexpected).toEqual([]);
  await admin.context().close();
});

test('an invited helper joins through the mailed link, is signed in, and the link then stops working', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  await signInAndWait(page, 'superadmin@demo.test');
  await page.goto('/admin/user-management');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a user' });
  await expect(dialog.getByLabel('E-mail address')).toBeFocused();
  await dialog.getByLabel('E-mail address').fill('new.helper@example.org');
  await dialog.getByLabel('Role').selectOption({ label: 'Arbiter (custom role)' });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, 'Invitation sent to new.helper@example.org')).toBeVisible();
  const pending = page.getByRole('list', { name: 'Pending invitations' });
  await expect(pending.getByRole('listitem').filter({ hasText: 'new.helper@example.org' })).toContainText(
    'Arbiter',
  );
  expect(await seriousAxeViolations(page)).toEqual([]);

  const link = await linkInMail(request, 'new.helper@example.org', /http:\/\/\S+\/onboard\/[\w-]+/);
  // The invitee on their own device; opening the used link again answers 404, which Chromium logs.
  const invitee = await otherDevice(browser, baseURL);
  const unexpected = consoleErrorsExcept(invitee, [404]);
  await invitee.goto(link);
  await expect(invitee.getByRole('heading', { level: 1, name: 'Join the team' })).toBeVisible();
  await expect(invitee.getByText('new.helper@example.org')).toBeVisible();
  await expect(invitee.getByText('Arbiter', { exact: true })).toBeVisible();
  expect(await seriousAxeViolations(invitee)).toEqual([]);
  await invitee.getByLabel('Full name').fill('Helper Arbiter');
  await invitee.getByLabel('New password', { exact: true }).fill('helper-pass-2026');
  await invitee.getByLabel('Repeat the new password').fill('helper-pass-2026');
  await invitee.getByRole('button', { name: 'Join' }).click();
  await expect(invitee).toHaveURL(/\/admin\/welcome$/);
  await expect(invitee.getByRole('heading', { level: 1, name: 'Welcome, Helper Arbiter' })).toBeVisible();

  await invitee.goto(link);
  await expect(invitee.getByRole('alert')).toContainText('Invitation link not valid');
  await expect(invitee.getByLabel('Full name')).toHaveCount(0);
  expect(unexpected).toEqual([]);
  await invitee.context().close();

  await page.reload();
  await expect(page.getByText('No pending invitations.')).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Users', exact: true })
      .getByRole('listitem')
      .filter({ hasText: 'new.helper@example.org' }),
  ).toContainText('Arbiter');
});

test('the invitation page explains what to do with the link', async ({ page }) => {
  await page.goto('/invite');
  await expect(page.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible();
  await expect(page.getByText(/works once/)).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('the admin tutorial starts once on /home for an admin with no progress; skipped, it never returns', async ({
  page,
  request,
}) => {
  await sql(request, 'delete from user_tutorial_progress');
  await signInAndWait(page, 'admin@demo.test');
  await page.goto('/home');
  const tutorial = page.getByRole('dialog', { name: 'Welcome to the Admin Area' });
  await expect(tutorial).toBeVisible();
  await expect(tutorial).toContainText('Step 1 of 7');
  const menuButton = page.getByRole('button', { name: /\(account menu\)$/ });
  await expect(menuButton).toHaveAttribute('aria-disabled', 'true');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await tutorial.getByRole('button', { name: 'Next' }).click();
  const step2 = page.getByRole('dialog', { name: 'Match results' });
  await expect(step2).toContainText('Step 2 of 7');
  await step2.getByRole('button', { name: 'Back' }).click();
  await expect(tutorial).toBeVisible();
  // The dialog closes at once; the skip is stored by a request a reload must not cut short.
  const stored = page.waitForResponse(
    (response) => response.url().endsWith('/api/account/tutorial') && response.request().method() !== 'GET',
  );
  await tutorial.getByRole('button', { name: 'Skip tutorial' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(menuButton).not.toHaveAttribute('aria-disabled', 'true');
  expect((await stored).ok()).toBe(true);

  // Never again: not after a reload, not in a new session.
  const progress = page.waitForResponse(
    (response) => response.url().endsWith('/api/account/tutorial') && response.request().method() === 'GET',
  );
  await page.reload();
  expect((await (await progress).json()).status).toBe('skipped');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await openUserMenu(page);
  await expect(page.getByRole('link', { name: /Admin Area/ })).toBeVisible();
});

test('a player never gets the admin tutorial', async ({ page, request }) => {
  await sql(request, 'delete from user_tutorial_progress');
  await signInAndWait(page, 'player@demo.test');
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /\(account menu\)$/ })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );
});
