import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { securityAuditLog } from '../db/schema/accounts';
import { systemLogs } from '../db/schema/settings';
import {
  SECURITY_EVENTS,
  type SecurityAttempt,
  type SecurityChange,
  type SecurityEventType,
  SYSTEM_LOG_ACTIONS,
  type SystemLogAction,
  type SystemLogAttempt,
  type SystemLogChange,
} from './events';

/** A database transaction: what a change and its audit row are written in. `Db` itself is not one. */
export type { SystemLogChange } from './events';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who did it and from where. */
export interface AuditContext {
  actorId: string | null;
  ip: string | null;
}

/** The audit context of a signed-in actor's request. */
export const actorContext = (actor: { userId: string }, ip: string): AuditContext => ({
  actorId: actor.userId,
  ip,
});

type Details = Record<string, unknown>;

/**
 * The audit trail (ADR 019): security events (sign-ins, roles, freezes, deletions, 2FA, the settings
 * password: who, from where, when and what — never a password, code or token) and staff actions for the
 * system-log page. Types come from the closed catalogue in `events.ts`; a change is written with the
 * transaction that makes it (the type system refuses a plain `Db`), an attempt on its own. Times come from the
 * application's one clock.
 */
export class Audit {
  constructor(private readonly clock: Clock) {}

  /** A security-relevant change, in the transaction that makes it. */
  securityChange(tx: Tx, who: AuditContext, type: SecurityChange, details?: Details): Promise<void> {
    return this.writeSecurity(tx, who, type, details);
  }

  /** A security-relevant attempt that changes nothing else (a refused sign-in, a lock, a wrong password). */
  securityAttempt(db: Db, who: AuditContext, type: SecurityAttempt, details?: Details): Promise<void> {
    return this.writeSecurity(db, who, type, details);
  }

  /** A staff action, in the transaction that makes it. */
  logChange(
    tx: Tx,
    who: AuditContext,
    action: SystemLogChange,
    description: string,
    metadata?: Details,
  ): Promise<void> {
    return this.writeLog(tx, who, action, description, metadata);
  }

  /** A staff action that changes no data (an export), or a failure after the commit (a mail not sent). */
  logAttempt(
    db: Db,
    who: AuditContext,
    action: SystemLogAttempt,
    description: string,
    metadata?: Details,
  ): Promise<void> {
    return this.writeLog(db, who, action, description, metadata);
  }

  private async writeSecurity(
    db: Db,
    who: AuditContext,
    type: SecurityEventType,
    details: Details | undefined,
  ): Promise<void> {
    await db.insert(securityAuditLog).values({
      createdAt: this.clock.now(),
      eventType: type,
      severity: SECURITY_EVENTS[type].severity,
      userId: who.actorId,
      ipAddress: who.ip,
      details: details ?? {},
    });
  }

  private async writeLog(
    db: Db,
    who: AuditContext,
    action: SystemLogAction,
    description: string,
    metadata: Details | undefined,
  ): Promise<void> {
    await db.insert(systemLogs).values({
      createdAt: this.clock.now(),
      eventType: SYSTEM_LOG_ACTIONS[action].area,
      actionType: action,
      description,
      userId: who.actorId,
      metadata: metadata ?? {},
    });
  }
}
