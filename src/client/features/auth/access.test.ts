import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../../contracts/account';
import type { Permission, StandardRole } from '../../../domain/permissions';
import { accessOf, decideAccess, type SessionView } from './access';
import { ACCESS_MESSAGES } from './messages';

function signedIn(role: StandardRole, permissions: Permission[] = [], customRoleName: string | null = null) {
  const me: MeResponse = {
    user: { id: 'u1', email: 'someone@example.org', name: 'Someone' },
    role,
    customRoleName,
    permissions,
  };
  return { status: 'signed-in', me, access: accessOf(me) } satisfies SessionView;
}

describe('decideAccess (docs/requirements.md §4 guard order)', () => {
  it('waits while the session loads, whatever the rule', () => {
    expect(decideAccess({ status: 'loading' }, 'manageUsers')).toEqual({
      kind: 'loading',
    });
  });

  it('checks the frozen account before authentication and permissions', () => {
    expect(decideAccess({ status: 'frozen' }, 'signed-in')).toEqual({ kind: 'frozen' });
    expect(decideAccess({ status: 'frozen' }, 'anyRole')).toEqual({ kind: 'frozen' });
  });

  it('sends anonymous visitors to sign in before any permission check', () => {
    expect(decideAccess({ status: 'anonymous' }, 'manageUsers')).toEqual({
      kind: 'sign-in',
    });
  });

  it('reports a session that could not be read', () => {
    expect(decideAccess({ status: 'error' }, 'signed-in')).toEqual({ kind: 'error' });
  });

  it('lets any signed-in user through a signed-in route', () => {
    expect(decideAccess(signedIn('player'), 'signed-in')).toEqual({ kind: 'allowed' });
  });

  it('checks named access rules (one permission, any, all, roles)', () => {
    const admin = signedIn('admin', ['view_admin_result_input', 'crm_access']);
    expect(decideAccess(admin, 'crm').kind).toBe('allowed');
    expect(decideAccess(signedIn('admin', ['access_checkin_overview']), 'checkinAny').kind).toBe('allowed');
    expect(decideAccess(signedIn('admin', ['view_user_management']), 'createUsers')).toEqual({
      kind: 'forbidden',
      message: ACCESS_MESSAGES.forbidden,
    });
    expect(decideAccess(admin, 'anyRole').kind).toBe('allowed');
    expect(decideAccess(admin, 'settingsSection').kind).toBe('forbidden');
  });

  it('opens the admin area to anyone but a plain player', () => {
    expect(decideAccess(signedIn('player'), 'admin-area').kind).toBe('forbidden');
    expect(decideAccess(signedIn('player', [], 'Arbiter'), 'admin-area').kind).toBe('allowed');
    expect(decideAccess(signedIn('admin'), 'admin-area').kind).toBe('allowed');
  });

  it('applies a configured refusal with its own message (the player dashboard)', () => {
    const refusal = { roles: ['player'] as const, message: ACCESS_MESSAGES.playerDashboardUnavailable };
    const rule = 'anyRole';
    expect(decideAccess(signedIn('player'), rule, refusal)).toEqual({
      kind: 'forbidden',
      message: 'Player dashboard is currently unavailable',
    });
    expect(decideAccess(signedIn('admin'), rule, refusal).kind).toBe('allowed');
    // Still after the frozen and authentication checks.
    expect(decideAccess({ status: 'anonymous' }, rule, refusal).kind).toBe('sign-in');
  });
});
