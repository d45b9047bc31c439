import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  REGISTRATION_MESSAGES,
  REGISTRATION_TOKEN_HEADER,
  registrationTokenHeadersSchema,
} from '../../../contracts/registrations';
import {
  rosterByeBodySchema,
  rosterByeParamsSchema,
  rosterChangeResponseSchema,
  rosterChangesSchema,
  rosterParamsSchema,
  rosterPupilParamsSchema,
  rosterRequestDecisionResponseSchema,
  rosterRequestParamsSchema,
  rosterRequestsResponseSchema,
  rosterRulesChangeResponseSchema,
  rosterRulesResponseSchema,
  rosterRulesSchema,
  rosterWithdrawalBodySchema,
} from '../../../contracts/roster-changes';
import {
  rosterLateTeamBodySchema,
  rosterRequestDecisionBodySchema,
  rosterReturnRequestBodySchema,
  rosterSubstitutionBodySchema,
} from '../../../contracts/roster-substitutions';
import { actorContext } from '../../audit/audit';
import { activeActor } from '../../auth/actor';
import { routesFeature } from '../../feature-context';
import { perAddressLimit, RateCounter } from '../../http/rate-counter';
import { apiErrors } from '../../http/route-helpers';
import { enterLateTeam } from './late-teams.service';
import * as service from './roster-changes.service';
import { decideRosterRequest, listRosterRequests } from './roster-requests.service';
import { resetRosterRules, rosterRulesView, saveRosterRules } from './roster-rules.service';
import { askReturn, substitute } from './substitutions.service';

const errors = apiErrors(400, 401, 403, 404, 409, 429);
const tags = ['roster-changes'];
const BASE = '/api/roster-changes/:id';
const MINUTE = 60_000;
const who = `the registration's access token in ${REGISTRATION_TOKEN_HEADER}, or its signed-in owner`;

/**
 * The teacher's roster page (issue #30): a school's pupils in the active tournament, their requested byes
 * and withdrawals. Open to whoever may see the registration (its mailed link's token, or the signed-in owner),
 * like the registration's own teams page; anyone else gets the same 404 as an unknown id.
 */
