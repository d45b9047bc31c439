import { seriousAxeViolations } from './support/axe';
import { dismissCookieBanner, expect, test } from './support/fixtures';
import { registerSchool } from './support/registration';
import { shootBothWidths } from './support/screenshots';
import { staffApi, toast } from './support/session';

const SHOTS = '/tmp/shots/roster-changes';

test.describe("the teacher's roster page (issue #30)", () => {
  test.beforeEach(async ({ site }) => {
    await site.setSetting('registration_settings', { is_enabled: true, team_price: 6000 });
  });

  test('a teacher requests a bye and withdraws a pupil through the mailed link, and undoes it', async ({
    page,
    request,
    baseURL,
    browser,
  }) => {
    const school = await registerSchool(request, 'Riverside College', ['Riverside A']);
    // Staff record the payment and add the team to the demo tournament (rounds 1–2 done, 3 in play).
    const staff = await staffApi(baseURL!, 'superadmin@demo.test');
    const admin = (path: string, data: unknown) => staff.post(`/api/admin/registrations${path}`, { data });
    expect((await admin(`/${school.registration.id}/mark-paid`, { via: 'cash', note: 'Desk' })).ok()).toBe(
      true,
    );
    expect((await admin('/promote', { registrationIds: [school.registration.id] })).ok()).toBe(true);
    await staff.dispose();

    // Without the link's token (another browser, nobody signed in) the page finds no registration.
    const stranger = await browser.newPage({ baseURL: baseURL! });
    await stranger.goto(`/registration/roster/${school.registration.id}`);
    await expect(stranger.getByRole('alert').getByText('Registration not found')).toBeVisible();
    await stranger.close();

    await page.goto(`/registration/roster/${school.registration.id}#token=${school.accessToken}`);
    await dismissCookieBanner(page);
    await expect(page.getByRole('heading', { name: 'Byes and withdrawals', level: 1 })).toBeVisible();
    await expect(
      page.getByText('Byes and withdrawals for round 4 are taken until it is paired.'),
    ).toBeVisible();
    const team = page.getByRole('group', { name: 'Riverside A' });
    const first = team.getByRole('listitem', { name: 'Riverside A Board 1' });

    // Only what the rules allow is offered: no half-point bye in the final round (5) once round 1 has started.
    const choices = first.getByLabel('Bye for Riverside A Board 1');
    await expect(choices.locator('option')).toHaveText([
      'Round 4: requested bye (½ point)',
      'Round 4: requested bye (0 points)',
      'Round 5: requested bye (0 points)',
    ]);
    await first.getByRole('button', { name: 'Request bye' }).click();
    await expect(toast(page, 'Half-point bye requested for Riverside A Board 1 in round 4.')).toBeVisible();
    await expect(first.getByText('Round 4: Requested bye (½ point)', { exact: true })).toBeVisible();
    await expect(choices.locator('option')).toHaveText(['Round 5: requested bye (0 points)']);

    // Withdraw board 4 (a confirmation first), then undo it: round 4 is not paired yet.
    const fourth = team.getByRole('listitem', { name: 'Riverside A Board 4' });
    await fourth.getByRole('button', { name: 'Withdraw' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('keeps their results and is not paired from round 4 on');
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await expect(fourth.getByText('Withdrawn from round 4')).toBeVisible();
    await expect(fourth.getByRole('button', { name: 'Request bye' })).toHaveCount(0);

    await shootBothWidths(page, SHOTS, 'roster-changes');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await fourth.getByRole('button', { name: 'Undo withdrawal' }).click();
    await expect(toast(page, 'Riverside A Board 4 is back in the tournament')).toBeVisible();
    await expect(fourth.getByText('Withdrawn from round 4')).toHaveCount(0);

    // The bye is kept (a reload reads it back), and taken back until round 4 is paired.
    await page.reload();
    await first.getByRole('button', { name: 'Take back' }).click();
    await expect(toast(page, 'The bye of Riverside A Board 1 in round 4 is taken back.')).toBeVisible();
    await expect(first.getByText('Round 4: Requested bye (½ point)', { exact: true })).toHaveCount(0);
  });
});
