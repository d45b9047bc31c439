import type { Locator, Page } from '@playwright/test';
import { seriousAxeViolations } from './support/axe';
import { dismissCookieBanner, expect, test } from './support/fixtures';
import { otherDevice, signInAndWait } from './support/session';

/** A date of birth that makes a player this old on the (demo) tournament day, which is today. */
function bornYearsAgo(years: number): string {
  const today = new Date();
  return `${today.getUTCFullYear() - years}-01-01`;
}

type PlayerInput = {
  name: string;
  dateOfBirth?: string;
  schoolYear?: string;
  guardian?: string;
  guardianEmail?: string;
};

const adults = (team: string): PlayerInput[] =>
  [1, 2, 3, 4].map((n) => ({ name: `${team} Player ${n}`, dateOfBirth: bornYearsAgo(19) }));

function team(page: Page, index: number): Locator {
  return page.getByRole('group', { name: `Team ${index}`, exact: true });
}

async function fillPlayers(page: Page, index: number, players: PlayerInput[]): Promise<void> {
  const group = team(page, index);
  for (const [p, player] of players.entries()) {
    const n = p + 1;
    await group.getByLabel(`Player ${n} name`, { exact: true }).fill(player.name);
    if (player.schoolYear) {
      await group.getByRole('radio', { name: 'School year' }).nth(p).check({ force: true });
      await group.getByLabel(`Player ${n} school year`).selectOption(player.schoolYear);
    } else {
      await group.getByLabel(`Player ${n} date of birth`).fill(player.dateOfBirth ?? '');
    }
    if (player.guardian) {
      await group.getByLabel(`Player ${n} parent or guardian name`).fill(player.guardian);
      await group
        .getByLabel(`Player ${n} parent or guardian e-mail`)
        .fill(player.guardianEmail ?? 'guardian@family.example');
      await group
        .getByRole('group', { name: `Player ${n} guardian consent` })
        .getByLabel('The parent or guardian named above has given their consent')
        .check();
    }
  }
}

async function fillRegistrant(page: Page, name: string, email: string, school: string): Promise<void> {
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Phone (optional)').fill('+353 1 234 5678');
  await page.getByLabel('School name').fill(school);
}

async function openRegistration(page: Page): Promise<void> {
  await page.goto('/');
  await dismissCookieBanner(page);
  await page.goto('/registration');
  await expect(page.getByRole('heading', { name: 'Team Registration', level: 1 })).toBeVisible();
}

test.beforeEach(async ({ site }) => {
  // Solving the anti-spam proof of work takes a moment on a busy machine.
  test.slow();
  await site.setSetting('registration_settings', { is_enabled: true, team_price: 6000 });
});

