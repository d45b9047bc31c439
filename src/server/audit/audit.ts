import type { Db } from '../db/client';
import { securityAuditLog } from '../db/schema/accounts';
import { systemLogs } from '../db/schema/settings';

export interface AuditContext {
  actorId: string | null;
  ip: string | null;
}

/** The audit context of a signed-in actor's request. */
export const actorContext = (actor: { userId: string }, ip: string): AuditContext => ({
  actorId: actor.userId,
  ip,
});

/**
 * Security-relevant events (sign-ins, role changes, freezes, deletions, 2FA, password gate): who, from where,
 * when, and what — never a password, code or token.
 */
export async function recordSecurityEvent(
  db: Db,
  context: AuditContext,
  event: {
    type: string;
    severity?: 'info' | 'warning' | 'critical';
    details?: Record<string, unknown>;
    at?: Date;
  },
): Promise<void> {
  await db.insert(securityAuditLog).values({
    ...(event.at ? { createdAt: event.at } : {}),
    eventType: event.type,
    severity: event.severity ?? 'info',
    userId: context.actorId,
    ipAddress: context.ip,
    details: event.details ?? {},
  });
}

/** Staff actions for the system log page (newest first, 500 shown). */
export async function recordSystemLog(
  db: Db,
  context: AuditContext,
  entry: { eventType: string; actionType: string; description: string; metadata?: Record<string, unknown> },
): Promise<void> {
  await db.insert(systemLogs).values({
    eventType: entry.eventType,
    actionType: entry.actionType,
    description: entry.description,
    userId: context.actorId,
    metadata: entry.metadata ?? {},
  });
}
