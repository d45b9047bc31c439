import type { MeResponse } from '../../../contracts/account';
import { may } from '../../../domain/access-rules';
import { canSeeAdminArea, isPlainPlayer, type ResolvedAccess } from '../../../domain/permissions';

export interface UserMenuEntry {
  key: 'account-settings' | 'my-registrations' | 'player-dashboard' | 'crm' | 'admin';
  label: string;
  description: string;
  to: string;
}

/** Initials for the avatar: first letters of the first and last word of the name, else of the e-mail. */
export function initialsOf(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0];
  const last = words.length > 1 ? words[words.length - 1]?.[0] : undefined;
  const initials = first ? `${first}${last ?? ''}` : (email[0] ?? '?');
  return initials.toUpperCase();
}

/** The menu's name line: the user's name, or 'User' (docs/requirements.md §2 Layout). */
export function displayName(me: MeResponse): string {
  return me.user.name.trim() || 'User';
}

/** The role badge: the custom role name, else the role; none for plain players. */
export function roleBadge(access: ResolvedAccess): string | null {
  if (access.customRoleName) return access.customRoleName;
  return isPlainPlayer(access) ? null : access.role;
}

/**
 * docs/requirements.md §2 Layout, in order: Account Settings, My Registrations, (our addition) My Board, Team Tasks (CRM) with
 * crm_access, Admin Area.
 */
export function userMenuEntries(access: ResolvedAccess, adminHome: string): UserMenuEntry[] {
  const entries: UserMenuEntry[] = [
    {
      key: 'account-settings',
      label: 'Account Settings',
      description: 'Manage your profile & preferences',
      to: '/account-settings',
    },
    {
      key: 'my-registrations',
      label: 'My Registrations',
      description: 'View your tournament entries',
      to: '/my-registrations',
    },
    // Not in docs/requirements.md §2's list: without it, a pupil who signs in has no way to reach /player-dashboard.
    {
      key: 'player-dashboard',
      label: 'My Board',
      description: 'Your next game, results and standing',
      to: '/player-dashboard',
    },
  ];
  if (may(access, 'crm')) {
    entries.push({
      key: 'crm',
      label: 'Team Tasks (CRM)',
      description: 'Tasks and teams for staff',
      to: '/crm',
    });
  }
  if (canSeeAdminArea(access)) {
    entries.push({ key: 'admin', label: 'Admin Area', description: 'Run the tournament', to: adminHome });
  }
  return entries;
}
