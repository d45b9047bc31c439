import { verifyPassword } from 'better-auth/crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  ACCOUNT_MESSAGES,
  type Preferences,
  type Profile,
  type TutorialProgress,
} from '../../../contracts/account';
import { actorContext } from '../../audit/audit';
import type { Actor } from '../../auth/actor';
import { type SignInLimits, tooManySignInAttempts } from '../../auth/sign-in-limit';
import { revokeTrustedDevices } from '../../auth/trusted-devices';
import { consentRecordsOf } from '../../core/registrations/guardian-consent';
import { ownedRegistrations } from '../../core/registrations/registration-records';
import { deleteUser } from '../../core/users/user-records';
import type { Db } from '../../db/client';
import {
  profiles,
  securityAuditLog,
  userPreferences,
  userRoles,
  userTutorialProgress,
} from '../../db/schema/accounts';
import { account, session, user } from '../../db/schema/auth';
import { players } from '../../db/schema/tournaments';
import type { FeatureContext } from '../../feature-context';
import { HttpError } from '../../http/errors';

/** What the account services take from the feature context (ADR 019). */
type AccountContext = Pick<FeatureContext, 'db' | 'clock' | 'audit'>;

export async function readProfile(db: Db, actor: Actor): Promise<Profile> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, actor.userId));
  return { fullName: row?.fullName ?? actor.name, username: row?.username ?? null, email: actor.email };
}

export async function updateProfile(
  db: Db,
  actor: Actor,
  input: { fullName: string; username: string | null },
): Promise<Profile> {
  const username = input.username?.toLowerCase() ?? null;
  if (username) {
    const [taken] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.username, username), sql`${profiles.id} <> ${actor.userId}`));
    if (taken) throw new HttpError(409, ACCOUNT_MESSAGES.usernameTaken);
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({ id: actor.userId, fullName: input.fullName, username })
      .onConflictDoUpdate({
        target: profiles.id,
        set: { fullName: input.fullName, username, updatedAt: sql`now()` },
      });
    await tx.update(user).set({ name: input.fullName }).where(eq(user.id, actor.userId));
  });
  return { fullName: input.fullName, username, email: actor.email };
}

export async function readPreferences(db: Db, userId: string): Promise<Preferences> {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
  return {
    twoFactorEnabled: row?.twoFactorEnabled ?? false,
    roundNotifications: row?.roundNotifications ?? false,
  };
}

export async function updatePreferences(
  { db, audit }: AccountContext,
  actor: Actor,
  ip: string,
  changes: Partial<Preferences>,
): Promise<Preferences> {
  const next = { ...(await readPreferences(db, actor.userId)), ...changes };
  await db.transaction(async (tx) => {
    await tx
      .insert(userPreferences)
      .values({ userId: actor.userId, ...next })
      .onConflictDoUpdate({ target: userPreferences.userId, set: { ...next, updatedAt: sql`now()` } });
    // better-auth asks for the emailed code at sign-in when its own flag is set: keep the two in step.
    await tx.update(user).set({ twoFactorEnabled: next.twoFactorEnabled }).where(eq(user.id, actor.userId));
    if (changes.twoFactorEnabled === undefined) return;
    if (!changes.twoFactorEnabled) await revokeTrustedDevices(tx, actor.userId);
    await audit.securityChange(
      tx,
      actorContext(actor, ip),
      changes.twoFactorEnabled ? 'two_factor_enabled' : 'two_factor_disabled',
    );
  });
  return next;
}

/** The admin tutorial's progress: not started until the user completes or skips it (docs/requirements.md §4). */
export async function readTutorial(db: Db, userId: string): Promise<TutorialProgress> {
  const [row] = await db.select().from(userTutorialProgress).where(eq(userTutorialProgress.userId, userId));
  if (!row) return { status: 'not_started', completedAt: null };
  return {
    status: row.tutorialCompleted ? 'completed' : 'skipped',
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** Records how the tutorial ended; the last answer wins (a later 'completed' replaces 'skipped'). */
export async function saveTutorial(
  { db, clock }: AccountContext,
  userId: string,
  status: 'completed' | 'skipped',
): Promise<TutorialProgress> {
  const values = {
    tutorialCompleted: status === 'completed',
    tutorialSkipped: status === 'skipped',
    completedAt: clock.now(),
    updatedAt: sql`now()`,
  };
  await db
    .insert(userTutorialProgress)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userTutorialProgress.userId, set: values });
  return readTutorial(db, userId);
}

