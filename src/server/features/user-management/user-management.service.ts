import { eq } from 'drizzle-orm';
import { USER_MESSAGES, type UserSummary } from '../../../contracts/users';
import {
  isReservedRoleName,
  type Permission,
  resolveAccess,
  resolveReassignment,
  type StandardRole,
} from '../../../domain/permissions';
import { actorContext } from '../../audit/audit';
import type { Actor } from '../../auth/actor';
import { forgetFrozenSessions, rememberFrozenSessions } from '../../auth/frozen-sessions';
import type { SignInLimits } from '../../auth/sign-in-limit';
import {
  accessFor,
  allCustomRoles,
  assertCanGrant,
  assertCanGrantRole,
  createAccountWithRole,
} from '../../core/users/accounts';
import * as repo from '../../core/users/user-records';
import type { Db } from '../../db/client';
import { customRoles } from '../../db/schema/accounts';
import type { FeatureContext } from '../../feature-context';
import { HttpError } from '../../http/errors';

/** What user management's services take from the feature context (ADR 019). */
export type UsersContext = Pick<FeatureContext, 'db' | 'clock' | 'audit' | 'auth'>;

async function requireUser(db: Db, id: string) {
  const found = await repo.findUser(db, id);
  if (!found) throw new HttpError(404, USER_MESSAGES.userNotFound);
  return found;
}

/** The target's current access: nobody may act on an account that can do more than they can. */
async function assertCanManage(db: Db, actor: Actor, targetId: string): Promise<UserSummary> {
  const target = await requireUser(db, targetId);
  const targetAccess = await accessFor(db, target.role, target.customRoleName).catch(() =>
    resolveAccess(null, []),
  );
  assertCanGrant(actor, targetAccess, targetId === actor.userId);
  return target;
}

export async function createUserDirect(
  { db, auth, audit }: UsersContext,
  actor: Actor,
  ip: string,
  input: {
    email: string;
    password: string;
    fullName: string;
    role: StandardRole;
    customRoleName?: string | null;
  },
): Promise<{ userId: string; message: string }> {
  const customRoleName = input.customRoleName ?? null;
  await assertCanGrantRole(db, actor, input.role, customRoleName);
  const email = input.email.trim().toLowerCase();
  if (await repo.findUserIdByEmail(db, email)) throw new HttpError(409, USER_MESSAGES.emailExists);
  const who = actorContext(actor, ip);
  const userId = await createAccountWithRole(
    db,
    auth,
    { email, password: input.password, name: input.fullName, role: input.role, customRoleName },
    async (tx, id) => {
      await audit.securityChange(tx, who, 'user_created', {
        targetUserId: id,
        role: input.role,
        customRoleName,
      });
      await audit.logChange(
        tx,
        who,
        'create_user',
        `Created user ${email} as ${customRoleName ?? input.role}`,
        {
          targetUserId: id,
        },
      );
    },
  );
  return { userId, message: USER_MESSAGES.created(email) };
}

export async function changeRole(
  { db, audit }: UsersContext,
  actor: Actor,
  ip: string,
  targetId: string,
  input: { role: StandardRole; customRoleName?: string | null },
): Promise<string> {
  const before = await assertCanManage(db, actor, targetId);
  const customRoleName = input.role === 'player' ? (input.customRoleName ?? null) : null;
  assertCanGrant(actor, await accessFor(db, input.role, customRoleName), false);
  const label = customRoleName ?? input.role;
  const who = actorContext(actor, ip);
  await db.transaction(async (tx) => {
    await repo.saveRole(tx, targetId, input.role, customRoleName);
    await audit.securityChange(tx, who, 'role_changed', {
      targetUserId: targetId,
      from: before.customRoleName ?? before.role,
      to: label,
    });
    await audit.logChange(tx, who, 'change_role', `Changed the role of ${before.email} to ${label}`, {
      targetUserId: targetId,
    });
  });
  return USER_MESSAGES.roleUpdated(label);
}

/** Freezes an account: its sessions and trusted devices end, and its audit row is written, all at once. */
export async function freezeUser(
  { db, clock, audit }: UsersContext,
  actor: Actor,
  ip: string,
  targetId: string,
  reason: string,
): Promise<void> {
  await assertCanManage(db, actor, targetId);
  const now = clock.now();
  await db.transaction(async (tx) => {
    await repo.setFrozen(tx, targetId, { reason, by: actor.userId, at: now });
    await rememberFrozenSessions(tx, targetId, now);
    await repo.revokeSessions(tx, targetId);
    await audit.securityChange(tx, actorContext(actor, ip), 'user_frozen', {
      targetUserId: targetId,
      reason,
    });
  });
}

export async function unfreezeUser(
  { db, audit }: UsersContext,
  actor: Actor,
  ip: string,
  targetId: string,
): Promise<void> {
  await assertCanManage(db, actor, targetId);
  await db.transaction(async (tx) => {
    await repo.setFrozen(tx, targetId, null);
    await forgetFrozenSessions(tx, targetId);
    await audit.securityChange(tx, actorContext(actor, ip), 'user_unfrozen', { targetUserId: targetId });
  });
}

