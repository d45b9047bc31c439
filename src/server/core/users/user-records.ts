import { desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { UserSummary } from '../../../contracts/users';
import { isStandardRole, type StandardRole } from '../../../domain/permissions';
import type { Tx } from '../../audit/audit';
import { revokeTrustedDevices } from '../../auth/trusted-devices';
import type { Db } from '../../db/client';
import {
  customRoles,
  profiles,
  userPreferences,
  userRoles,
  userStatus,
  userTutorialProgress,
} from '../../db/schema/accounts';
import { session, user } from '../../db/schema/auth';
import { players } from '../../db/schema/tournaments';

export const USER_LIST_LIMIT = 500;

const summaryColumns = {
  id: user.id,
  email: user.email,
  name: user.name,
  role: userRoles.role,
  customRoleName: userRoles.customRoleName,
  isFrozen: userStatus.isFrozen,
  frozenReason: userStatus.frozenReason,
  createdAt: user.createdAt,
};

type SummaryRow = {
  id: string;
  email: string;
  name: string;
  role: string | null;
  customRoleName: string | null;
  isFrozen: boolean | null;
  frozenReason: string | null;
  createdAt: Date;
};

function toSummary(row: SummaryRow): UserSummary {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    // A user with no role record is a player (docs/requirements.md §6).
    role: row.role && isStandardRole(row.role) ? row.role : 'player',
    customRoleName: row.customRoleName,
    isFrozen: row.isFrozen ?? false,
    frozenReason: row.isFrozen ? row.frozenReason : null,
    createdAt: row.createdAt.toISOString(),
  };
}

function summaryQuery(db: Db) {
  return db
    .select(summaryColumns)
    .from(user)
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .leftJoin(userStatus, eq(userStatus.userId, user.id));
}

export async function listUsers(db: Db, search?: string): Promise<UserSummary[]> {
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const rows = await summaryQuery(db)
    .where(pattern ? or(ilike(user.email, pattern), ilike(user.name, pattern)) : undefined)
    .orderBy(desc(user.createdAt))
    .limit(USER_LIST_LIMIT);
  return rows.map(toSummary);
}

export async function findUser(db: Db, id: string): Promise<UserSummary | null> {
  const [row] = await summaryQuery(db).where(eq(user.id, id));
  return row ? toSummary(row) : null;
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  return row?.id ?? null;
}

/** count_users_by_role: users without a role record count as players. */
export async function countUsersByRole(db: Db): Promise<Record<StandardRole, number>> {
  const rows = await db
    .select({ role: sql<string>`coalesce(${userRoles.role}, 'player')`, n: sql<number>`count(*)::int` })
    .from(user)
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .groupBy(sql`coalesce(${userRoles.role}, 'player')`);
  const counts: Record<StandardRole, number> = { player: 0, admin: 0, superadmin: 0 };
  for (const row of rows) if (isStandardRole(row.role)) counts[row.role] = row.n;
  return counts;
}

export async function saveRole(
  db: Db,
  userId: string,
  role: StandardRole,
  customRoleName: string | null,
): Promise<void> {
  await db
    .insert(userRoles)
    .values({ userId, role, customRoleName })
    .onConflictDoUpdate({ target: userRoles.userId, set: { role, customRoleName, updatedAt: sql`now()` } });
}

/** Signs the user out everywhere: sessions and trusted-device records go at once. */
export async function revokeSessions(db: Db, userId: string): Promise<void> {
  await db.delete(session).where(eq(session.userId, userId));
  await revokeTrustedDevices(db, userId);
}

export async function setFrozen(
  db: Db,
  userId: string,
  frozen: { reason: string; by: string; at: Date } | null,
): Promise<void> {
  const values = frozen
    ? { isFrozen: true, frozenReason: frozen.reason, frozenBy: frozen.by, frozenAt: frozen.at }
    : { isFrozen: false, frozenReason: null, frozenBy: null, frozenAt: null };
  await db
    .insert(userStatus)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userStatus.userId, set: { ...values, updatedAt: sql`now()` } });
}

/**
 * Deletes the account and everything personal about it; a linked tournament player stays, unlinked. In the
 * caller's transaction, which writes the deletion's audit row too.
 */
export async function deleteUser(tx: Tx, userId: string): Promise<void> {
  await tx.update(players).set({ userId: null }).where(eq(players.userId, userId));
  for (const table of [userRoles, userStatus, userPreferences, userTutorialProgress]) {
    await tx.delete(table).where(eq(table.userId, userId));
  }
  await tx.delete(profiles).where(eq(profiles.id, userId));
  // Sessions, accounts and two-factor records go with the user (ON DELETE CASCADE).
  await tx.delete(user).where(eq(user.id, userId));
}

export async function listCustomRoles(db: Db) {
  const roles = await db.select().from(customRoles).orderBy(customRoles.name);
  const counts = await db
    .select({ name: userRoles.customRoleName, n: sql<number>`count(*)::int` })
    .from(userRoles)
    .where(inArray(userRoles.customRoleName, roles.length > 0 ? roles.map((role) => role.name) : ['']))
    .groupBy(userRoles.customRoleName);
  return roles.map((role) => ({
    ...role,
    userCount: counts.find((count) => count.name === role.name)?.n ?? 0,
  }));
}

/** Moves every user of one custom role to another role (used when a custom role is deleted or renamed). */
export async function reassignCustomRoleUsers(
  db: Db,
  fromName: string,
  to: { role: StandardRole; customRoleName: string | null },
): Promise<void> {
  await db
    .update(userRoles)
    .set({ role: to.role, customRoleName: to.customRoleName, updatedAt: sql`now()` })
    .where(eq(userRoles.customRoleName, fromName));
}
