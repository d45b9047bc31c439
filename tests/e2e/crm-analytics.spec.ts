import { seriousAxeViolations } from './support/axe';
import { superadminWithSchools } from './support/crm';
import { expect, test } from './support/fixtures';
import { shootWhenAsked } from './support/screenshots';

test.describe.configure({ timeout: 90_000 });

const CHARTS = [
  'chart-by-kind',
  'chart-readiness',
  'chart-overdue',
  'chart-flow',
  'chart-money',
  'chart-funnel',
];

test('the analytics page shows its charts, each as a table and as CSV', async ({ page, request, site }) => {
  await superadminWithSchools(page, request, site, '/crm');
  await page.getByRole('navigation', { name: 'Team tasks' }).getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  for (const id of CHARTS) await expect(page.getByTestId(id)).toBeVisible();
  await expect(page.getByTestId('chart-by-kind').locator('svg.recharts-surface').first()).toBeVisible();
  await expect(page.getByTestId('chart-money')).toContainText('€120.00 outstanding');

  // The table view, visible on demand.
  const byKind = page.getByTestId('chart-by-kind');
  await byKind.getByRole('button', { name: 'Show as table' }).click();
  const table = byKind.getByRole('table', { name: 'Readiness per task type' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Fee paid' })).toBeVisible();
  await expect(
    table
      .getByRole('row', { name: /Fee paid/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('2');
  await byKind.getByRole('button', { name: 'Show as chart' }).click();

  // CSV export.
  const funnel = page.getByTestId('chart-funnel');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    funnel.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('crm-event-day-funnel.csv');
  const text = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(text).toString('utf8')).toContain('Registered,2');

  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootWhenAsked(page, 'crm-analytics');
});

test('a task added with the form appears on the board; the filters keep to the address', async ({
  page,
  request,
  site,
}) => {
  await superadminWithSchools(page, request, site, '/crm/tasks');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Add task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add task' });
  await dialog.getByLabel('School').selectOption({ label: 'Brookfield School' });
  await dialog.getByLabel('Title').fill('Book the minibus');
  await dialog.getByLabel('Due date').fill('2030-01-15');
  await dialog.getByLabel('Priority').selectOption('high');
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: 'Book the minibus' })).toBeVisible();

  await page.getByLabel('Task, school or team').fill('minibus');
  await expect(page).toHaveURL(/[?&]q=minibus(&|$)/);
  await expect(page.getByTestId('crm-task-card')).toHaveCount(1);
  await page.getByLabel('Task type').selectOption('fee_paid');
  await expect(page.getByTestId('crm-task-card')).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByLabel('School', { exact: true }).selectOption({ label: 'Ashgrove College' });
  await expect(page).toHaveURL(/[?&]school=/);
  await expect(page.getByRole('article', { name: 'Book the minibus' })).toHaveCount(0);
  await shootWhenAsked(page, 'crm-tasks-filtered');

  // The log (crm_admin) shows the new task's creation.
  await page.getByRole('navigation', { name: 'Team tasks' }).getByRole('link', { name: 'Log' }).click();
  await expect(page.getByRole('heading', { name: 'Activity log', level: 1 })).toBeVisible();
  await expect(page.getByTestId('crm-log-row').first()).toContainText('Book the minibus');
  await shootWhenAsked(page, 'crm-log');
});
