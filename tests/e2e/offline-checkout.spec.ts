import type { APIRequestContext } from '@playwright/test';
import { seriousAxeViolations } from './support/axe';
import { dismissCookieBanner, expect, test } from './support/fixtures';
import { solvedBotProof } from './support/registration';
import { otherDevice } from './support/session';

const player = (name: string) => ({ name, dateOfBirth: '2000-05-01' });
const team = (name: string) => ({ name, players: [1, 2, 3, 4].map((n) => player(`${name} Player ${n}`)) });

/** Registers through the API and starts a checkout, as the registration page does. */
async function registerAndStartCheckout(request: APIRequestContext, teams: string[]) {
  const created = await request.post('/api/registrations', {
    data: {
      registrantName: 'Teacher Example',
      registrantEmail: 'teacher@school.example',
      schoolName: 'Example Community School',
      teams: teams.map(team),
      botProof: await solvedBotProof(request),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { registration, accessToken } = await created.json();
  const checkout = await request.post('/api/payments/create-checkout', {
    data: { registration_id: registration.id, team_count: teams.length, access_token: accessToken },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  return { registration, accessToken, ...((await checkout.json()) as { url: string; sessionId: string }) };
}

async function paymentStatus(request: APIRequestContext, reference: string) {
  const found = await request.post('/api/registrations/status', {
    data: { reference, email: 'teacher@school.example' },
  });
  return (await found.json()).registration.paymentStatus as string;
}

test.describe('offline test checkout', () => {
  test.beforeEach(async ({ site }) => {
    await site.setSetting('registration_settings', { is_enabled: true, team_price: 6000 });
  });

  test('pays 3 teams: clearly labelled as a test, then the registration is paid', async ({
    page,
    request,
  }) => {
    const { registration, url } = await registerAndStartCheckout(request, [
      'Example A',
      'Example B',
      'Example C',
    ]);
    await page.goto('/');
    await dismissCookieBanner(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(url);
    await expect(page.getByText('Test payment — no money moves')).toBeVisible();
    await expect(page.getByText(registration.reference)).toBeVisible();
    await expect(page.getByText('3 × team entry (€60.00)')).toBeVisible();
    await page.screenshot({ path: '/tmp/shots/h7a/offline-checkout-1280.png', fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Pay €180.00' }).click();
    await expect(page).toHaveURL(/\/registration\/success\?registration_id=.+&session_id=offline_cs_/);
    expect(await paymentStatus(request, registration.reference)).toBe('paid');

    // Back on the finished session: it cannot be paid again.
    await page.goto(url);
    await expect(page.getByText('This payment session is already finished (paid).')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  });

  test('abandoning keeps the registration unpaid (375 px)', async ({ page, request }) => {
    const { registration, url } = await registerAndStartCheckout(request, ['Example A']);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await dismissCookieBanner(page);
    await page.goto(url);
    await expect(page.getByRole('button', { name: 'Pay €60.00' })).toBeVisible();
    await page.screenshot({ path: '/tmp/shots/h7a/offline-checkout-375.png', fullPage: true });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/registration\/success\?registration_id=.+&cancelled=1/);
    expect(await paymentStatus(request, registration.reference)).toBe('unpaid');
  });

  test('an unknown session says so', async ({ browser, baseURL }) => {
    // On another page: the 404 the lookup answers is logged by Chromium, and is the point of this test.
    const other = await otherDevice(browser, baseURL);
    const unexpected: string[] = [];
    other.on('console', (message) => {
      if (message.type() === 'error' && !/status of 404/.test(message.text()))
        unexpected.push(message.text());
    });
    await other.goto('/registration/offline-checkout/offline_cs_unknownsession000');
    await expect(other.getByRole('alert')).toContainText('Payment session not found');
    expect(unexpected).toEqual([]);
    await other.context().close();
  });
});
