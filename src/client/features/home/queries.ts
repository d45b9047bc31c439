import { queryOptions, useQuery } from '@tanstack/react-query';
import { homeResponseSchema } from '../../../contracts/home';
import { getJson } from '../../lib/api-client';
import { queryKeys, tournamentDataPolicy } from '../../lib/query-keys';

/** Everything the home page shows in one request; the header also reads leaderboard visibility from it. */
export const homeQuery = queryOptions({
  queryKey: queryKeys.home,
  queryFn: ({ signal }) => getJson('/api/public/home', homeResponseSchema, signal),
  ...tournamentDataPolicy,
});

export function useHome() {
  return useQuery(homeQuery);
}

/** The organisers' header colour setting (home page settings), '' until loaded. */
export function useHeaderBackgroundColor(): string {
  const { data } = useQuery({ ...homeQuery, select: (home) => home.settings.header_background_color });
  return data ?? '';
}

/** docs/requirements.md §4: the leaderboard counts as visible while loading or on any error. */
export function useLeaderboardVisible(): boolean {
  const { data } = useQuery({ ...homeQuery, select: (home) => home.leaderboardVisible });
  return data ?? true;
}
