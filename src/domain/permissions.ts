/**
 * Roles and permissions (docs/requirements.md §6): the one place that says who may do what. The server's route guards and the
 * client's menus and guards both ask this module; only the server's answer protects anything.
 */

export const STANDARD_ROLES = ['player', 'admin', 'superadmin'] as const;
export type StandardRole = (typeof STANDARD_ROLES)[number];

export const PERMISSIONS = [
  'view_superadmin_dashboard',
  'view_round_management',
  'view_tournament_management',
  'view_user_management',
  'view_system_logs',
  'view_registration_management',
  'view_admin_result_input',
  'view_player_management',
  'view_admin_player_lookup',
  'create_players',
  'freeze_players',
  'access_checkin_page',
  'access_checkin_overview',
  'access_checkin_settings',
  'delete_user_accounts',
  'crm_access',
  'crm_admin',
  'view_billing_overview',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ADMIN_PERMISSIONS: readonly Permission[] = [
  'view_admin_result_input',
  'view_admin_player_lookup',
  'view_system_logs',
  'access_checkin_page',
  'access_checkin_overview',
  'crm_access',
];

/**
 * docs/requirements.md §6's superadmin list names every permission there is; a superadmin also gets every permission named in
 * any custom role (which can only name these, so the list is complete either way).
 */
const SUPERADMIN_PERMISSIONS: readonly Permission[] = PERMISSIONS;

export function isStandardRole(value: unknown): value is StandardRole {
  return typeof value === 'string' && (STANDARD_ROLES as readonly string[]).includes(value);
}

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

/** A user's role record; null or undefined when the user has none (then they are a player). */
export interface RoleRecord {
  role: string;
  customRoleName: string | null;
}

export interface CustomRoleRecord {
  name: string;
  /** Permission name → granted. Only `true` entries count; unknown names are ignored. */
  permissions: Record<string, unknown>;
}

export interface ResolvedAccess {
  role: StandardRole;
  customRoleName: string | null;
  permissions: ReadonlySet<Permission>;
}

export const PLAYER_ACCESS: ResolvedAccess = { role: 'player', customRoleName: null, permissions: new Set() };

function grantedBy(customRole: CustomRoleRecord | undefined): Permission[] {
  if (!customRole) return [];
  return Object.entries(customRole.permissions)
    .filter(([name, granted]) => granted === true && isPermission(name))
    .map(([name]) => name as Permission);
}

/**
 * Resolves a user's role and permissions (docs/requirements.md §6):
 * - no role record, or an unknown role, is a player;
 * - a custom role is stored as role player plus a custom role name, and grants the true entries of that
 *   custom role's record (a missing record grants nothing);
 * - admin and superadmin get their standard lists; a superadmin also gets every permission any custom role
 *   names, so no custom role can do something a superadmin cannot.
 */
export function resolveAccess(
  record: RoleRecord | null | undefined,
  customRoles: readonly CustomRoleRecord[],
): ResolvedAccess {
  const role: StandardRole = record && isStandardRole(record.role) ? record.role : 'player';
  const customRoleName = record?.customRoleName?.trim() || null;
  const permissions = new Set<Permission>();
  if (role === 'admin') for (const permission of ADMIN_PERMISSIONS) permissions.add(permission);
  if (role === 'superadmin') {
    for (const permission of SUPERADMIN_PERMISSIONS) permissions.add(permission);
    for (const customRole of customRoles)
      for (const permission of grantedBy(customRole)) permissions.add(permission);
  }
  if (role === 'player' && customRoleName) {
    for (const permission of grantedBy(
      customRoles.find((customRole) => customRole.name === customRoleName),
    )) {
      permissions.add(permission);
    }
  }
  return { role, customRoleName, permissions };
}

/** How a route or page states who may use it: a list of roles, or permissions needed one, any or all. */
export type AccessRule =
  | { roles: readonly StandardRole[] }
  | { permission: Permission }
  | { anyOf: readonly Permission[] }
  | { allOf: readonly Permission[] };

export function isAllowed(access: ResolvedAccess, rule: AccessRule): boolean {
  if ('roles' in rule) return rule.roles.includes(access.role);
  if ('permission' in rule) return access.permissions.has(rule.permission);
  if ('anyOf' in rule) return rule.anyOf.some((permission) => access.permissions.has(permission));
  return rule.allOf.every((permission) => access.permissions.has(permission));
}

/**
 * The role-access check (docs/requirements.md §6): anyone holding view_superadmin_dashboard passes; otherwise a superadmin
 * needs that permission, an admin needs view_admin_result_input, and a player always passes.
 */
export function passesRoleCheck(access: ResolvedAccess, requiredRole: StandardRole): boolean {
  if (access.permissions.has('view_superadmin_dashboard')) return true;
  switch (requiredRole) {
    case 'superadmin':
      return false;
    case 'admin':
      return access.permissions.has('view_admin_result_input');
    case 'player':
      return true;
  }
}

/** A plain player: role player with no custom role. */
export function isPlainPlayer(access: ResolvedAccess): boolean {
  return access.role === 'player' && access.customRoleName === null;
}

/** The user menu's Admin Area entry: anyone who is not a plain player (docs/requirements.md §2 Layout). */
export function canSeeAdminArea(access: ResolvedAccess): boolean {
  return !isPlainPlayer(access);
}

/** The admin tutorial is offered to staff who can enter results or run the event, not to players (docs/requirements.md §6). */
export function isOfferedAdminTutorial(access: ResolvedAccess): boolean {
  return (
    !isPlainPlayer(access) &&
    (access.permissions.has('view_admin_result_input') || access.permissions.has('view_superadmin_dashboard'))
  );
}

/**
 * Sections behind the settings password (docs/requirements.md §4–§6): users lacking view_superadmin_dashboard must enter it.
 * See ADR 007 for how the route table and this rule are reconciled.
 */
export function needsSettingsPassword(access: ResolvedAccess): boolean {
  return !access.permissions.has('view_superadmin_dashboard');
}

/**
 * Nobody may hand out what they do not hold: a grant is allowed only when every permission it carries is
 * already the granter's, and nobody changes their own role.
 */
export function canGrant(
  granter: ResolvedAccess,
  granted: ResolvedAccess,
  options: { isSelf: boolean },
): boolean {
  if (options.isSelf) return false;
  for (const permission of granted.permissions) if (!granter.permissions.has(permission)) return false;
  return granted.role !== 'superadmin' || granter.role === 'superadmin';
}

/** A user's permissions did not load in time (docs/requirements.md §6: 10 s). */
export class PermissionLoadTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`permissions did not load within ${timeoutMs} ms`);
    this.name = 'PermissionLoadTimeoutError';
  }
}

