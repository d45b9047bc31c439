import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '../../../contracts/common';
import {
  SETTINGS_GATE_MESSAGES,
  setSettingsPasswordBodySchema,
  settingsGateStatusSchema,
  unlockBodySchema,
} from '../../../contracts/settings-gate';
import type { Db } from '../../db/client';
import { RateCounter } from '../../http/rate-counter';
import { apiErrors } from '../../http/route-helpers';
import * as service from './settings-gate.service';

const errors = apiErrors(400, 401, 403, 409, 429);
const tags = ['settings gate'];
/** The protected sections need the superadmin dashboard permission and, on top, the settings password (ADR 007). */
export const SETTINGS_SECTION_ACCESS = { permission: 'view_superadmin_dashboard' } as const;

/**
 * preHandler for the API of a password-gated section: the session must have entered the settings password
 * within the last 10 minutes. Route guards have already checked SETTINGS_SECTION_ACCESS.
 */
export function requireSettingsUnlock(db: Db, now: () => Date) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const actor = await request.actor();
    if (!actor || !(await service.isUnlocked(db, actor, now()))) {
      return reply.code(403).send({ error: SETTINGS_GATE_MESSAGES.locked, requestId: request.id });
    }
  };
}

export function registerSettingsGateRoutes(app: FastifyInstance, db: Db, clock: service.GateClock): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const counter = new RateCounter(db, () => clock.now().getTime());
  const attempts = (reply: FastifyReply): service.GateAttempts => ({
    counter,
    onRefused: (seconds) => reply.header('retry-after', String(seconds)),
  });
  typed.get(
    '/api/settings-gate',
    {
      config: { access: SETTINGS_SECTION_ACCESS },
      schema: {
        summary: 'Whether a settings password is set and this session has unlocked it',
        tags,
        response: { 200: settingsGateStatusSchema, ...errors },
      },
    },
    async (request) => service.gateStatus(db, (await request.actor())!, clock.now()),
  );
  typed.post(
    '/api/settings-gate/unlock',
    {
      config: { access: SETTINGS_SECTION_ACCESS },
      schema: {
        summary: 'Enter the settings password (answers after ~500 ms; 5 wrong tries per 10 minutes)',
        tags,
        body: unlockBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => ({
      message: await service.unlock(
        db,
        attempts(reply),
        (await request.actor())!,
        request.ip,
        request.body.password,
        clock,
      ),
    }),
  );
  typed.put(
    '/api/settings-gate/password',
    {
      config: { access: SETTINGS_SECTION_ACCESS },
      schema: {
        summary: 'Set the settings password, or change it with the current one',
        tags,
        body: setSettingsPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.setSettingsPassword(
        db,
        attempts(reply),
        (await request.actor())!,
        request.ip,
        request.body,
        clock,
      );
      return { message: SETTINGS_GATE_MESSAGES.saved };
    },
  );
}
