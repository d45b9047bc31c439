import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAuth,
  eventually,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { databaseTargets } from '../../../../tests/support/server/test-database';
import { homeResponseSchema } from '../../../contracts/home';
import {
  IMPORTANT_INFORMATION_MESSAGES,
  RICH_TEXT_LIMITS,
  SITE_IMAGE_MESSAGES,
} from '../../../contracts/rich-text';
import { SETTINGS_GATE_MESSAGES } from '../../../contracts/settings-gate';
import { systemLogs } from '../../db/schema/settings';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

const corpus: { payloads: { html: string }[] } = JSON.parse(
  readFileSync(new URL('../../../../tests/fixtures/xss/stored-xss-corpus.json', import.meta.url), 'utf8'),
);
/** What must never come back from the API, whatever was sent. */
const DANGEROUS =
  /<script|<svg|<math|<iframe|<object|<embed|<form|<input|<style|\son[a-z]+=|javascript:|vbscript:|data:/i;

const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();

describe.each(databaseTargets)('site content on %s', (target) => {
  let t: TestApp;
  let superadmin: string;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    cookie = superadmin,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_PUBLIC_URL },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const upload = (body: Buffer, contentType: string, cookie = superadmin) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/site-images',
      headers: { cookie, origin: TEST_PUBLIC_URL, 'content-type': contentType },
      payload: body,
    });
  const publicInformation = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/public/important-information' })).json();

  beforeAll(async () => {
    t = await startTestApp(target);
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    superadmin = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    expect(
      (await call('PUT', '/api/settings-gate/password', { newPassword: 'board-room-42' })).statusCode,
    ).toBe(200);
  });
  afterAll(async () => t?.close());

  it('keeps the important information behind the settings password', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await call(
        method,
        '/api/admin/important-information',
        method === 'PUT' ? { html: '<p>x</p>' } : undefined,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(SETTINGS_GATE_MESSAGES.locked);
    }
    // Locked, even a malformed body gets the same refusal (the gate comes before validation).
    expect((await call('PUT', '/api/admin/important-information', {})).statusCode).toBe(403);
    expect((await call('POST', '/api/settings-gate/unlock', { password: 'board-room-42' })).statusCode).toBe(
      200,
    );
  });

  it('shows the built-in text until something is stored, then the sanitised page, and back after a reset', async () => {
    expect(await publicInformation()).toEqual({ html: null });
    const saved = await call('PUT', '/api/admin/important-information', {
      html: '<h2>Venue</h2><p onclick="alert(1)">Main <strong>hall</strong></p><script>alert(2)</script>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      message: IMPORTANT_INFORMATION_MESSAGES.saved,
      html: '<h2>Venue</h2><p>Main <strong>hall</strong></p>',
    });
    expect(await publicInformation()).toEqual({ html: '<h2>Venue</h2><p>Main <strong>hall</strong></p>' });
    const [log] = await t.database.db
      .select()
      .from(systemLogs)
      .where(eq(systemLogs.actionType, 'update_important_information'));
    expect(log?.metadata).toEqual({ before: null, after: '<h2>Venue</h2><p>Main <strong>hall</strong></p>' });

    const reset = await call('DELETE', '/api/admin/important-information');
    expect(reset.json()).toEqual({ message: IMPORTANT_INFORMATION_MESSAGES.reset });
    expect(await publicInformation()).toEqual({ html: null });
    expect(
      await t.database.db
        .select()
        .from(systemLogs)
        .where(eq(systemLogs.actionType, 'reset_important_information')),
    ).toHaveLength(1);
  });

  it('stores the whole stored-XSS corpus, through both routes, with nothing dangerous left', async () => {
    const html = corpus.payloads.map((payload) => `<div>${payload.html}</div>`).join('\n');
    const saved = await call('PUT', '/api/admin/important-information', { html: `<p>Corpus</p>${html}` });
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = (await publicInformation()).html as string;
    expect(stored).toContain('<p>Corpus</p>');
    expect(stored).not.toMatch(DANGEROUS);

    for (const payload of corpus.payloads) {
      const created = await call('POST', '/api/admin/announcements', {
        content: `<p>News</p>${payload.html}`,
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().announcement.content).not.toMatch(DANGEROUS);
    }
    const home = homeResponseSchema.parse((await t.app.inject('/api/public/home')).json());
    expect(home.announcements.length).toBeGreaterThan(0);
    for (const announcement of home.announcements) expect(announcement.content).not.toMatch(DANGEROUS);
  });

  it('refuses over-long content with the count, never cutting it', async () => {
    const limit = RICH_TEXT_LIMITS.announcement.characters;
    const response = await call('POST', '/api/admin/announcements', {
      content: `<p>${'a'.repeat(limit + 5)}</p>`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      `An announcement is at most ${limit.toLocaleString('en-GB')} characters; this one has ${(limit + 5).toLocaleString('en-GB')}. Shorten it and save again.`,
    );
    const bloated = await call('PUT', '/api/admin/important-information', {
      html: `<p>${'<span>x</span>'.repeat(RICH_TEXT_LIMITS.importantInformation.html / 14 + 1)}</p>`,
    });
    expect(bloated.statusCode).toBe(400);
  });

  it('re-encodes an uploaded image and serves it from our origin with its type fixed', async () => {
    const original = await png();
    // A polyglot: a valid PNG with a script appended after its end.
    const polyglot = Buffer.concat([original, Buffer.from('<script>alert(1)</script><html>')]);
    const response = await upload(polyglot, 'image/png');
    expect(response.statusCode, response.body).toBe(201);
    const { id, url } = response.json() as { id: string; url: string };
    expect(url).toBe(`/api/public/site-images/${id}`);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });

    // The image survives in rich text; a hot-linked one does not.
    const saved = await call('PUT', '/api/admin/important-information', {
      html: `<p><img src="${url}" alt="Hall"><img src="https://elsewhere.example/a.png" alt="x"></p>`,
    });
    expect(saved.json().html).toBe(`<p><img src="${url}" alt="Hall"></p>`);
    expect(
      await t.database.db.select().from(systemLogs).where(eq(systemLogs.actionType, 'upload_site_image')),
    ).toHaveLength(1);
  });

  it('refuses what is not an image, a type we do not serve, and anything over 2 MB', async () => {
    const html = await upload(Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png');
    expect(html.statusCode).toBe(400);
    expect(html.json().error).toBe(SITE_IMAGE_MESSAGES.unreadable);
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/svg+xml');
    expect(svg.statusCode).toBe(415);
    const tiff = await upload(
      await sharp(await png())
        .tiff()
        .toBuffer(),
      'image/png',
    );
    expect(tiff.json().error).toBe(SITE_IMAGE_MESSAGES.wrongType);
    const huge = await upload(Buffer.alloc(2 * 1024 * 1024 + 1, 1), 'image/jpeg');
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBe(SITE_IMAGE_MESSAGES.tooLarge);
    const anonymous = await upload(await png(), 'image/png', '');
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows live: the change reaches the public read at once', async () => {
    await call('PUT', '/api/admin/important-information', { html: '<p>Live text</p>' });
    await eventually(async () =>
      (await publicInformation()).html === '<p>Live text</p>' ? true : undefined,
    );
  });
});
