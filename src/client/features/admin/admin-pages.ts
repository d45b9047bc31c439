import { type AccessRule, isAllowed, type ResolvedAccess } from '../../../domain/permissions';

export interface AdminPage {
  /** The path under /admin. */
  path: string;
  label: string;
  rule: AccessRule;
  /** False until the page's own issue builds it: listed for orientation, never linked. */
  isAvailable: boolean;
  /** A section reached from this page (not listed in the navigation on its own). */
  parentPath?: string;
}

const resultInput: AccessRule = { permission: 'view_admin_result_input' };
const superadmin: AccessRule = { permission: 'view_superadmin_dashboard' };

/** docs/requirements.md §2 admin routes with the permission each needs, in navigation order. */
export const ADMIN_PAGES: readonly AdminPage[] = [
  {
    path: 'welcome',
    label: 'Welcome',
    rule: resultInput,
    isAvailable: true,
  },
  {
    path: 'dashboard',
    label: 'Dashboard',
    rule: resultInput,
    isAvailable: true,
  },
  {
    path: 'match-results',
    label: 'Match Results',
    rule: resultInput,
    isAvailable: true,
  },
  {
    path: 'tournament-management',
    label: 'Tournament Management',
    rule: { permission: 'view_tournament_management' },
    isAvailable: true,
  },
  {
    path: 'round-management',
    label: 'Round Management',
    rule: { permission: 'view_round_management' },
    isAvailable: true,
  },
  {
    path: 'player-management',
    label: 'Player Management',
    rule: { permission: 'view_player_management' },
    isAvailable: true,
  },
  {
    path: 'admin-player-lookup',
    label: 'Player Lookup',
    rule: { permission: 'view_admin_player_lookup' },
    isAvailable: true,
  },
  {
    path: 'checkin-desk',
    label: 'Check-in Desk',
    rule: { permission: 'access_checkin_page' },
    isAvailable: true,
  },
  {
    path: 'checkin-overview',
    label: 'Check-in Overview',
    rule: { permission: 'access_checkin_overview' },
    isAvailable: true,
  },
  {
    path: 'checkin-settings',
    label: 'Check-in Settings',
    rule: { permission: 'access_checkin_settings' },
    isAvailable: true,
  },
  {
    path: 'manage-registrations',
    label: 'Registrations',
    rule: { permission: 'view_registration_management' },
    isAvailable: true,
  },
  {
    path: 'user-management',
    label: 'User Management',
    rule: { permission: 'view_user_management' },
    isAvailable: true,
  },
  {
    path: 'system-logs',
    label: 'System Logs',
    rule: { permission: 'view_system_logs' },
    isAvailable: false,
  },
  {
    path: 'billing-overview',
    label: 'Billing Overview',
    rule: { permission: 'view_billing_overview' },
    isAvailable: true,
  },
  {
    path: 'super-admin-dashboard',
    label: 'Super Admin Dashboard',
    rule: superadmin,
    isAvailable: false,
  },
  {
    path: 'broadcasts',
    label: 'Broadcasts',
    rule: superadmin,
    isAvailable: false,
  },
  {
    path: 'safe-control',
    label: 'Safe Control',
    rule: superadmin,
    isAvailable: false,
  },
  {
    path: 'settings',
    label: 'Settings',
    rule: superadmin,
    isAvailable: true,
  },
  {
    path: 'recaptcha-settings',
    label: 'reCAPTCHA Settings',
    rule: superadmin,
    isAvailable: true,
    parentPath: 'settings',
  },
  {
    path: 'important-information-settings',
    label: 'Important Information Settings',
    rule: superadmin,
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
  return ADMIN_PAGES.filter((page) => page.parentPath === undefined && isAllowed(access, page.rule));
}

/** Where 'Admin Area' leads: the first built page the user may open, else the welcome page. */
export function adminHomeFor(access: ResolvedAccess): string {
  const first = adminPagesFor(access).find((page) => page.isAvailable);
  return `/admin/${first?.path ?? 'welcome'}`;
}
