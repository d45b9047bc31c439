import { CRM_MESSAGE_TEXTS } from '../../src/contracts/crm-messages';
import { registerSchool, schoolIdOf } from './support/crm';
import { dismissCookieBanner, expect, test } from './support/fixtures';
import { shootWhenAsked } from './support/screenshots';
import { otherDevice, signInAndWait, toast } from './support/session';

test.describe.configure({ timeout: 90_000 });

const SCHOOL = 'Glenview Academy';

test('a message to a school: merge fields previewed, queued, delivered and counted', async ({
  page,
  request,
  site,
}) => {
  await site.setSetting('registration_settings', { is_enabled: true, team_price: 6000 });
  await registerSchool(request, SCHOOL, { teacher: 'Ms Quill', email: 'office@glenview.example' });
  await page.goto('/login');
  await dismissCookieBanner(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAndWait(page, 'superadmin@demo.test');
  const id = await schoolIdOf(page, SCHOOL);

  await page.goto(`/crm/teams/${id}`);
  await expect(page.getByRole('heading', { name: SCHOOL, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Message this school' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Subject').fill('Your place at the Schools Cup');
  await dialog.getByLabel('Message').fill('Dear ');
  await dialog.getByRole('button', { name: '{{teacher_name}}' }).click();
  await dialog.getByLabel('Message').press('End');
  await dialog.getByLabel('Message').pressSequentially(', you owe ');
  await dialog.getByRole('button', { name: '{{amount_owed}}' }).click();
  await expect(dialog.getByLabel('Message')).toHaveValue('Dear {{teacher_name}}, you owe {{amount_owed}}');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const preview = dialog.getByTestId('crm-message-preview');
  await expect(preview).toContainText('1 school will get this message.');
  await expect(preview).toContainText('Dear Ms Quill, you owe €60.00');
  await expect(preview).toContainText('to office@glenview.example');
  await shootWhenAsked(page, 'crm-message-preview');

  await dialog.getByRole('button', { name: /Send to 1 school/ }).click();
  await expect(toast(page, CRM_MESSAGE_TEXTS.sent(1))).toBeVisible();
  await expect(dialog.getByTestId('crm-delivery')).toContainText('1 sent', { timeout: 15_000 });
  await expect(dialog.getByTestId('crm-delivery')).toContainText('0 queued');
  await shootWhenAsked(page, 'crm-message-delivered');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The copy in the school's history.
  await expect(page.getByTestId('crm-activity')).toContainText('Your place at the Schools Cup');
  await expect(page.getByTestId('crm-activity')).toContainText('Dear Ms Quill, you owe €60.00');
});

test('reminder timing on /crm/settings, and the unsubscribe page refuses a made-up link', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/login');
  await dismissCookieBanner(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAndWait(page, 'superadmin@demo.test');
  await page.goto('/crm/settings');
  const form = page.getByRole('form', { name: 'Reminder e-mails' });
  await expect(form.getByLabel('Days before the due date (0: off)')).toHaveValue('3');
  await form.getByLabel('Days before the due date (0: off)').fill('5');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, CRM_MESSAGE_TEXTS.reminderSaved)).toBeVisible();
  await shootWhenAsked(page, 'crm-reminder-settings');

  // A teacher's own device, signed out; the refused link answers 400, which Chromium logs.
  const teacher = await otherDevice(browser, baseURL);
  const unexpected: string[] = [];
  teacher.on('console', (message) => {
    if (message.type() === 'error' && !/status of 400/.test(message.text())) unexpected.push(message.text());
  });
  await teacher.goto('/crm-unsubscribe/not-a-real-token');
  await expect(teacher.getByText('This link does not work')).toBeVisible();
  await expect(teacher.getByText(CRM_MESSAGE_TEXTS.unsubscribeInvalid)).toBeVisible();
  await shootWhenAsked(teacher, 'crm-unsubscribe-invalid');
  expect(unexpected).toEqual([]);
});
