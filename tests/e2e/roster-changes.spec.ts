import { readFileSync } from 'node:fs';
import { seriousAxeViolations } from './support/axe';
import { dismissCookieBanner, expect, test } from './support/fixtures';
import { registerSchool } from './support/registration';
import { shootBothWidths } from './support/screenshots';
import { signInAndWait, staffApi, toast } from './support/session';

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
    await expect(
      page.getByRole('heading', { name: 'Byes, withdrawals and substitutes', level: 1 }),
    ).toBeVisible();
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

    // The school's pack: the results sheet, then a participation certificate per pupil.
    const [pack] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the PDF' }).click(),
    ]);
    expect(pack.suggestedFilename()).toBe('results-and-certificates.pdf');
    const pdf = readFileSync((await pack.path())!).toString('latin1');
    // One team of four, the withdrawn pupil included: they took part.
    expect(pdf.match(/\/Type \/Page\b/g)?.length).toBe(1 + 4);

    await fourth.getByRole('button', { name: 'Undo withdrawal' }).click();
    await expect(toast(page, 'Riverside A Board 4 is back in the tournament')).toBeVisible();
    await expect(fourth.getByText('Withdrawn from round 4')).toHaveCount(0);

    // The bye is kept (a reload reads it back), and taken back until round 4 is paired.
    await page.reload();
    await first.getByRole('button', { name: 'Take back' }).click();
    await expect(toast(page, 'The bye of Riverside A Board 1 in round 4 is taken back.')).toBeVisible();
    await expect(first.getByText('Round 4: Requested bye (½ point)', { exact: true })).toHaveCount(0);
  });

  test('a substitute before the lock plays from the next round; after the lock an arbiter decides', async ({
    page,
    request,
    baseURL,
    browser,
    consoleErrors,
  }) => {
    const school = await registerSchool(request, 'Harbour School', ['Harbour A']);
    const staff = await staffApi(baseURL!, 'superadmin@demo.test');
    const admin = (path: string, data: unknown) => staff.post(`/api/admin/registrations${path}`, { data });
    expect((await admin(`/${school.registration.id}/mark-paid`, { via: 'cash', note: 'Desk' })).ok()).toBe(
      true,
    );
    expect((await admin('/promote', { registrationIds: [school.registration.id] })).ok()).toBe(true);

    await page.goto(`/registration/roster/${school.registration.id}#token=${school.accessToken}`);
    await dismissCookieBanner(page);
    await expect(page.getByText('You can name a substitute until the next round is paired.')).toBeVisible();
    const team = page.getByRole('group', { name: 'Harbour A' });
    const second = team.getByRole('listitem', { name: 'Harbour A Board 2' });

    // Before the lock: a pupil under 18 with the same details and guardian consent as at registration.
    await second.getByRole('button', { name: 'Substitute' }).click();
    const form = page.getByRole('dialog', { name: 'Substitute for Harbour A Board 2' });
    await form.getByLabel('Substitute name', { exact: true }).fill('Nora Newcomer');
    await form.getByText('School year', { exact: true }).click();
    await form.getByLabel('Substitute school year').selectOption('3rd Year');
    await form.getByLabel('Substitute parent or guardian name').fill('Parent of Nora');
    await form.getByLabel('Substitute parent or guardian e-mail').fill('parent.nora@family.example');
    await form.getByRole('button', { name: 'Name the substitute' }).click();
    await expect(form.getByRole('alert')).toContainText('consent');
    await form.getByLabel('The parent or guardian named above has given their consent').check();
    await shootBothWidths(page, SHOTS, 'substitute-form');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Name the substitute' }).click();
    await expect(
      toast(page, 'Nora Newcomer takes the place of Harbour A Board 2 from round 4.'),
    ).toBeVisible();
    await expect(
      team.getByText('Nora Newcomer (for Harbour A Board 2) plays once their parent'),
    ).toBeVisible();

    // The guardian confirms by the mailed link: the substitute is in the tournament.
    const mail = await (await request.get('/__e2e/outbox?to=parent.nora%40family.example')).json();
    const link = String(mail.text).match(/http:\/\/\S+\/registration\/consent\/[\w-]+#token=[\w-]+/)?.[0];
    const guardian = await browser.newPage({ baseURL: baseURL! });
    await guardian.goto(link as string);
    await guardian.getByRole('button', { name: 'I consent' }).click();
    await expect(toast(guardian, 'Thank you: your consent is confirmed')).toBeVisible();
    await guardian.close();
    await page.reload();
    await expect(team.getByRole('listitem', { name: 'Nora Newcomer' })).toBeVisible();
    await expect(team.getByText('Replaced: Harbour A Board 2 (their games still count).')).toBeVisible();

    // The badges, the check-in list and the school standings follow.
    const badges = await (await staff.get('/api/admin/badges')).text();
    expect(badges).toContain('Nora Newcomer');
    expect(badges).not.toContain('Harbour A Board 2');
    const desk = await (await staff.get('/api/admin/checkin/players?search=Harbour')).text();
    expect(desk).toContain('Nora Newcomer');
    await expect
      .poll(async () => {
        const board = await (await request.get('/api/public/leaderboard')).json();
        const row = board.teams.find((entry: { team: string }) => entry.team === 'Harbour A');
        return row?.members.map((member: { name: string }) => member.name) ?? [];
      })
      .toContain('Nora Newcomer');

    // Round 4 is due in ten minutes: names locked 15 minutes before it. The same change waits for an arbiter.
    await request.post('/__e2e/sql', {
      data: {
        statement: `update rounds set start_time = now() + interval '10 minutes' where number = 4 and tournament_id = (select id from tournaments where active)`,
      },
    });
    await page.reload();
    await expect(
      page.getByText('Names are locked: a substitute you name now goes to an arbiter'),
    ).toBeVisible();
    const third = team.getByRole('listitem', { name: 'Harbour A Board 3' });
    await third.getByRole('button', { name: 'Substitute' }).click();
    const late = page.getByRole('dialog', { name: 'Substitute for Harbour A Board 3' });
    await late.getByLabel('Substitute name', { exact: true }).fill('Owen Older');
    await late.getByLabel('Substitute date of birth').fill('2000-03-03');
    await late.getByLabel('Why is the change needed?').fill('Board 3 is ill this morning');
    await late.getByRole('button', { name: 'Ask an arbiter' }).click();
    await expect(
      toast(page, 'your request (Owen Older to take the place of Harbour A Board 3) waits'),
    ).toBeVisible();
    await expect(third.getByText('Waiting for an arbiter: Owen Older to take the place')).toBeVisible();
    await expect(team.getByRole('listitem', { name: 'Owen Older' })).toHaveCount(0);

    // The arbiter accepts it from the queue; the teacher is e-mailed and sees the substitute.
    const arbiterContext = await browser.newContext({ baseURL: baseURL! });
    const arbiter = await arbiterContext.newPage();
    await signInAndWait(arbiter, 'superadmin@demo.test');
    await arbiter.goto('/admin/roster-requests');
    const waiting = arbiter.getByRole('group', { name: 'Owen Older to take the place of Harbour A Board 3' });
    await expect(waiting).toContainText('Reason: Board 3 is ill this morning');
    await shootBothWidths(arbiter, SHOTS, 'roster-requests');
    expect(await seriousAxeViolations(arbiter)).toEqual([]);
    await waiting.getByRole('button', { name: 'Accept' }).click();
    await expect(
      toast(arbiter, 'Accepted: Owen Older to take the place of Harbour A Board 3.'),
    ).toBeVisible();
    await expect(arbiter.getByText('No request is waiting.')).toBeVisible();
    await arbiterContext.close();
    const answer = await (await request.get('/__e2e/outbox?to=office%40harbour-school.example')).json();
    expect(answer.subject).toBe('Your roster request for Harbour School was accepted');
    await page.reload();
    await expect(team.getByRole('listitem', { name: 'Owen Older' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Requests to an arbiter' })).toContainText('Accepted');
    await shootBothWidths(page, SHOTS, 'roster-after-substitutes');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await staff.dispose();
    // The browser logged the refused substitute (400) itself: that one is expected, nothing else may be.
    const expected = consoleErrors.filter((text) => /status of 400/.test(text));
    expect(expected).toHaveLength(1);
    consoleErrors.splice(
      0,
      consoleErrors.length,
      ...consoleErrors.filter((text) => !expected.includes(text)),
    );
  });

  test('a late team is entered from the roster page and paid from its own registration', async ({
    page,
    request,
    baseURL,
  }) => {
    const school = await registerSchool(request, 'Meadow School', ['Meadow A']);
    const staff = await staffApi(baseURL!, 'superadmin@demo.test');
    const admin = (path: string, data: unknown) => staff.post(`/api/admin/registrations${path}`, { data });
    expect((await admin(`/${school.registration.id}/mark-paid`, { via: 'cash', note: 'Desk' })).ok()).toBe(
      true,
    );
    expect((await admin('/promote', { registrationIds: [school.registration.id] })).ok()).toBe(true);
    // The arbiters take late entries until round 4 is paired (the default is the middle round, 3).
    const rules = await (await staff.get('/api/admin/roster-rules')).json();
    expect(
      (await staff.put('/api/admin/roster-rules', { data: { ...rules.rules, lateEntryUntilRound: 4 } })).ok(),
    ).toBe(true);
    await staff.dispose();

    await page.goto(`/registration/roster/${school.registration.id}#token=${school.accessToken}`);
    await dismissCookieBanner(page);
    const offer = page.getByRole('region', { name: 'A late team' });
    await expect(offer).toContainText('until round 4 is paired. It plays from that round and costs €60.00');
    await offer.getByRole('button', { name: 'Enter a late team' }).click();
    const form = page.getByRole('dialog', { name: 'Enter a late team' });
    await form.getByLabel('Team name').fill('Meadow B');
    for (const n of [1, 2, 3, 4]) {
      await form.getByLabel(`Pupil ${n} name`, { exact: true }).fill(`Meadow B Pupil ${n}`);
      await form.getByLabel(`Pupil ${n} date of birth`).fill('2001-04-04');
    }
    await shootBothWidths(page, SHOTS, 'late-team-form');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Enter the team' }).click();
    await expect(toast(page, 'Meadow B joins the tournament from round 4')).toBeVisible();
    const entered = page.getByRole('status').filter({ hasText: 'Meadow B is entered' });
    await expect(entered).toBeVisible();
    await shootBothWidths(page, SHOTS, 'late-team-entered');

    // Its own registration: unpaid, paid from its page like any team.
    await entered.getByRole('link', { name: 'Pay for Meadow B' }).click();
    await expect(page.getByRole('button', { name: 'Pay now €60.00' })).toBeVisible();
  });

  test("round 4's pairing follows the teacher: a requested ½ bye and a withdrawn pupil get no board", async ({
    page,
    request,
    baseURL,
  }) => {
    const school = await registerSchool(request, 'Orchard School', ['Orchard A']);
    const staff = await staffApi(baseURL!, 'superadmin@demo.test');
    const admin = (path: string, data: unknown) => staff.post(`/api/admin/registrations${path}`, { data });
    expect((await admin(`/${school.registration.id}/mark-paid`, { via: 'cash', note: 'Desk' })).ok()).toBe(
      true,
    );
    expect((await admin('/promote', { registrationIds: [school.registration.id] })).ok()).toBe(true);

    await page.goto(`/registration/roster/${school.registration.id}#token=${school.accessToken}`);
    await dismissCookieBanner(page);
    const team = page.getByRole('group', { name: 'Orchard A' });
    const first = team.getByRole('listitem', { name: 'Orchard A Board 1' });
    await first.getByRole('button', { name: 'Request bye' }).click();
    await expect(toast(page, 'Half-point bye requested for Orchard A Board 1 in round 4.')).toBeVisible();
    // One half-point bye per pupil: round 5 offers only a zero-point bye now.
    await expect(first.getByLabel('Bye for Orchard A Board 1').locator('option')).toHaveText([
      'Round 5: requested bye (0 points)',
    ]);
    const fourth = team.getByRole('listitem', { name: 'Orchard A Board 4' });
    await fourth.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Withdraw' }).click();
    await expect(fourth.getByText('Withdrawn from round 4')).toBeVisible();

    // Round 3 ends (its open games drawn) and the arbiter pairs round 4.
    await request.post('/__e2e/sql', {
      data: { statement: "update matches set result = 'draw' where round_number = 3 and result is null" },
    });
    expect((await staff.post('/api/admin/rounds/3/complete', { data: {} })).ok()).toBe(true);
    expect((await staff.post('/api/admin/rounds/4/pairings', { data: {} })).ok()).toBe(true);
    await staff.dispose();

    const lookup = async (name: string) => {
      const answer = await (await request.get(`/api/public/players?name=${encodeURIComponent(name)}`)).json();
      return answer.players.find((player: { name: string }) => player.name === name);
    };
    // The public pages follow the pairing once their snapshot is rebuilt (within a second or so).
    await expect.poll(async () => (await lookup('Orchard A Board 2'))?.current?.roundNumber ?? null).toBe(4);
    const onBye = await lookup('Orchard A Board 1');
    expect(onBye.current).toMatchObject({ roundNumber: 4, board: null, bye: 'half' });
    const seated = await lookup('Orchard A Board 2');
    expect(seated.current).toMatchObject({ roundNumber: 4, bye: null });
    expect(seated.current.board).toBeGreaterThan(0);
    // Withdrawn: found by the lookup, tagged, with no board in round 4.
    expect(await lookup('Orchard A Board 4')).toMatchObject({ withdrawn: true, current: null, history: [] });

    // Round 4 is paired: the teacher can no longer take the bye back or undo the withdrawal.
    await page.reload();
    await expect(first.getByText('Round 4: Requested bye (½ point)', { exact: true })).toBeVisible();
    await expect(first.getByRole('button', { name: 'Take back' })).toHaveCount(0);
    await expect(fourth.getByRole('button', { name: 'Undo withdrawal' })).toHaveCount(0);
    await expect(fourth.getByRole('button', { name: 'Ask to bring back' })).toBeVisible();
  });
});
