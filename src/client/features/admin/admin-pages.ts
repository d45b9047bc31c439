import { type AccessName, may } from '../../../domain/access-rules';
import type { ResolvedAccess } from '../../../domain/permissions';

export interface AdminPage {
  /** The path under /admin. */
  path: string;
  label: string;
  /** What the page is for, in one line: the welcome page's overview shows it under the label. */
  purpose: string;
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
    purpose: 'Who you are, and the admin pages your role opens',
    rule: 'enterResults',
    isAvailable: true,
  },
  {
    path: 'dashboard',
    label: 'Dashboard',
    purpose: 'The event at a glance',
    rule: 'enterResults',
    isAvailable: true,
  },
  {
    path: 'match-results',
    label: 'Match Results',
    purpose: 'Enter and correct results',
    rule: 'enterResults',
    isAvailable: true,
  },
  {
    path: 'result-reports',
    label: 'Reported Results',
    purpose: "Players' reports from their phones: disputes and boards to check",
    rule: 'enterResults',
    isAvailable: true,
  },
  {
    path: 'tournament-management',
    label: 'Tournament Management',
    purpose: 'Create, activate and archive tournaments',
    rule: 'manageTournaments',
    isAvailable: true,
  },
  {
    path: 'sections',
    label: 'Sections',
    purpose: 'Split the event by school year, age or rating: each section paired and ranked on its own',
    rule: 'manageSections',
    isAvailable: true,
  },
  {
    path: 'prizes',
    label: 'Prizes',
    purpose: 'Prize lists, shared cash, the best school, and the embargo until the ceremony',
    rule: 'managePrizes',
    isAvailable: true,
  },
  {
    path: 'round-management',
    label: 'Round Management',
    purpose: 'Pairings, starting and completing rounds',
    rule: 'manageRounds',
    isAvailable: true,
  },
  {
    path: 'roster-rules',
    label: 'Roster Rules',
    purpose: 'What teachers may change (byes, withdrawals, late entries) and until when',
    rule: 'manageRounds',
    isAvailable: true,
    parentPath: 'round-management',
  },
  {
    path: 'roster-requests',
    label: 'Roster Requests',
    purpose: 'Teachers’ changes asked after their lock: accept or refuse',
    rule: 'manageRounds',
    isAvailable: true,
    parentPath: 'round-management',
  },
  {
    path: 'screens',
    label: 'Venue Screens',
    purpose: 'The hall’s TVs: pairings by name, standings, the QR code; one switch for all',
    rule: 'manageScreens',
    isAvailable: true,
  },
  {
    path: 'player-management',
    label: 'Player Management',
    purpose: 'Players, ratings and groups',
    rule: 'managePlayers',
    isAvailable: true,
  },
  {
    path: 'admin-player-lookup',
    label: 'Player Lookup',
    purpose: 'Find any player and their games',
    rule: 'lookUpPlayers',
    isAvailable: true,
  },
  {
    path: 'checkin-desk',
    label: 'Check-in Desk',
    purpose: 'Check players in on the day',
    rule: 'checkinDesk',
    isAvailable: true,
  },
  {
    path: 'checkin-overview',
    label: 'Check-in Overview',
    purpose: 'Who has arrived',
    rule: 'checkinOverview',
    isAvailable: true,
  },
  {
    path: 'checkin-settings',
    label: 'Check-in Settings',
    purpose: 'Open and close check-in',
    rule: 'checkinSettings',
    isAvailable: true,
  },
  {
    path: 'checkin-badges',
    label: 'Check-in Badges',
    purpose: 'Badge QR codes, codes and NFC tags for the kiosk',
    rule: 'checkinSettings',
    isAvailable: true,
  },
  {
    path: 'manage-registrations',
    label: 'Registrations',
    purpose: 'Team registrations and payments',
    rule: 'manageRegistrations',
    isAvailable: true,
  },
  {
    path: 'user-management',
    label: 'User Management',
    purpose: 'Accounts, roles and custom roles',
    rule: 'manageUsers',
    isAvailable: true,
  },
  {
    path: 'system-logs',
    label: 'System Logs',
    purpose: 'What happened, and who did it',
    rule: 'viewSystemLogs',
    isAvailable: true,
  },
  {
    path: 'billing-overview',
    label: 'Billing Overview',
    purpose: 'Payments received',
    rule: 'viewBilling',
    isAvailable: true,
  },
  {
    path: 'super-admin-dashboard',
    label: 'Super Admin Dashboard',
    purpose: 'System health',
    rule: 'superadminDashboard',
    isAvailable: true,
  },
  {
    path: 'analytics',
    label: 'Visitor Analytics',
    purpose: 'Page views, referring sites and countries, without cookies',
    rule: 'superadminDashboard',
    isAvailable: true,
  },
  {
    path: 'backups',
    label: 'Backups',
    purpose: 'Verified backups of the database, and restoring one',
    rule: 'superadminDashboard',
    isAvailable: true,
  },
  {
    path: 'broadcasts',
    label: 'Broadcasts',
    purpose: 'Messages to everyone',
    rule: 'superadminDashboard',
    isAvailable: true,
  },
  {
    path: 'safe-control',
    label: 'Safe Control',
    purpose: 'Emergency switches',
    rule: 'superadminDashboard',
    isAvailable: true,
  },
  {
    path: 'settings',
    label: 'Settings',
    purpose: 'Site settings (password protected)',
    rule: 'changeSiteSettings',
    isAvailable: true,
  },
  {
    path: 'recaptcha-settings',
    label: 'Bot protection',
    purpose: 'The bot check of the public forms',
    rule: 'settingsSection',
    isAvailable: true,
    parentPath: 'settings',
  },
  {
    path: 'important-information-settings',
    label: 'Important Information Settings',
    purpose: 'The Important Information page',
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