test('shows a clear closed state when registration is closed', async ({ page, site }) => {
  await site.setSetting('registration_settings', { is_enabled: false, team_price: 6000 });
  await openRegistration(page);
  await expect(page.getByRole('heading', { name: 'Registration is closed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register and pay now' })).toHaveCount(0);

  await site.setSetting('registration_settings', {
    is_enabled: true,
    team_price: 6000,
    closes_at: '2020-01-01T12:00:00.000Z',
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Registration is closed' })).toBeVisible();
  await expect(page.getByText(/Registration closed on/)).toBeVisible();
});

test('a teacher registers a school with 3 teams and pays with the offline provider', async ({ page }) => {
  await openRegistration(page);
  await fillRegistrant(page, 'Teacher Example', 'teacher@school.example', 'Example Community School');
  await expect(team(page, 1).getByLabel('Team name')).toHaveValue('Example Community School A');
  await expect(page.getByTestId('registration-total')).toHaveText('€60.00');
  await fillPlayers(page, 1, adults('Alpha'));

  await page.getByRole('button', { name: 'Add a team' }).click();
  await page.getByRole('button', { name: 'Add a team' }).click();
  await expect(team(page, 3).getByLabel('Team name')).toHaveValue('Example Community School C');
  await expect(page.getByTestId('registration-total')).toHaveText('€180.00');

  // An under-18 by date of birth, and one by school year: each gets the guardian consent block, adults none.
  const group2 = team(page, 2);
  await expect(group2.getByRole('group', { name: /guardian consent/ })).toHaveCount(0);
  await fillPlayers(page, 2, [
    { name: 'Beta Player 1', dateOfBirth: bornYearsAgo(15), guardian: 'Parent of Beta One' },
    ...adults('Beta').slice(1),
  ]);
  await expect(group2.getByRole('group', { name: /guardian consent/ })).toHaveCount(1);
  await fillPlayers(page, 3, [
    ...adults('Gamma').slice(0, 3),
    { name: 'Gamma Player 4', schoolYear: '5th Year', guardian: 'Parent of Gamma Four' },
  ]);
  await expect(team(page, 3).getByRole('group', { name: /guardian consent/ })).toHaveCount(1);

  // The proof of work runs in a Web Worker, so the page stays responsive.
  const worker = page.waitForEvent('worker');
  await page.getByRole('button', { name: 'Register and pay now' }).click();
  expect((await worker).url()).toContain('proof-of-work.worker');
  await expect(page).toHaveURL(/\/registration\/offline-checkout\/offline_cs_/, { timeout: 30_000 });
  await expect(page.getByText('Test payment — no money moves')).toBeVisible();
  await page.getByRole('button', { name: 'Pay €180.00' }).click();

  await expect(page).toHaveURL(/\/registration\/success\?registration_id=.*session_id=/);
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expect(page.getByText('€180.00 paid for registration')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'View your teams' }).click();
  await expect(page.getByRole('heading', { name: 'Your Teams', level: 1 })).toBeVisible();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Team 3 name')).toHaveValue('Example Community School C');
  // The two under-18s wait for their guardians to confirm by the e-mailed link.
  await expect(
    page.getByText('2 players are waiting for their parent or guardian to confirm consent'),
  ).toBeVisible();
  await expect(page.getByText('Waiting for guardian consent')).toHaveCount(2);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Names can be corrected until the closing date.
  await page.getByLabel('Team 1 name').fill('Example Knights');
  await page.getByRole('button', { name: 'Save names' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Team names saved' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Team 1 name')).toHaveValue('Example Knights');
});

test('a signed-in registrant chooses pay later, then pays from My Registrations', async ({ page }) => {
  await page.goto('/');
  await dismissCookieBanner(page);
  await page.goto('/login');
  await signInAndWait(page, 'player@demo.test');
  await page.goto('/registration');
  // The account's e-mail address starts the form.
  await expect(page.getByLabel('E-mail address')).toHaveValue('player@demo.test');
  await page.getByLabel('School name').fill('Example College');
  await fillPlayers(page, 1, adults('Delta'));
  await page.getByRole('button', { name: 'Register now, pay later' }).click();

  await expect(
    page.getByRole('heading', { name: /^Registration REG-[A-Z0-9]{4}-[A-Z0-9]{2} confirmed$/ }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Amount due (not paid yet)')).toBeVisible();
  await expect(page.getByText('€60.00', { exact: true })).toBeVisible();
  // Nothing typed is kept once the registration succeeded.
  expect(await page.evaluate(() => sessionStorage.getItem('registration-form-draft-v1'))).toBeNull();

  await page.getByRole('link', { name: 'My Registrations' }).click();
  const card = page.getByRole('group', { name: /^Registration REG-/ });
  await expect(card.getByText('Not paid')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await card.getByRole('button', { name: 'Pay now €60.00' }).click();
  await expect(page).toHaveURL(/\/registration\/offline-checkout\//);
  await page.getByRole('button', { name: 'Pay €60.00' }).click();
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();

  await page.goto('/my-registrations');
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /Pay now/ })).toHaveCount(0);
});

test('an abandoned checkout keeps the registration unpaid, payable from the status page', async ({
  page,
}) => {
  await openRegistration(page);
  await fillRegistrant(page, 'Parent Example', 'parent@family.example', 'Example Grammar School');
  await fillPlayers(page, 1, adults('Epsilon'));
  await page.getByRole('button', { name: 'Register and pay now' }).click();
  await expect(page).toHaveURL(/\/registration\/offline-checkout\//, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(/\/registration\/success\?registration_id=.*cancelled=1/);
  await expect(page.getByRole('heading', { name: 'Payment not completed' })).toBeVisible();
  const card = page.getByRole('group', { name: /^Registration REG-/ });
  await expect(card.getByText('Not paid')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Pay now €60.00' })).toBeVisible();
  const reference = (await card.locator('.font-mono').first().textContent()) ?? '';
  expect(reference).toMatch(/^REG-/);

  // Another day, another device: the status page finds it by reference and e-mail.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/registration-status');
  await page.getByLabel('Reference').fill(reference.toLowerCase());
  await page.getByLabel('E-mail address').fill('PARENT@family.example');
  await page.getByRole('button', { name: 'Find my registration' }).click();
  const found = page.getByRole('group', { name: `Registration ${reference}` });
  await expect(found.getByText('Not paid')).toBeVisible();
  await expect(found.getByText('€60.00 due.')).toBeVisible();
  await expect(found.getByRole('button', { name: 'Pay now €60.00' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await found.getByRole('link', { name: 'View and edit teams' }).click();
  await expect(page.getByLabel('Player 1', { exact: true })).toHaveValue('Epsilon Player 1');
});

test('a refusal from the server keeps every typed value, next to the field and after a reload', async ({
  browser,
  baseURL,
}) => {
  const page = await otherDevice(browser, baseURL);
  const unexpected: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 400/.test(message.text())) unexpected.push(message.text());
  });
  page.on('pageerror', (error) => unexpected.push(error.message));
  // A rule only the server knows about (here a stand-in answer): the form must keep everything typed.
  await page.route('**/api/registrations', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            error: 'This e-mail address cannot receive mail',
            requestId: 'e2e',
            issues: [{ path: 'registrantEmail', message: 'This e-mail address cannot receive mail' }],
          }),
        })
      : route.continue(),
  );
  // The anti-spam check takes a moment: the form says what it is doing meanwhile.
  await page.route('**/api/registrations/challenge', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/registration');
  await fillRegistrant(page, 'Teacher Example', 'teacher@school.example', 'Example Community School');
  await fillPlayers(page, 1, [
    { name: 'Zeta Player 1', dateOfBirth: bornYearsAgo(14), guardian: 'Parent of Zeta One' },
    ...adults('Zeta').slice(1),
  ]);

  // The form's own check first: a missing name is reported before anything is sent.
  await team(page, 1).getByLabel('Player 2 name', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Register now, pay later' }).click();
  await expect(page.getByRole('alert').getByText(/player 2: Enter the player name/)).toBeVisible();
  await team(page, 1).getByLabel('Player 2 name', { exact: true }).fill('Zeta Player 2');

  await page.getByRole('button', { name: 'Register now, pay later' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Checking you are not a robot…' })).toBeVisible();
  await expect(
    page.getByRole('alert').getByText('This e-mail address cannot receive mail').first(),
  ).toBeVisible({
    timeout: 30_000,
  });
  const email = page.getByLabel('E-mail address');
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  const expectEverythingKept = async () => {
    await expect(page.getByLabel('Your name')).toHaveValue('Teacher Example');
    await expect(email).toHaveValue('teacher@school.example');
    await expect(page.getByLabel('Phone (optional)')).toHaveValue('+353 1 234 5678');
    await expect(page.getByLabel('School name')).toHaveValue('Example Community School');
    const group = team(page, 1);
    await expect(group.getByLabel('Team name')).toHaveValue('Example Community School A');
    await expect(group.getByLabel('Player 1 name', { exact: true })).toHaveValue('Zeta Player 1');
    await expect(group.getByLabel('Player 1 date of birth')).toHaveValue(bornYearsAgo(14));
    await expect(group.getByLabel('Player 1 parent or guardian name')).toHaveValue('Parent of Zeta One');
    await expect(group.getByLabel('Player 1 parent or guardian e-mail')).toHaveValue(
      'guardian@family.example',
    );
    await expect(
      group.getByLabel('The parent or guardian named above has given their consent'),
    ).toBeChecked();
    await expect(group.getByLabel('Player 4 name', { exact: true })).toHaveValue('Zeta Player 4');
  };
  await expectEverythingKept();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.reload();
  await expectEverythingKept();
  expect(unexpected).toEqual([]);
  await page.context().close();
});
