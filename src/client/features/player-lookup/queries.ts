import { queryOptions, useQuery } from '@tanstack/react-query';
import { playerLookupResponseSchema } from '../../../contracts/player-lookup';
import { getJson } from '../../lib/api-client';
import { queryKeys, tournamentDataPolicy } from '../../lib/query-keys';

/** docs/requirements.md §7: lookup results are tournament data (30 s refetch and on focus). */
export function playerLookupQuery(name: string) {
  return queryOptions({
    queryKey: queryKeys.playerLookup(name),
    queryFn: ({ signal }) =>
      getJson(`/api/public/players?name=${encodeURIComponent(name)}`, playerLookupResponseSchema, signal),
    ...tournamentDataPolicy,
  });
}

export function usePlayerLookup(name: string, enabled: boolean) {
  return useQuery({ ...playerLookupQuery(name), enabled });
}
