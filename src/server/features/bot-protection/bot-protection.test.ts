import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openRegistration,
  registrationBody,
  send,
} from '../../../../tests/support/server/registration-fixtures';
import {
  createTestAuth,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import {
  BOT_PROTECTION_MESSAGES,
  THIRD_PARTY,
  THIRD_PARTY_PROVIDERS,
  type ThirdPartyProvider,
} from '../../../contracts/bot-protection';
import { SETTINGS_GATE_MESSAGES } from '../../../contracts/settings-gate';
import { SiteverifyCheck } from '../../core/bot-protection/bot-check';
import { BOT_PROTECTION_KEY } from '../../core/bot-protection/bot-protection.service';
import { SecretBox } from '../../core/bot-protection/secret-box';
import { systemLogs, systemSettings } from '../../db/schema/settings';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';
import { OutboundClient } from '../../http/outbound';
import { extendContentSecurityPolicy, securityHeaders } from '../../http/security-headers';

/**
 * A loopback stand-in for the three siteverify APIs: form-encoded POST in, the providers' JSON out. Token
 * `human` passes, anything else is refused; `mode` makes it slow, wrong about our key, or broken.
 */
class FakeSiteverify {
  mode: 'normal' | 'slow' | 'bad-key' | 'broken' = 'normal';
  readonly requests: URLSearchParams[] = [];
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => this.answer(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/siteverify`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private answer(request: IncomingMessage, response: ServerResponse): void {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const form = new URLSearchParams(body);
      this.requests.push(form);
      const json = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (request.headers['content-type'] !== 'application/x-www-form-urlencoded') return json(400, {});
      if (this.mode === 'slow') return void setTimeout(() => json(200, { success: true }), 1_000);
      if (this.mode === 'broken') return json(502, { error: 'bad gateway' });
      if (this.mode === 'bad-key' || form.get('secret') !== 'the-secret') {
        return json(200, { success: false, 'error-codes': ['invalid-input-secret'] });
      }
      if (form.get('response') === 'human') {
        return json(200, {
          success: true,
          challenge_ts: new Date().toISOString(),
          hostname: '127.0.0.1',
          'error-codes': [],
        });
      }
      return json(200, { success: false, 'error-codes': ['invalid-input-response'] });
    });
  }
}

describe('each provider’s siteverify check against a loopback fake', () => {
  const fake = new FakeSiteverify();
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());

  // The fake is on loopback, which the outbound client refuses unless exempted (ADR 038): the tests exempt it.
  const outbound = new OutboundClient({ allow: ['127.0.0.1'] });
  const check = (provider: ThirdPartyProvider, secret = 'the-secret', url = fake.url) =>
    new SiteverifyCheck(provider, { siteKey: 'site-key-1', secret }, { url, timeoutMs: 300, outbound });

  it('never calls an internal address it was not told to trust: unavailable, and nothing sent', async () => {
    const before = fake.requests.length;
    const unexempted = new SiteverifyCheck(
      'turnstile',
      { siteKey: 'site-key-1', secret: 'the-secret' },
      { url: fake.url, timeoutMs: 300 },
    );
    const outcome = await unexempted.verify({ token: 'human' }, '203.0.113.9');
    expect(outcome).toMatchObject({
      status: 'unavailable',
      reason: expect.stringContaining('refused address'),
    });
    expect(fake.requests).toHaveLength(before);
  });

  it.each(THIRD_PARTY_PROVIDERS)('%s: ok, refused, timeout, bad key, unreachable', async (provider) => {
    fake.mode = 'normal';
    expect((await check(provider).verify({ token: 'human' }, '203.0.113.9')).status).toBe('ok');
    const sent = fake.requests.at(-1)!;
    expect(sent.get('response')).toBe('human');
    expect(sent.get('remoteip')).toBe('203.0.113.9');
    expect(sent.get('sitekey')).toBe(provider === 'hcaptcha' ? 'site-key-1' : null);

    expect(await check(provider).verify({ token: 'a-bot' }, '203.0.113.9')).toEqual({ status: 'refused' });
    expect(await check(provider).verify({}, '203.0.113.9')).toEqual({ status: 'refused' });

    fake.mode = 'slow';
    expect(await check(provider).verify({ token: 'human' }, '203.0.113.9')).toEqual({
      status: 'unavailable',
      reason: 'timed out',
    });

    fake.mode = 'normal';
    const wrongKey = await check(provider, 'not-our-secret').verify({ token: 'human' }, '203.0.113.9');
    expect(wrongKey).toEqual({ status: 'unavailable', reason: 'provider says invalid-input-secret' });

    fake.mode = 'broken';
    expect((await check(provider).verify({ token: 'human' }, '203.0.113.9')).status).toBe('unavailable');

    const closed = check(provider, 'the-secret', 'http://127.0.0.1:9/siteverify');
    expect((await closed.verify({ token: 'human' }, '203.0.113.9')).status).toBe('unavailable');
    fake.mode = 'normal';
  });

  it('widens only the script, frame, connect and style sources of the policy, by the chosen provider', () => {
    const base = securityHeaders({ isProduction: true })['content-security-policy']!;
    const widened = extendContentSecurityPolicy(base, THIRD_PARTY.hcaptcha.csp);
    const directives = (policy: string) =>
      Object.fromEntries(policy.split(';').map((part) => [part.split(' ')[0], part.split(' ').slice(1)]));
    const before = directives(base);
    const after = directives(widened);
    expect(after['script-src']).toEqual([
      ...before['script-src'],
      'https://hcaptcha.com',
      'https://*.hcaptcha.com',
    ]);
    expect(after['frame-src']).toEqual(["'self'", 'https://hcaptcha.com', 'https://*.hcaptcha.com']);
    expect(after['connect-src']).toEqual(["'self'", 'https://hcaptcha.com', 'https://*.hcaptcha.com']);
    expect(after['style-src']).toEqual([
      ...before['style-src'],
      'https://hcaptcha.com',
      'https://*.hcaptcha.com',
    ]);
    for (const name of [
      'default-src',
      'img-src',
      'object-src',
      'frame-ancestors',
      'form-action',
      'base-uri',
    ]) {
      expect(after[name]).toEqual(before[name]);
    }
    expect('upgrade-insecure-requests' in after).toBe(true);
  });

  it('seals secrets so that only the same server secret and provider open them', () => {
    const box = new SecretBox('a-server-secret-that-is-long-enough-1234');
    const sealed = box.seal('the-secret', 'turnstile');
    expect(JSON.stringify(sealed)).not.toContain('the-secret');
    expect(box.open(sealed, 'turnstile')).toBe('the-secret');
    expect(box.open(sealed, 'hcaptcha')).toBeNull();
    expect(new SecretBox('another-server-secret-that-is-long-enough').open(sealed, 'turnstile')).toBeNull();
  });
});

describe('bot protection of the public forms', () => {
  const fake = new FakeSiteverify();
  const lines: string[] = [];
  let t: TestApp;
  let superadmin: string;

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, cookie = superadmin) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_PUBLIC_URL },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const register = async (token: string) =>
    send(t.app, 'POST', '/api/registrations', { ...(await registrationBody(t.app)), botProof: { token } });
  const resetRequest = (botProof?: unknown) =>
    send(t.app, 'POST', '/api/auth/request-password-reset', {
      email: 'someone@example.org',
      redirectTo: '/reset-password',
      ...(botProof === undefined ? {} : { botProof }),
    });
  const csp = async () => String((await t.app.inject('/api/health')).headers['content-security-policy']);

  beforeAll(async () => {
    await fake.start();
    process.env.BOT_CHECK_VERIFY_URL = fake.url;
    const logger = pino(
      { level: 'trace' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    t = await startTestApp('pglite', { logger, registrationPowBits: 4 });
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    await openRegistration(t.database.db);
    superadmin = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    expect(
      (await call('PUT', '/api/settings-gate/password', { newPassword: 'board-room-42' })).statusCode,
    ).toBe(200);
  });
  afterAll(async () => {
    delete process.env.BOT_CHECK_VERIFY_URL;
    await t?.close();
    await fake.stop();
  });

  it('keeps the settings behind the settings password', async () => {
    const response = await call('GET', '/api/admin/bot-protection');
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(SETTINGS_GATE_MESSAGES.locked);
    expect((await call('POST', '/api/settings-gate/unlock', { password: 'board-room-42' })).statusCode).toBe(
      200,
    );
  });

  it('uses proof of work by default, with no third-party origin in the content security policy', async () => {
    expect((await call('GET', '/api/admin/bot-protection')).json()).toEqual({
      provider: 'proof_of_work',
      powBits: 4,
      keys: {
        turnstile: { siteKey: null, isSecretSet: false },
        hcaptcha: { siteKey: null, isSecretSet: false },
        recaptcha: { siteKey: null, isSecretSet: false },
      },
      lastUnavailableAt: null,
    });
    expect((await t.app.inject('/api/public/bot-protection')).json()).toEqual({
      provider: 'proof_of_work',
      difficultyBits: 4,
    });
    expect(await csp()).not.toMatch(/https:/);
    // The password-reset request needs a solved challenge now.
    expect((await resetRequest()).statusCode).toBe(400);
    const { challenge, difficultyBits } = (await t.app.inject('/api/bot-protection/challenge')).json();
    const { solveChallenge } = await import('../../core/registrations/registration-security');
    expect(
      (await resetRequest({ challenge, nonce: solveChallenge(challenge, difficultyBits) })).statusCode,
    ).toBe(200);
  });

  it('refuses a third-party provider without its keys', async () => {
    const response = await call('PUT', '/api/admin/bot-protection', { provider: 'turnstile', powBits: 16 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(BOT_PROTECTION_MESSAGES.keysRequired('Cloudflare Turnstile'));
  });

  it('stores the secret encrypted, never answers it, audits the change and follows it at once', async () => {
    const saved = await call('PUT', '/api/admin/bot-protection', {
      provider: 'turnstile',
      powBits: 16,
      keys: { turnstile: { siteKey: '0x4AAAAAAAsite', secret: 'the-secret' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('the-secret');
    expect(saved.json()).toMatchObject({
      message: BOT_PROTECTION_MESSAGES.saved,
      provider: 'turnstile',
      keys: { turnstile: { siteKey: '0x4AAAAAAAsite', isSecretSet: true } },
    });
    const [row] = await t.database.db
      .select()
      .from(systemSettings)
      .where(eq(systemSettings.key, BOT_PROTECTION_KEY));
    expect(JSON.stringify(row?.value)).not.toContain('the-secret');
    const [log] = await t.database.db
      .select()
      .from(systemLogs)
      .where(eq(systemLogs.actionType, 'update_bot_protection'));
    expect(log?.eventType).toBe('site_settings');
    expect(JSON.stringify(log)).not.toContain('the-secret');
    expect(log?.metadata).toMatchObject({ after: { provider: 'turnstile' }, secretsChanged: ['turnstile'] });

    expect((await t.app.inject('/api/public/bot-protection')).json()).toEqual({
      provider: 'turnstile',
      siteKey: '0x4AAAAAAAsite',
    });
    const policy = await csp();
    expect(policy).toMatch(/script-src 'self' 'wasm-unsafe-eval' https:\/\/challenges\.cloudflare\.com/);
    expect(policy).toMatch(/frame-src 'self' https:\/\/challenges\.cloudflare\.com/);
    expect(policy).toMatch(/connect-src 'self' https:\/\/challenges\.cloudflare\.com/);
    expect(policy).not.toMatch(/hcaptcha|google|gstatic/);

    // A save without a secret keeps the stored one.
    const again = await call('PUT', '/api/admin/bot-protection', {
      provider: 'turnstile',
      powBits: 18,
      keys: { turnstile: { siteKey: '0x4AAAAAAAsite' } },
    });
    expect(again.json().keys.turnstile.isSecretSet).toBe(true);
  });

  it('verifies the registration and the password-reset request with the provider', async () => {
    const ok = await register('human');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(fake.requests.at(-1)?.get('secret')).toBe('the-secret');

    const bot = await register('a-bot');
    expect(bot.statusCode).toBe(400);
    expect(bot.json().error).toBe(BOT_PROTECTION_MESSAGES.refused);

    expect((await resetRequest({ token: 'human' })).statusCode).toBe(200);
    expect((await resetRequest({ token: 'a-bot' })).statusCode).toBe(400);
    expect((await resetRequest()).statusCode).toBe(400);
  });

  it('fails safe when the provider cannot be reached, and the admin can fall back to proof of work', async () => {
    fake.mode = 'broken';
    const refused = await register('human');
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toBe(BOT_PROTECTION_MESSAGES.unavailable);
    const reset = await resetRequest({ token: 'human' });
    expect(reset.statusCode).toBe(503);
    expect(reset.json().error).toBe(BOT_PROTECTION_MESSAGES.unavailable);
    fake.mode = 'bad-key';
    expect((await register('human')).statusCode).toBe(503);
    fake.mode = 'normal';
    expect((await call('GET', '/api/admin/bot-protection')).json().lastUnavailableAt).not.toBeNull();

    const fellBack = await call('POST', '/api/admin/bot-protection/fall-back');
    expect(fellBack.statusCode).toBe(200);
    expect(fellBack.json()).toMatchObject({
      message: BOT_PROTECTION_MESSAGES.fellBack,
      provider: 'proof_of_work',
      keys: { turnstile: { isSecretSet: true } },
      lastUnavailableAt: null,
    });
    expect((await t.app.inject('/api/public/bot-protection')).json().provider).toBe('proof_of_work');
    expect(await csp()).not.toMatch(/https:/);
    const [log] = await t.database.db
      .select()
      .from(systemLogs)
      .where(eq(systemLogs.actionType, 'bot_protection_fallback'));
    expect(log?.description).toContain('Cloudflare Turnstile');
  });

  it('never writes a secret key into a log line', () => {
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.some((line) => line.includes('bot check unavailable'))).toBe(true);
    expect(lines.filter((line) => line.includes('the-secret'))).toEqual([]);
  });
});
