import { eq } from 'drizzle-orm';
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
import { ACCESS_MESSAGES } from '../../../contracts/common';
import { homeResponseSchema } from '../../../contracts/home';
import { leaderboardResponseSchema } from '../../../contracts/leaderboard';
import { DEFAULT_HOME_PAGE_SETTINGS, SETTING_KEYS } from '../../../contracts/settings';
import { SETTINGS_GATE_MESSAGES } from '../../../contracts/settings-gate';
import { SETTINGS_MESSAGES, siteSettingsResponseSchema } from '../../../contracts/settings-registry';
import { systemLogs, systemSettings } from '../../db/schema/settings';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

const SETTINGS_PASSWORD = 'board-room-42';
/** What the demo tournament stores (src/server/db/seed/demo-seed.ts). */
const DEMO_HOME = { ...DEFAULT_HOME_PAGE_SETTINGS, featured_players_count: 5 };

describe.each(databaseTargets)('site settings API on %s', (target) => {
  let t: TestApp;
  let superadmin: string;

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, cookie: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_PUBLIC_URL },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const storedRows = () => t.database.db.select().from(systemSettings);
  const logRows = () =>
    t.database.db.select().from(systemLogs).where(eq(systemLogs.eventType, 'site_settings'));
  const publicHome = async () => homeResponseSchema.parse((await t.app.inject('/api/public/home')).json());
  const signInAs = async (email: string) => (await signIn(t.app, email, DEMO_PASSWORD)).cookie;
  const unlock = async (cookie: string) =>
    expect(
      (await call('POST', '/api/settings-gate/unlock', cookie, { password: SETTINGS_PASSWORD })).statusCode,
    ).toBe(200);

  beforeAll(async () => {
    t = await startTestApp(target);
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    superadmin = await signInAs('superadmin@demo.test');
    await call('PUT', '/api/settings-gate/password', superadmin, { newPassword: SETTINGS_PASSWORD });
    await unlock(superadmin);
  });
  afterAll(async () => t.close());

  it('is refused without the settings password and without the permission', async () => {
    const otherSession = await signInAs('superadmin@demo.test');
    const locked = await call('GET', '/api/admin/settings', otherSession);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error).toBe(SETTINGS_GATE_MESSAGES.locked);
    // Locked comes before validation: a locked session learns nothing about what a value must be.
    const lockedChange = await call('PUT', `/api/admin/settings/${SETTING_KEYS.homePage}`, otherSession, {
      value: 'anything',
    });
    expect(lockedChange.statusCode).toBe(403);

    const admin = await signInAs('admin@demo.test');
    const refused = await call('PUT', `/api/admin/settings/${SETTING_KEYS.leaderboardVisible}`, admin, {
      value: false,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(ACCESS_MESSAGES.forbidden);
    expect((await call('GET', '/api/admin/settings', '')).statusCode).toBe(401);
    expect(await storedRows()).toContainEqual(
      expect.objectContaining({ key: SETTING_KEYS.leaderboardVisible, value: true }),
    );
  });

  it('reads the settings as the site does: the stored record over the defaults', async () => {
    const body = siteSettingsResponseSchema.parse(
      (await call('GET', '/api/admin/settings', superadmin)).json(),
    );
    expect(body.home_page_settings).toEqual(DEMO_HOME);
    expect(body.leaderboard_visible).toBe(true);
    expect(body.player_dashboard_open).toBe(true);
    expect(body.stored).toEqual([SETTING_KEYS.homePage, SETTING_KEYS.leaderboardVisible]);
    expect(body.elsewhere.map((link) => link.page)).toEqual([
      '/admin/manage-registrations',
      '/admin/checkin-settings',
      '/admin/safe-control',
      '/crm/settings',
      '/admin/super-admin-dashboard',
      '/admin/analytics',
      '/admin/result-reports',
      '/admin/roster-rules',
    ]);
  });

  it('refuses an invalid value with the reason (400) and changes nothing', async () => {
    const before = await storedRows();
    for (const [patch, message] of [
      [{ header_background_color: '#3b82f6' }, 'header_background_color: Too light: white text'],
      [{ featured_players_count: 50 }, 'featured_players_count: Feature at most 20 players'],
      [{ contact_email: 'not an address' }, 'contact_email: Enter a valid contact e-mail address'],
      [{ header_title: 'x'.repeat(121) }, 'header_title: The header title can be at most 120 characters'],
    ] as const) {
      const response = await call('PUT', `/api/admin/settings/${SETTING_KEYS.homePage}`, superadmin, {
        value: { ...DEFAULT_HOME_PAGE_SETTINGS, ...patch },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain(message);
    }
    const notBoolean = await call(
      'PUT',
      `/api/admin/settings/${SETTING_KEYS.leaderboardVisible}`,
      superadmin,
      {
        value: 'no',
      },
    );
    expect(notBoolean.statusCode).toBe(400);
    // A setting with its own page is not changed here.
    const elsewhere = await call('PUT', `/api/admin/settings/${SETTING_KEYS.registration}`, superadmin, {
      value: { is_enabled: true, team_price: 1 },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(await storedRows()).toEqual(before);
    expect(await logRows()).toEqual([]);
  });

  it('stores a change with an audit row of who, before and after, and the public home page follows', async () => {
    const value = {
      ...DEFAULT_HOME_PAGE_SETTINGS,
      header_title: 'Spring Open',
      featured_players_count: 4,
      contact_email: 'desk@spring.example',
    };
    const response = await call('PUT', `/api/admin/settings/${SETTING_KEYS.homePage}`, superadmin, { value });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: SETTINGS_MESSAGES.saved,
      settings: { home_page_settings: value },
    });
    const [log] = await logRows();
    expect(log).toMatchObject({
      actionType: 'update_setting',
      userId: expect.any(String),
      metadata: { key: SETTING_KEYS.homePage, before: DEMO_HOME, after: value },
    });
    const home = await eventually(async () => {
      const body = await publicHome();
      return body.settings.header_title === 'Spring Open' ? body : undefined;
    });
    expect(home.settings.contact_email).toBe('desk@spring.example');
    expect(home.featuredPlayers).toHaveLength(4);
  });

  it('hides the leaderboard for every public reader', async () => {
    const response = await call('PUT', `/api/admin/settings/${SETTING_KEYS.leaderboardVisible}`, superadmin, {
      value: false,
    });
    expect(response.json().settings.leaderboard_visible).toBe(false);
    const leaderboard = await eventually(async () => {
      const body = leaderboardResponseSchema.parse((await t.app.inject('/api/public/leaderboard')).json());
      return body.visible ? undefined : body;
    });
    expect(leaderboard.players).toEqual([]);
    expect((await publicHome()).featuredPlayers).toEqual([]);
    const rows = await logRows();
    expect(rows.at(-1)?.metadata).toEqual({
      key: SETTING_KEYS.leaderboardVisible,
      before: true,
      after: false,
    });
  });

  it("closes the player dashboard to players (the spec's message), keeps it for staff, and opens it again", async () => {
    const player = await signInAs('player@demo.test');
    const admin = await signInAs('admin@demo.test');
    const dashboardStatus = async (cookie: string) => {
      const response = await call('GET', '/api/me/player-dashboard', cookie);
      return {
        status: response.statusCode,
        error: response.statusCode === 200 ? null : response.json().error,
      };
    };
    expect(await dashboardStatus(player)).toEqual({ status: 200, error: null });
    expect((await publicHome()).playerDashboardOpen).toBe(true);

    const closed = await call('PUT', `/api/admin/settings/${SETTING_KEYS.playerDashboardOpen}`, superadmin, {
      value: false,
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().settings.player_dashboard_open).toBe(false);
    expect(
      await eventually(async () => {
        const answer = await dashboardStatus(player);
        return answer.status === 403 ? answer : undefined;
      }),
    ).toEqual({ status: 403, error: ACCESS_MESSAGES.playerDashboardUnavailable });
    expect(ACCESS_MESSAGES.playerDashboardUnavailable).toBe('Player dashboard is currently unavailable');
    // The public home data carries it, so the browser's guard can say so before asking.
    expect((await publicHome()).playerDashboardOpen).toBe(false);
    // Staff still get in.
    expect((await dashboardStatus(admin)).status).toBe(200);
    expect((await dashboardStatus(superadmin)).status).toBe(200);
    // Not a boolean: refused, nothing changes.
    const invalid = await call('PUT', `/api/admin/settings/${SETTING_KEYS.playerDashboardOpen}`, superadmin, {
      value: 'closed',
    });
    expect(invalid.statusCode).toBe(400);

    await call('PUT', `/api/admin/settings/${SETTING_KEYS.playerDashboardOpen}`, superadmin, { value: true });
    expect(
      await eventually(async () => {
        const answer = await dashboardStatus(player);
        return answer.status === 200 ? answer : undefined;
      }),
    ).toEqual({ status: 200, error: null });
  });

  it('resets to defaults by deleting the stored records, audited, and the site reverts', async () => {
    const response = await call('POST', '/api/admin/settings/reset', superadmin, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: SETTINGS_MESSAGES.reset,
      settings: { home_page_settings: DEFAULT_HOME_PAGE_SETTINGS, leaderboard_visible: true, stored: [] },
    });
    const keys = (await storedRows()).map((row) => row.key);
    expect(keys).not.toContain(SETTING_KEYS.homePage);
    expect(keys).not.toContain(SETTING_KEYS.leaderboardVisible);
    const resets = (await logRows()).filter((row) => row.actionType === 'reset_setting');
    expect(resets.map((row) => row.metadata)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: SETTING_KEYS.homePage, after: DEFAULT_HOME_PAGE_SETTINGS }),
        { key: SETTING_KEYS.leaderboardVisible, before: false, after: true },
      ]),
    );
    const home = await eventually(async () => {
      const body = await publicHome();
      return body.leaderboardVisible && body.settings.header_title === DEFAULT_HOME_PAGE_SETTINGS.header_title
        ? body
        : undefined;
    });
    expect(home.featuredPlayers).toHaveLength(DEFAULT_HOME_PAGE_SETTINGS.featured_players_count);
  });
});
