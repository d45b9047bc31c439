import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { INVITE_MESSAGES } from '../../../contracts/invites';
import { USER_MESSAGES } from '../../../contracts/users';
import type { StandardRole } from '../../../domain/permissions';
import { actorContext, recordSecurityEvent } from '../../audit/audit';
import type { Actor } from '../../auth/actor';
import type { Auth } from '../../auth/auth';
import type { Db } from '../../db/client';
import { invites } from '../../db/schema/accounts';
import { HttpError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { inviteMail } from '../../mail/templates';
import { findUserIdByEmail } from '../user-management/user-management.repo';
import { assertCanGrantRole, createAccountWithRole } from '../user-management/user-management.service';

export const INVITE_VALID_DAYS = 7;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const roleLabel = (role: StandardRole, customRoleName: string | null) => customRoleName ?? role;

export async function createInvite(
  deps: { db: Db; mailer: Mailer; publicUrl: string; now: Date },
  actor: Actor,
  ip: string,
  input: { email: string; role: StandardRole; customRoleName?: string | null | undefined },
): Promise<string> {
  const { db } = deps;
  const customRoleName = input.role === 'player' ? (input.customRoleName ?? null) : null;
  await assertCanGrantRole(db, actor, input.role, customRoleName);
  const email = input.email.trim().toLowerCase();
  if (await findUserIdByEmail(db, email)) throw new HttpError(409, USER_MESSAGES.emailExists);
  // The token travels only in the mail; the database keeps its hash, so a leaked table opens nothing.
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(deps.now.getTime() + INVITE_VALID_DAYS * 24 * 60 * 60_000);
  await db.insert(invites).values({
    email,
    role: input.role,
    customRoleName,
    tokenHash: hashToken(token),
    invitedBy: actor.userId,
    expiresAt,
  });
  await deps.mailer.send(
    inviteMail({
      to: email,
      roleLabel: roleLabel(input.role, customRoleName),
      url: `${deps.publicUrl}/onboard/${token}`,
      expiresAt,
    }),
  );
  await recordSecurityEvent(db, actorContext(actor, ip), {
    type: 'invite_created',
    details: { role: input.role, customRoleName },
  });
  return INVITE_MESSAGES.sent(email);
}

export async function listInvites(db: Db) {
  const rows = await db.select().from(invites).orderBy(desc(invites.createdAt)).limit(500);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    customRoleName: row.customRoleName,
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

function openInvite(token: string, now: Date) {
  return and(eq(invites.tokenHash, hashToken(token)), isNull(invites.acceptedAt), gt(invites.expiresAt, now));
}

export async function readInvite(db: Db, token: string, now: Date) {
  const [row] = await db.select().from(invites).where(openInvite(token, now));
  if (!row) throw new HttpError(404, INVITE_MESSAGES.invalid);
  return {
    email: row.email,
    roleLabel: roleLabel(row.role, row.customRoleName),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Creates the invitee's account with the invited role. The claim is atomic, so a link works exactly once. */
export async function acceptInvite(
  deps: { db: Db; auth: Auth; now: Date },
  ip: string,
  token: string,
  input: { fullName: string; password: string },
): Promise<string> {
  const { db } = deps;
  const [claimed] = await db
    .update(invites)
    .set({ acceptedAt: deps.now })
    .where(openInvite(token, deps.now))
    .returning();
  if (!claimed) throw new HttpError(404, INVITE_MESSAGES.invalid);
  let userId: string;
  try {
    if (await findUserIdByEmail(db, claimed.email)) throw new HttpError(404, INVITE_MESSAGES.invalid);
    userId = await createAccountWithRole(db, deps.auth, {
      email: claimed.email,
      password: input.password,
      name: input.fullName,
      role: claimed.role,
      customRoleName: claimed.customRoleName,
    });
  } catch (error) {
    // The account was not created (a refused password, say): the link must keep working for another try.
    await db.update(invites).set({ acceptedAt: null }).where(eq(invites.id, claimed.id));
    throw error;
  }
  await db.update(invites).set({ acceptedUserId: userId }).where(eq(invites.id, claimed.id));
  await recordSecurityEvent(
    db,
    { actorId: userId, ip },
    {
      type: 'invite_accepted',
      details: { inviteId: claimed.id, invitedBy: claimed.invitedBy },
    },
  );
  return INVITE_MESSAGES.accepted;
}
