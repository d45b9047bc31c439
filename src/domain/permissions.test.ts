import { describe, expect, it } from 'vitest';
import {
  type AccessRule,
  type CustomRoleRecord,
  canGrant,
  canSeeAdminArea,
  isAllowed,
  isOfferedAdminTutorial,
  needsSettingsPassword,
  PERMISSIONS,
  PermissionLoadTimeoutError,
  passesRoleCheck,
  resolveAccess,
  withPermissionTimeout,
} from './permissions';

const customRoles: CustomRoleRecord[] = [
  {
    name: 'Arbiter',
    permissions: { view_admin_result_input: true, view_round_management: true, crm_admin: false },
  },
  {
    name: 'Treasurer',
    permissions: { view_billing_overview: true, not_a_permission: true, crm_access: 'yes' },
  },
];
const sorted = (access: { permissions: ReadonlySet<string> }) => [...access.permissions].sort();

describe('resolving a user’s access', () => {
  it('makes a user with no role record, or an unknown role, a player with no permissions', () => {
    for (const record of [null, undefined, { role: 'owner', customRoleName: null }]) {
      const access = resolveAccess(record, customRoles);
      expect(access.role).toBe('player');
      expect(access.permissions.size).toBe(0);
    }
  });

  it('gives an admin exactly the required list', () => {
    expect(sorted(resolveAccess({ role: 'admin', customRoleName: null }, []))).toEqual(
      [
        'access_checkin_overview',
        'access_checkin_page',
        'crm_access',
        'view_admin_result_input',
        'view_admin_player_lookup',
        'view_system_logs',
      ].sort(),
    );
  });

  it('gives a superadmin every standard permission plus those named by custom roles', () => {
    const access = resolveAccess({ role: 'superadmin', customRoleName: null }, customRoles);
    expect(sorted(access)).toEqual([...PERMISSIONS].sort());
    expect(access.permissions.has('not_a_permission' as never)).toBe(false);
  });

  it('grants a custom role only its true entries that name real permissions', () => {
    expect(sorted(resolveAccess({ role: 'player', customRoleName: 'Arbiter' }, customRoles))).toEqual([
      'view_admin_result_input',
      'view_round_management',
    ]);
    expect(sorted(resolveAccess({ role: 'player', customRoleName: 'Treasurer' }, customRoles))).toEqual([
      'view_billing_overview',
    ]);
    expect(
      resolveAccess({ role: 'player', customRoleName: 'Deleted role' }, customRoles).permissions.size,
    ).toBe(0);
  });
});

describe('access rules', () => {
  const arbiter = resolveAccess({ role: 'player', customRoleName: 'Arbiter' }, customRoles);
  const admin = resolveAccess({ role: 'admin', customRoleName: null }, []);
  const player = resolveAccess(null, []);
  it.each<[string, AccessRule, boolean, boolean, boolean]>([
    ['roles', { roles: ['player', 'admin', 'superadmin'] }, true, true, true],
    ['roles admin only', { roles: ['admin'] }, false, true, false],
    ['one permission', { permission: 'view_round_management' }, true, false, false],
    ['any of', { anyOf: ['view_round_management', 'crm_access'] }, true, true, false],
    ['all of', { allOf: ['view_admin_result_input', 'crm_access'] }, false, true, false],
  ])('%s', (_label, rule, forArbiter, forAdmin, forPlayer) => {
    expect([isAllowed(arbiter, rule), isAllowed(admin, rule), isAllowed(player, rule)]).toEqual([
      forArbiter,
      forAdmin,
      forPlayer,
    ]);
  });

  it('applies the role-access check of docs/requirements.md §6', () => {
    const superadmin = resolveAccess({ role: 'superadmin', customRoleName: null }, []);
    expect([passesRoleCheck(superadmin, 'superadmin'), passesRoleCheck(admin, 'superadmin')]).toEqual([
      true,
      false,
    ]);
    expect([
      passesRoleCheck(admin, 'admin'),
      passesRoleCheck(arbiter, 'admin'),
      passesRoleCheck(player, 'admin'),
    ]).toEqual([true, true, false]);
    expect(passesRoleCheck(player, 'player')).toBe(true);
  });

  it('shows the Admin Area and the tutorial to staff, not to plain players', () => {
    expect([canSeeAdminArea(player), canSeeAdminArea(arbiter), canSeeAdminArea(admin)]).toEqual([
      false,
      true,
      true,
    ]);
    const treasurer = resolveAccess({ role: 'player', customRoleName: 'Treasurer' }, customRoles);
    expect([
      isOfferedAdminTutorial(player),
      isOfferedAdminTutorial(treasurer),
      isOfferedAdminTutorial(arbiter),
    ]).toEqual([false, false, true]);
  });

  it('asks for the settings password from anyone without view_superadmin_dashboard', () => {
    expect(needsSettingsPassword(admin)).toBe(true);
    expect(needsSettingsPassword(resolveAccess({ role: 'superadmin', customRoleName: null }, []))).toBe(
      false,
    );
  });
});

describe('granting', () => {
  const superadmin = resolveAccess({ role: 'superadmin', customRoleName: null }, customRoles);
  const admin = resolveAccess({ role: 'admin', customRoleName: null }, customRoles);
  const arbiter = resolveAccess({ role: 'player', customRoleName: 'Arbiter' }, customRoles);

  it('lets nobody grant what they lack, raise anyone to superadmin unless superadmin, or change their own role', () => {
    expect(canGrant(superadmin, arbiter, { isSelf: false })).toBe(true);
    expect(canGrant(admin, arbiter, { isSelf: false })).toBe(false);
    expect(canGrant(admin, resolveAccess(null, []), { isSelf: false })).toBe(true);
    expect(canGrant(admin, admin, { isSelf: false })).toBe(true);
    expect(canGrant(superadmin, superadmin, { isSelf: true })).toBe(false);
  });
});

describe('loading permissions with a time-out', () => {
  const manualClock = () => {
    const timers: (() => void)[] = [];
    return {
      schedule: (callback: () => void) => {
        timers.push(callback);
        return () => timers.splice(timers.indexOf(callback), 1);
      },
      fire: () => {
        for (const timer of timers.splice(0)) timer();
      },
    };
  };

  it('grants nothing when loading takes too long or fails: it rejects, so nobody reads it as "no role"', async () => {
    const clock = manualClock();
    const pending = withPermissionTimeout(new Promise(() => undefined), 10_000, clock.schedule);
    clock.fire();
    await expect(pending).rejects.toBeInstanceOf(PermissionLoadTimeoutError);
    const down = new Error('db down');
    await expect(withPermissionTimeout(Promise.reject(down), 10_000, manualClock().schedule)).rejects.toBe(
      down,
    );
  });

  it('returns the loaded access when it arrives in time', async () => {
    const admin = resolveAccess({ role: 'admin', customRoleName: null }, []);
    expect(await withPermissionTimeout(Promise.resolve(admin), 10_000, manualClock().schedule)).toBe(admin);
  });
});
