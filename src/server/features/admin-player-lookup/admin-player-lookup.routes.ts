import {
  lookupDetailResponseSchema,
  lookupQuerySchema,
  lookupSearchResponseSchema,
} from '../../../contracts/admin-player-lookup';
import { playerIdParamsSchema } from '../../../contracts/player-management';
import type { Db } from '../../db/client';
import { routesFeature, type TypedApp } from '../../feature-context';
import { apiErrors } from '../../http/route-helpers';
import * as service from './admin-player-lookup.service';

const errors = apiErrors(400, 401, 403, 404);
const tags = ['admin player lookup'];

export const adminPlayerLookupFeature = routesFeature('admin-player-lookup', (typed, { db }) =>
  registerAdminPlayerLookupRoutes(typed, db),
);

/** /api/admin/player-lookup (view_admin_player_lookup): read-only, for staff at the desk or the boards. */
function registerAdminPlayerLookupRoutes(typed: TypedApp, db: Db): void {
  const access = 'lookUpPlayers';

  typed.get(
    '/api/admin/player-lookup',
    {
      config: { access },
      schema: {
        summary: 'Players of the active tournament whose name or team matches (50 at most)',
        tags,
        querystring: lookupQuerySchema,
        response: { 200: lookupSearchResponseSchema, ...errors },
      },
    },
    async (request) => service.searchPlayers(db, request.query.search),
  );

  typed.get(
    '/api/admin/player-lookup/:id',
    {
      config: { access },
      schema: {
        summary: "A player's current board, colour and opponent, every result, points, rank and check-in",
        tags,
        params: playerIdParamsSchema,
        response: { 200: lookupDetailResponseSchema, ...errors },
      },
    },
    async (request) => service.playerDetail(db, request.params.id),
  );
}
