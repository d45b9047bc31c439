import { CRM_MESSAGES, type CrmBoard, type CrmOverview } from '../../src/contracts/crm';
import { isSettled } from '../../src/domain/crm';
import { seriousAxeViolations } from './support/axe';
import { signInAt, superadminWithSchools, taskCard } from './support/crm';
import { expect, test } from './support/fixtures';
import { shootWhenAsked } from './support/screenshots';
import { otherDevice, toast } from './support/session';

// Two browsers and live updates: more time than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test('the readiness matrix filters in the address, so a view can be shared', async ({
  page,
  request,
  site,
}) => {
  await superadminWithSchools(page, request, site, '/crm');
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

test('the matrix arrives drawn for its staff, and answers once its code has taken it over', async ({
  browser,
  page,
  request,
  site,
}) => {
  await superadminWithSchools(page, request, site, '/crm');
  const overview = (await (await page.request.get('/api/crm/overview')).json()) as CrmOverview;
  expect(overview.schools.length).toBeGreaterThan(0);

  // The same session in a browser that runs no script: every school's row is in the page as it arrives (ADR 037).
  const bare = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const drawn = await bare.newPage();
  await drawn.goto('/crm');
  await expect(drawn.getByTestId('crm-matrix-row')).toHaveCount(overview.schools.length);
  await expect(drawn.getByRole('button', { name: /Fee paid/ }).first()).toBeVisible();
  await bare.close();

  // With scripts, the drawn matrix is taken over without being drawn again, and a cell opens its task.
  await page.reload();
  await expect(page.getByTestId('crm-matrix-row')).toHaveCount(overview.schools.length);
  const school = overview.schools[0]?.name ?? '';
  await page.getByRole('button', { name: `${school}, Fee paid`, exact: false }).click();
  await expect(page.getByRole('dialog', { name: new RegExp(`Fee paid – ${school}`) })).toBeVisible();
});

test('a card moved with the keyboard moves on another staff board; a stale move is refused and shown', async ({
  page,
  browser,
  baseURL,
  request,
  site,
}) => {
  await superadminWithSchools(page, request, site, '/crm/tasks');
  await page.reload();
  const board = (await (await page.request.get('/api/crm/tasks')).json()) as CrmBoard;
  const task = board.tasks.find((candidate) => candidate.state === 'not_started');
  expect(task, 'a task not started in the demo').toBeDefined();
  if (!task) return;

  const admin = await otherDevice(browser, baseURL);
  await signInAt(admin, 'admin@demo.test', '/crm/tasks');
  await expect(taskCard(admin, task.id)).toHaveAttribute('data-state', 'not_started');
  await expect(taskCard(page, task.id)).toHaveAttribute('data-state', 'not_started');

  // dnd-kit's keyboard sensor: focus the handle, Space picks the card up, → one column on, Space drops it.
  // Each step waits for the board's screen-reader announcement, as a keyboard user would hear it: a key pressed
  // before the sensor has picked the card up (a busy machine) would otherwise be lost.
  const announced = (text: RegExp) =>
    expect(page.getByRole('status').filter({ hasText: text })).toBeAttached();
  const handle = taskCard(page, task.id).getByTestId('crm-drag-handle');
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  // Picked up, the card is announced over its own column first.
  await announced(/ is over Not started\.$/);
  // dnd-kit's keyboard sensor listens for the arrow keys from a timer it sets when the card is picked up: a timer
  // of the page's own, set after it, runs after it, so the arrow key below is never pressed into the void.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await page.keyboard.press('ArrowRight');
  await announced(/ is over Waiting on school\.$/);
  await page.keyboard.press('Space');
  await expect(taskCard(page, task.id)).toHaveAttribute('data-state', 'waiting_on_school');
  // The other staff member sees it within a second.
  await expect(taskCard(admin, task.id)).toHaveAttribute('data-state', 'waiting_on_school', {
    timeout: 1_500,
  });
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootWhenAsked(page, 'crm-tasks');

  // The admin's board stops following (its live stream is cut), the superadmin moves the card on, and the
  // admin's move, made from the old version, is refused: the card shows where the server has it.
  await admin.route('**/api/live**', (route) => route.abort());
  await admin.reload();
  await expect(taskCard(admin, task.id)).toHaveAttribute('data-state', 'waiting_on_school');
  await taskCard(page, task.id).getByRole('combobox', { name: /^Move/ }).selectOption('received_to_check');
  await expect(taskCard(page, task.id)).toHaveAttribute('data-state', 'received_to_check');
  await expect
    .poll(async () => {
      const now = (await (await page.request.get(`/api/crm/tasks/${task.id}`)).json()) as {
        task: { state: string };
      };
      return now.task.state;
    })
    .toBe('received_to_check');
  await taskCard(admin, task.id).getByRole('combobox', { name: /^Move/ }).selectOption('done');
  await expect(toast(admin, CRM_MESSAGES.stale)).toBeVisible();
  await expect(taskCard(admin, task.id)).toHaveAttribute('data-state', 'received_to_check');
  await shootWhenAsked(admin, 'crm-tasks-stale');
  await admin.context().close();
});
