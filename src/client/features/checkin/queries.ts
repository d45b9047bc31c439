import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BadgeHolder,
  badgeActionResponseSchema,
  badgeListSchema,
  issueBadgesResponseSchema,
} from '../../../contracts/badges';
import {
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

export function useCheckinDesk(search: string) {
  return useQuery(checkinDeskQuery(search));
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

const playerPath = (id: string) => `/api/admin/checkin/players/${encodeURIComponent(id)}`;

type DeskAction = { kind: 'check-in' | 'undo'; player: CheckinPlayer };

/** A cached desk search with one player's row replaced and the checked-in count moved to match. */
function patchDesk(
  data: CheckinSearchResponse | undefined,
  player: CheckinPlayer,
): CheckinSearchResponse | undefined {
  if (!data) return data;
  const before = data.players.find((candidate) => candidate.id === player.id);
  const delta = before ? Number(player.checkedInAt !== null) - Number(before.checkedInAt !== null) : 0;
  return {
    ...data,
    counts: { ...data.counts, checkedIn: data.counts.checkedIn + delta },
    players: data.players.map((candidate) => (candidate.id === player.id ? player : candidate)),
  };
}

/**
 * Check in or undo, shown at once: the row and the counts change before the server answers, and go back if
 * it refuses. Whatever happens, the desk and overview are then read again.
 */
export function useDeskAction() {
  const queryClient = useQueryClient();
  const desks = { queryKey: [...queryKeys.checkin, 'desk'] };
  return useMutation({
    mutationFn: ({ kind, player }: DeskAction) =>
      sendJson(
        kind === 'check-in' ? 'POST' : 'DELETE',
        playerPath(player.id),
        undefined,
        checkinActionResponseSchema,
      ),
    onMutate: async ({ kind, player }) => {
      await queryClient.cancelQueries(desks);
      const previous = queryClient.getQueriesData<CheckinSearchResponse>(desks);
      const optimistic = { ...player, checkedInAt: kind === 'check-in' ? new Date().toISOString() : null };
      queryClient.setQueriesData<CheckinSearchResponse>(desks, (data) => patchDesk(data, optimistic));
      return { previous };
    },
    onError: (_error, _action, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: ({ player }) => {
      queryClient.setQueriesData<CheckinSearchResponse>(desks, (data) => patchDesk(data, player));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.checkin }),
  });
}

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
