import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../../contracts/account';
import { resolveAccess } from '../../../domain/permissions';
import { accessOf } from './access';
import { displayName, initialsOf, roleBadge, userMenuEntries } from './user-menu-items';

const customRoles = [
  { name: 'Arbiter', permissions: { view_admin_result_input: true, access_checkin_page: true } },
  { name: 'Team coach', permissions: { crm_access: true } },
];
const accessFor = (role: string, customRoleName: string | null = null) =>
  resolveAccess({ role, customRoleName }, customRoles);
const labels = (role: string, customRoleName: string | null = null) =>
  userMenuEntries(accessFor(role, customRoleName), '/admin/welcome').map((entry) => entry.label);

describe('user menu entries (docs/requirements.md §2 Layout)', () => {
  it('gives a plain player their settings, registrations and board', () => {
    expect(labels('player')).toEqual(['Account Settings', 'My Registrations', 'My Board']);
  });

  it('adds Team Tasks (CRM) and Admin Area for an admin', () => {
    expect(labels('admin')).toEqual([
      'Account Settings',
      'My Registrations',
      'My Board',
      'Team Tasks (CRM)',
      'Admin Area',
    ]);
  });

  it('gives a superadmin everything', () => {
    expect(labels('superadmin')).toEqual([
      'Account Settings',
      'My Registrations',
      'My Board',
      'Team Tasks (CRM)',
      'Admin Area',
    ]);
  });

  it('shows Admin Area to a custom role, and CRM only when the role grants crm_access', () => {
    expect(labels('player', 'Arbiter')).toEqual([
      'Account Settings',
      'My Registrations',
      'My Board',
      'Admin Area',
    ]);
    expect(labels('player', 'Team coach')).toEqual([
      'Account Settings',
      'My Registrations',
      'My Board',
      'Team Tasks (CRM)',
      'Admin Area',
    ]);
  });

  it('describes the first two entries in the required words and links Admin Area to the given page', () => {
    const entries = userMenuEntries(accessFor('admin'), '/admin/welcome');
    expect(entries[0]).toMatchObject({
      description: 'Manage your profile & preferences',
      to: '/account-settings',
    });
    expect(entries[1]).toMatchObject({
      description: 'View your tournament entries',
      to: '/my-registrations',
    });
    expect(entries.at(-1)?.to).toBe('/admin/welcome');
  });
});

describe('role badge, name and initials', () => {
  it('shows the custom role name, else the role, and nothing for plain players', () => {
    expect(roleBadge(accessFor('player', 'Arbiter'))).toBe('Arbiter');
    expect(roleBadge(accessFor('admin'))).toBe('admin');
    expect(roleBadge(accessFor('superadmin'))).toBe('superadmin');
    expect(roleBadge(accessFor('player'))).toBeNull();
  });

  it("falls back to 'User' without a name and makes initials", () => {
    const me: MeResponse = {
      user: { id: '1', email: 'zoe@example.org', name: '  ' },
      role: 'player',
      customRoleName: null,
      permissions: [],
    };
    expect(displayName(me)).toBe('User');
    expect(roleBadge(accessOf(me))).toBeNull();
    expect(initialsOf('Judit Polgár', 'j@example.org')).toBe('JP');
    expect(initialsOf('Magnus', 'm@example.org')).toBe('M');
    expect(initialsOf('', 'zoe@example.org')).toBe('Z');
    expect(initialsOf('Anna van der Berg', 'a@example.org')).toBe('AB');
  });
});
