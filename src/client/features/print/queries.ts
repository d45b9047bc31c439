import { queryOptions, useQuery } from '@tanstack/react-query';
import { badgeListSchema } from '../../../contracts/badges';
import { rosterResponseSchema } from '../../../contracts/roster';
import { getJson } from '../../lib/api-client';
import { queryKeys, tournamentDataPolicy } from '../../lib/query-keys';

export const rosterQuery = queryOptions({
  queryKey: queryKeys.roster,
  queryFn: ({ signal }) => getJson('/api/public/roster', rosterResponseSchema, signal),
  ...tournamentDataPolicy,
});

export function useRoster() {
  return useQuery(rosterQuery);
}

/** The kiosk badges (staff with access_checkin_settings only): `/print/badges?checkin=1`. */
export function useCheckinBadges(isWanted: boolean) {
  return useQuery({
    queryKey: [...queryKeys.checkin, 'badges'],
    queryFn: ({ signal }) => getJson('/api/admin/badges', badgeListSchema, signal),
    enabled: isWanted,
  });
}
