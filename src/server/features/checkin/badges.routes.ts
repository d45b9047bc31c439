import type { FastifyRequest } from 'fastify';
import {
  type BadgeKind,
  badgeActionResponseSchema,
  badgeHolderParamsSchema,
  badgeListSchema,
  issueBadgesResponseSchema,
} from '../../../contracts/badges';
import { routesFeature } from '../../feature-context';
import { apiErrors, auditContextOf } from '../../http/route-helpers';
import * as service from './badges.service';

const errors = apiErrors(400, 401, 403, 404, 409);
const tags = ['check-in'];

/**
 * /api/admin/badges (ADR 031): badge tokens for the kiosk, issued, revoked and reissued by staff with the
 * check-in settings permission. The list carries the tokens, so it is theirs too (the badge print view).
 */
export const badgesFeature = routesFeature('badges', (typed, { db, clock, audit }) => {
  const access = 'checkinSettings' as const;

  typed.get(
    '/api/admin/badges',
    {
      config: { access },
      schema: {
        summary: 'The active players and their schools with their live badge (token and short code)',
        tags,
        response: { 200: badgeListSchema, ...errors },
      },
    },
    async (_request, reply) => {
      // The tokens are credentials of a sort: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return service.listBadgeHolders(db);
    },
  );

  typed.post(
    '/api/admin/badges/issue',
    {
      config: { access },
      schema: {
        summary: 'Issue a badge to every active player and school that has none',
        tags,
        response: { 200: issueBadgesResponseSchema, ...errors },
      },
    },
    async (request) => service.issueMissing({ db, audit }, await auditContextOf(request), clock.now()),
  );

  const replaceRoute = (summary: string) => ({
    config: { access },
    schema: {
      summary,
      tags,
      params: badgeHolderParamsSchema,
      response: { 200: badgeActionResponseSchema, ...errors },
    },
  });
  const replace =
    (isReissue: boolean) => async (request: FastifyRequest<{ Params: { kind: BadgeKind; id: string } }>) =>
      service.replaceBadge(
        { db, audit },
        await auditContextOf(request),
        { ...request.params, isReissue },
        clock.now(),
      );

  typed.post(
    '/api/admin/badges/:kind/:id/reissue',
    replaceRoute(
      'Revoke the live badge of a player or school and issue a new one (the old one stops working)',
    ),
    replace(true),
  );

  typed.delete(
    '/api/admin/badges/:kind/:id',
    replaceRoute('Revoke the live badge of a player or school (a scan of it then says "revoked")'),
    replace(false),
  );
});
