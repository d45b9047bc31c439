import type { APIRequestContext, Page } from '@playwright/test';
import { seriousAxeViolations } from './support/axe';
import { dismissCookieBanner, expect, test } from './support/fixtures';
import { solvedBotProof } from './support/registration';
import { shootBothWidths } from './support/screenshots';
import { otherDevice, toast } from './support/session';

const SHOTS = '/tmp/shots/f3';
const GUARDIAN = 'guardian.e2e@family.example';

/** A date of birth that makes a player this many years old today (the demo tournament starts today). */
function bornYearsAgo(years: number): string {
  const day = new Date();
  day.setUTCFullYear(day.getUTCFullYear() - years);
  day.setUTCMonth(0, 15);
  return day.toISOString().slice(0, 10);
}

/** Registers one team with one under-18 player through the public API, as the registration page does. */
async function registerWithMinor(request: APIRequestContext) {
  const adult = (n: number) => ({ name: `Consent Board ${n}`, dateOfBirth: bornYearsAgo(20) });
  const created = await request.post('/api/registrations', {
    data: {
      registrantName: 'Teacher Example',
      registrantEmail: 'office@consent-school.example',
      schoolName: 'Consent Community School',
      teams: [
        {
          name: 'Consent A',
          players: [
            {
              name: 'Younger Player',
              dateOfBirth: bornYearsAgo(15),
              guardianConsent: { by: 'Guardian Example', email: GUARDIAN, confirmed: true },
            },
            adult(2),
            adult(3),
            adult(4),
          ],
        },
      ],
      botProof: await solvedBotProof(request),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { registration: { id: string }; accessToken: string };
}

const shoot = (page: Page, name: string) => shootBothWidths(page, SHOTS, name);

test.beforeEach(async ({ site, page }) => {
  await site.setSetting('registration_settings', { is_enabled: true, team_price: 6000 });
  await page.goto('/');
  await dismissCookieBanner(page);
});

test('a guardian opens the e-mailed link, consents, and the player is no longer pending', async ({
  page,
  request,
}) => {
  const { registration, accessToken } = await registerWithMinor(request);
  const teams = async () =>
    (
      await (
        await request.get(`/api/registrations/${registration.id}/teams`, {
          headers: { 'x-registration-token': accessToken },
        })
      ).json()
    ).registration;
  expect((await teams()).pendingConsentCount).toBe(1);

  const mail = await (await request.get(`/__e2e/outbox?to=${encodeURIComponent(GUARDIAN)}`)).json();
  expect(mail?.subject).toBe('Please confirm your consent: school chess tournament registration');
  expect(mail.text).toContain('Teacher Example (Consent Community School) has registered this player');
  // The token rides in the fragment, which the browser never sends: no server or proxy log records it.
  const link = String(mail.text).match(/http:\/\/\S+\/registration\/consent\/[\w-]+#token=[\w-]+/)?.[0];
  expect(link, 'the consent link in the mail').toBeTruthy();
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));

  await page.goto(link as string);
  await expect(page.getByRole('heading', { level: 1, name: 'Parent or Guardian Consent' })).toBeVisible();
  await expect(page.getByText('is registered for', { exact: false })).toContainText(
    'Younger is registered for Schools Team Chess Championship 2025 in team Consent A of Consent Community School',
  );
  // Only the first name: a forwarded link shows no more than a parent needs to recognise their child.
  await expect(page.getByText('Younger Player')).toHaveCount(0);
  await expect(
    page.getByText('Registration records are kept for 2 years after the tournament, then deleted'),
  ).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shoot(page, 'consent-pending');

  await page.getByRole('button', { name: 'I consent' }).click();
  await expect(toast(page, 'Thank you: your consent is confirmed')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Consent confirmed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'I consent' })).toHaveCount(0);

  // Confirmed for good: the registration shows it, and opening the link again says so.
  const after = await teams();
  expect(after.pendingConsentCount).toBe(0);
  expect(after.teams[0].players[0].guardianConfirmedAt).not.toBeNull();
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Consent confirmed' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shoot(page, 'consent-confirmed');
  const token = new URL(link as string).hash.slice('#token='.length);
  expect(requested.filter((url) => url.includes(token))).toEqual([]);

  // A link mailed before the change (`?token=`) still opens, and the address moves the token out of the query.
  await page.goto((link as string).replace('#token=', '?token='));
  await expect(page.getByRole('status').filter({ hasText: 'Consent confirmed' })).toBeVisible();
  await expect(page).toHaveURL(/\/registration\/consent\/[\w-]+#token=[\w-]+$/);
});

test('a wrong link says it does not work and offers the organisers', async ({ browser, baseURL }) => {
  // On its own device, so the 404 Chromium logs for the refused link is the only console error expected.
  const other = await otherDevice(browser, baseURL);
  const unexpected: string[] = [];
  other.on('console', (message) => {
    if (message.type() === 'error' && !/status of 404/.test(message.text())) unexpected.push(message.text());
  });
  await other.goto('/registration/consent/00000000-0000-4000-8000-000000000000#token=not-the-right-token');
  await expect(other.getByRole('alert')).toContainText('This link does not work');
  await expect(other.getByRole('alert').getByRole('link', { name: 'Contact the organisers' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'I consent' })).toHaveCount(0);
  await shoot(other, 'consent-invalid');
  expect(unexpected).toEqual([]);
  await other.context().close();
});