/**
 * Everything the site holds about the signed-in user (GDPR Art. 15 and 20), as one JSON document. Secrets
 * (password hash, session tokens) are left out; sessions are described, not exported.
 */
export async function exportMyData({ db, clock }: AccountContext, actor: Actor) {
  const [
    [account_],
    [profile],
    [role],
    preferences,
    sessions,
    linkedPlayers,
    ownRegistrations,
    securityEvents,
  ] = await Promise.all([
    db
      .select({ id: user.id, email: user.email, name: user.name, createdAt: user.createdAt })
      .from(user)
      .where(eq(user.id, actor.userId)),
    db.select().from(profiles).where(eq(profiles.id, actor.userId)),
    db.select().from(userRoles).where(eq(userRoles.userId, actor.userId)),
    readPreferences(db, actor.userId),
    db
      .select({
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
      })
      .from(session)
      .where(eq(session.userId, actor.userId)),
    db
      .select({
        name: players.name,
        groupName: players.groupName,
        rating: players.rating,
        tournamentId: players.tournamentId,
      })
      .from(players)
      .where(eq(players.userId, actor.userId)),
    // Only registrations the user provably owns (made signed in, or under their verified address).
    ownedRegistrations(db, actor),
    db
      .select({
        type: securityAuditLog.eventType,
        at: securityAuditLog.createdAt,
        ip: securityAuditLog.ipAddress,
      })
      .from(securityAuditLog)
      .where(eq(securityAuditLog.userId, actor.userId)),
  ]);
  return {
    exportedAt: clock.now().toISOString(),
    account: account_,
    profile: profile ? { fullName: profile.fullName, username: profile.username } : null,
    role: role
      ? { role: role.role, customRoleName: role.customRoleName }
      : { role: 'player', customRoleName: null },
    preferences,
    tutorial: await readTutorial(db, actor.userId),
    sessions,
    tournamentPlayers: linkedPlayers,
    registrations: ownRegistrations,
    // Guardian consent records (T25) of the registrations the user provably owns (made signed in, or under
    // their verified address): guardian name and e-mail, declared and confirmed times, terms version.
    guardianConsents: await consentRecordsOf(
      db,
      ownRegistrations.map((row) => row.id),
    ),
    securityEvents,
  };
}

/**
 * Deletes the signed-in user's own account after checking their password (GDPR Art. 17). The check takes an
 * attempt from the account's sign-in limit first (ADR 015): a stolen session cannot guess the password here
 * faster than at the sign-in form, and a wrong one counts toward the account's lock.
 */
export async function deleteMyAccount(
  { db, audit }: AccountContext,
  actor: Actor,
  ip: string,
  password: string,
  attempts: { limits: SignInLimits; onRefused: (retryAfterSeconds: number) => void },
): Promise<void> {
  const attempt = await attempts.limits.reserveAttempt(actor.email, null);
  if (!attempt.ok) {
    attempts.onRefused(attempt.retryAfterSeconds);
    throw new HttpError(429, tooManySignInAttempts(attempt.retryAfterSeconds));
  }
  const [credential] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, actor.userId), eq(account.providerId, 'credential')));
  const hash = credential?.hash;
  const isRight = hash ? await verifyPassword({ hash, password }) : false;
  await attempts.limits.settle(attempt.reservation, isRight ? 'other' : 'wrong-password');
  const who = actorContext(actor, ip);
  if (!isRight) {
    await audit.securityAttempt(db, who, 'account_delete_refused');
    throw new HttpError(403, ACCOUNT_MESSAGES.wrongPassword);
  }
  if (actor.access.role === 'superadmin') {
    const [others] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(userRoles)
      .where(and(eq(userRoles.role, 'superadmin'), sql`${userRoles.userId} <> ${actor.userId}`));
    if ((others?.n ?? 0) === 0) throw new HttpError(409, ACCOUNT_MESSAGES.lastSuperadmin);
  }
  await db.transaction(async (tx) => {
    await deleteUser(tx, actor.userId);
    await audit.securityChange(tx, who, 'account_deleted_by_owner');
  });
}
