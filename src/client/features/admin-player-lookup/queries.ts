import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  lookupDetailResponseSchema,
  lookupSearchResponseSchema,
} from '../../../contracts/admin-player-lookup';
import { getJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export function useLookupSearch(search: string) {
  return useQuery({
    queryKey: queryKeys.adminPlayerLookupSearch(search),
    queryFn: ({ signal }) =>
      getJson(
        `/api/admin/player-lookup?${new URLSearchParams({ search })}`,
        lookupSearchResponseSchema,
        signal,
      ),
    enabled: search !== '',
    placeholderData: keepPreviousData,
  });
}

export function useLookupDetail(id: string | null) {
  return useQuery({
    queryKey: queryKeys.adminPlayerLookupDetail(id ?? ''),
    queryFn: ({ signal }) =>
      getJson(`/api/admin/player-lookup/${encodeURIComponent(id ?? '')}`, lookupDetailResponseSchema, signal),
    enabled: id !== null,
  });
}
