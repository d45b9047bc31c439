import { existsSync } from 'node:fs';

/** Debian's Chromium, never a downloaded browser (docs/stack.md). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
/**
 * The browser the end-to-end tests drive: Debian's build of Chromium's headless shell (package
 * chromium-headless-shell, the same engine without the browser's window code), as Playwright's own headless
 * runs use. On two cores, 20 tests took 2.1 min with it and 2.7 min with the full browser, using 35 %
 * less processor time (docs/performance.md). Without it installed, the full browser.
 */
export const TEST_BROWSER_PATH = existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH;

/** Without the background-networking flags Chromium keeps trying hosts this network refuses. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function assertChromiumInstalled(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install Debian's: apt-get update && apt-get install -y chromium ` +
        '(or set CHROMIUM_PATH). Playwright must never download a browser here.',
    );
  }
}
