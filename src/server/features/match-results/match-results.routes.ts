import {
  MATCH_RESULT_MESSAGES,
  matchIdParamsSchema,
  matchResultConflictSchema,
  resultEntryQuerySchema,
  resultEntryResponseSchema,
  type SetMatchResultResponse,
  setMatchResultBodySchema,
  setMatchResultResponseSchema,
} from '../../../contracts/match-results';
import type { Audit } from '../../audit/audit';
import { actorContext } from '../../audit/audit';
import { setMatchResult } from '../../core/results/set-result';
import type { Db } from '../../db/client';
import { routesFeature, type TypedApp } from '../../feature-context';
import { clientActionOf, runClientActionOnce } from '../../http/client-actions';
import { apiErrors } from '../../http/route-helpers';
import * as service from './match-results.service';

const errors = apiErrors(400, 401, 403, 404);
const tags = ['match results'];

export const matchResultsFeature = routesFeature('match-results', (typed, { db, clock, audit }) =>
  registerMatchResultRoutes(typed, db, { now: clock.now, audit }),
);

/** /api/admin/match-results: result entry for the current round and corrections (docs/requirements.md §2 view_admin_result_input). */
function registerMatchResultRoutes(typed: TypedApp, db: Db, deps: { now: () => Date; audit: Audit }): void {
  const access = 'enterResults';

  typed.get(
    '/api/admin/match-results',
    {
      config: { access },
      schema: {
        summary: "A round's boards for result entry (the current round unless `round` names another)",
        tags,
        querystring: resultEntryQuerySchema,
        response: { 200: resultEntryResponseSchema, ...errors },
      },
    },
    async (request) => service.getResultEntry(db, request.query.round),
  );

  typed.put(
    '/api/admin/match-results/:matchId',
    {
      config: { access, pausedBy: 'results_paused' },
      schema: {
        summary:
          'Set, change or clear one match result, naming the version read (409 with the current board when stale)',
        tags,
        params: matchIdParamsSchema,
        body: setMatchResultBodySchema,
        response: {
          200: setMatchResultResponseSchema,
          ...errors,
          409: matchResultConflictSchema,
        },
      },
    },
    async (request, reply) => {
      const actor = (await request.actor())!;
      const { matchId } = request.params;
      const at = deps.now();
      // Once per client id (ADR 032): a replayed offline result gets its first answer, not a conflict with itself.
      const action = clientActionOf(actor.userId, request.body, 'match-results.set', matchId);
      const answer = await runClientActionOnce<object>(db, action, at, async (tx) => {
        const outcome = await setMatchResult(
          { db: tx, audit: deps.audit },
          actorContext(actor, request.ip),
          matchId,
          request.body,
          at,
        );
        return outcome.kind === 'conflict'
          ? {
              statusCode: 409,
              body: { error: outcome.message, requestId: request.id, current: outcome.current },
            }
          : { statusCode: 200, body: { message: MATCH_RESULT_MESSAGES.updated, board: outcome.board } };
      });
      return reply.code(answer.statusCode as 200).send(answer.body as SetMatchResultResponse);
    },
  );
}
