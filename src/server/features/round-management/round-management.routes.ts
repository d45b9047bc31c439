import {
  generatePairingsBodySchema,
  generatePairingsResponseSchema,
  manualChangeBodySchema,
  manualChangeResponseSchema,
  roundActionResponseSchema,
  roundCountBodySchema,
  roundCountResponseSchema,
  roundDetailSchema,
  roundNumberParamsSchema,
  roundsResponseSchema,
} from '../../../contracts/round-management';
import { routesFeature, type TypedApp } from '../../feature-context';
import { apiErrors, auditContextOf } from '../../http/route-helpers';
import * as service from './round-management.service';

const errors = apiErrors(400, 401, 403, 404, 409);
const tags = ['round management'];

export const roundManagementFeature = routesFeature(
  'round-management',
  (typed, { db, mailer, logger, clock, publicUrl, audit }) =>
    registerRoundManagementRoutes(typed, { db, mailer, logger, now: clock.now, publicUrl, audit }),
);

/** /api/admin/rounds: the round-management page (docs/requirements.md §2 view_round_management, §4 round states, §8). */
function registerRoundManagementRoutes(typed: TypedApp, deps: service.RoundDeps): void {
  const access = 'manageRounds';

  typed.get(
    '/api/admin/rounds',
    {
      config: { access },
      schema: {
        summary: "The active tournament's rounds with their status, boards and pairing notes",
        tags,
        response: { 200: roundsResponseSchema, ...errors },
      },
    },
    async () => service.listRounds(deps.db),
  );

  typed.get(
    '/api/admin/rounds/:number',
    {
      config: { access },
      schema: {
        summary: "One round's boards (players with points before the round) and byes",
        tags,
        params: roundNumberParamsSchema,
        response: { 200: roundDetailSchema, ...errors },
      },
    },
    async (request) => service.getRound(deps.db, request.params.number),
  );

  typed.post(
    '/api/admin/rounds/:number/pairings',
    {
      config: { access },
      schema: {
        summary: 'Generate (or regenerate) the pairings of the next upcoming round with the pairing engine',
        tags,
        params: roundNumberParamsSchema,
        body: generatePairingsBodySchema,
        response: { 200: generatePairingsResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.generatePairings(
        deps,
        await auditContextOf(request),
        request.params.number,
        request.body ?? {},
      ),
  );

  typed.post(
    '/api/admin/rounds/:number/pairings/change',
    {
      config: { access },
      schema: {
        summary:
          'Swap two players or re-pair two boards of an upcoming round; warns about broken rules first',
        tags,
        params: roundNumberParamsSchema,
        body: manualChangeBodySchema,
        response: { 200: manualChangeResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.changePairings(deps, await auditContextOf(request), request.params.number, request.body),
  );

  typed.post(
    '/api/admin/rounds/:number/start',
    {
      config: { access },
      schema: {
        summary: 'Start a paired round: it becomes the current round',
        tags,
        params: roundNumberParamsSchema,
        response: { 200: roundActionResponseSchema, ...errors },
      },
    },
    async (request) => service.startRound(deps, await auditContextOf(request), request.params.number),
  );

  typed.post(
    '/api/admin/rounds/:number/complete',
    {
      config: { access },
      schema: {
        summary: 'Complete a round whose matches are all finished',
        tags,
        params: roundNumberParamsSchema,
        response: { 200: roundActionResponseSchema, ...errors },
      },
    },
    async (request) => service.completeRound(deps, await auditContextOf(request), request.params.number),
  );

  typed.put(
    '/api/admin/rounds/count',
    {
      config: { access },
      schema: {
        summary: 'Add upcoming rounds, or delete upcoming rounds above a number (after confirmation)',
        tags,
        body: roundCountBodySchema,
        response: { 200: roundCountResponseSchema, ...errors },
      },
    },
    async (request) => service.changeRoundCount(deps, await auditContextOf(request), request.body),
  );
}
