import { queryOptions, useQuery } from '@tanstack/react-query';
import { leaderboardResponseSchema } from '../../../contracts/leaderboard';
import { getJson } from '../../lib/api-client';
import { queryKeys, tournamentDataPolicy } from '../../lib/query-keys';

export const leaderboardQuery = queryOptions({
  queryKey: queryKeys.leaderboard,
  queryFn: ({ signal }) => getJson('/api/public/leaderboard', leaderboardResponseSchema, signal),
  ...tournamentDataPolicy,
});

export function useLeaderboard() {
  return useQuery(leaderboardQuery);
}
