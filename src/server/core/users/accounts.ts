import { USER_MESSAGES } from '../../../contracts/users';
import { canGrant, type ResolvedAccess, resolveAccess, type StandardRole } from '../../../domain/permissions';
import type { Tx } from '../../audit/audit';
import type { Actor } from '../../auth/actor';
import type { Auth } from '../../auth/auth';
import type { Db } from '../../db/client';
import { customRoles, profiles } from '../../db/schema/accounts';
import { HttpError } from '../../http/errors';
import * as repo from './user-records';

/**
 * Creating an account with its role, and the check before granting a role: user management, accepted
 * invitations and the demo accounts all come this way (issue #28).
 */

export async function allCustomRoles(db: Db) {
  return db.select({ name: customRoles.name, permissions: customRoles.permissions }).from(customRoles);
}

/** What the target would be able to do with the given role; refuses unknown custom roles. */
export async function accessFor(
  db: Db,
  role: StandardRole,
  customRoleName: string | null,
): Promise<ResolvedAccess> {
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

export function assertCanGrant(actor: Actor, granted: ResolvedAccess, isSelf: boolean): void {
  if (isSelf) throw new HttpError(403, USER_MESSAGES.notYourself);
  if (!canGrant(actor.access, granted, { isSelf })) throw new HttpError(403, USER_MESSAGES.cannotGrant);
}

/**
 * Creates a sign-in account through better-auth (so the password is checked and hashed like anyone's) with
 * its role and profile. Staff-created users, accepted invitations and the demo accounts all come this way.
 * `within` writes what belongs to the creation (its audit rows) in the transaction that stores the role and
 * profile. better-auth stores the account on its own connection first, so when that transaction fails the
 * account is deleted again: no account is left without its role or its audit row (ADR 019).
 */
export async function createAccountWithRole(
  db: Db,
  auth: Auth,
  input: { email: string; password: string; name: string; role: StandardRole; customRoleName: string | null },
  within?: (tx: Tx, userId: string) => Promise<void>,
): Promise<string> {
  const { user } = await auth.api.signUpEmail({
    body: { email: input.email, password: input.password, name: input.name },
  });
  try {
    await db.transaction(async (tx) => {
      await repo.saveRole(tx, user.id, input.role, input.customRoleName);
      await tx.insert(profiles).values({ id: user.id, fullName: input.name }).onConflictDoNothing();
      await within?.(tx, user.id);
    });
  } catch (error) {
    await db.transaction((tx) => repo.deleteUser(tx, user.id));
    throw error;
  }
  return user.id;
}
