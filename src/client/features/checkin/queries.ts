import {
  keepPreviousData,
  queryOptions,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type BadgeHolder,
  badgeActionResponseSchema,
  badgeListSchema,
  issueBadgesResponseSchema,
} from '../../../contracts/badges';
import {
  CHECKIN_SEARCH_LIMIT,
  type CheckinPlayer,
  type CheckinSearchResponse,
  type CheckinState,
  checkinActionResponseSchema,
  checkinOverviewSchema,
  checkinSchoolListSchema,
  checkinSchoolsResponseSchema,
  checkinSearchResponseSchema,
  checkinStateSchema,
  type SchoolActionBody,
  schoolActionResponseSchema,
  setCheckinStateResponseSchema,
} from '../../../contracts/checkin';
import {
  type KioskScanBody,
  type KioskScanResponse,
  kioskScanResponseSchema,
  kioskUnlockResponseSchema,
} from '../../../contracts/kiosk';
import { matchesCheckinSearch, normalizeSearchText } from '../../../domain/checkin';
import { getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * docs/requirements.md §4: check-in is closed when the setting is missing or fails to load. A failed read leaves `data`
 * undefined, which the pages read as closed.
 */
export const checkinStateQuery = queryOptions({
  queryKey: queryKeys.checkinState,
  queryFn: ({ signal }) => getJson('/api/admin/checkin/state', checkinStateSchema, signal),
});

export const checkinDeskQuery = (search: string) =>
  queryOptions({
    queryKey: queryKeys.checkinDesk(search),
    queryFn: ({ signal }) =>
      getJson(
        `/api/admin/checkin/players?${new URLSearchParams({ search })}`,
        checkinSearchResponseSchema,
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const checkinOverviewQuery = queryOptions({
  queryKey: queryKeys.checkinOverview,
  queryFn: ({ signal }) => getJson('/api/admin/checkin/overview', checkinOverviewSchema, signal),
});

/** Open unless the state is known to be open: missing, loading or failed all read as closed. */
export function useCheckinOpen(): { isOpen: boolean; isKnown: boolean } {
  const { data } = useQuery(checkinStateQuery);
  return { isOpen: data?.open === true, isKnown: data !== undefined };
}

/**
 * Offline, the server cannot search: the desk then searches the players it has already seen (every cached
 * search), with the same rule as the server, so a pupil found once today can be checked in without Wi-Fi.
 */
function searchSeenPlayers(
  queryClient: ReturnType<typeof useQueryClient>,
  search: string,
): CheckinSearchResponse | undefined {
  const cached = queryClient.getQueriesData<CheckinSearchResponse>({
    queryKey: [...queryKeys.checkin, 'desk'],
  });
  const seen = new Map<string, CheckinPlayer>();
  let latest: CheckinSearchResponse | undefined;
  for (const [, data] of cached) {
    if (!data) continue;
    latest ??= data;
    for (const player of data.players) seen.set(player.id, player);
  }
  if (!latest) return undefined;
  const query = normalizeSearchText(search);
  const players = query
    ? [...seen.values()]
        .filter((player) => matchesCheckinSearch({ name: player.name, groupName: player.team }, query))
        .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }))
    : [];
  return { ...latest, players: players.slice(0, CHECKIN_SEARCH_LIMIT), isTruncated: false };
}

export function useCheckinDesk(search: string) {
  const queryClient = useQueryClient();
  const query = useQuery(checkinDeskQuery(search));
  if (query.fetchStatus !== 'paused' || (query.data && !query.isPlaceholderData)) return query;
  const data = searchSeenPlayers(queryClient, search);
  if (!data) return query;
  return {
    ...query,
    data,
    error: null,
    isPending: false,
    isError: false,
    isSuccess: true,
    status: 'success',
  } as UseQueryResult<CheckinSearchResponse>;
}

export function useCheckinOverview() {
  return useQuery(checkinOverviewQuery);
}

export function useSetCheckinOpen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (open: boolean) =>
      sendJson('PUT', '/api/admin/checkin/state', { open }, setCheckinStateResponseSchema),
    // The switch moves at once; it moves back if the server refuses.
    onMutate: async (open) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.checkinState });
      const previous = queryClient.getQueryData<CheckinState>(queryKeys.checkinState);
      queryClient.setQueryData<CheckinState>(queryKeys.checkinState, { open });
      return { previous };
    },
    onError: (_error, _open, context) => {
      queryClient.setQueryData(queryKeys.checkinState, context?.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.checkinState }),
  });
}

/** A player's desk address (check in, undo, rename). */
export const playerPath = (id: string) => `/api/admin/checkin/players/${encodeURIComponent(id)}`;

export function useRenamePlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      sendJson('PUT', `${playerPath(id)}/name`, { name }, checkinActionResponseSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.checkin }),
  });
}

/**
 * The kiosk's one call to the server (ADR 031): a badge's token or code, checked in or signed out. Kept to
 * this one function so that a scan can later go through the offline queue unchanged.
 */
export function sendKioskScan(body: KioskScanBody): Promise<KioskScanResponse> {
  return sendJson('POST', '/api/kiosk/scan', body, kioskScanResponseSchema);
}

export function unlockKiosk(password: string) {
  return sendJson('POST', '/api/kiosk/unlock', { password }, kioskUnlockResponseSchema);
}

/** Whole-school check-in or sign-out (the kiosk after a school badge, and the desk). */
export function useSchoolAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ schoolId, ...body }: SchoolActionBody & { schoolId: string }) =>
      sendJson(
        'POST',
        `/api/admin/checkin/schools/${encodeURIComponent(schoolId)}`,
        body,
        schoolActionResponseSchema,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.checkin }),
  });
}

export const checkinSchoolsQuery = queryOptions({
  queryKey: [...queryKeys.checkin, 'schools'],
  queryFn: ({ signal }) => getJson('/api/admin/checkin/schools', checkinSchoolsResponseSchema, signal),
});

export const checkinSchoolQuery = (schoolId: string) =>
  queryOptions({
    queryKey: [...queryKeys.checkin, 'schools', schoolId],
    queryFn: ({ signal }) =>
      getJson(`/api/admin/checkin/schools/${encodeURIComponent(schoolId)}`, checkinSchoolListSchema, signal),
  });

export const badgeListQuery = queryOptions({
  queryKey: [...queryKeys.checkin, 'badges'],
  queryFn: ({ signal }) => getJson('/api/admin/badges', badgeListSchema, signal),
});

/** Issue the missing badges, or reissue or revoke one holder's. */
export function useBadgeAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      action: { kind: 'issue' } | { kind: 'reissue' | 'revoke'; holder: Pick<BadgeHolder, 'kind' | 'id'> },
    ): Promise<{ message: string }> => {
      if (action.kind === 'issue') {
        return sendJson('POST', '/api/admin/badges/issue', undefined, issueBadgesResponseSchema);
      }
      const path = `/api/admin/badges/${action.holder.kind}/${encodeURIComponent(action.holder.id)}`;
      return action.kind === 'reissue'
        ? sendJson('POST', `${path}/reissue`, undefined, badgeActionResponseSchema)
        : sendJson('DELETE', path, undefined, badgeActionResponseSchema);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: badgeListQuery.queryKey }),
  });
}
