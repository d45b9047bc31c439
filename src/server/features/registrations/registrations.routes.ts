import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiError } from '../../../contracts/common';
import {
  createRegistrationBodySchema,
  myRegistrationsResponseSchema,
  REGISTRATION_MESSAGES,
  registrationAccessQuerySchema,
  registrationChallengeSchema,
  registrationIdParamsSchema,
  registrationResponseSchema,
  registrationStatusQuerySchema,
  registrationWithAccessSchema,
  updateTeamsBodySchema,
} from '../../../contracts/registrations';
import {
  registrationSettingsSchema,
  updateRegistrationSettingsBodySchema,
} from '../../../contracts/settings';
import { actorContext } from '../../audit/audit';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { apiErrors } from '../../http/route-helpers';
import type { Mailer } from '../../mail/mailer';
import { ProofOfWork, type RegistrationKeys, WindowLimiter } from './registration-security';
import * as service from './registrations.service';

const errors = apiErrors(400, 401, 403, 404, 409, 429);
const tags = ['registrations'];

/** Proof-of-work difficulty: about 65,000 hashes on average, a second or two in a phone's browser. */
export const DEFAULT_POW_BITS = 16;
const CHALLENGE_TTL_MS = 15 * 60_000;
const MINUTE = 60_000;

export interface RegistrationRouteDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  keys: RegistrationKeys;
  now: () => number;
  powBits?: number;
}

function sendInputError(request: FastifyRequest, reply: FastifyReply, error: service.RegistrationInputError) {
  return reply
    .code(400)
    .send({ error: error.message, requestId: request.id, issues: error.issues } satisfies ApiError);
}

/** The signed-in user, unless frozen: a frozen account acts as nobody on these public routes. */
export async function activeActor(request: FastifyRequest) {
  const actor = await request.actor();
  return actor && !actor.isFrozen ? actor : null;
}

/** Per-IP limits, generous where a whole school shares one address. */
function limiter(now: () => number, limit: number, windowMs: number) {
  const counter = new WindowLimiter({ limit, windowMs, now });
  return (request: FastifyRequest) => {
    if (!counter.take(request.ip)) throw new HttpError(429, REGISTRATION_MESSAGES.tooManyRequests);
  };
}

export function registerRegistrationRoutes(app: FastifyInstance, deps: RegistrationRouteDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const nowAsDate = () => new Date(deps.now());
  const serviceDeps = {
    db: deps.db,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    keys: deps.keys,
    now: nowAsDate,
  };
  const pow = new ProofOfWork(deps.keys, {
    bits: deps.powBits ?? DEFAULT_POW_BITS,
    ttlMs: CHALLENGE_TTL_MS,
    now: deps.now,
  });
  const limitChallenges = limiter(deps.now, 200, 10 * MINUTE);
  const limitRegistrations = limiter(deps.now, 40, 60 * MINUTE);
  const limitLookups = limiter(deps.now, 30, 10 * MINUTE);
  const limitTeamReads = limiter(deps.now, 300, 10 * MINUTE);

  typed.get(
    '/api/registrations/challenge',
    {
      config: { access: 'public' },
      schema: {
        summary: 'A signed, expiring proof-of-work challenge for the registration form',
        tags,
        response: { 200: registrationChallengeSchema, ...errors },
      },
    },
    async (request, reply) => {
      limitChallenges(request);
      reply.header('cache-control', 'no-store');
      return pow.issue();
    },
  );

  typed.post(
    '/api/registrations',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Register a school with one or more teams of exactly 4 players',
        tags,
        body: createRegistrationBodySchema,
        response: { 201: registrationWithAccessSchema, ...errors },
      },
    },
    async (request, reply) => {
      limitRegistrations(request);
      const proof = pow.check(request.body.botProof);
      if (!proof.ok) throw new HttpError(400, REGISTRATION_MESSAGES.botCheckFailed);
      try {
        const created = await service.createRegistration(
          serviceDeps,
          await activeActor(request),
          request.body,
        );
        return reply.code(201).send(created);
      } catch (error) {
        // Refused for another reason: the same proof may be sent again with the corrected form.
        if (error instanceof HttpError || error instanceof service.RegistrationInputError) proof.release();
        if (error instanceof service.RegistrationInputError) return sendInputError(request, reply, error);
        throw error;
      }
    },
  );

  typed.get(
    '/api/registrations/status',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Look up a registration by its reference and e-mail address',
        tags,
        querystring: registrationStatusQuerySchema,
        response: { 200: registrationWithAccessSchema, ...errors },
      },
    },
    async (request, reply) => {
      limitLookups(request);
      reply.header('cache-control', 'no-store');
      return service.lookupRegistration(serviceDeps, request.query);
    },
  );

  typed.get(
    '/api/registrations/:id/teams',
    {
      config: { access: 'public' },
      schema: {
        summary: "A registration's teams and players (access token or signed-in owner)",
        tags,
        params: registrationIdParamsSchema,
        querystring: registrationAccessQuerySchema,
        response: { 200: registrationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      limitTeamReads(request);
      reply.header('cache-control', 'no-store');
      return {
        registration: await service.readTeams(
          serviceDeps,
          await activeActor(request),
          request.params.id,
          request.query.token,
        ),
      };
    },
  );

  typed.put(
    '/api/registrations/:id/teams',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Rename teams and players until the closing date (access token or signed-in owner)',
        tags,
        params: registrationIdParamsSchema,
        body: updateTeamsBodySchema,
        response: { 200: registrationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      limitTeamReads(request);
      try {
        return {
          registration: await service.updateTeams(
            serviceDeps,
            await activeActor(request),
            request.params.id,
            request.body,
          ),
        };
      } catch (error) {
        if (error instanceof service.RegistrationInputError) return sendInputError(request, reply, error);
        throw error;
      }
    },
  );

  typed.get(
    '/api/me/registrations',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: "The signed-in user's registrations (made signed in, or under their verified e-mail)",
        tags,
        response: { 200: myRegistrationsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { registrations: await service.myRegistrations(serviceDeps, (await request.actor())!) };
    },
  );

  typed.put(
    '/api/admin/registration-settings',
    {
      config: { access: { permission: 'view_registration_management' } },
      schema: {
        summary: 'Open or close registration, set the team price, closing date and limits',
        tags,
        body: updateRegistrationSettingsBodySchema,
        response: { 200: registrationSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const actor = (await request.actor())!;
      return service.updateRegistrationSettings(deps.db, actorContext(actor, request.ip), request.body);
    },
  );
}
