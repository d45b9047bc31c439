import { expect, test } from './support/fixtures';
import { DEMO_PASSWORD, openUserMenu, signIn, toast } from './support/session';

const DEVICE_CHECK = 'Device Verification Required';

test('two-factor: a new device needs the mailed code; once verified it is trusted', async ({
  page,
  request,
}) => {
  // The player turned two-factor on (as account settings does: the preference and better-auth's flag).
  for (const statement of [
    `update "user" set two_factor_enabled = true where email = 'player@demo.test'`,
    `insert into user_preferences (user_id, two_factor_enabled)
       select id, true from "user" where email = 'player@demo.test'`,
  ]) {
    expect((await request.post('/__e2e/sql', { data: { statement } })).ok()).toBe(true);
  }

  await signIn(page, 'player@demo.test');
  await expect(page.getByRole('region', { name: DEVICE_CHECK })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: DEVICE_CHECK });
  await expect(dialog).toBeVisible();

  // Closing resets to the send step; the screen stays blocking.
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(toast(page, 'Verification code sent to your email')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Verify this device' }).click();
  await expect(dialog.getByRole('button', { name: 'Send code' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Send code' }).click();
  const code = dialog.getByLabel('6-digit code');
  await code.fill('12ab3');
  await expect(code).toHaveValue('123');
  await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(dialog.getByText('Please enter a valid 6-digit code')).toBeVisible();

  // (Wrong codes are refused by the server: see src/server/auth/two-factor.test.ts.)
  const mail = await (await request.get('/__e2e/outbox?to=player@demo.test')).json();
  const sent = String(mail.text).match(/is:\s+(\d{6})/)?.[1] ?? '';
  await code.fill(sent);
  await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(toast(page, 'Device verified successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Signed in; and next time this browser is trusted.
  await openUserMenu(page);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(toast(page, 'You have been logged out')).toBeVisible();
  await signIn(page, 'player@demo.test', DEMO_PASSWORD);
  await expect(toast(page, 'Logged in successfully')).toBeVisible();
});
