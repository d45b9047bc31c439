/** docs/requirements.md §2 Layout: the pages that keep the public header and footer for signed-in users too. */
const PUBLIC_CHROME_PATHS = new Set([
  '/',
  '/home',
  '/leaderboard',
  '/player-lookup',
  '/registration',
  '/login',
  '/important-information',
]);

/** Signed-in areas: they use the compact app bar even while the session is still loading (no flicker). */
const SIGNED_IN_AREAS = ['/account-settings', '/my-registrations', '/player-dashboard', '/admin', '/crm'];

export type Chrome = 'public' | 'app';

/**
 * Which frame a page gets: anonymous visitors see the public header and footer everywhere; signed-in users
 * see them only on the pages listed above and get neither elsewhere (docs/requirements.md §2), but a compact app bar with the
 * brand and their menu instead, so they can always find their way.
 */
export function chromeFor(pathname: string, isSignedIn: boolean): Chrome {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (SIGNED_IN_AREAS.some((area) => path === area || path.startsWith(`${area}/`))) return 'app';
  return isSignedIn && !PUBLIC_CHROME_PATHS.has(path) ? 'app' : 'public';
}
