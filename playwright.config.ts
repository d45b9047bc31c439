import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(
    `Chromium not found at ${chromium}. Install Debian's: apt-get update && apt-get install -y chromium ` +
      '(or set CHROMIUM_PATH). Playwright must never download a browser here.',
  );
}
const port = Number(process.env.E2E_PORT ?? 3199);

export default defineConfig({
  testDir: 'tests/e2e',
  // One server with one database: tests that change site state run one at a time.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node --import tsx tests/e2e/support/e2e-server.ts',
    url: `http://127.0.0.1:${port}/api/ready`,
    env: { PORT: String(port) },
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'pipe',
  },
});
