import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { INVITE_MESSAGES } from '../../../contracts/invites';
import { USER_MESSAGES } from '../../../contracts/users';
import type { StandardRole } from '../../../domain/permissions';
import { actorContext } from '../../audit/audit';
import type { Actor } from '../../auth/actor';
import { assertCanGrantRole, createAccountWithRole } from '../../core/users/accounts';
import { findUserIdByEmail } from '../../core/users/user-records';
import type { Db } from '../../db/client';
import { invites } from '../../db/schema/accounts';
import type { FeatureContext } from '../../feature-context';
import { HttpError } from '../../http/errors';
import { inviteMail } from '../../mail/templates';

export const INVITE_VALID_DAYS = 7;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const roleLabel = (role: StandardRole, customRoleName: string | null) => customRoleName ?? role;

/** What the invitation services take from the feature context (ADR 019). */
type InvitesContext = Pick<FeatureContext, 'db' | 'clock' | 'audit' | 'auth' | 'mailer' | 'publicUrl'>;

/**
 * Stores an invitation with its audit row in one transaction, then mails the link. A mail that fails leaves
 * the invitation stored (and listed): the error reaches the inviter, who can invite again.
 */
export async function createInvite(
  { db, clock, audit, mailer, publicUrl }: InvitesContext,
  actor: Actor,
  ip: string,
  input: { email: string; role: StandardRole; customRoleName?: string | null | undefined },
): Promise<string> {
  const customRoleName = input.role === 'player' ? (input.customRoleName ?? null) : null;
  await assertCanGrantRole(db, actor, input.role, customRoleName);
  const email = input.email.trim().toLowerCase();
  if (await findUserIdByEmail(db, email)) throw new HttpError(409, USER_MESSAGES.emailExists);
  // The token travels only in the mail; the database keeps its hash, so a leaked table opens nothing.
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(clock.millis() + INVITE_VALID_DAYS * 24 * 60 * 60_000);
  await db.transaction(async (tx) => {
    await tx.insert(invites).values({
      email,
      role: input.role,
      customRoleName,
      tokenHash: hashToken(token),
      invitedBy: actor.userId,
      expiresAt,
    });
    await audit.securityChange(tx, actorContext(actor, ip), 'invite_created', {
      role: input.role,
      customRoleName,
    });
  });
  await mailer.send(
    inviteMail({
      to: email,
      roleLabel: roleLabel(input.role, customRoleName),
      url: `${publicUrl}/onboard/${token}`,
      expiresAt,
    }),
  );
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

/**
 * Creates the invitee's account with the invited role. The claim is atomic, so a link works exactly once; the
 * account's role, the invitation's link to it and the audit row are written in one transaction.
 */
export async function acceptInvite(
  { db, clock, audit, auth }: InvitesContext,
  ip: string,
  token: string,
  input: { fullName: string; password: string },
): Promise<string> {
  const now = clock.now();
  const [claimed] = await db
    .update(invites)
    .set({ acceptedAt: now })
    .where(openInvite(token, now))
    .returning();
  if (!claimed) throw new HttpError(404, INVITE_MESSAGES.invalid);
  try {
    if (await findUserIdByEmail(db, claimed.email)) throw new HttpError(404, INVITE_MESSAGES.invalid);
    await createAccountWithRole(
      db,
      auth,
      {
        email: claimed.email,
        password: input.password,
        name: input.fullName,
        role: claimed.role,
        customRoleName: claimed.customRoleName,
      },
      async (tx, userId) => {
        await tx.update(invites).set({ acceptedUserId: userId }).where(eq(invites.id, claimed.id));
        await audit.securityChange(tx, { actorId: userId, ip }, 'invite_accepted', {
          inviteId: claimed.id,
          invitedBy: claimed.invitedBy,
        });
      },
    );
  } catch (error) {
    // No account came of it (a refused password, or a transaction that failed and took the account back):
    // the link must keep working for another try.
    await db.update(invites).set({ acceptedAt: null }).where(eq(invites.id, claimed.id));
    throw error;
  }
  return INVITE_MESSAGES.accepted;
}
