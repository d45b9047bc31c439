import type { FastifyReply, FastifyRequest } from 'fastify';
import { SETTINGS_GATE_MESSAGES } from '../../contracts/settings-gate';
import type { Actor } from '../auth/actor';
import type { Db } from '../db/client';
import { readRecord } from './session-store';

/**
 * The settings-password unlock (ADR 007) as the gated sections need it: site content, site settings, bot
 * protection and the geolocation service each ask this one check, not the settings-gate feature that grants it.
 */

/** The session-store record that says this session entered the settings password. */
export const unlockRecordId = (sessionId: string) => `settings-unlock:${sessionId}`;

/** True when this session entered the settings password within the last 10 minutes. */
export async function isUnlocked(db: Db, actor: Actor, now: Date): Promise<boolean> {
  return (await readRecord(db, unlockRecordId(actor.sessionId), now)) !== undefined;
}

/**
 * A route hook: 403 unless this session entered the settings password within the last 10 minutes, on top of the
 * section's access rule, which the route guards have already checked.
 */
export function requireSettingsUnlock(db: Db, now: () => Date) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const actor = await request.actor();
    if (!actor || !(await isUnlocked(db, actor, now()))) {
      return reply.code(403).send({ error: SETTINGS_GATE_MESSAGES.locked, requestId: request.id });
    }
  };
}
