import type { CustomRole } from '../../../contracts/users';
import {
  canGrant,
  type ResolvedAccess,
  resolveAccess,
  STANDARD_ROLES,
  type StandardRole,
} from '../../../domain/permissions';

/** One choice of the role select: a standard role, or a custom role (stored as player + its name). */
export interface RoleChoice {
  role: StandardRole;
  customRoleName: string | null;
}

const STANDARD_LABELS: Record<StandardRole, string> = {
  player: 'Player',
  admin: 'Admin',
  superadmin: 'Superadmin',
};

const CUSTOM_PREFIX = 'custom:';

export function roleChoiceValue(choice: RoleChoice): string {
  return choice.customRoleName ? `${CUSTOM_PREFIX}${choice.customRoleName}` : choice.role;
}

export function parseRoleChoice(value: string): RoleChoice {
  if (value.startsWith(CUSTOM_PREFIX))
    return { role: 'player', customRoleName: value.slice(CUSTOM_PREFIX.length) };
  const role = STANDARD_ROLES.find((candidate) => candidate === value) ?? 'player';
  return { role, customRoleName: null };
}

/** What the role column and badges show: the custom role name, else the role. */
export function roleLabel(choice: RoleChoice): string {
  return choice.customRoleName ?? STANDARD_LABELS[choice.role];
}

export function roleOptions(customRoleNames: readonly string[]): { value: string; label: string }[] {
  return [
    ...STANDARD_ROLES.map((role) => ({ value: role, label: STANDARD_LABELS[role] })),
    ...customRoleNames.map((name) => ({
      value: roleChoiceValue({ role: 'player', customRoleName: name }),
      label: `${name} (custom role)`,
    })),
  ];
}

/**
 * The role choices a user may hand out: nobody grants a role carrying a permission they lack (the server
 * refuses the same; this only keeps such choices out of the list).
 */
export function grantableRoleOptions(
  granter: ResolvedAccess,
  customRoles: readonly Pick<CustomRole, 'name' | 'permissions'>[],
): { value: string; label: string }[] {
  const records = customRoles.map((role) => ({
    name: role.name,
    permissions: Object.fromEntries(role.permissions.map((permission) => [permission, true])),
  }));
  return roleOptions(customRoles.map((role) => role.name)).filter((option) =>
    canGrant(granter, resolveAccess(parseRoleChoice(option.value), records), { isSelf: false }),
  );
}

/** 'view_admin_result_input' → 'View admin result input'. */
export function permissionLabel(permission: string): string {
  const words = permission.replaceAll('_', ' ').replace(/\bcrm\b/, 'CRM');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
