import { eq } from 'drizzle-orm';
import { USER_MESSAGES, type UserSummary } from '../../../contracts/users';
import {
  canGrant,
  isReservedRoleName,
  type Permission,
  type ResolvedAccess,
  resolveAccess,
  resolveReassignment,
  type StandardRole,
} from '../../../domain/permissions';
import { actorContext, recordSecurityEvent, recordSystemLog } from '../../audit/audit';
import type { Actor } from '../../auth/actor';
import type { Auth } from '../../auth/auth';
import { forgetFrozenSessions, rememberFrozenSessions } from '../../auth/frozen-sessions';
import type { SignInLimits } from '../../auth/sign-in-limit';
import type { Db } from '../../db/client';
import { customRoles, profiles } from '../../db/schema/accounts';
import { HttpError } from '../../http/errors';
import * as repo from './user-management.repo';

async function allCustomRoles(db: Db) {
  return db.select({ name: customRoles.name, permissions: customRoles.permissions }).from(customRoles);
}

/** What the target would be able to do with the given role; refuses unknown custom roles. */
async function accessFor(db: Db, role: StandardRole, customRoleName: string | null): Promise<ResolvedAccess> {
  const roles = await allCustomRoles(db);
  if (customRoleName && !roles.some((customRole) => customRole.name === customRoleName)) {
    throw new HttpError(400, USER_MESSAGES.customRoleNotFound);
  }
  return resolveAccess({ role, customRoleName }, roles);
}

/** Refuses to give `role` (with its custom role) to someone else unless the actor holds all it grants. */
export async function assertCanGrantRole(
  db: Db,
  actor: Actor,
  role: StandardRole,
  customRoleName: string | null,
): Promise<void> {
  assertCanGrant(actor, await accessFor(db, role, customRoleName), false);
}

function assertCanGrant(actor: Actor, granted: ResolvedAccess, isSelf: boolean): void {
  if (isSelf) throw new HttpError(403, USER_MESSAGES.notYourself);
  if (!canGrant(actor.access, granted, { isSelf })) throw new HttpError(403, USER_MESSAGES.cannotGrant);
}

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

/**
 * Creates a sign-in account through better-auth (so the password is checked and hashed like anyone's) with
 * its role and profile. Staff-created users, accepted invitations and the demo accounts all come this way.
 */
export async function createAccountWithRole(
  db: Db,
  auth: Auth,
  input: { email: string; password: string; name: string; role: StandardRole; customRoleName: string | null },
): Promise<string> {
  const { user } = await auth.api.signUpEmail({
    body: { email: input.email, password: input.password, name: input.name },
  });
  await repo.saveRole(db, user.id, input.role, input.customRoleName);
  await db.insert(profiles).values({ id: user.id, fullName: input.name }).onConflictDoNothing();
  return user.id;
}

export async function createUserDirect(
  db: Db,
  auth: Auth,
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
  const userId = await createAccountWithRole(db, auth, {
    email,
    password: input.password,
    name: input.fullName,
    role: input.role,
    customRoleName,
  });
  await recordSecurityEvent(db, actorContext(actor, ip), {
    type: 'user_created',
    details: { targetUserId: userId, role: input.role, customRoleName },
  });
  await recordSystemLog(db, actorContext(actor, ip), {
    eventType: 'user_management',
    actionType: 'create_user',
    description: `Created user ${email} as ${customRoleName ?? input.role}`,
    metadata: { targetUserId: userId },
  });
  return { userId, message: USER_MESSAGES.created(email) };
}

export async function changeRole(
  db: Db,
  actor: Actor,
  ip: string,
  targetId: string,
  input: { role: StandardRole; customRoleName?: string | null },
): Promise<string> {
  const before = await assertCanManage(db, actor, targetId);
  const customRoleName = input.role === 'player' ? (input.customRoleName ?? null) : null;
  assertCanGrant(actor, await accessFor(db, input.role, customRoleName), false);
  await repo.saveRole(db, targetId, input.role, customRoleName);
  const label = customRoleName ?? input.role;
  await recordSecurityEvent(db, actorContext(actor, ip), {
    type: 'role_changed',
    severity: 'warning',
    details: { targetUserId: targetId, from: before.customRoleName ?? before.role, to: label },
  });
  await recordSystemLog(db, actorContext(actor, ip), {
    eventType: 'user_management',
    actionType: 'change_role',
    description: `Changed the role of ${before.email} to ${label}`,
    metadata: { targetUserId: targetId },
  });
  return USER_MESSAGES.roleUpdated(label);
}

