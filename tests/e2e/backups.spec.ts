import type { APIRequestContext, Page } from '@playwright/test';
import { BACKUP_MESSAGES } from '../../src/contracts/backups';
import { type EntryBoard, resultEntryResponseSchema } from '../../src/contracts/match-results';
import { seriousAxeViolations } from './support/axe';
import { answering, dismissCookieBanner, expect, test } from './support/fixtures';
import { shootWhenAsked } from './support/screenshots';
import { signInAndWait, toast } from './support/session';

// A backup and a restore each verify a copy in a scratch database: more time than the default 30 s.
test.describe.configure({ timeout: 120_000 });

const PATH = '/admin/backups';

async function boards(request: APIRequestContext): Promise<EntryBoard[]> {
  const response = await request.get('/api/admin/match-results');
  expect(response.ok(), await response.text()).toBe(true);
  return resultEntryResponseSchema.parse(await response.json()).boards;
}

async function openBackupsAsSuperadmin(page: Page) {
  await page.goto('/login');
  await dismissCookieBanner(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAndWait(page, 'superadmin@demo.test');
  await page.goto(PATH);
  await expect(page.getByRole('heading', { name: 'Backups', level: 1 })).toBeVisible();
}

const backupItem = (page: Page, name: string) =>
  page.locator(`li[data-testid="backup"][data-name="${name}"]`);

test('a superadmin backs up, changes a result, restores the backup and the result is back', async ({
  page,
}) => {
  await openBackupsAsSuperadmin(page);

  // Create: a progress bar while it is written and verified, then the toast and a verified backup on top.
  await page.getByRole('button', { name: 'Create backup' }).click();
  const bar = page.getByRole('progressbar', { name: 'Backup progress' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/);
  await expect(toast(page, BACKUP_MESSAGES.created)).toBeVisible({ timeout: 60_000 });
  await expect(bar).toHaveCount(0);
  const newest = page.getByTestId('backup').first();
  const name = (await newest.getAttribute('data-name'))!;
  expect(name).toMatch(/^backup-\d{8}T\d{6}-\d{3}Z\.jsonl\.gz$/);
  const item = backupItem(page, name);
  await expect(item).toContainText('Manual');
  await expect(item).toContainText('Verified');
  await expect(item).toContainText('Just now');
  await item.getByText('Row counts per table').click();
  await expect(item.getByRole('rowheader', { name: 'players', exact: true })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootWhenAsked(page, 'backups');

  // Change a result of the live round as the staff would.
  const [board] = (await boards(page.request)).filter((b) => b.result === null);
  await page.goto('/admin/match-results');
  const jump = page.getByLabel('Board number');
  await jump.fill(String(board!.board));
  await jump.press('Enter');
  await page.keyboard.press('1');
  await expect(toast(page, 'Match result updated successfully')).toBeVisible();
  expect((await boards(page.request)).find((b) => b.board === board!.board)?.result).toBe('white');

  // Restore: the dialog says what happens, the job runs, the page says what it did.
  await page.goto(PATH);
  await backupItem(page, name).getByRole('button', { name: 'Restore' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore this backup?' });
  await expect(dialog).toContainText('maintenance (read-only)');
  await expect(dialog).toContainText('rollback point');
  await shootWhenAsked(page, 'backups-restore-dialog');
  await dialog.getByRole('button', { name: 'Restore backup' }).click();
  await expect(page.getByRole('progressbar', { name: 'Restore progress' })).toBeVisible();
  await expect(toast(page, BACKUP_MESSAGES.restored)).toBeVisible({ timeout: 90_000 });
  const report = page.getByRole('status').filter({ hasText: `Restored ${name}` });
  await expect(report).toBeVisible();
  await expect(report).toContainText(/rollback point\s+backup-\d{8}T\d{6}-\d{3}Z-rollback\.jsonl\.gz/);
  await expect(page.getByTestId('backup').filter({ hasText: 'Rollback point' }).first()).toContainText(
    'Verified',
  );
  await shootWhenAsked(page, 'backups-restored');

  // The result is back as it was, and the site is writable again.
  expect((await boards(page.request)).find((b) => b.board === board!.board)?.result).toBeNull();

  // The dashboard shows the backup's age and links here.
  await page.goto('/admin/super-admin-dashboard');
  const card = page.getByRole('region', { name: 'Backups', exact: true });
  await expect(card).toContainText(/Last backup\s*Just now/);
  await expect(card).toHaveAttribute('data-tone', 'neutral');
  await card.getByRole('link', { name: 'Backups' }).click();
  await expect(page).toHaveURL(/\/admin\/backups$/);
});

test('the schedule is saved, and an admin is refused', async ({ page, browser, baseURL }) => {
  await openBackupsAsSuperadmin(page);
  const keep = page.getByLabel('Scheduled backups to keep');
  await keep.fill('0');
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Enter a whole number from 1 to 365')).toBeVisible();
  await keep.fill('7');
  await page.getByRole('switch', { name: 'Daily backup' }).uncheck();
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(toast(page, BACKUP_MESSAGES.scheduleSaved)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Scheduled backups to keep')).toHaveValue('7');
  await expect(page.getByRole('switch', { name: 'Daily backup' })).not.toBeChecked();

  const context = await browser.newContext({ baseURL });
  const other = answering(await context.newPage());
  await other.goto('/login');
  await dismissCookieBanner(other);
  await signInAndWait(other, 'admin@demo.test');
  await other.goto(PATH);
  await expect(other.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  expect((await other.request.get('/api/admin/backups')).status()).toBe(403);
  await context.close();
});
