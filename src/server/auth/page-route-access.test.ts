import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/server/test-app';
import { ADMIN_PAGES } from '../../client/features/admin/admin-pages';
import type { AccessName } from '../../domain/access-rules';

/**
 * The API each built admin page calls: URL prefixes (a prefix covers itself and everything below it) and the
 * names its buttons' actions declare besides the page's own (issue #10 item 3: one named rule per action, used by
 * route, page and button). A page that calls no API of its own says so with an empty list.
 */
const PAGE_APIS: Record<string, { prefixes: readonly string[]; actions?: readonly AccessName[] }> = {
  welcome: { prefixes: [] },
  dashboard: { prefixes: ['/api/admin/match-results'] },
  'match-results': { prefixes: ['/api/admin/match-results'] },
  // The queue is result entry's; the switch is round management's, and the page settles boards with result entry.
  'result-reports': {
    prefixes: ['/api/admin/result-reports', '/api/admin/match-results'],
    actions: ['manageRounds'],
  },
  'tournament-management': {
    prefixes: ['/api/admin/tournaments', '/api/admin/tournament-templates', '/api/admin/announcements'],
  },
  'round-management': { prefixes: ['/api/admin/rounds'] },
  'roster-rules': { prefixes: ['/api/admin/roster-rules'] },
  'roster-requests': { prefixes: ['/api/admin/roster-requests'] },
  'player-management': { prefixes: ['/api/admin/player-management'] },
  'admin-player-lookup': { prefixes: ['/api/admin/player-lookup'] },
  'checkin-desk': { prefixes: ['/api/admin/checkin/players', '/api/admin/checkin/schools'] },
  'checkin-badges': { prefixes: ['/api/admin/badges'] },
  'checkin-overview': { prefixes: ['/api/admin/checkin/overview'] },
  // Every check-in page reads the open/closed state; only this page changes it.
  'checkin-settings': { prefixes: ['/api/admin/checkin/state'], actions: ['checkinAny'] },
  'manage-registrations': { prefixes: ['/api/admin/registrations', '/api/admin/registration-settings'] },
  'user-management': {
    prefixes: ['/api/admin/users', '/api/admin/custom-roles', '/api/admin/invites'],
    actions: ['createUsers', 'freezeUsers', 'deleteUsers'],
  },
  'billing-overview': { prefixes: ['/api/admin/billing-overview'] },
  'super-admin-dashboard': { prefixes: ['/api/admin/system-status', '/api/admin/retention'] },
  analytics: { prefixes: ['/api/admin/analytics'] },
  backups: { prefixes: ['/api/admin/backups'] },
  'safe-control': { prefixes: ['/api/admin/safe-control'] },
  broadcasts: { prefixes: ['/api/admin/broadcasts'] },
  screens: { prefixes: ['/api/admin/venue-screens'] },
  prizes: { prefixes: ['/api/admin/prizes'] },
  sections: { prefixes: ['/api/admin/sections'] },
  // Admins read the logs; only superadmins set how long they are kept.
  'system-logs': { prefixes: ['/api/admin/system-logs'], actions: ['superadminDashboard'] },
  // The settings page is behind the settings password: its gate is a settings section of its own.
  settings: { prefixes: ['/api/admin/settings', '/api/settings-gate'], actions: ['settingsSection'] },
  'recaptcha-settings': { prefixes: ['/api/admin/bot-protection', '/api/settings-gate'] },
  'important-information-settings': {
    prefixes: ['/api/admin/important-information', '/api/settings-gate'],
    actions: ['uploadSiteImages'],
  },
};

const under = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);

describe('admin pages and their API routes declare the same access names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { seed: false });
  });
  afterAll(async () => t?.close());

  const available = ADMIN_PAGES.filter((page) => page.isAvailable);

  it('knows the API of every built admin page', () => {
    expect(available.map((page) => page.path).filter((path) => !(path in PAGE_APIS))).toEqual([]);
  });

  for (const page of available) {
    const api = PAGE_APIS[page.path];
    if (!api || api.prefixes.length === 0) continue;
    it(`${page.path} (${page.rule}): its routes declare ${page.rule}${api.actions ? ` or ${api.actions.join(', ')}` : ''}`, () => {
      const allowed = new Set<string>([page.rule, ...(api.actions ?? [])]);
      for (const prefix of api.prefixes) {
        const routes = t.app.registeredRoutes.filter(
          (route) => route.method !== 'HEAD' && under(route.url, prefix),
        );
        expect(routes.length, `routes under ${prefix}`).toBeGreaterThan(0);
        const disagreeing = routes
          .filter((route) => !allowed.has(String(route.access)))
          .map((route) => `${route.method} ${route.url}: ${String(route.access)}`);
        expect(disagreeing, `routes under ${prefix} with another access name than the page`).toEqual([]);
      }
      const own = t.app.registeredRoutes.filter(
        (route) => route.access === page.rule && api.prefixes.some((prefix) => under(route.url, prefix)),
      );
      expect(own.length, `a route of ${page.path} declaring ${page.rule}`).toBeGreaterThan(0);
    });
  }
});
