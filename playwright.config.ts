import { defineConfig, devices } from '@playwright/test';
import { assertChromiumInstalled, CHROMIUM_ARGS, TEST_BROWSER_PATH } from './tests/e2e/support/chromium';

assertChromiumInstalled();
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
    // Recording a trace slows every test by about a quarter (screencast and DOM snapshots at each step): CI
    // records one only when a failed test runs again; a local run keeps the failed test's own.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: TEST_BROWSER_PATH,
      args: CHROMIUM_ARGS,
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
