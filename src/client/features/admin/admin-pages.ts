import { type AccessRule, isAllowed, type ResolvedAccess } from '../../../domain/permissions';

export interface AdminPage {
  /** The path under /admin. */
  path: string;
  label: string;
  rule: AccessRule;
  /** False until the page's own issue builds it: listed for orientation, never linked. */
  isAvailable: boolean;
}

const resultInput: AccessRule = { permission: 'view_admin_result_input' };
const superadmin: AccessRule = { permission: 'view_superadmin_dashboard' };

/** SPEC §2 admin routes with the permission each needs, in navigation order. */
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
    isAvailable: false,
  },
  {
    path: 'match-results',
    label: 'Match Results',
    rule: resultInput,
    isAvailable: false,
  },
  {
    path: 'tournament-management',
    label: 'Tournament Management',
    rule: { permission: 'view_tournament_management' },
    isAvailable: false,
  },
  {
    path: 'round-management',
    label: 'Round Management',
    rule: { permission: 'view_round_management' },
    isAvailable: false,
  },
  {
    path: 'player-management',
    label: 'Player Management',
    rule: { permission: 'view_player_management' },
    isAvailable: false,
  },
  {
    path: 'admin-player-lookup',
    label: 'Player Lookup',
    rule: { permission: 'view_admin_player_lookup' },
    isAvailable: false,
  },
  {
    path: 'checkin-desk',
    label: 'Check-in Desk',
    rule: { permission: 'access_checkin_page' },
    isAvailable: false,
  },
  {
    path: 'checkin-overview',
    label: 'Check-in Overview',
    rule: { permission: 'access_checkin_overview' },
    isAvailable: false,
  },
  {
    path: 'checkin-settings',
    label: 'Check-in Settings',
    rule: { permission: 'access_checkin_settings' },
    isAvailable: false,
  },
  {
    path: 'manage-registrations',
    label: 'Registrations',
    rule: { permission: 'view_registration_management' },
    isAvailable: false,
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
    isAvailable: false,
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
    isAvailable: false,
  },
];

export function adminPage(path: string): AdminPage {
  const page = ADMIN_PAGES.find((candidate) => candidate.path === path);
  if (!page) throw new Error(`No admin page ${path}`);
  return page;
}

/** The admin pages this user may open, built or not. */
export function adminPagesFor(access: ResolvedAccess): AdminPage[] {
  return ADMIN_PAGES.filter((page) => isAllowed(access, page.rule));
}

/** Where 'Admin Area' leads: the first built page the user may open, else the welcome page. */
export function adminHomeFor(access: ResolvedAccess): string {
  const first = adminPagesFor(access).find((page) => page.isAvailable);
  return `/admin/${first?.path ?? 'welcome'}`;
}
