import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { SETTINGS_GATE_MESSAGES, SETTINGS_PASSWORD_KEY } from '../../../contracts/settings-gate';
import { actorContext } from '../../audit/audit';
import type { Actor } from '../../auth/actor';
import { putRecord, readRecord } from '../../core/session-store';
import { unlockRecordId } from '../../core/settings-unlock';
import type { Db } from '../../db/client';
import { protectedPasswords } from '../../db/schema/accounts';
import type { FeatureContext } from '../../feature-context';
import { HttpError } from '../../http/errors';
import type { RateCounter, RateLimit } from '../../http/rate-counter';

/** An unlock lasts this long on the server; the page itself forgets it as soon as it is left (ADR 007). */
export const UNLOCK_TTL_SECONDS = 10 * 60;
/**
 * docs/security.md T05: five wrong passwords within 10 minutes of the first; the sixth attempt is refused with
 * 429. Counted per user in the shared attempt counters, reserved before the password is checked (ADR 015),
 * so a burst of concurrent attempts gets no more than five checks.
 */
export const MAX_FAILURES = 5;
export const SETTINGS_PASSWORD_LIMIT: RateLimit = { limit: MAX_FAILURES, windowMs: 10 * 60_000 };
const ATTEMPT_SCOPE = 'settings-password.user';

/** What the settings gate takes from the feature context (ADR 019). */
export type GateContext = Pick<FeatureContext, 'db' | 'clock' | 'audit' | 'tuning'>;

/** The ~500 ms pause before every answer (docs/requirements.md §5), so guessing is slow whatever the outcome. */
function pause({ tuning }: GateContext): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, tuning.settingsGateDelayMs));
}

/** The attempt counters, and what to do with the seconds left when an attempt is refused (Retry-After). */
export interface GateAttempts {
  counter: RateCounter;
  onRefused: (retryAfterSeconds: number) => void;
}

/**
 * Runs one check of the settings password under a reserved attempt: refused with 429 when the user's five
 * attempts are taken (failures and checks under way); a wrong password keeps its attempt, anything else
 * gives it back.
 */
async function withAttempt<T>(
  { db, audit }: GateContext,
  attempts: GateAttempts,
  actor: Actor,
  ip: string,
  check: () => Promise<T>,
): Promise<T> {
  const reservation = await attempts.counter.reserve(ATTEMPT_SCOPE, actor.userId, SETTINGS_PASSWORD_LIMIT);
  if (!reservation.ok) {
    await audit.securityAttempt(db, actorContext(actor, ip), 'settings_password_locked');
    attempts.onRefused(reservation.retryAfterSeconds);
    throw new HttpError(429, SETTINGS_GATE_MESSAGES.tooMany);
  }
  let outcome: T;
  try {
    outcome = await check();
  } catch (error) {
    if (!(error instanceof HttpError && error.message === SETTINGS_GATE_MESSAGES.incorrect)) {
      await attempts.counter.release(ATTEMPT_SCOPE, actor.userId);
    }
    throw error;
  }
  await attempts.counter.release(ATTEMPT_SCOPE, actor.userId);
  return outcome;
}

/** Checks a typed settings password against the stored hash; a wrong one is logged and refused with 403. */
async function verifyOrRefuse(
  { db, audit }: GateContext,
  actor: Actor,
  ip: string,
  hash: string,
  password: string,
): Promise<void> {
  if (await verifyPassword({ hash, password: password.trim() })) return;
  await audit.securityAttempt(db, actorContext(actor, ip), 'settings_password_failed');
  throw new HttpError(403, SETTINGS_GATE_MESSAGES.incorrect);
}

async function storedHash(db: Db): Promise<string | null> {
  const [row] = await db
    .select()
    .from(protectedPasswords)
    .where(eq(protectedPasswords.key, SETTINGS_PASSWORD_KEY));
  return row?.hash ?? null;
}

export async function gateStatus(db: Db, actor: Actor, now: Date) {
  return {
    configured: (await storedHash(db)) !== null,
    unlocked: (await readRecord(db, unlockRecordId(actor.sessionId), now)) !== undefined,
  };
}

/** Checks the settings password (both sides trimmed) and unlocks the protected sections for this session. */
export async function unlock(
  context: GateContext,
  attempts: GateAttempts,
  actor: Actor,
  ip: string,
  password: string,
): Promise<string> {
  const { db, clock, audit } = context;
  await pause(context);
  await withAttempt(context, attempts, actor, ip, async () => {
    const hash = await storedHash(db);
    if (!hash) throw new HttpError(409, SETTINGS_GATE_MESSAGES.notConfigured);
    await verifyOrRefuse(context, actor, ip, hash, password);
  });
  // The unlock and its row together: an accepted password is recorded exactly when it unlocked something.
  await db.transaction(async (tx) => {
    await putRecord(
      tx,
      unlockRecordId(actor.sessionId),
      { userId: actor.userId },
      UNLOCK_TTL_SECONDS,
      clock.now(),
    );
    await audit.securityAttempt(tx, actorContext(actor, ip), 'settings_password_accepted');
  });
  return SETTINGS_GATE_MESSAGES.granted;
}

/** Sets or changes the settings password; changing it needs the current one, under the same attempt limit. */
export async function setSettingsPassword(
  context: GateContext,
  attempts: GateAttempts,
  actor: Actor,
  ip: string,
  input: { newPassword: string; currentPassword?: string | undefined },
): Promise<void> {
  const { db, clock, audit } = context;
  const existing = await storedHash(db);
  if (existing) {
    await pause(context);
    await withAttempt(context, attempts, actor, ip, () =>
      verifyOrRefuse(context, actor, ip, existing, input.currentPassword ?? ''),
    );
  }
  const hash = await hashPassword(input.newPassword.trim());
  await db.transaction(async (tx) => {
    await tx
      .insert(protectedPasswords)
      .values({ key: SETTINGS_PASSWORD_KEY, hash, updatedBy: actor.userId })
      .onConflictDoUpdate({
        target: protectedPasswords.key,
        set: { hash, updatedBy: actor.userId, updatedAt: clock.now() },
      });
    await audit.securityChange(tx, actorContext(actor, ip), 'settings_password_changed');
  });
}
