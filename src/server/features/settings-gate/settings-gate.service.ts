import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import { SETTINGS_GATE_MESSAGES, SETTINGS_PASSWORD_KEY } from '../../../contracts/settings-gate';
import { actorContext, recordSecurityEvent } from '../../audit/audit';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { protectedPasswords } from '../../db/schema/accounts';
import { HttpError } from '../../http/errors';
import type { RateCounter, RateLimit } from '../../http/rate-counter';
import { putRecord, readRecord } from './session-store';

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

const unlockRecordId = (sessionId: string) => `settings-unlock:${sessionId}`;

export interface GateClock {
  now: () => Date;
  /** The ~500 ms pause before every answer (docs/requirements.md §5), so guessing is slow whatever the outcome. */
  pause: () => Promise<void>;
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
  db: Db,
  attempts: GateAttempts,
  actor: Actor,
  ip: string,
  now: Date,
  check: () => Promise<T>,
): Promise<T> {
  const reservation = await attempts.counter.reserve(ATTEMPT_SCOPE, actor.userId, SETTINGS_PASSWORD_LIMIT);
  if (!reservation.ok) {
    await recordSecurityEvent(db, actorContext(actor, ip), {
      type: 'settings_password_locked',
      severity: 'warning',
      at: now,
    });
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
  db: Db,
  actor: Actor,
  ip: string,
  hash: string,
  password: string,
  now: Date,
): Promise<void> {
  if (await verifyPassword({ hash, password: password.trim() })) return;
  await recordSecurityEvent(db, actorContext(actor, ip), {
    type: 'settings_password_failed',
    severity: 'warning',
    at: now,
  });
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
  db: Db,
  attempts: GateAttempts,
  actor: Actor,
  ip: string,
  password: string,
  clock: GateClock,
): Promise<string> {
  const now = clock.now();
  await clock.pause();
  await withAttempt(db, attempts, actor, ip, now, async () => {
    const hash = await storedHash(db);
    if (!hash) throw new HttpError(409, SETTINGS_GATE_MESSAGES.notConfigured);
    await verifyOrRefuse(db, actor, ip, hash, password, now);
  });
  await putRecord(db, unlockRecordId(actor.sessionId), { userId: actor.userId }, UNLOCK_TTL_SECONDS, now);
  await recordSecurityEvent(db, actorContext(actor, ip), { type: 'settings_password_accepted', at: now });
  return SETTINGS_GATE_MESSAGES.granted;
}

/** True when this session entered the settings password within the last 10 minutes. */
export async function isUnlocked(db: Db, actor: Actor, now: Date): Promise<boolean> {
  return (await readRecord(db, unlockRecordId(actor.sessionId), now)) !== undefined;
}

/** Sets or changes the settings password; changing it needs the current one, under the same attempt limit. */
export async function setSettingsPassword(
  db: Db,
  attempts: GateAttempts,
  actor: Actor,
  ip: string,
  input: { newPassword: string; currentPassword?: string | undefined },
  clock: GateClock,
): Promise<void> {
  const existing = await storedHash(db);
  if (existing) {
    const now = clock.now();
    await clock.pause();
    await withAttempt(db, attempts, actor, ip, now, () =>
      verifyOrRefuse(db, actor, ip, existing, input.currentPassword ?? '', now),
    );
  }
  const hash = await hashPassword(input.newPassword.trim());
  await db
    .insert(protectedPasswords)
    .values({ key: SETTINGS_PASSWORD_KEY, hash, updatedBy: actor.userId })
    .onConflictDoUpdate({
      target: protectedPasswords.key,
      set: { hash, updatedBy: actor.userId, updatedAt: sql`now()` },
    });
  await recordSecurityEvent(db, actorContext(actor, ip), {
    type: 'settings_password_changed',
    severity: 'warning',
  });
}