export async function freezeUser(
  db: Db,
  actor: Actor,
  ip: string,
  targetId: string,
  reason: string,
): Promise<void> {
  await assertCanManage(db, actor, targetId);
  await repo.setFrozen(db, targetId, { reason, by: actor.userId });
  await rememberFrozenSessions(db, targetId, new Date());
  await repo.revokeSessions(db, targetId);
  await recordSecurityEvent(db, actorContext(actor, ip), {
    type: 'user_frozen',
    severity: 'warning',
    details: { targetUserId: targetId, reason },
  });
}

export async function unfreezeUser(db: Db, actor: Actor, ip: string, targetId: string): Promise<void> {
  await assertCanManage(db, actor, targetId);
  await repo.setFrozen(db, targetId, null);
  await forgetFrozenSessions(db, targetId);
  await recordSecurityEvent(db, actorContext(actor, ip), {
    type: 'user_unfrozen',
    details: { targetUserId: targetId },
  });
}

/**
 * Lifts a lock left by failed sign-ins (ADR 015), so the owner can sign in at once, and forgets the failures.
 * It grants nothing, so anyone with user management may do it for any account; it is audited.
 */
export async function liftSignInLock(
  db: Db,
  limits: SignInLimits,
  actor: Actor,
  ip: string,
  targetId: string,
  now: Date,
): Promise<string> {
  const target = await requireUser(db, targetId);
  if (!(await limits.liftLock(target.id, target.email, now)))
    throw new HttpError(409, USER_MESSAGES.notLocked);
  await recordSecurityEvent(db, actorContext(actor, ip), {
    type: 'sign_in_lock_lifted',
    severity: 'warning',
    details: { targetUserId: targetId },
    at: now,
  });
  await recordSystemLog(db, actorContext(actor, ip), {
    eventType: 'user_management',
    actionType: 'lift_sign_in_lock',
    description: `Lifted the sign-in lock of ${target.email}`,
    metadata: { targetUserId: targetId },
  });
  return USER_MESSAGES.lockLifted;
}

export async function deleteUserAccount(db: Db, actor: Actor, ip: string, targetId: string): Promise<void> {
  const target = await assertCanManage(db, actor, targetId);
  await repo.deleteUser(db, targetId);
  await recordSecurityEvent(db, actorContext(actor, ip), {
    type: 'user_deleted',
    severity: 'warning',
    details: { targetUserId: targetId },
  });
  await recordSystemLog(db, actorContext(actor, ip), {
    eventType: 'user_management',
    actionType: 'delete_user',
    description: `Deleted the account of ${target.email}`,
    metadata: { targetUserId: targetId },
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
  db: Db,
  actor: Actor,
  ip: string,
  input: { name: string; description?: string | null; permissions: Permission[] },
) {
  assertValidCustomRole(actor, input.name, input.permissions);
  const [created] = await db
    .insert(customRoles)
    .values({
      name: input.name,
      description: input.description ?? null,
      permissions: Object.fromEntries(input.permissions.map((permission) => [permission, true])),
    })
    .onConflictDoNothing()
    .returning();
  if (!created) throw new HttpError(409, USER_MESSAGES.customRoleExists);
  await recordSecurityEvent(db, actorContext(actor, ip), {
    type: 'custom_role_created',
    details: { name: input.name, permissions: input.permissions },
  });
  return created;
}

export async function updateCustomRole(
  db: Db,
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
      await repo.reassignCustomRoleUsers(tx as unknown as Db, existing.name, {
        role: 'player',
        customRoleName: input.name,
      });
    }
  });
  await recordSecurityEvent(db, actorContext(actor, ip), {
    type: 'custom_role_updated',
    severity: 'warning',
    details: { id, name: input.name, permissions: input.permissions },
  });
}

export async function deleteCustomRole(db: Db, actor: Actor, ip: string, id: string, reassignTo: string) {
  const [existing] = await db.select().from(customRoles).where(eq(customRoles.id, id));
  if (!existing) throw new HttpError(404, USER_MESSAGES.customRoleNotFound);
  const others = (await allCustomRoles(db))
    .filter((role) => role.name !== existing.name)
    .map((role) => role.name);
  const target = resolveReassignment(reassignTo, existing.name, others);
  if (!target) throw new HttpError(400, USER_MESSAGES.invalidReassignment);
  assertCanGrant(actor, await accessFor(db, target.role, target.customRoleName), false);
  await db.transaction(async (tx) => {
    await repo.reassignCustomRoleUsers(tx as unknown as Db, existing.name, target);
    await tx.delete(customRoles).where(eq(customRoles.id, id));
  });
  await recordSecurityEvent(db, actorContext(actor, ip), {
    type: 'custom_role_deleted',
    severity: 'warning',
    details: { name: existing.name, reassignedTo: reassignTo },
  });
}
