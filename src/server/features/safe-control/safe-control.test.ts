import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailsTo } from '../../../../tests/support/server/registration-fixtures';
import {
  buildTestApp,
  createTestAuth,
  eventually,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { databaseTargets } from '../../../../tests/support/server/test-database';
import {
  SAFE_CONTROL_REFUSAL_CODE,
  SAFE_SWITCH_INFO,
  type SafeSwitch,
  type SafeSwitchChange,
  safeControlResponseSchema,
  siteStatusSchema,
} from '../../../contracts/safe-control';
import type { App } from '../../app';
import { mailQueue } from '../../db/schema/mail';
import { systemLogs } from '../../db/schema/settings';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

describe.each(databaseTargets)('safe-control on %s', (target) => {
  let t: TestApp;
  let superadmin: string;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(target);
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    superadmin = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    admin = (await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD)).cookie;
  });
  afterAll(async () => t?.close());

  const request = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    cookie?: string,
    app: App = t.app,
  ) =>
    app.inject({
      method,
      url,
      headers: { origin: TEST_PUBLIC_URL, ...(cookie ? { cookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const flip = (name: SafeSwitch, change: SafeSwitchChange, app: App = t.app) =>
    request('PUT', `/api/admin/safe-control/${name}`, change, superadmin, app);
  const status = async (app: App = t.app) =>
    siteStatusSchema.parse((await request('GET', '/api/site-status', undefined, undefined, app)).json());
  const off = (name: SafeSwitch) => flip(name, { on: false, reason: 'Incident over' });

  beforeEach(async () => {
    for (const name of Object.keys(SAFE_SWITCH_INFO) as SafeSwitch[]) await off(name);
  });

  it('read-only refuses every change but signing in, shows its banner, and lets everything through once off', async () => {
    const on = await flip('read_only', {
      on: true,
      reason: 'Database migration',
      banner: 'Back at 14:00',
      endsAt: null,
    });
    expect(on.json()).toEqual({ message: 'Read-only site: on' });
    expect(await status()).toEqual({
      on: ['read_only'],
      banners: [{ switch: 'read_only', text: 'Back at 14:00', endsAt: null }],
      nextChangeAt: null,
    });

    const changes = [
      request('PUT', '/api/admin/match-results/1', {}, admin),
      request('PUT', '/api/admin/settings/leaderboard_visible', { value: false }, superadmin),
      request('POST', '/api/registrations', {}),
    ];
    for (const response of await Promise.all(changes)) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        error: SAFE_SWITCH_INFO.read_only.refusal,
        code: SAFE_CONTROL_REFUSAL_CODE,
      });
    }
    // Reading still works, and so does signing in (staff must reach the switch).
    expect((await request('GET', '/api/public/leaderboard')).statusCode).toBe(200);
    expect((await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD)).status).toBe(200);

    await off('read_only');
    expect((await status()).on).toEqual([]);
    // The same requests now reach their routes (which judge the empty body on its merits).
    const after = await request('PUT', '/api/admin/match-results/1', {}, admin);
    expect(after.statusCode).not.toBe(503);

    const audit = await t.database.db
      .select({ description: systemLogs.description })
      .from(systemLogs)
      .where(eq(systemLogs.actionType, 'switch_safe_control'));
    expect(audit.map((row) => row.description)).toContain('Read-only site: on');
  });

  it('each pause stops only its own routes', async () => {
    const cases: [SafeSwitch, 'POST' | 'PUT', string][] = [
      ['registrations_frozen', 'POST', '/api/registrations'],
      ['registrations_frozen', 'PUT', '/api/registrations/00000000-0000-0000-0000-000000000000/teams'],
      ['payments_paused', 'POST', '/api/payments/create-checkout'],
      ['results_paused', 'PUT', '/api/admin/match-results/1'],
      ['signups_closed', 'POST', '/api/auth/sign-up/email'],
      ['signups_closed', 'POST', '/api/invites/some-token/accept'],
    ];
    for (const [name, method, url] of cases) {
      const cookie = url.includes('/admin/') ? admin : undefined;
      await flip(name, { on: true, reason: 'Test', endsAt: null });
      const refused = await request(method, url, {}, cookie);
      expect(refused.statusCode, `${name} ${url}`).toBe(503);
      expect(refused.json().error).toBe(SAFE_SWITCH_INFO[name].refusal);
      // Another switch's routes are untouched by this one.
      const other = await request('PUT', '/api/admin/match-results/1', {}, admin);
      if (name !== 'results_paused') expect(other.statusCode).not.toBe(503);
      await off(name);
      expect((await request(method, url, {}, cookie)).statusCode, `${name} ${url} off`).not.toBe(503);
    }
  });

  it('hides the public leaderboard while the switch is on', async () => {
    const visible = async () => (await request('GET', '/api/public/leaderboard')).json().visible as boolean;
    expect(await visible()).toBe(true);
    await flip('leaderboard_hidden', { on: true, reason: 'Appeal on board 3', endsAt: null });
    expect(await eventually(async () => ((await visible()) ? undefined : false))).toBe(false);
    await off('leaderboard_hidden');
    expect(await eventually(async () => ((await visible()) ? true : undefined))).toBe(true);
  });

  it('keeps mail queued while mail is paused and sends it once mail resumes', async () => {
    await flip('mail_paused', { on: true, reason: 'Mail provider outage', endsAt: null });
    const subject = 'Message from the tournament organisers';
    const staffMails = async () =>
      (await mailsTo(t.database.db, 'admin@demo.test')).filter((mail) => mail.subject === subject);
    const sent = await request(
      'POST',
      '/api/admin/broadcasts',
      {
        message: 'Arbiters: meet at the stage at 13:50',
        audience: 'staff',
        style: 'info',
        dismissable: true,
        endsAt: new Date(Date.now() + 60_000).toISOString(),
        sendEmail: true,
      },
      superadmin,
    );
    expect(sent.statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await staffMails()).toHaveLength(0);
    const queued = await t.database.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.recipient, 'admin@demo.test'));
    expect(queued.map((row) => row.status)).toEqual(['queued']);

    await off('mail_paused');
    const delivered = await eventually(async () => {
      const mails = await staffMails();
      return mails.length > 0 ? mails : undefined;
    }, 8_000);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.text).toContain('Arbiters: meet at the stage at 13:50');
  });

  it('refuses a bad change and changes nothing', async () => {
    const past = await flip('read_only', {
      on: true,
      reason: 'Test',
      endsAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toBe('The end time must be in the future');
    const noReason = await request(
      'PUT',
      '/api/admin/safe-control/read_only',
      { on: true, reason: ' ' },
      superadmin,
    );
    expect(noReason.statusCode).toBe(400);
    const unknown = await flip('no_such_switch' as SafeSwitch, { on: true, reason: 'Test' });
    expect(unknown.statusCode).toBe(400);
    expect((await status()).on).toEqual([]);
  });

  it('two processes on one database agree within a second, and an end time switches itself off once', async () => {
    const second = await buildTestApp(t.database);
    await second.ready();
    try {
      const endsAt = new Date(Date.now() + 1_500).toISOString();
      await flip('read_only', { on: true, reason: 'Two processes', banner: '', endsAt });
      const started = Date.now();
      await eventually(
        async () => ((await status(second)).on.includes('read_only') ? true : undefined),
        1_000,
      );
      expect(Date.now() - started).toBeLessThan(1_000);
      const refused = await request('PUT', '/api/admin/match-results/1', {}, admin, second);
      expect(refused.statusCode).toBe(503);
      expect((await status(second)).nextChangeAt).toBe(endsAt);

      // Past its end both processes let changes through, and the row and the trail say it ended, once.
      await eventually(async () => ((await status(second)).on.length === 0 ? true : undefined), 3_000);
      expect((await request('PUT', '/api/admin/match-results/1', {}, admin)).statusCode).not.toBe(503);
      const state = safeControlResponseSchema.parse(
        (await request('GET', '/api/admin/safe-control', undefined, superadmin)).json(),
      );
      await eventually(async () => {
        const ended = await t.database.db
          .select()
          .from(systemLogs)
          .where(eq(systemLogs.actionType, 'safe_control_ended'));
        return ended.length >= 1 ? ended : undefined;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const ended = await t.database.db
        .select()
        .from(systemLogs)
        .where(eq(systemLogs.actionType, 'safe_control_ended'));
      expect(ended).toHaveLength(1);
      expect(state.switches.read_only.endsAt).toBe(endsAt);
    } finally {
      await second.close();
    }
  });
});
