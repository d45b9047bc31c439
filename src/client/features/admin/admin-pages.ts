import { type AccessName, may } from '../../../domain/access-rules';
import type { ResolvedAccess } from '../../../domain/permissions';

export interface AdminPage {
  /** The path under /admin. */
  path: string;
  label: string;
  /** The named access rule (src/domain/access-rules.ts) the page's API routes declare too. */
  rule: AccessName;
  /** False until the page's own issue builds it: listed for orientation, never linked. */
  isAvailable: boolean;
  /** A section reached from this page (not listed in the navigation on its own). */
  parentPath?: string;
}

/** docs/requirements.md §2 admin routes with the permission each needs, in navigation order. */
export const ADMIN_PAGES: readonly AdminPage[] = [
  {
    path: 'welcome',
    label: 'Welcome',
    rule: 'enterResults',
    isAvailable: true,
  },
  {
    path: 'dashboard',
    label: 'Dashboard',
    rule: 'enterResults',
    isAvailable: true,
  },
  {
    path: 'match-results',
    label: 'Match Results',
    rule: 'enterResults',
    isAvailable: true,
  },
  {
    path: 'tournament-management',
    label: 'Tournament Management',
    rule: 'manageTournaments',
    isAvailable: true,
  },
  {
    path: 'round-management',
    label: 'Round Management',
    rule: 'manageRounds',
    isAvailable: true,
  },
  {
    path: 'player-management',
    label: 'Player Management',
    rule: 'managePlayers',
    isAvailable: true,
  },
  {
    path: 'admin-player-lookup',
    label: 'Player Lookup',
    rule: 'lookUpPlayers',
    isAvailable: true,
  },
  {
    path: 'checkin-desk',
    label: 'Check-in Desk',
    rule: 'checkinDesk',
    isAvailable: true,
  },
  {
    path: 'checkin-overview',
    label: 'Check-in Overview',
    rule: 'checkinOverview',
    isAvailable: true,
  },
  {
    path: 'checkin-settings',
    label: 'Check-in Settings',
    rule: 'checkinSettings',
    isAvailable: true,
  },
  {
    path: 'checkin-badges',
    label: 'Check-in Badges',
    rule: 'checkinSettings',
    isAvailable: true,
  },
  {
    path: 'manage-registrations',
    label: 'Registrations',
    rule: 'manageRegistrations',
    isAvailable: true,
  },
  {
    path: 'user-management',
    label: 'User Management',
    rule: 'manageUsers',
    isAvailable: true,
  },
  {
    path: 'system-logs',
    label: 'System Logs',
    rule: 'viewSystemLogs',
    isAvailable: true,
  },
  {
    path: 'billing-overview',
    label: 'Billing Overview',
    rule: 'viewBilling',
    isAvailable: true,
  },
  {
    path: 'super-admin-dashboard',
    label: 'Super Admin Dashboard',
    rule: 'superadminDashboard',
    isAvailable: true,
  },
  {
    path: 'analytics',
    label: 'Visitor Analytics',
    rule: 'superadminDashboard',
    isAvailable: true,
  },
  {
    path: 'backups',
    label: 'Backups',
    rule: 'superadminDashboard',
    isAvailable: true,
  },
  {
    path: 'broadcasts',
    label: 'Broadcasts',
    rule: 'superadminDashboard',
    isAvailable: true,
  },
  {
    path: 'safe-control',
    label: 'Safe Control',
    rule: 'superadminDashboard',
    isAvailable: true,
  },
  {
    path: 'settings',
    label: 'Settings',
    rule: 'changeSiteSettings',
    isAvailable: true,
  },
  {
    path: 'recaptcha-settings',
    label: 'Bot protection',
    rule: 'settingsSection',
    isAvailable: true,
    parentPath: 'settings',
  },
  {
    path: 'important-information-settings',
    label: 'Important Information Settings',
    rule: 'settingsSection',
    isAvailable: true,
    parentPath: 'settings',
  },
];

export function adminPage(path: string): AdminPage {
  const page = ADMIN_PAGES.find((candidate) => candidate.path === path);
  if (!page) throw new Error(`No admin page ${path}`);
  return page;
}

/** The admin pages this user may open, built or not (sections of another page are reached from it). */
export function adminPagesFor(access: ResolvedAccess): AdminPage[] {
  return ADMIN_PAGES.filter((page) => page.parentPath === undefined && may(access, page.rule));
}

/** Where 'Admin Area' leads: the first built page the user may open, else the welcome page. */
export function adminHomeFor(access: ResolvedAccess): string {
  const first = adminPagesFor(access).find((page) => page.isAvailable);
  return `/admin/${first?.path ?? 'welcome'}`;
}
