import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import { SETTINGS_GATE_MESSAGES, SETTINGS_PASSWORD_KEY } from '../../../contracts/settings-gate';
import { actorContext, countSecurityEventsSince, recordSecurityEvent } from '../../audit/audit';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { protectedPasswords } from '../../db/schema/accounts';
import { HttpError } from '../../http/errors';
import { putRecord, readRecord } from './session-store';

/** An unlock lasts this long on the server; the page itself forgets it as soon as it is left (ADR 007). */
export const UNLOCK_TTL_SECONDS = 10 * 60;
/** T05: the sixth wrong password within 10 minutes is refused with 429. */
export const MAX_FAILURES = 5;
const FAILURE_WINDOW_MS = 10 * 60_000;

const unlockRecordId = (sessionId: string) => `settings-unlock:${sessionId}`;

export interface GateClock {
  now: () => Date;
  /** The ~500 ms pause before every answer (SPEC §5), so guessing is slow whatever the outcome. */
  pause: () => Promise<void>;
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

function recentFailures(db: Db, userId: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  return countSecurityEventsSince(db, { type: 'settings_password_failed', since, userId });
}

/** Checks the settings password (both sides trimmed) and unlocks the protected sections for this session. */
export async function unlock(
  db: Db,
  actor: Actor,
  ip: string,
  password: string,
  clock: GateClock,
): Promise<string> {
  const now = clock.now();
  const context = actorContext(actor, ip);
  await clock.pause();
  if ((await recentFailures(db, actor.userId, now)) >= MAX_FAILURES) {
    await recordSecurityEvent(db, context, {
      type: 'settings_password_locked',
      severity: 'warning',
      at: now,
    });
    throw new HttpError(429, SETTINGS_GATE_MESSAGES.tooMany);
  }
  const hash = await storedHash(db);
  if (!hash) throw new HttpError(409, SETTINGS_GATE_MESSAGES.notConfigured);
  if (!(await verifyPassword({ hash, password: password.trim() }))) {
    await recordSecurityEvent(db, context, {
      type: 'settings_password_failed',
      severity: 'warning',
      at: now,
    });
    throw new HttpError(403, SETTINGS_GATE_MESSAGES.incorrect);
  }
  await putRecord(db, unlockRecordId(actor.sessionId), { userId: actor.userId }, UNLOCK_TTL_SECONDS, now);
  await recordSecurityEvent(db, context, { type: 'settings_password_accepted', at: now });
  return SETTINGS_GATE_MESSAGES.granted;
}

/** True when this session entered the settings password within the last 10 minutes. */
export async function isUnlocked(db: Db, actor: Actor, now: Date): Promise<boolean> {
  return (await readRecord(db, unlockRecordId(actor.sessionId), now)) !== undefined;
}

/** Sets or changes the settings password; changing it needs the current one. */
export async function setSettingsPassword(
  db: Db,
  actor: Actor,
  ip: string,
  input: { newPassword: string; currentPassword?: string | undefined },
  clock: GateClock,
): Promise<void> {
  const existing = await storedHash(db);
  if (existing) {
    await clock.pause();
    const current = input.currentPassword?.trim() ?? '';
    if (!(await verifyPassword({ hash: existing, password: current }))) {
      await recordSecurityEvent(db, actorContext(actor, ip), {
        type: 'settings_password_failed',
        severity: 'warning',
        at: clock.now(),
      });
      throw new HttpError(403, SETTINGS_GATE_MESSAGES.incorrect);
    }
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