/**
 * Lifts a lock left by failed sign-ins (ADR 015), so the owner can sign in at once, and forgets the failures.
 * It grants nothing, so anyone with user management may do it for any account; it is audited.
 */
export async function liftSignInLock(
  { db, clock, audit }: UsersContext,
  limits: SignInLimits,
  actor: Actor,
  ip: string,
  targetId: string,
): Promise<string> {
  const target = await requireUser(db, targetId);
  const who = actorContext(actor, ip);
  await db.transaction(async (tx) => {
    if (!(await limits.liftLock(tx, target.id, target.email, clock.now()))) {
      throw new HttpError(409, USER_MESSAGES.notLocked);
    }
    await audit.securityChange(tx, who, 'sign_in_lock_lifted', { targetUserId: targetId });
    await audit.logChange(tx, who, 'lift_sign_in_lock', `Lifted the sign-in lock of ${target.email}`, {
      targetUserId: targetId,
    });
  });
  return USER_MESSAGES.lockLifted;
}

export async function deleteUserAccount(
  { db, audit }: UsersContext,
  actor: Actor,
  ip: string,
  targetId: string,
): Promise<void> {
  const target = await assertCanManage(db, actor, targetId);
  const who = actorContext(actor, ip);
  await db.transaction(async (tx) => {
    await repo.deleteUser(tx, targetId);
    await audit.securityChange(tx, who, 'user_deleted', { targetUserId: targetId });
    await audit.logChange(tx, who, 'delete_user', `Deleted the account of ${target.email}`, {
      targetUserId: targetId,
    });
  });
}

function assertValidCustomRole(actor: Actor, name: string, permissions: readonly Permission[]): void {
  if (isReservedRoleName(name)) throw new HttpError(400, USER_MESSAGES.standardRoleName);
  // A custom role is a grant in waiting: nobody defines one carrying permissions they lack.
  const granted = resolveAccess({ role: 'player', customRoleName: name }, [
    { name, permissions: Object.fromEntries(permissions.map((permission) => [permission, true])) },
  ]);
  assertCanGrant(actor, granted, false);
}

export async function createCustomRole(
  { db, audit }: UsersContext,
  actor: Actor,
  ip: string,
  input: { name: string; description?: string | null; permissions: Permission[] },
) {
  assertValidCustomRole(actor, input.name, input.permissions);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(customRoles)
      .values({
        name: input.name,
        description: input.description ?? null,
        permissions: Object.fromEntries(input.permissions.map((permission) => [permission, true])),
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new HttpError(409, USER_MESSAGES.customRoleExists);
    await audit.securityChange(tx, actorContext(actor, ip), 'custom_role_created', {
      name: input.name,
      permissions: input.permissions,
    });
    return created;
  });
}

export async function updateCustomRole(
  { db, audit }: UsersContext,
  actor: Actor,
  ip: string,
  id: string,
  input: { name: string; description?: string | null; permissions: Permission[] },
) {
  assertValidCustomRole(actor, input.name, input.permissions);
  const [existing] = await db.select().from(customRoles).where(eq(customRoles.id, id));
  if (!existing) throw new HttpError(404, USER_MESSAGES.customRoleNotFound);
  const clash =
    input.name !== existing.name &&
    (await db.select().from(customRoles).where(eq(customRoles.name, input.name))).length > 0;
  if (clash) throw new HttpError(409, USER_MESSAGES.customRoleExists);
  await db.transaction(async (tx) => {
    await tx
      .update(customRoles)
      .set({
        name: input.name,
        description: input.description ?? null,
        permissions: Object.fromEntries(input.permissions.map((permission) => [permission, true])),
      })
      .where(eq(customRoles.id, id));
    if (input.name !== existing.name) {
      await repo.reassignCustomRoleUsers(tx, existing.name, { role: 'player', customRoleName: input.name });
    }
    await audit.securityChange(tx, actorContext(actor, ip), 'custom_role_updated', {
      id,
      name: input.name,
      permissions: input.permissions,
    });
  });
}

export async function deleteCustomRole(
  { db, audit }: UsersContext,
  actor: Actor,
  ip: string,
  id: string,
  reassignTo: string,
) {
  const [existing] = await db.select().from(customRoles).where(eq(customRoles.id, id));
  if (!existing) throw new HttpError(404, USER_MESSAGES.customRoleNotFound);
  const others = (await allCustomRoles(db))
    .filter((role) => role.name !== existing.name)
    .map((role) => role.name);
  const target = resolveReassignment(reassignTo, existing.name, others);
  if (!target) throw new HttpError(400, USER_MESSAGES.invalidReassignment);
  assertCanGrant(actor, await accessFor(db, target.role, target.customRoleName), false);
  await db.transaction(async (tx) => {
    await repo.reassignCustomRoleUsers(tx, existing.name, target);
    await tx.delete(customRoles).where(eq(customRoles.id, id));
    await audit.securityChange(tx, actorContext(actor, ip), 'custom_role_deleted', {
      name: existing.name,
      reassignedTo: reassignTo,
    });
  });
}
