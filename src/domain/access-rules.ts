import type { AccessRule, Permission, ResolvedAccess } from './permissions';
import { isAllowed } from './permissions';

/**
 * Every action's access rule, declared once by name (docs/requirements.md §2 and §6; ADR 019).
 *
 * The server's route declares `config: { access: 'pairRound' }`, the client's page guard and admin navigation
 * use the same name, and a button that would be refused asks `may(access, 'pairRound')`. A rule changes in
 * one place and route, page and button follow; the authorization matrix test checks every route against it.
 */
export const ACCESS_RULES = {
  // Admin area pages and the reads behind them.
  enterResults: { permission: 'view_admin_result_input' },
  manageTournaments: { permission: 'view_tournament_management' },
  /** The prizes and their embargo (ADR 043): set up with the tournament. */
  managePrizes: { permission: 'view_tournament_management' },
  /** The event's sections and who plays in which (ADR 044): set up with the tournament. */
  manageSections: { permission: 'view_tournament_management' },
  manageRounds: { permission: 'view_round_management' },
  /** The hall's screens and their switch (ADR 042): whoever runs the rounds runs what the hall sees. */
  manageScreens: { permission: 'view_round_management' },
  managePlayers: { permission: 'view_player_management' },
  lookUpPlayers: { permission: 'view_admin_player_lookup' },
  manageRegistrations: { permission: 'view_registration_management' },
  viewBilling: { permission: 'view_billing_overview' },
  viewSystemLogs: { permission: 'view_system_logs' },
  superadminDashboard: { permission: 'view_superadmin_dashboard' },
  /** Sections behind the settings password (docs/requirements.md §4–§6): reaching the gate itself. */
  settingsSection: { permission: 'view_superadmin_dashboard' },

  // Users and roles.
  manageUsers: { permission: 'view_user_management' },
  createUsers: { allOf: ['view_user_management', 'create_players'] },
  freezeUsers: { allOf: ['view_user_management', 'freeze_players'] },
  deleteUsers: { allOf: ['view_user_management', 'delete_user_accounts'] },

  // Check-in at the venue.
  checkinDesk: { permission: 'access_checkin_page' },
  checkinOverview: { permission: 'access_checkin_overview' },
  checkinSettings: { permission: 'access_checkin_settings' },
  /** The check-in state every check-in page reads. */
  checkinAny: { anyOf: ['access_checkin_page', 'access_checkin_overview', 'access_checkin_settings'] },

  // Team tasks (CRM).
  crm: { permission: 'crm_access' },
  crmAdmin: { permission: 'crm_admin' },

  /** Uploading an image into rich text: whoever writes announcements or the important-information page. */
  uploadSiteImages: { anyOf: ['view_tournament_management', 'view_superadmin_dashboard'] },

  // Site settings (docs/requirements.md §3–§4; ADR 020), behind the settings password as well.
  /** The home page settings and leaderboard visibility of /admin/settings. */
  changeSiteSettings: { permission: 'view_superadmin_dashboard' },

  /** Pages every signed-in role may open (the account pages, the player dashboard). */
  anyRole: { roles: ['player', 'admin', 'superadmin'] },
} as const satisfies Record<string, AccessRule>;

export type AccessName = keyof typeof ACCESS_RULES;

export function isAccessName(value: unknown): value is AccessName {
  return typeof value === 'string' && Object.hasOwn(ACCESS_RULES, value);
}

/** The one check: may a user with this access take the named action? */
export function may(access: ResolvedAccess, name: AccessName): boolean {
  return isAllowed(access, ACCESS_RULES[name]);
}

/** The permissions a named rule mentions (for messages and the authorization matrix). */
export function permissionsOf(name: AccessName): readonly Permission[] {
  const rule: AccessRule = ACCESS_RULES[name];
  if ('permission' in rule) return [rule.permission];
  if ('anyOf' in rule) return rule.anyOf;
  if ('allOf' in rule) return rule.allOf;
  return [];
}
