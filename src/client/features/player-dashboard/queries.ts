import { queryOptions, useQuery } from '@tanstack/react-query';
import { playerDashboardResponseSchema } from '../../../contracts/player-dashboard';
import { getJson } from '../../lib/api-client';
import { queryKeys, tournamentDataPolicy } from '../../lib/query-keys';

/** The signed-in user's own player; refreshed live with the tournament data and dropped at sign-out. */
export const playerDashboardQuery = queryOptions({
  queryKey: queryKeys.playerDashboard,
  queryFn: ({ signal }) => getJson('/api/me/player-dashboard', playerDashboardResponseSchema, signal),
  ...tournamentDataPolicy,
});

export function usePlayerDashboard() {
  return useQuery(playerDashboardQuery);
}
