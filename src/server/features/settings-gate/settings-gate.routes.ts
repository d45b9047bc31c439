import type { FastifyReply } from 'fastify';
import { messageResponseSchema } from '../../../contracts/common';
import {
  SETTINGS_GATE_MESSAGES,
  setSettingsPasswordBodySchema,
  settingsGateStatusSchema,
  unlockBodySchema,
} from '../../../contracts/settings-gate';
import { type FeatureContext, routesFeature, type TypedApp } from '../../feature-context';
import { RateCounter } from '../../http/rate-counter';
import { apiErrors } from '../../http/route-helpers';
import * as service from './settings-gate.service';

const errors = apiErrors(400, 401, 403, 409, 429);
const tags = ['settings gate'];
/** /api/settings-gate: the settings password in front of the protected sections (ADR 007). */
export const settingsGateFeature = routesFeature('settings-gate', registerSettingsGateRoutes);

function registerSettingsGateRoutes(typed: TypedApp, context: FeatureContext): void {
  const { db, clock } = context;
  const counter = new RateCounter(db, clock.millis);
  const attempts = (reply: FastifyReply): service.GateAttempts => ({
    counter,
    onRefused: (seconds) => reply.header('retry-after', String(seconds)),
  });
  typed.get(
    '/api/settings-gate',
    {
      config: { access: 'settingsSection' },
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
      config: { access: 'settingsSection' },
      schema: {
        summary: 'Enter the settings password (answers after ~500 ms; 5 wrong tries per 10 minutes)',
        tags,
        body: unlockBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => ({
      message: await service.unlock(
        context,
        attempts(reply),
        (await request.actor())!,
        request.ip,
        request.body.password,
      ),
    }),
  );
  typed.put(
    '/api/settings-gate/password',
    {
      config: { access: 'settingsSection' },
      schema: {
        summary: 'Set the settings password, or change it with the current one',
        tags,
        body: setSettingsPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.setSettingsPassword(
        context,
        attempts(reply),
        (await request.actor())!,
        request.ip,
        request.body,
      );
      return { message: SETTINGS_GATE_MESSAGES.saved };
    },
  );
}
