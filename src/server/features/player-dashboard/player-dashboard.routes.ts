import { playerDashboardResponseSchema } from '../../../contracts/player-dashboard';
import { routesFeature, type TypedApp } from '../../feature-context';
import { sendCached } from '../../http/cached-json';
import { apiErrors } from '../../http/route-helpers';
import type { PublicDataCache } from '../tournament/public-data-cache';

export const playerDashboardFeature = routesFeature('player-dashboard', (typed, { cache }) =>
  registerPlayerDashboardRoutes(typed, cache),
);

/**
 * GET /api/me/player-dashboard: the signed-in user's own player (players.user_id), never anyone else's:
 * the user id comes from the session, there is no parameter to name another player. Derived from the
 * public snapshot, so it costs no database read beyond the session check.
 */
function registerPlayerDashboardRoutes(typed: TypedApp, cache: PublicDataCache): void {
  typed.get(
    '/api/me/player-dashboard',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'My next board, results, standing and team (player null when my account is not linked)',
        tags: ['account'],
        response: { 200: playerDashboardResponseSchema, ...apiErrors(401, 403) },
      },
      // Personal data: browsers may keep it for revalidation, shared caches must not.
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode < 400) reply.header('cache-control', 'private, no-cache');
        return payload;
      },
    },
    async (request, reply) => {
      const actor = (await request.actor())!;
      return sendCached(request, reply, (await cache.snapshot()).dashboard(actor.userId));
    },
  );
}
