import { ACCESS_MESSAGES, PLAYER_DASHBOARD_CLOSED_TO } from '../../../contracts/common';
import { playerDashboardResponseSchema } from '../../../contracts/player-dashboard';
import type { PublicDataCache } from '../../core/tournament/public-data-cache';
import { routesFeature, type TypedApp } from '../../feature-context';
import { sendCached } from '../../http/cached-json';
import { HttpError } from '../../http/errors';
import { apiErrors } from '../../http/route-helpers';

export const playerDashboardFeature = routesFeature('player-dashboard', (typed, { cache }) =>
  registerPlayerDashboardRoutes(typed, cache),
);

/**
 * GET /api/me/player-dashboard: the signed-in user's own player (players.user_id), never anyone else's:
 * the user id comes from the session, there is no parameter to name another player. Derived from the
 * public snapshot, so it costs no database read beyond the session check. While the `player_dashboard_open`
 * setting is off (docs/requirements.md §2), a player is refused with 'Player dashboard is currently unavailable'
 * (403); staff still get their own board.
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
      const snapshot = await cache.snapshot();
      if (!snapshot.views.playerDashboardOpen && PLAYER_DASHBOARD_CLOSED_TO.includes(actor.access.role)) {
        throw new HttpError(403, ACCESS_MESSAGES.playerDashboardUnavailable);
      }
      return sendCached(request, reply, snapshot.dashboard(actor.userId));
    },
  );
}
