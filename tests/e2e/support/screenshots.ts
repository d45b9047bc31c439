import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';

/** Full-page screenshots at 1280 px and 375 px wide (`<dir>/<name>-<width>.png`); the page ends at 1280 px. */
export async function shootBothWidths(page: Page, dir: string, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Screenshots for the report when SHOTS_DIR is set (nothing otherwise): the viewport at 1280 and 375 px, and the
 * whole page at 375 px; the page ends at 1280 px.
 */
export async function shootWhenAsked(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${dir}/${name}-${width}.png` });
  }
  await page.screenshot({ path: `${dir}/${name}-375-full.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}
