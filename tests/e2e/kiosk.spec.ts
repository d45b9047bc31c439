import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, chromium } from '@playwright/test';
import { encode } from 'uqr';
import { BADGE_MESSAGES, type BadgeList, badgeListSchema } from '../../src/contracts/badges';
import { KIOSK_MESSAGES } from '../../src/contracts/kiosk';
import { playerLookupResponseSchema } from '../../src/contracts/player-lookup';
import { badgeUrl } from '../../src/domain/badges';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';
import { answering, dismissCookieBanner, expect, test } from './support/fixtures';
import { shootWhenAsked } from './support/screenshots';
import { DEMO_PASSWORD, signInAndWait, staffApi } from './support/session';

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A Y4M video (what Chromium's fake camera plays, in a loop) of a QR code on white: 4:2:0, the code's modules
 * drawn as black squares of `scale` pixels in the middle of the frame.
 */
function qrVideo(text: string): string {
  const { data } = encode(text, { ecc: 'M', border: 4 });
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) / data.length);
  const left = Math.floor((WIDTH - data.length * scale) / 2);
  const top = Math.floor((HEIGHT - data.length * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (const [y, row] of data.entries()) {
    for (const [x, isDark] of row.entries()) {
      if (!isDark) continue;
      for (let dy = 0; dy < scale; dy += 1) {
        const start = (top + y * scale + dy) * WIDTH + left + x * scale;
        luma.fill(16, start, start + scale);
      }
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const file = join(mkdtempSync(join(tmpdir(), 'kiosk-')), 'badge.y4m');
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`),
      ...Array(10).fill(frame),
    ]),
  );
  return file;
}

/** A pupil with a board in the round under way (the demo's round 3), and their live badge. */
async function pupilWithBoard(api: APIRequestContext, badges: BadgeList) {
  for (const holder of badges.players) {
    const response = await api.get(`/api/public/players?${new URLSearchParams({ name: holder.name })}`);
    const [entry] = playerLookupResponseSchema.parse(await response.json()).players;
    if (entry?.current?.board) return { holder, board: entry.current.board };
  }
  throw new Error('no pupil with a board');
}

/** Every badge issued by staff, then a pupil with a board in the round under way and their live badge. */
async function pupilWithIssuedBadge(admin: APIRequestContext) {
  expect((await admin.post('/api/admin/badges/issue')).ok()).toBe(true);
  return pupilWithBoard(admin, badgeListSchema.parse(await (await admin.get('/api/admin/badges')).json()));
}

test('the kiosk checks a pupil in from a QR image fed to the camera, shows the board, refuses a revoked badge and refuses while check-in is closed', async ({
  site,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const admin = await staffApi(baseURL!, 'superadmin@demo.test');
  const { holder, board } = await pupilWithIssuedBadge(admin);
  await site.setSetting('checkin_open', false);

  // A camera that shows the pupil's badge, in a browser of its own.
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${qrVideo(badgeUrl(baseURL!, holder.badge!.token))}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL, permissions: ['camera'] });
    const page = answering(await context.newPage());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // Anyone without check-in desk access is asked for a staff sign-in.
    await page.goto('/mss-nfc-access');
    await expect(page.getByText(KIOSK_MESSAGES.needsStaff)).toBeVisible();
    await dismissCookieBanner(page);
    await page.goto('/login');
    await signInAndWait(page, 'arbiter@demo.test');
    await page.goto('/mss-nfc-access');
    await page.getByRole('button', { name: /Start check-in kiosk/ }).click();
    await expect(page.getByRole('heading', { name: 'Check in here', level: 1 })).toBeVisible();
    // Kiosk mode: no links away from the page.
    await expect(page.getByRole('link')).toHaveCount(0);

    // Check-in is closed: the camera reads the badge and the kiosk refuses.
    await expect(page.getByRole('alert').filter({ hasText: KIOSK_MESSAGES.closed })).toBeVisible({
      timeout: 15_000,
    });
    await shootWhenAsked(page, 'kiosk-closed');

    // Opened elsewhere: the kiosk follows live and the next read checks the pupil in, showing the board.
    await site.setSetting('checkin_open', true);
    await expect(page.getByText('Check-in open', { exact: true })).toBeVisible();
    const welcome = page.getByRole('status').filter({ hasText: KIOSK_MESSAGES.welcome(holder.name) });
    await expect(welcome).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('kiosk-pairing')).toContainText(`Round 3: board ${board},`);
    await shootWhenAsked(page, 'kiosk-welcome');

    // The badge is revoked: the next read is refused.
    expect((await admin.delete(`/api/admin/badges/player/${holder.id}`)).ok()).toBe(true);
    await expect(page.getByRole('alert').filter({ hasText: KIOSK_MESSAGES.revokedBadge })).toBeVisible({
      timeout: 15_000,
    });

    // A code typed (or typed by a handheld scanner) that is no badge's: "unknown badge".
    await page.getByLabel('Or type the code on your badge').fill('ZZZZ-ZZZZ');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: KIOSK_MESSAGES.unknownBadge })).toBeVisible();

    // Leaving kiosk mode takes the staff member's password.
    await page.getByRole('button', { name: 'Staff: exit kiosk' }).click();
    await page.getByLabel('Your password').fill('not-the-password');
    await page.getByRole('button', { name: 'Exit kiosk', exact: true }).click();
    await expect(page.getByText(KIOSK_MESSAGES.wrongPassword)).toBeVisible();
    await page.getByLabel('Your password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Exit kiosk', exact: true }).click();
    await expect(page.getByRole('button', { name: /Start check-in kiosk/ })).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
    await admin.dispose();
  }
});

test('badges are issued and printed by staff, a school is checked in at the desk, and the overview shows each source', async ({
  page,
  site,
}) => {
  test.setTimeout(90_000);
  await site.setSetting('checkin_open', true);
  await page.goto('/');
  await dismissCookieBanner(page);
  await page.goto('/login');
  await signInAndWait(page, 'superadmin@demo.test');

  await page.goto('/admin/checkin-badges');
  // A shared test machine under load can take a while to draw the first admin page.
  const schools = page.getByRole('table', { name: 'School badges' });
  await expect(schools).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Issue missing badges' }).click();
  await expect(schools.getByRole('row', { name: /Loreto College/ })).toContainText(/[0-9A-Z]{4}-[0-9A-Z]{4}/);
  // No Web NFC in desktop Chromium: the write button is hidden.
  await expect(page.getByRole('button', { name: 'Write to NFC tag' })).toHaveCount(0);
  await shootWhenAsked(page, 'checkin-badges');

  await page.goto('/print/badges?checkin=1');
  await expect(page.getByRole('img', { name: 'QR code: check-in badge of Loreto College' })).toBeVisible();
  const qr = await page
    .getByRole('img', { name: /^QR code: check-in badge of / })
    .first()
    .getAttribute('data-qr-value');
  expect(qr).toMatch(/\/mss-nfc-access#t=[a-z2-7]{26}$/);
  await shootWhenAsked(page, 'print-checkin-badges');

  // The desk checks in a whole school but for one absent pupil.
  await page.goto('/admin/checkin-desk');
  await page.getByRole('button', { name: 'Whole school…' }).click();
  const loreto = await page.locator('option', { hasText: 'Loreto College' }).getAttribute('value');
  await page.getByLabel('School', { exact: true }).selectOption(loreto!);
  const list = page.getByRole('region', { name: 'Pupils of Loreto College' });
  await list.getByRole('checkbox').first().check();
  await shootWhenAsked(page, 'checkin-whole-school');
  await list.getByRole('button', { name: 'Check in 7 pupils' }).click();
  await expect(page.getByText('7 pupils of Loreto College checked in')).toBeVisible();

  await page.goto('/admin/checkin-overview');
  const arrivals = page.getByRole('table', { name: 'Arrivals' });
  await expect(arrivals.getByRole('row')).toHaveCount(8);
  await expect(arrivals.getByRole('cell', { name: 'Whole school' })).toHaveCount(7);
  await expect(page.getByTestId('in-hall-count')).toHaveText('7');
  await shootWhenAsked(page, 'checkin-overview-sources');
});

test('a badge link opened on a staff phone is scanned once a kiosk starts, and not again on reload', async ({
  page,
  site,
  baseURL,
}) => {
  const admin = await staffApi(baseURL!, 'superadmin@demo.test');
  try {
    const { holder, board } = await pupilWithIssuedBadge(admin);
    await site.setSetting('checkin_open', true);
    await page.goto('/');
    await dismissCookieBanner(page);
    await page.goto('/login');
    await signInAndWait(page, 'arbiter@demo.test');

    // The phone's camera app opens the badge's link.
    await page.goto(badgeUrl(baseURL!, holder.badge!.token));
    await expect(page.getByRole('status').filter({ hasText: KIOSK_MESSAGES.badgeLinkOpened })).toBeVisible();
    // The token leaves the address bar at once.
    await expect(page).toHaveURL(/\/mss-nfc-access$/);
    await shootWhenAsked(page, 'kiosk-badge-link');
    await page.getByRole('button', { name: /Start check-in kiosk/ }).click();
    await expect(
      page.getByRole('status').filter({ hasText: KIOSK_MESSAGES.welcome(holder.name) }),
    ).toBeVisible();
    await expect(page.getByTestId('kiosk-pairing')).toContainText(`Round 3: board ${board},`);

    // A reload stays in kiosk mode and scans nothing again.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Check in here', level: 1 })).toBeVisible();
    await expect(page.getByText('Scan your badge to check in.')).toBeVisible();
  } finally {
    await admin.dispose();
  }
});

/**
 * Web NFC exists only in Chrome on Android, which this machine has not got: a stand-in `NDEFReader` with the same
 * interface (write, scan, 'reading' events carrying NDEF records) lets the pages' NFC code run as it would there.
 * What it cannot show is a real tag and a real phone's radio.
 */
function standInNfc() {
  const readers: EventTarget[] = [];
  const written: unknown[] = [];
  class NDEFReader extends EventTarget {
    async write(message: unknown) {
      written.push(message);
    }
    async scan() {
      readers.push(this);
    }
  }
  Object.assign(window, {
    NDEFReader,
    __nfcWritten: written,
    __tapTag: (url: string) => {
      const data = new DataView(new TextEncoder().encode(url).buffer);
      for (const reader of readers) {
        const event = Object.assign(new Event('reading'), {
          message: { records: [{ recordType: 'url', data }] },
        });
        reader.dispatchEvent(event);
      }
    },
  });
}

test('on an Android phone, staff write a badge to an NFC tag and a pupil taps it at the kiosk', async ({
  page,
  site,
  baseURL,
}) => {
  const admin = await staffApi(baseURL!, 'superadmin@demo.test');
  try {
    const { holder, board } = await pupilWithIssuedBadge(admin);
    await site.setSetting('checkin_open', true);
    await page.addInitScript(standInNfc);
    await page.goto('/');
    await dismissCookieBanner(page);
    await page.goto('/login');
    await signInAndWait(page, 'superadmin@demo.test');

    // The badge page offers writing each badge to a tag, and writes the badge's link as one URL record.
    await page.goto('/admin/checkin-badges');
    await page.getByRole('button', { name: `Write to NFC tag for ${holder.name}` }).click();
    await expect(page.getByText(BADGE_MESSAGES.nfcWritten)).toBeVisible();
    const url = badgeUrl(baseURL!, holder.badge!.token);
    expect(
      await page.evaluate(() => (window as unknown as { __nfcWritten: unknown[] }).__nfcWritten),
    ).toEqual([{ records: [{ recordType: 'url', data: url }] }]);

    // At the kiosk, the pupil taps the tag: checked in, with the board.
    await page.goto('/mss-nfc-access');
    await page.getByRole('button', { name: /Start check-in kiosk/ }).click();
    await page.getByRole('button', { name: 'Use NFC badges' }).click();
    await expect(page.getByText(KIOSK_MESSAGES.nfcReady)).toBeVisible();
    await page.evaluate(
      (tag) => (window as unknown as { __tapTag: (url: string) => void }).__tapTag(tag),
      url,
    );
    await expect(
      page.getByRole('status').filter({ hasText: KIOSK_MESSAGES.welcome(holder.name) }),
    ).toBeVisible();
    await expect(page.getByTestId('kiosk-pairing')).toContainText(`Round 3: board ${board},`);
  } finally {
    await admin.dispose();
  }
});