/**
 * Resolves with the loaded access within `timeoutMs`, or rejects: with the load's own error, or with a
 * PermissionLoadTimeoutError. Either way nothing is granted, and the caller says "try again" rather than
 * "you may not" (ADR 016): a user whose role could not be read is not a user without a role.
 */
export async function withPermissionTimeout(
  load: Promise<ResolvedAccess>,
  timeoutMs: number,
  schedule: (callback: () => void, ms: number) => () => void,
): Promise<ResolvedAccess> {
  return new Promise((resolve, reject) => {
    const cancel = schedule(() => reject(new PermissionLoadTimeoutError(timeoutMs)), timeoutMs);
    load.then(
      (access) => {
        cancel();
        resolve(access);
      },
      (error: unknown) => {
        cancel();
        reject(error);
      },
    );
  });
}

export const PERMISSION_LOAD_TIMEOUT_MS = 10_000;

/** Where the users of a deleted custom role go (docs/requirements.md §5). */
export type Reassignment =
  | { role: StandardRole; customRoleName: null }
  | { role: 'player'; customRoleName: string };

/**
 * The users of a deleted custom role move to a standard role or to another custom role. Any other name is
 * invalid, as is the deleted role itself; null means the target is invalid.
 */
export function resolveReassignment(
  target: string,
  deletedRoleName: string,
  otherCustomRoleNames: readonly string[],
): Reassignment | null {
  if (isStandardRole(target)) return { role: target, customRoleName: null };
  if (target !== deletedRoleName && otherCustomRoleNames.includes(target)) {
    return { role: 'player', customRoleName: target };
  }
  return null;
}

/** Standard role names cannot be used for custom roles, whatever their case. */
export function isReservedRoleName(name: string): boolean {
  return isStandardRole(name.trim().toLowerCase());
}
