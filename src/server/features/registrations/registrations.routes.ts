import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../../../contracts/common';
import {
  createRegistrationBodySchema,
  myRegistrationsResponseSchema,
  REGISTRATION_MESSAGES,
  REGISTRATION_TOKEN_HEADER,
  registrationChallengeSchema,
  registrationIdParamsSchema,
  registrationResponseSchema,
  registrationStatusBodySchema,
  registrationTokenHeadersSchema,
  registrationWithAccessSchema,
  updateTeamsBodySchema,
} from '../../../contracts/registrations';
import {
  registrationSettingsSchema,
  updateRegistrationSettingsBodySchema,
} from '../../../contracts/settings';
import type { Audit } from '../../audit/audit';
import { actorContext } from '../../audit/audit';
import { activeActor } from '../../auth/actor';
import type { BotProtection } from '../../core/bot-protection/bot-protection.service';
import type { RegistrationKeys } from '../../core/registrations/registration-security';
import type { Db } from '../../db/client';
import { routesFeature, type TypedApp } from '../../feature-context';
import { HttpError } from '../../http/errors';
import { perAddressLimit, RateCounter } from '../../http/rate-counter';
import { apiErrors } from '../../http/route-helpers';
import type { Mailer } from '../../mail/mailer';
import * as service from './registrations.service';

const errors = apiErrors(400, 401, 403, 404, 409, 429);
const tags = ['registrations'];

const MINUTE = 60_000;
/** Registrations one address may submit per hour (a school office registering many teams stays well below). */
export const REGISTRATIONS_PER_HOUR = 40;

export interface RegistrationRouteDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  keys: RegistrationKeys;
  now: () => number;
  audit: Audit;
  botProtection: BotProtection;
  powBits?: number;
}

function sendInputError(request: FastifyRequest, reply: FastifyReply, error: service.RegistrationInputError) {
  return reply
    .code(400)
    .send({ error: error.message, requestId: request.id, issues: error.issues } satisfies ApiError);
}

export const registrationsFeature = routesFeature(
  'registrations',
  (typed, { db, mailer, publicUrl, registrationKeys, clock, audit, botProtection }) =>
    registerRegistrationRoutes(typed, {
      db,
      mailer,
      publicUrl,
      keys: registrationKeys,
      now: clock.millis,
      audit,
      botProtection,
    }),
);

function registerRegistrationRoutes(typed: TypedApp, deps: RegistrationRouteDeps): void {
  const nowAsDate = () => new Date(deps.now());
  const serviceDeps = {
    db: deps.db,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    keys: deps.keys,
    now: nowAsDate,
    audit: deps.audit,
  };
  // Per-address limits, generous where a whole school shares one address; counted in the database, so
  // they are one limit across every server process.
  const counter = new RateCounter(deps.db, deps.now);
  const limiter = (scope: string, limit: number, windowMs: number) =>
    perAddressLimit(counter, scope, { limit, windowMs }, REGISTRATION_MESSAGES.tooManyRequests);
  const limitChallenges = limiter('registration.challenge', 200, 10 * MINUTE);
  const limitRegistrations = limiter('registration.create', REGISTRATIONS_PER_HOUR, 60 * MINUTE);
  const limitLookups = limiter('registration.lookup', 30, 10 * MINUTE);
  const limitTeamReads = limiter('registration.teams', 300, 10 * MINUTE);

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
      await limitChallenges(request, reply);
      reply.header('cache-control', 'no-store');
      return deps.botProtection.issueChallenge();
    },
  );

  typed.post(
    '/api/registrations',
    {
      config: { access: 'public', pausedBy: 'registrations_frozen' },
      schema: {
        summary: 'Register a school with one or more teams of exactly 4 players',
        tags,
        body: createRegistrationBodySchema,
        response: { 201: registrationWithAccessSchema, ...errors },
      },
    },
    async (request, reply) => {
      await limitRegistrations(request, reply);
      const releaseProof = await deps.botProtection.verify(request.body.botProof, request.ip);
      try {
        const created = await service.createRegistration(
          serviceDeps,
          await activeActor(request),
          request.body,
        );
        return reply.code(201).send(created);
      } catch (error) {
        // Refused for another reason: the same proof may be sent again with the corrected form.
        if (error instanceof HttpError || error instanceof service.RegistrationInputError)
          await releaseProof();
        if (error instanceof service.RegistrationInputError) return sendInputError(request, reply, error);
        throw error;
      }
    },
  );

  typed.post(
    '/api/registrations/status',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Look up a registration by its reference and e-mail address (in the body, kept out of logs)',
        tags,
        body: registrationStatusBodySchema,
        response: { 200: registrationWithAccessSchema, ...errors },
      },
    },
    async (request, reply) => {
      await limitLookups(request, reply);
      reply.header('cache-control', 'no-store');
      return service.lookupRegistration(serviceDeps, request.body);
    },
  );

  typed.get(
    '/api/registrations/:id/teams',
    {
      config: { access: 'public' },
      schema: {
        summary: `A registration's teams and players (access token in ${REGISTRATION_TOKEN_HEADER}, or the signed-in owner)`,
        tags,
        params: registrationIdParamsSchema,
        headers: registrationTokenHeadersSchema,
        response: { 200: registrationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await limitTeamReads(request, reply);
      reply.header('cache-control', 'no-store');
      return {
        registration: await service.readTeams(
          serviceDeps,
          await activeActor(request),
          request.params.id,
          request.headers[REGISTRATION_TOKEN_HEADER],
        ),
      };
    },
  );

  typed.put(
    '/api/registrations/:id/teams',
    {
      config: { access: 'public', pausedBy: 'registrations_frozen' },
      schema: {
        summary: 'Rename teams and players until the closing date (access token or signed-in owner)',
        tags,
        params: registrationIdParamsSchema,
        body: updateTeamsBodySchema,
        response: { 200: registrationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await limitTeamReads(request, reply);
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
      config: { access: 'manageRegistrations' },
      schema: {
        summary: 'Open or close registration, set the team price, closing date and limits',
        tags,
        body: updateRegistrationSettingsBodySchema,
        response: { 200: registrationSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const actor = (await request.actor())!;
      return service.updateRegistrationSettings(deps, actorContext(actor, request.ip), request.body);
    },
  );
}