export const rosterChangesFeature = routesFeature(
  'roster-changes',
  (typed, { db, audit, registrationKeys, clock, mailer, publicUrl }) => {
    const deps = { db, audit, keys: registrationKeys, mailer, publicUrl, now: clock.now };
    const counter = new RateCounter(db, clock.millis);
    // A school shares one address: generous, but a token cannot be guessed at speed.
    const limit = perAddressLimit(
      counter,
      'roster-changes',
      { limit: 300, windowMs: 10 * MINUTE },
      REGISTRATION_MESSAGES.tooManyRequests,
    );
    const callerOf = async (request: FastifyRequest) => {
      const header = request.headers[REGISTRATION_TOKEN_HEADER];
      return {
        actor: await activeActor(request),
        token: typeof header === 'string' ? header : undefined,
        ip: request.ip,
      };
    };

    typed.get(
      BASE,
      {
        config: { access: 'public' },
        schema: {
          summary: `A school's pupils with the byes and withdrawals they may still have (${who})`,
          tags,
          params: rosterParamsSchema,
          headers: registrationTokenHeadersSchema,
          response: { 200: rosterChangesSchema, ...errors },
        },
      },
      async (request, reply) => {
        await limit(request, reply);
        reply.header('cache-control', 'no-store');
        return service.readRoster(deps, await callerOf(request), request.params.id);
      },
    );

    typed.get(
      `${BASE}/pack`,
      {
        config: { access: 'public' },
        schema: {
          summary: `The school's results and its pupils' certificates as one PDF (${who})`,
          tags,
          params: rosterParamsSchema,
          headers: registrationTokenHeadersSchema,
          produces: ['application/pdf'],
          response: { 200: z.any().describe('application/pdf'), ...errors },
        },
      },
      async (request, reply) => {
        await limit(request, reply);
        const { pdf } = await service.schoolPackOf(deps, await callerOf(request), request.params.id);
        return reply
          .header('cache-control', 'no-store')
          .header('content-disposition', 'attachment; filename="results-and-certificates.pdf"')
          .type('application/pdf')
          .send(pdf);
      },
    );

    typed.post(
      `${BASE}/byes`,
      {
        config: { access: 'public' },
        schema: {
          summary: `Request a half- or zero-point bye for a pupil in a round not paired yet (${who})`,
          tags,
          params: rosterParamsSchema,
          headers: registrationTokenHeadersSchema,
          body: rosterByeBodySchema,
          response: { 201: rosterChangeResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await limit(request, reply);
        const answer = await service.requestBye(
          deps,
          await callerOf(request),
          request.params.id,
          request.body,
        );
        return reply.code(201).send(answer);
      },
    );

    typed.delete(
      `${BASE}/byes/:playerId/:roundNumber`,
      {
        config: { access: 'public' },
        schema: {
          summary: `Take back a requested bye until its round is paired (${who})`,
          tags,
          params: rosterByeParamsSchema,
          headers: registrationTokenHeadersSchema,
          response: { 200: rosterChangeResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await limit(request, reply);
        const { id, playerId, roundNumber } = request.params;
        return service.takeBackBye(deps, await callerOf(request), id, playerId, roundNumber);
      },
    );

    typed.post(
      `${BASE}/withdrawals`,
      {
        config: { access: 'public' },
        schema: {
          summary: `Withdraw a pupil from the next round to be paired on; results so far stay (${who})`,
          tags,
          params: rosterParamsSchema,
          headers: registrationTokenHeadersSchema,
          body: rosterWithdrawalBodySchema,
          response: { 201: rosterChangeResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await limit(request, reply);
        const answer = await service.withdraw(
          deps,
          await callerOf(request),
          request.params.id,
          request.body.playerId,
        );
        return reply.code(201).send(answer);
      },
    );

    typed.delete(
      `${BASE}/withdrawals/:playerId`,
      {
        config: { access: 'public' },
        schema: {
          summary: `Undo a withdrawal until the round it started from is paired (${who})`,
          tags,
          params: rosterPupilParamsSchema,
          headers: registrationTokenHeadersSchema,
          response: { 200: rosterChangeResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await limit(request, reply);
        const { id, playerId } = request.params;
        return service.undoWithdrawal(deps, await callerOf(request), id, playerId);
      },
    );

    typed.post(
      `${BASE}/substitutions`,
      {
        config: { access: 'public' },
        schema: {
          summary: `A substitute takes a pupil's place: made now before the names lock, else asked of an arbiter (${who})`,
          tags,
          params: rosterParamsSchema,
          headers: registrationTokenHeadersSchema,
          body: rosterSubstitutionBodySchema,
          response: { 201: rosterChangeResponseSchema, 202: rosterChangeResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await limit(request, reply);
        const { waitsForArbiter, ...answer } = await substitute(
          deps,
          await callerOf(request),
          request.params.id,
          request.body,
        );
        return reply.code(waitsForArbiter ? 202 : 201).send(answer);
      },
    );

    typed.post(
      `${BASE}/late-teams`,
      {
        config: { access: 'public' },
        schema: {
          summary: `A late team of four: its own registration (pay now or later), in the tournament from the next round; after the names lock, asked of an arbiter (${who})`,
          tags,
          params: rosterParamsSchema,
          headers: registrationTokenHeadersSchema,
          body: rosterLateTeamBodySchema,
          response: { 201: rosterChangeResponseSchema, 202: rosterChangeResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await limit(request, reply);
        const { waitsForArbiter, ...answer } = await enterLateTeam(
          deps,
          await callerOf(request),
          request.params.id,
          request.body,
        );
        return reply.code(waitsForArbiter ? 202 : 201).send(answer);
      },
    );

    typed.post(
      `${BASE}/returns`,
      {
        config: { access: 'public' },
        schema: {
          summary: `Ask an arbiter to bring back a withdrawn pupil after the teacher's own undo has passed (${who})`,
          tags,
          params: rosterParamsSchema,
          headers: registrationTokenHeadersSchema,
          body: rosterReturnRequestBodySchema,
          response: { 202: rosterChangeResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await limit(request, reply);
        const answer = await askReturn(deps, await callerOf(request), request.params.id, request.body);
        return reply.code(202).send(answer);
      },
    );

    const arbiter = async (request: FastifyRequest) => actorContext((await request.actor())!, request.ip);

    // The arbiter's queue of changes asked after their lock (/admin/roster-requests).
    const REQUESTS = '/api/admin/roster-requests';
    typed.get(
      REQUESTS,
      {
        config: { access: 'manageRounds' },
        schema: {
          summary: 'Teachers’ roster changes waiting for an arbiter, and the last decided',
          tags,
          response: { 200: rosterRequestsResponseSchema, ...apiErrors(401, 403) },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return listRosterRequests(deps);
      },
    );
    typed.post(
      `${REQUESTS}/:requestId/decision`,
      {
        config: { access: 'manageRounds' },
        schema: {
          summary:
            'Accept (the change is made) or refuse (with a note) a teacher’s request; the teacher is e-mailed',
          tags,
          params: rosterRequestParamsSchema,
          body: rosterRequestDecisionBodySchema,
          response: { 200: rosterRequestDecisionResponseSchema, ...apiErrors(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        decideRosterRequest(deps, await arbiter(request), request.params.requestId, request.body),
    );

    // The rules those changes follow: arbiters set them for the tournament (/admin/roster-rules).
    const RULES = '/api/admin/roster-rules';
    typed.get(
      RULES,
      {
        config: { access: 'manageRounds' },
        schema: {
          summary: 'The roster rules teachers’ changes follow, and the sentences that state them',
          tags,
          response: { 200: rosterRulesResponseSchema, ...apiErrors(401, 403) },
        },
      },
      async () => rosterRulesView(db),
    );
    typed.put(
      RULES,
      {
        config: { access: 'manageRounds' },
        schema: {
          summary: 'Change the roster rules (byes, late entries, locks)',
          tags,
          body: rosterRulesSchema,
          response: { 200: rosterRulesChangeResponseSchema, ...apiErrors(400, 401, 403) },
        },
      },
      async (request) => saveRosterRules({ db, audit }, await arbiter(request), request.body),
    );
    typed.delete(
      RULES,
      {
        config: { access: 'manageRounds' },
        schema: {
          summary: 'Reset the roster rules to the defaults',
          tags,
          response: { 200: rosterRulesChangeResponseSchema, ...apiErrors(401, 403) },
        },
      },
      async (request) => resetRosterRules({ db, audit }, await arbiter(request)),
    );
  },
);
