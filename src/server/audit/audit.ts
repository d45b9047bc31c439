import { and, eq, gt, sql } from 'drizzle-orm';
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

/**
 * How many security events of one type happened since a moment, for one user or one account key (the keyed
 * hash of a typed address): the attempt limits (sign-in, settings password) count their failures here.
 */
export async function countSecurityEventsSince(
  db: Db,
  query: { type: string; since: Date; userId?: string; accountKey?: string },
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(securityAuditLog)
    .where(
      and(
        eq(securityAuditLog.eventType, query.type),
        gt(securityAuditLog.createdAt, query.since),
        query.userId === undefined ? undefined : eq(securityAuditLog.userId, query.userId),
        query.accountKey === undefined
          ? undefined
          : eq(sql`${securityAuditLog.details}->>'accountKey'`, query.accountKey),
      ),
    );
  return row?.n ?? 0;
}
