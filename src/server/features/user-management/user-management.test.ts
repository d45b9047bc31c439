import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseCommitsWriting } from '../../../../tests/support/server/refuse-commits';
import {
  createTestAuth,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { ACCESS_MESSAGES } from '../../../contracts/common';
import { customRolesResponseSchema, listUsersResponseSchema, USER_MESSAGES } from '../../../contracts/users';
import { SECURITY_EVENTS, SYSTEM_LOG_ACTIONS } from '../../audit/events';
import { customRoles, securityAuditLog, userRoles } from '../../db/schema/accounts';
import { session, user } from '../../db/schema/auth';
import { systemLogs } from '../../db/schema/settings';
import { players } from '../../db/schema/tournaments';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

describe('user management', () => {
  let t: TestApp;
  let superadmin: string;

  const signInAs = (email: string, password = DEMO_PASSWORD) => signIn(t.app, email, password);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_PUBLIC_URL },
      ...(payload ? { payload: payload as object } : {}),
    });
  const idOf = async (email: string) =>
    (await t.database.db.select().from(user).where(eq(user.email, email)))[0]!.id;
  const createUser = (cookie: string, body: Record<string, unknown>) =>
    call('POST', '/api/admin/users', cookie, body);

  beforeAll(async () => {
    t = await startTestApp('pglite');
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    superadmin = (await signInAs('superadmin@demo.test')).cookie;
  });
  afterAll(async () => t?.close());

  it('lists users with their roles, a user without a role record being a player, and searches them', async () => {
    const all = listUsersResponseSchema.parse(
      (await call('GET', '/api/admin/users', superadmin)).json(),
    ).users;
    expect(all.map((u) => [u.email, u.customRoleName ?? u.role]).sort()).toEqual([
      ['admin@demo.test', 'admin'],
      ['arbiter@demo.test', 'Arbiter'],
      ['player@demo.test', 'player'],
      ['superadmin@demo.test', 'superadmin'],
    ]);
    const found = listUsersResponseSchema.parse(
      (await call('GET', '/api/admin/users?search=ARBIT', superadmin)).json(),
    ).users;
    expect(found.map((u) => u.email)).toEqual(['arbiter@demo.test']);
    const wildcard = listUsersResponseSchema.parse(
      (await call('GET', '/api/admin/users?search=%25', superadmin)).json(),
    ).users;
    expect(wildcard).toEqual([]);
  });

  it('creates a user directly with the required messages, and refuses a taken address', async () => {
    const created = await createUser(superadmin, {
      email: 'Coach@Example.org',
      password: 'coach-password-1',
      fullName: 'Coach',
      role: 'admin',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      success: true,
      message: 'User coach@example.org created successfully',
    });
    expect((await signInAs('coach@example.org', 'coach-password-1')).status).toBe(200);
    const again = await createUser(superadmin, {
      email: 'coach@example.org',
      password: 'another-pass-2',
      fullName: 'X',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(USER_MESSAGES.emailExists);
  });

  it('defaults a created user to player and rejects unknown fields (no mass assignment)', async () => {
    const plain = await createUser(superadmin, {
      email: 'plain@example.org',
      password: 'plain-pass-123',
      fullName: 'Plain',
    });
    expect(plain.statusCode).toBe(201);
    const [role] = await t.database.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, plain.json().userId));
    expect(role?.role).toBe('player');
    const sneaky = await createUser(superadmin, {
      email: 'sneaky@example.org',
      password: 'sneaky-pass-123',
      fullName: 'Sneaky',
      permissions: ['view_superadmin_dashboard'],
    });
    expect(sneaky.statusCode).toBe(400);
    expect((await t.database.db.select().from(user).where(eq(user.email, 'sneaky@example.org'))).length).toBe(
      0,
    );
  });

  it('changes a role with the required message, effective at the target’s next request', async () => {
    const target = await idOf('player@demo.test');
    const { cookie } = await signInAs('player@demo.test');
    const response = await call('PUT', `/api/admin/users/${target}/role`, superadmin, { role: 'admin' });
    expect(response.json()).toEqual({ message: 'User role updated to admin' });
    expect((await call('GET', '/api/me', cookie)).json().role).toBe('admin');
    const back = await call('PUT', `/api/admin/users/${target}/role`, superadmin, {
      role: 'player',
      customRoleName: 'Arbiter',
    });
    expect(back.json()).toEqual({ message: 'User role updated to Arbiter' });
    const audit = await t.database.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.eventType, 'role_changed'));
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(audit[0]?.userId).toBe(await idOf('superadmin@demo.test'));
    await call('PUT', `/api/admin/users/${target}/role`, superadmin, {
      role: 'player',
      customRoleName: null,
    });
  });

  it('lets nobody change their own role', async () => {
    const self = await idOf('superadmin@demo.test');
    const response = await call('PUT', `/api/admin/users/${self}/role`, superadmin, { role: 'player' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(USER_MESSAGES.notYourself);
  });

  it('lets a user manager grant only what they hold', async () => {
    await t.database.db
      .insert(customRoles)
      .values({ name: 'Registrar', permissions: { view_user_management: true, create_players: true } });
    const created = await createUser(superadmin, {
      email: 'registrar@example.org',
      password: 'registrar-pass-1',
      fullName: 'Registrar',
      role: 'player',
      customRoleName: 'Registrar',
    });
    expect(created.statusCode).toBe(201);
    const { cookie } = await signInAs('registrar@example.org', 'registrar-pass-1');
    const target = await idOf('plain@example.org');
    const promote = await call('PUT', `/api/admin/users/${target}/role`, cookie, { role: 'admin' });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().error).toBe(USER_MESSAGES.cannotGrant);
    const makeAdmin = await createUser(cookie, {
      email: 'new-admin@example.org',
      password: 'new-admin-pass',
      fullName: 'N',
      role: 'admin',
    });
    expect(makeAdmin.statusCode).toBe(403);
    const demote = await call('PUT', `/api/admin/users/${await idOf('superadmin@demo.test')}/role`, cookie, {
      role: 'player',
    });
    expect(demote.statusCode).toBe(403);
    const role = await call('POST', '/api/admin/custom-roles', cookie, {
      name: 'Boss',
      permissions: ['view_superadmin_dashboard'],
    });
    expect(role.statusCode).toBe(403);
    const player = await createUser(cookie, {
      email: 'pupil2@example.org',
      password: 'pupil2-pass-1',
      fullName: 'P',
    });
    expect(player.statusCode).toBe(201);
  });

  it('stores a freeze and its audit row together, or neither; a role change has one row of each kind (ADR 019)', async () => {
    const created = await createUser(superadmin, {
      email: 'held@example.org',
      password: 'held-password-1',
      fullName: 'Held',
    });
    const target: string = created.json().userId;
    const { cookie } = await signInAs('held@example.org', 'held-password-1');
    const rowsAbout = async (type: string) =>
      (
        await t.database.db.select().from(securityAuditLog).where(eq(securityAuditLog.eventType, type))
      ).filter((row) => row.details.targetUserId === target);

    const allow = await refuseCommitsWriting(
      t.database.db,
      'security_audit_log',
      "NEW.event_type = 'user_frozen'",
    );
    try {
      const refused = await call('POST', `/api/admin/users/${target}/freeze`, superadmin, { reason: 'Test' });
      expect(refused.statusCode).toBe(500);
    } finally {
      await allow();
    }
    // Neither the freeze nor a row claiming it: the user's session still works.
    expect((await call('GET', '/api/me', cookie)).statusCode).toBe(200);
    expect(await rowsAbout('user_frozen')).toEqual([]);

    expect(
      (await call('POST', `/api/admin/users/${target}/freeze`, superadmin, { reason: 'Test' })).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/me', cookie)).statusCode).toBe(403);
    expect((await rowsAbout('user_frozen')).map((row) => row.severity)).toEqual([
      SECURITY_EVENTS.user_frozen.severity,
    ]);
    expect((await call('DELETE', `/api/admin/users/${target}/freeze`, superadmin)).statusCode).toBe(200);

    expect(
      (await call('PUT', `/api/admin/users/${target}/role`, superadmin, { role: 'admin' })).statusCode,
    ).toBe(200);
    expect((await rowsAbout('role_changed')).map((row) => row.severity)).toEqual([
      SECURITY_EVENTS.role_changed.severity,
    ]);
    const logged = (await t.database.db.select().from(systemLogs)).filter(
      (row) => row.actionType === 'change_role' && row.metadata.targetUserId === target,
    );
    expect(logged.map((row) => row.eventType)).toEqual([SYSTEM_LOG_ACTIONS.change_role.area]);
  });

  it('freezes an account: its sessions end at once, it cannot sign in, and unfreezing lets it back', async () => {
    const target = await idOf('admin@demo.test');
    const { cookie } = await signInAs('admin@demo.test');
    expect((await call('GET', '/api/me', cookie)).statusCode).toBe(200);
    const frozen = await call('POST', `/api/admin/users/${target}/freeze`, superadmin, {
      reason: 'Left the club',
    });
    expect(frozen.statusCode).toBe(200);
    expect(await t.database.db.select().from(session).where(eq(session.userId, target))).toEqual([]);
    // The old session is gone, but its holder is told why (docs/requirements.md §4), not just signed out.
    const after = await call('GET', '/api/me', cookie);
    expect(after.statusCode).toBe(403);
    expect(after.json().error).toBe(ACCESS_MESSAGES.frozen);
    const sessionRead = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie } });
    expect(sessionRead.statusCode).toBe(403);
    const again = await signInAs('admin@demo.test');
    expect(again.status).toBe(403);
    const listed = listUsersResponseSchema.parse(
      (await call('GET', '/api/admin/users?search=admin@demo', superadmin)).json(),
    );
    expect(listed.users[0]).toMatchObject({ isFrozen: true, frozenReason: 'Left the club' });
    expect((await call('DELETE', `/api/admin/users/${target}/freeze`, superadmin)).statusCode).toBe(200);
    expect((await signInAs('admin@demo.test')).status).toBe(200);
    // After unfreezing, the old cookie is simply signed out.
    expect((await call('GET', '/api/me', cookie)).statusCode).toBe(401);
  });

  it('needs a reason to freeze', async () => {
    const target = await idOf('plain@example.org');
    expect(
      (await call('POST', `/api/admin/users/${target}/freeze`, superadmin, { reason: '  ' })).statusCode,
    ).toBe(400);
  });

  it('deletes an account with its sessions, keeping the tournament player unlinked', async () => {
    const target = await idOf('player@demo.test');
    const [linked] = await t.database.db.select().from(players).where(eq(players.userId, target));
    expect(linked).toBeDefined();
    const response = await call('DELETE', `/api/admin/users/${target}`, superadmin);
    expect(response.statusCode).toBe(200);
    expect(await t.database.db.select().from(user).where(eq(user.id, target))).toEqual([]);
    const [kept] = await t.database.db.select().from(players).where(eq(players.id, linked!.id));
    expect(kept?.userId).toBeNull();
    expect((await signInAs('player@demo.test')).status).toBe(401);
    expect((await call('DELETE', `/api/admin/users/${target}`, superadmin)).statusCode).toBe(404);
  });

  it('counts users by role', async () => {
    const counts = (await call('GET', '/api/admin/users/counts', superadmin)).json();
    const users = listUsersResponseSchema.parse(
      (await call('GET', '/api/admin/users', superadmin)).json(),
    ).users;
    expect(counts.player + counts.admin + counts.superadmin).toBe(users.length);
    expect(counts.superadmin).toBe(1);
  });

  describe('custom roles', () => {
    const roles = async () =>
      customRolesResponseSchema.parse((await call('GET', '/api/admin/custom-roles', superadmin)).json())
        .roles;

    it('creates, lists with user counts, and refuses standard names and duplicates', async () => {
      const created = await call('POST', '/api/admin/custom-roles', superadmin, {
        name: 'Treasurer',
        description: 'Money',
        permissions: ['view_billing_overview'],
      });
      expect(created.statusCode).toBe(201);
      expect((await roles()).find((role) => role.name === 'Treasurer')).toMatchObject({
        permissions: ['view_billing_overview'],
        userCount: 0,
      });
      for (const name of ['Admin', 'superadmin', ' player ']) {
        const reserved = await call('POST', '/api/admin/custom-roles', superadmin, { name, permissions: [] });
        expect(reserved.statusCode).toBe(400);
        expect(reserved.json().error).toBe(USER_MESSAGES.standardRoleName);
      }
      expect(
        (await call('POST', '/api/admin/custom-roles', superadmin, { name: 'Treasurer', permissions: [] }))
          .statusCode,
      ).toBe(409);
      expect(
        (await call('POST', '/api/admin/custom-roles', superadmin, { name: 'X', permissions: ['fly'] }))
          .statusCode,
      ).toBe(400);
    });

    it('renames a role and takes its users along', async () => {
      const arbiter = (await roles()).find((role) => role.name === 'Arbiter')!;
      const response = await call('PUT', `/api/admin/custom-roles/${arbiter.id}`, superadmin, {
        name: 'Chief Arbiter',
        permissions: ['view_admin_result_input', 'view_round_management'],
      });
      expect(response.statusCode).toBe(200);
      const { cookie } = await signInAs('arbiter@demo.test');
      const me = (await call('GET', '/api/me', cookie)).json();
      expect(me).toMatchObject({
        customRoleName: 'Chief Arbiter',
        permissions: ['view_admin_result_input', 'view_round_management'],
      });
    });

    it('deletes a role only with a valid place for its users, never a standard role', async () => {
      const chief = (await roles()).find((role) => role.name === 'Chief Arbiter')!;
      for (const reassignTo of ['owner', 'Chief Arbiter']) {
        const refused = await call('DELETE', `/api/admin/custom-roles/${chief.id}`, superadmin, {
          reassignTo,
        });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().error).toBe(USER_MESSAGES.invalidReassignment);
      }
      const moved = await call('DELETE', `/api/admin/custom-roles/${chief.id}`, superadmin, {
        reassignTo: 'Treasurer',
      });
      expect(moved.statusCode).toBe(200);
      const { cookie } = await signInAs('arbiter@demo.test');
      expect((await call('GET', '/api/me', cookie)).json()).toMatchObject({
        customRoleName: 'Treasurer',
        permissions: ['view_billing_overview'],
      });
      const treasurer = (await roles()).find((role) => role.name === 'Treasurer')!;
      expect(treasurer.userCount).toBe(1);
      expect(
        (await call('DELETE', `/api/admin/custom-roles/${treasurer.id}`, superadmin, { reassignTo: 'admin' }))
          .statusCode,
      ).toBe(200);
      expect((await call('GET', '/api/me', cookie)).json()).toMatchObject({
        role: 'admin',
        customRoleName: null,
      });
    });
  });
});
