import { queryOptions, useQuery } from '@tanstack/react-query';
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
