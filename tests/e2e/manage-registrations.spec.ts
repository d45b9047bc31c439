import type { APIRequestContext, Page } from '@playwright/test';
import { seriousAxeViolations } from './support/axe';
import { dismissCookieBanner, expect, test } from './support/fixtures';
import { registerSchool } from './support/registration';
import { shootBothWidths } from './support/screenshots';
import { signInAndWait, toast } from './support/session';

const SHOTS = '/tmp/shots/h8';

/** Pays with the built-in offline test provider: checkout, then the provider's "succeed". */
async function payByCard(request: APIRequestContext, registered: Awaited<ReturnType<typeof registerSchool>>) {
  const checkout = await request.post('/api/payments/create-checkout', {
    data: {
      registration_id: registered.registration.id,
      team_count: 3,
      access_token: registered.accessToken,
    },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const { sessionId } = await checkout.json();
  const paid = await request.post(`/api/payments/offline/sessions/${sessionId}`, {
    data: { outcome: 'succeed' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}

const row = (page: Page, reference: string) =>
  page.getByTestId('registration-row').and(page.locator(`[data-reference="${reference}"]`));

const shoot = (page: Page, name: string) => shootBothWidths(page, SHOTS, name);

test.describe('registrations admin and billing overview', () => {
  test.beforeEach(async ({ site }) => {
    await site.setSetting('registration_settings', { is_enabled: true, team_price: 6000 });
  });

  test('an admin sees the registrations and totals, records a bank transfer and promotes the players', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const harbour = await registerSchool(request, 'Harbour View College', [
      'Harbour View A',
      'Harbour View B',
      'Harbour View C',
    ]);
    await payByCard(request, harbour);
    const meadow = await registerSchool(request, 'Meadow Lane School', ['Meadow Lane A']);
    const hill = await registerSchool(request, 'Hillcrest Academy', ['Hillcrest A', 'Hillcrest B']);

    await page.goto('/login');
    await dismissCookieBanner(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAndWait(page, 'superadmin@demo.test');
    await page.goto('/admin/manage-registrations');
    await expect(page.getByRole('heading', { name: 'Registrations', level: 1 })).toBeVisible();

    // Correct states and totals: 6 teams at €60, 3 of them paid by card.
    await expect(row(page, harbour.registration.reference).getByText('Paid', { exact: true })).toBeVisible();
    await expect(row(page, meadow.registration.reference).getByText('Unpaid', { exact: true })).toBeVisible();
    await expect(row(page, hill.registration.reference).getByText('Unpaid', { exact: true })).toBeVisible();
    const totals = page.getByTestId('registration-totals');
    await expect(totals).toContainText('Due€360.00');
    await expect(totals).toContainText('Paid€180.00');
    await expect(totals).toContainText('Outstanding€180.00');

    // Filter by payment state, then search by a player's name.
    await page.getByLabel('Payment').selectOption('unpaid');
    await expect(page.getByTestId('registration-row')).toHaveCount(2);
    await expect(totals).toContainText('Paid€0.00');
    await page.getByLabel('Payment').selectOption('all');
    await page.getByLabel('Search school, reference, registrant or player').fill('hillcrest b board 2');
    await expect(page.getByTestId('registration-row')).toHaveCount(1);
    await expect(row(page, hill.registration.reference)).toBeVisible();
    await page.getByLabel('Search school, reference, registrant or player').fill('');
    await expect(page.getByTestId('registration-row')).toHaveCount(3);

    // The teams, players and consent record of a registration.
    await page.getByRole('button', { name: `Teams ${hill.registration.reference}` }).click();
    const teams = page.getByRole('dialog');
    await expect(teams.getByLabel('Team name').first()).toHaveValue('Hillcrest A');
    await expect(teams.getByText('No guardian consent needed').first()).toBeVisible();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${SHOTS}/teams-dialog-375.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await teams.getByRole('button', { name: 'Cancel' }).click();

    await shoot(page, 'manage-registrations');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Meadow Lane pays by bank transfer.
    await page.getByRole('button', { name: `Mark paid ${meadow.registration.reference}` }).click();
    const markPaid = page.getByRole('dialog');
    await markPaid.getByLabel('Bank transfer').check();
    await markPaid.getByRole('button', { name: 'Mark paid' }).click();
    await expect(
      markPaid.getByText('Add a note, e.g. the bank transfer reference or who took the cash'),
    ).toBeVisible();
    await markPaid.getByLabel('Note').fill('Transfer received, ref 4471');
    await markPaid.getByRole('button', { name: 'Mark paid' }).click();
    await expect(
      toast(page, `Registration ${meadow.registration.reference} marked paid (Bank transfer)`),
    ).toBeVisible();
    await expect(row(page, meadow.registration.reference).getByText('Paid', { exact: true })).toBeVisible();
    await expect(totals).toContainText('Paid€240.00');
    await expect(totals).toContainText('Outstanding€120.00');

    // Promote every paid registration: 4 teams of 4 join the tournament, once.
    await page.getByRole('button', { name: 'Promote all paid (2)' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Promote players' }).click();
    await expect(toast(page, '16 players from 2 registrations added to')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Promote all paid (0)' })).toBeDisabled();
    await expect(row(page, meadow.registration.reference).getByText('In tournament')).toBeVisible();

    await page.goto('/admin/player-management');
    await page.getByLabel('Search by name or team').fill('Meadow Lane A');
    await expect(page.getByTestId('player-row')).toHaveCount(4);
    await expect(page.getByTestId('player-row').first()).toContainText('Meadow Lane A');
    await page.getByLabel('Search by name or team').fill('Harbour View C Board 4');
    await expect(page.getByTestId('player-row')).toHaveCount(1);

    // The registration settings: the team price typed in euro is saved in cents.
    await page.goto('/admin/manage-registrations');
    await page.getByText('Registration settings').click();
    await page.getByLabel('Price per team (€)').fill('45,50');
    await page.getByLabel('Teams per registration (max)').fill('0');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Allow at least 1 team per registration')).toBeVisible();
    await page.getByLabel('Teams per registration (max)').fill('6');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(toast(page, 'Registration settings saved')).toBeVisible();
    await expect(page.getByTestId('registration-settings')).toContainText('Open · €45.50 per team');
    await page.screenshot({ path: `${SHOTS}/registration-settings-1280.png` });
    const stored = await page.request.get('/__e2e/sql', {
      params: { statement: "select value from system_settings where key = 'registration_settings'" },
    });
    expect(JSON.stringify(await stored.json())).toContain('"team_price":4550');

    // The card payment was three days earlier: the chart shows the days between too.
    const backdated = await request.post('/__e2e/sql', {
      data: {
        statement: `update registrations set paid_at = paid_at - interval '3 days' where id = '${harbour.registration.id}'`,
      },
    });
    expect(backdated.ok()).toBe(true);

    // The billing overview: the same money, a chart with its table, and the CSV.
    await page.goto('/admin/billing-overview');
    const billing = page.getByTestId('billing-totals');
    await expect(billing).toContainText('Paid€240.00');
    await expect(billing).toContainText('Unpaid€120.00');
    await expect(billing).toContainText('Expected€360.00');
    await expect(page.getByRole('img', { name: 'Payments per day and running total' })).toBeVisible();
    await page.getByText('Show the figures as a table').click();
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);
    await expect(page.getByRole('table')).toContainText('€240.00');
    await shoot(page, 'billing-overview');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const csv = await page.request.get('/api/admin/billing-overview/export.csv');
    expect(csv.ok()).toBe(true);
    const text = await csv.text();
    expect(text).toContain('reference,school,registrant,email,teams,amount_eur,status,paid_via,paid_at,note');
    expect(text).toContain(`${meadow.registration.reference},Meadow Lane School,Teacher Example,`);
    expect(text).toContain(',1,60.00,paid,bank_transfer,');
    expect(text).toContain('Transfer received, ref 4471');
  });
});
