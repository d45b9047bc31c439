/**
 * Issue 33 "Done when", in Chromium: "Follow" on a player's card asks for notifications only after the tap (the
 * permission is granted in the context), stores this device's subscription, and a round paired then reaches the
 * push service; "Unfollow" removes the subscription. The push service is a stand-in on the e2e server
 * (support/push-stand-in.ts): Chromium's own cannot be reached from the test machine.
 */
import type { APIRequestContext } from '@playwright/test';
import { FOLLOW_MESSAGES } from '../../src/contracts/follows';
import { seriousAxeViolations } from './support/axe';
import { answering, dismissCookieBanner, expect, test } from './support/fixtures';
import { pushStandInScript } from './support/push-stand-in';
import { pairNextRoundAsArbiter } from './support/rounds';
import { shootWhenAsked } from './support/screenshots';
import { toast } from './support/session';

async function readRows<T>(request: APIRequestContext, statement: string): Promise<T[]> {
  const response = await request.get('/__e2e/sql', { params: { statement } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { rows: T[] }).rows;
}

test('a parent follows a pupil on their phone, hears of the next pairing, then unfollows', async ({
  browser,
  baseURL,
  request,
}) => {
  const context = await browser.newContext({
    baseURL,
    permissions: ['notifications'],
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  await context.addInitScript(pushStandInScript(baseURL!));
  const phone = answering(await context.newPage());
  await phone.goto('/player-lookup?name=judit');
  await dismissCookieBanner(phone);
  const card = phone.getByRole('article', { name: 'Judit Polgár' });
  // Nothing is asked on page load: the page has not touched the permission.
  expect(await readRows(request, 'select id from followers')).toEqual([]);
  await card.getByRole('button', { name: 'Follow Judit Polgár' }).click();
  await expect(toast(phone, FOLLOW_MESSAGES.followed('Judit Polgár'))).toBeVisible();
  await expect(card.getByRole('button', { name: 'Unfollow Judit Polgár' })).toBeVisible();
  const [follower] = await readRows<{ endpoint: string; kind: string }>(
    request,
    `select f.endpoint, t.kind from followers f join follow_targets t on t.follower_id = f.id`,
  );
  expect(follower?.kind).toBe('player');
  expect(follower?.endpoint).toMatch(/^http:\/\/push\.stand-in\.test:\d+\/__e2e\/push\//);
  expect(await seriousAxeViolations(phone)).toEqual([]);
  await shootWhenAsked(phone, 'follow-player');

  // Round 3 ends and round 4 is paired: the stand-in receives one message for this device.
  const staff = await pairNextRoundAsArbiter(request, browser, baseURL, 3);
  const id = follower!.endpoint.split('/').pop()!;
  await expect
    .poll(
      async () => ((await (await request.get('/__e2e/pushed')).json()) as Record<string, number>)[id] ?? 0,
      {
        timeout: 10_000,
      },
    )
    .toBe(1);

  // Unfollow: the last follow of the device removes its subscription.
  await card.getByRole('button', { name: 'Unfollow Judit Polgár' }).click();
  await expect(toast(phone, FOLLOW_MESSAGES.unfollowed('Judit Polgár'))).toBeVisible();
  await expect(card.getByRole('button', { name: 'Follow Judit Polgár' })).toBeVisible();
  expect(await readRows(request, 'select id from followers')).toEqual([]);
  await staff.close();
  await context.close();
});

test('on an iPhone in Safari, Follow explains the Home Screen in three steps instead of failing', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });
  const phone = answering(await context.newPage());
  await phone.goto('/player-lookup?name=judit');
  await dismissCookieBanner(phone);
  await phone.getByRole('button', { name: 'Follow Judit Polgár' }).click();
  const sheet = phone.getByRole('dialog', { name: 'Add the site to your Home Screen' });
  await expect(sheet.getByRole('listitem')).toHaveCount(3);
  await expect(sheet).toContainText('Add to Home Screen');
  expect(await seriousAxeViolations(phone)).toEqual([]);
  await shootWhenAsked(phone, 'follow-iphone-sheet');
  await sheet.getByRole('button', { name: 'Got it' }).click();
  await expect(sheet).toBeHidden();
  await context.close();
});

test('following by e-mail needs the confirmation link, and the stop link in it works', async ({
  page,
  request,
}) => {
  await page.goto('/player-lookup?name=judit');
  await dismissCookieBanner(page);
  await page.getByRole('button', { name: 'By e-mail Judit Polgár' }).click();
  const dialog = page.getByRole('dialog', { name: 'Follow Judit Polgár by e-mail' });
  await dialog.getByLabel('Your e-mail address').fill('parent@family.example');
  await dialog.getByRole('button', { name: 'Send the link' }).click();
  await expect(toast(page, FOLLOW_MESSAGES.emailSent('parent@family.example'))).toBeVisible();
  const rows = () =>
    readRows<{ confirmed: boolean }>(
      request,
      `select confirmed_at is not null as confirmed from followers where email = 'parent@family.example'`,
    );
  expect(await rows()).toEqual([{ confirmed: false }]);

  const mail = (await (
    await request.get('/__e2e/outbox', { params: { to: 'parent@family.example' } })
  ).json()) as {
    text: string;
  };
  const confirm = /https?:\/\/\S+\/follow\?confirm=\S+/.exec(mail.text)![0];
  const stop = /https?:\/\/\S+\/follow\?stop=\S+/.exec(mail.text)![0];
  await page.goto(new URL(confirm).pathname + new URL(confirm).search);
  // Opening the link changes nothing (a mail scanner may open it): the tap does.
  expect(await rows()).toEqual([{ confirmed: false }]);
  await page.getByRole('button', { name: 'Start the e-mails' }).click();
  await expect(page.getByRole('status')).toContainText(FOLLOW_MESSAGES.emailConfirmed('Judit Polgár'));
  expect(await rows()).toEqual([{ confirmed: true }]);
  await shootWhenAsked(page, 'follow-email-confirmed');

  await page.goto(new URL(stop).pathname + new URL(stop).search);
  await page.getByRole('button', { name: 'Stop the e-mails' }).click();
  await expect(page.getByRole('status')).toContainText(FOLLOW_MESSAGES.emailStopped);
  expect(await rows()).toEqual([]);
});

test("a school's row of the standings has its own bell: following it follows every pupil of the school", async ({
  browser,
  baseURL,
  request,
}) => {
  const context = await browser.newContext({ baseURL, permissions: ['notifications'] });
  await context.addInitScript(pushStandInScript(baseURL!));
  const page = answering(await context.newPage());
  await page.goto('/leaderboard');
  await dismissCookieBanner(page);
  await page.getByRole('tab', { name: 'School standings' }).click();
  const leaderboard = (await (await request.get('/api/public/leaderboard')).json()) as {
    teams: { school: string }[];
  };
  const school = leaderboard.teams[0]!.school;
  await page
    .getByRole('button', { name: `Follow ${school}`, exact: true })
    .first()
    .click();
  await expect(toast(page, FOLLOW_MESSAGES.followed(school))).toBeVisible();
  await shootWhenAsked(page, 'follow-school-row');
  // Both of the school's teams show it followed: one follow, of the school.
  await expect(page.getByRole('button', { name: `Unfollow ${school}`, exact: true }).first()).toBeVisible();
  expect(
    await readRows(request, `select t.kind from follow_targets t join followers f on f.id = t.follower_id`),
  ).toEqual([{ kind: 'school' }]);
  await context.close();
});
