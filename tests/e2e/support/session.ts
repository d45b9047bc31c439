import {
  type APIRequestContext,
  type Browser,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';
import { ACCESS_MESSAGES } from '../../../src/contracts/common';
import { answering, dismissCookieBanner, expect } from './fixtures';

/** Demo accounts (README); every test starts from the demo state. */
export const DEMO_PASSWORD = 'demo-pass-2025';
export const FROZEN_MESSAGE = ACCESS_MESSAGES.frozen;

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

export async function signInAndWait(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await signIn(page, email, password);
  await expect(toast(page, 'Logged in successfully')).toBeVisible();
}

/** A toast (sonner) with this text. */
export function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

export async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /\(account menu\)$/ }).click();
}

/** A second browser, as someone else on another device. */
export async function otherDevice(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = answering(await context.newPage());
  await page.goto('/');
  await dismissCookieBanner(page);
  return page;
}

/** An API client signed in as a demo account, for setting a scene without the pages (call dispose() after). */
export async function staffApi(baseURL: string, email: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const signedIn = await api.post('/api/auth/sign-in/email', { data: { email, password: DEMO_PASSWORD } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  return api;
}
