import type { APIRequestContext, Page } from '@playwright/test';
import { CRM_MESSAGES, type CrmBoard, type CrmOverview } from '../../src/contracts/crm';
import { isSettled } from '../../src/domain/crm';
import { seriousAxeViolations } from './support/axe';
import { dismissCookieBanner, expect, test } from './support/fixtures';
import { solvedBotProof } from './support/registration';
import { shootWhenAsked } from './support/screenshots';
import { otherDevice, signInAndWait, toast } from './support/session';

// Two browsers and live updates: more time than the default 30 s.
test.describe.configure({ timeout: 90_000 });

async function signInAt(page: Page, email: string, path: string) {
  await page.goto('/login');
  await dismissCookieBanner(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAndWait(page, email);
  await page.goto(path);
}

/** Registers a school through the public API (as the registration page does): its tasks are created for it. */
async function registerSchool(request: APIRequestContext, school: string) {
  const created = await request.post('/api/registrations', {
    data: {
      registrantName: 'Teacher Example',
      registrantEmail: `office@${school.toLowerCase().replaceAll(' ', '-')}.example`,
      schoolName: school,
      teams: [
        {
          name: `${school} A`,
          players: [1, 2, 3, 4].map((n) => ({ name: `${school} Board ${n}`, dateOfBirth: '2000-05-01' })),
        },
      ],
      botProof: await solvedBotProof(request),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
}

/** Two registered schools, and their tasks on the board (staff's view, read with the page's session). */
async function withSchools(page: Page, request: APIRequestContext) {
  await registerSchool(request, 'Ashgrove College');
  await registerSchool(request, 'Brookfield School');
  await expect
    .poll(async () => ((await (await page.request.get('/api/crm/tasks')).json()) as CrmBoard).tasks.length)
    .toBeGreaterThan(0);
}

const card = (page: Page, id: number) => page.locator(`[data-testid="crm-task-card"][data-task-id="${id}"]`);

test('the readiness matrix filters in the address, so a view can be shared', async ({
  page,
  request,
  site,
}) => {
  await site.setSetting('registration_settings', { is_enabled: true, team_price: 6000 });
  await signInAt(page, 'superadmin@demo.test', '/crm');
  await withSchools(page, request);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  const overview = (await (await page.request.get('/api/crm/overview')).json()) as CrmOverview;
  expect(overview.schools.length).toBeGreaterThan(0);
  const rows = page.getByTestId('crm-matrix-row');
  await expect(rows).toHaveCount(overview.schools.length);
  await expect(page.getByTestId('crm-legend')).toBeVisible();

  // "Fee paid", not done.
  await page.getByLabel('Task type').selectOption('fee_paid');
  await page.getByLabel('Any task not done').check();
  await expect(page).toHaveURL(/[?&]kind=fee_paid(&|$)/);
  await expect(page).toHaveURL(/[?&]open=1(&|$)/);
  const unpaid = overview.schools.filter((school) =>
    school.cells.some((cell) => cell.kind === 'fee_paid' && !isSettled(cell.state)),
  );
  await expect(rows).toHaveCount(unpaid.length);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootWhenAsked(page, 'crm-overview');

  // The same address in another tab shows the same view.
  const shared = page.url();
  await page.goto('/crm');
  await expect(rows).toHaveCount(overview.schools.length);
  await page.goto(shared);
  await expect(rows).toHaveCount(unpaid.length);
  await expect(page.getByLabel('Any task not done')).toBeChecked();

  // A school's page and the settings.
  const school = overview.schools[0];
  if (school) {
    await page.goto(`/crm/teams/${encodeURIComponent(school.id)}`);
    await expect(page.getByRole('heading', { name: school.name, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Registrations and payments' })).toBeVisible();
    await shootWhenAsked(page, 'crm-school');
  }
  await page.goto('/crm/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await shootWhenAsked(page, 'crm-settings');
});

test('a card moved with the keyboard moves on another staff board; a stale move is refused and shown', async ({
  page,
  browser,
  baseURL,
  request,
  site,
}) => {
  await site.setSetting('registration_settings', { is_enabled: true, team_price: 6000 });
  await signInAt(page, 'superadmin@demo.test', '/crm/tasks');
  await withSchools(page, request);
  await page.reload();
  const board = (await (await page.request.get('/api/crm/tasks')).json()) as CrmBoard;
  const task = board.tasks.find((candidate) => candidate.state === 'not_started');
  expect(task, 'a task not started in the demo').toBeDefined();
  if (!task) return;

  const admin = await otherDevice(browser, baseURL);
  await signInAt(admin, 'admin@demo.test', '/crm/tasks');
  await expect(card(admin, task.id)).toHaveAttribute('data-state', 'not_started');
  await expect(card(page, task.id)).toHaveAttribute('data-state', 'not_started');

  // dnd-kit's keyboard sensor: focus the handle, Space picks the card up, → one column on, Space drops it.
  await card(page, task.id).getByTestId('crm-drag-handle').focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await expect(card(page, task.id)).toHaveAttribute('data-state', 'waiting_on_school');
  // The other staff member sees it within a second.
  await expect(card(admin, task.id)).toHaveAttribute('data-state', 'waiting_on_school', { timeout: 1_500 });
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootWhenAsked(page, 'crm-tasks');

  // The admin's board stops following (its live stream is cut), the superadmin moves the card on, and the
  // admin's move, made from the old version, is refused: the card shows where the server has it.
  await admin.route('**/api/live**', (route) => route.abort());
  await admin.reload();
  await expect(card(admin, task.id)).toHaveAttribute('data-state', 'waiting_on_school');
  await card(page, task.id).getByRole('combobox', { name: /^Move/ }).selectOption('received_to_check');
  await expect(card(page, task.id)).toHaveAttribute('data-state', 'received_to_check');
  await expect
    .poll(async () => {
      const now = (await (await page.request.get(`/api/crm/tasks/${task.id}`)).json()) as {
        task: { state: string };
      };
      return now.task.state;
    })
    .toBe('received_to_check');
  await card(admin, task.id).getByRole('combobox', { name: /^Move/ }).selectOption('done');
  await expect(toast(admin, CRM_MESSAGES.stale)).toBeVisible();
  await expect(card(admin, task.id)).toHaveAttribute('data-state', 'received_to_check');
  await shootWhenAsked(admin, 'crm-tasks-stale');
  await admin.context().close();
});
