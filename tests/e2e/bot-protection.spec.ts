import type { Page } from '@playwright/test';
import { BOT_PROTECTION_MESSAGES } from '../../src/contracts/bot-protection';
import { seriousAxeViolations } from './support/axe';
import { dismissCookieBanner, expect, test } from './support/fixtures';
import { shootBothWidths } from './support/screenshots';
import { signInAndWait, toast } from './support/session';

/**
 * Bot protection (ADR 022): the provider the admin chooses is what the public forms load, and the content
 * security policy names the chosen provider's origin only. Cloudflare cannot be reached from the test
 * machine, so its widget script is answered here by a stand-in that renders a button and hands out a token.
 */

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/bot-protection';
const SETTINGS_PASSWORD = 'bot-settings-secret';
const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js';

/** The stand-in widget: Turnstile's explicit-render API, calling the page's `onload` function when loaded. */
const STAND_IN_WIDGET = `
  (() => {
    const onload = new URL(document.currentScript.src).searchParams.get('onload');
    window.turnstile = {
      render(container, options) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'Stand-in Turnstile: verify';
        button.onclick = () => options.callback('stand-in-token');
        container.append(button);
        return 'stand-in';
      },
      reset() {},
    };
    if (onload) window[onload]();
  })();
`;

async function openBotProtectionPage(page: Page): Promise<void> {
  await page.goto('/admin/recaptcha-settings');
  await page.getByLabel('Settings password').fill(SETTINGS_PASSWORD);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bot protection' })).toBeVisible();
}

test('the registration form follows the chosen bot check, and the CSP names only that provider', async ({
  page,
  baseURL,
  site,
}) => {
  // A long journey (two widths of screenshots, three page states): more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
  await site.setSetting('registration_settings', { is_enabled: true, team_price: 6000 });
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== origin) elsewhere.push(request.url());
  });
  await page.route('https://challenges.cloudflare.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: STAND_IN_WIDGET }),
  );

  await page.goto('/');
  await dismissCookieBanner(page);
  await signInAndWait(page, 'superadmin@demo.test');
  const setPassword = await page.request.put('/api/settings-gate/password', {
    headers: { origin },
    data: { newPassword: SETTINGS_PASSWORD },
  });
  expect(setPassword.ok(), await setPassword.text()).toBe(true);

  // Proof of work by default: the admin page shows the measured solve times.
  await openBotProtectionPage(page);
  await expect(page.getByRole('radio', { name: /Proof of work/ })).toBeChecked();
  await expect(page.getByRole('table')).toContainText('Median solve time');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootBothWidths(page, SHOTS, 'bot-protection-proof-of-work');

  await page.getByRole('radio', { name: /Cloudflare Turnstile/ }).check();
  await page.getByLabel('Site key').fill('0x4AAAAAAAstandin');
  await page.getByLabel('Secret key').fill('0x4AAAAAAAstandin-secret');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, BOT_PROTECTION_MESSAGES.saved)).toBeVisible();
  await expect(page.getByText('Set', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fall back to proof-of-work' })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('0x4AAAAAAAstandin-secret');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootBothWidths(page, SHOTS, 'bot-protection-turnstile');

  // The registration page loads Turnstile's script, and its policy allows that origin.
  const withWidget = await page.goto('/registration');
  expect(withWidget?.headers()['content-security-policy']).toContain('https://challenges.cloudflare.com');
  await expect(page.getByRole('heading', { name: 'Team Registration', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stand-in Turnstile: verify' })).toBeVisible();
  expect(elsewhere.some((url) => url.startsWith(TURNSTILE_SCRIPT))).toBe(true);
  await shootBothWidths(page, SHOTS, 'registration-turnstile');

  // Back to proof of work: nothing from a third party, and no third-party origin in the policy.
  await openBotProtectionPage(page);
  await page.getByRole('button', { name: 'Fall back to proof-of-work' }).click();
  await expect(toast(page, BOT_PROTECTION_MESSAGES.fellBack)).toBeVisible();
  await expect(page.getByRole('radio', { name: /Proof of work/ })).toBeChecked();

  elsewhere.length = 0;
  await page.goto('/');
  const withoutWidget = await page.goto('/registration');
  expect(withoutWidget?.headers()['content-security-policy']).not.toMatch(/https?:\/\//);
  await expect(page.getByRole('heading', { name: 'Team Registration', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register now, pay later' })).toBeVisible();
  await expect(page.getByTestId('bot-check-widget')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(elsewhere).toEqual([]);
});
