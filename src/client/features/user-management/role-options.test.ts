import { describe, expect, it } from 'vitest';
import { resolveAccess } from '../../../domain/permissions';
import {
  grantableRoleOptions,
  parseRoleChoice,
  permissionLabel,
  roleChoiceValue,
  roleLabel,
} from './role-options';

const customRoles = [
  { name: 'Arbiter', permissions: ['view_admin_result_input' as const, 'access_checkin_page' as const] },
  { name: 'Treasurer', permissions: ['view_billing_overview' as const] },
];

describe('role choices', () => {
  it('encodes standard and custom roles in one select value and back', () => {
    expect(roleChoiceValue({ role: 'admin', customRoleName: null })).toBe('admin');
    expect(parseRoleChoice(roleChoiceValue({ role: 'player', customRoleName: 'Arbiter' }))).toEqual({
      role: 'player',
      customRoleName: 'Arbiter',
    });
    expect(parseRoleChoice('not-a-role')).toEqual({ role: 'player', customRoleName: null });
    expect(roleLabel({ role: 'superadmin', customRoleName: null })).toBe('Superadmin');
    expect(permissionLabel('crm_access')).toBe('CRM access');
  });

  it('offers a superadmin every role', () => {
    const superadmin = resolveAccess({ role: 'superadmin', customRoleName: null }, []);
    expect(grantableRoleOptions(superadmin, customRoles).map((option) => option.label)).toEqual([
      'Player',
      'Admin',
      'Superadmin',
      'Arbiter (custom role)',
      'Treasurer (custom role)',
    ]);
  });

  it('leaves out roles carrying permissions the granter lacks', () => {
    const manager = resolveAccess({ role: 'player', customRoleName: 'Manager' }, [
      {
        name: 'Manager',
        permissions: { view_user_management: true, view_admin_result_input: true, access_checkin_page: true },
      },
    ]);
    expect(grantableRoleOptions(manager, customRoles).map((option) => option.label)).toEqual([
      'Player',
      'Arbiter (custom role)',
    ]);
  });
});
