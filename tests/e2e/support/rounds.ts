import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import { dismissCookieBanner, expect } from './fixtures';
import { signInAndWait } from './session';

/**
 * Round `finished` of the demo ends (its open boards drawn and the round completed, in the database) and an
 * arbiter, signed in on another device, pairs the next one through the API: the public pages, screens and
 * follows hear of it as they would on the day. Returns the arbiter's browser context, for the caller to close.
 */
export async function pairNextRoundAsArbiter(
  request: APIRequestContext,
  browser: Browser,
  baseURL: string | undefined,
  finished: number,
): Promise<BrowserContext> {
  const sql = async (statement: string) =>
    expect((await request.post('/__e2e/sql', { data: { statement } })).ok()).toBe(true);
  await sql(`update matches set result = 'draw' where round_number = ${finished} and result is null`);
  await sql(`update rounds set status = 'completed', end_time = now() where number = ${finished}`);
  const staff = await browser.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const arbiter = await staff.newPage();
  await arbiter.goto('/login');
  await dismissCookieBanner(arbiter);
  await signInAndWait(arbiter, 'arbiter@demo.test');
  const paired = await arbiter.request.post(`/api/admin/rounds/${finished + 1}/pairings`, { data: {} });
  expect(paired.status()).toBe(200);
  return staff;
}
