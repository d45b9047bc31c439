import {
  keepPreviousData,
  queryOptions,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  type BadgeHolder,
  badgeActionResponseSchema,
  badgeListSchema,
  issueBadgesResponseSchema,
} from '../../../contracts/badges';
import {
  CHECKIN_MESSAGES,
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
import { ApiRequestError, getJson, sendJson } from '../../lib/api-client';
import { theOutbox } from '../../lib/outbox/outbox';
import { outcomeOfStatus } from '../../lib/outbox/outbox-core';
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

const playerPath = (id: string) => `/api/admin/checkin/players/${encodeURIComponent(id)}`;

type DeskAction = { kind: 'check-in' | 'undo'; player: CheckinPlayer };

/** The outbox's action kinds of the desk (ADR 032); the kiosk may queue 'checkin.check-in' too. */
export const CHECKIN_OUTBOX_KINDS = ['checkin.check-in', 'checkin.undo'] as const;
type QueuedDeskAction = { playerId: string; name: string };

const outboxKindOf = (kind: DeskAction['kind']) =>
  kind === 'check-in' ? 'checkin.check-in' : 'checkin.undo';

/**
 * Sends the desk's queued actions (ADR 032) while the page is open: with their client id, the time they were
 * made and `source: 'offline'`; then the desk and overview are read again.
 */
export function useCheckinOutbox(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    for (const kind of CHECKIN_OUTBOX_KINDS) {
      theOutbox().registerSender(kind, {
        send: async (payload, meta) => {
          const { playerId } = payload as QueuedDeskAction;
          try {
            await sendJson(
              kind === 'checkin.check-in' ? 'POST' : 'DELETE',
              playerPath(playerId),
              { ...meta, source: 'offline' },
              checkinActionResponseSchema,
            );
            return { kind: 'sent' };
          } catch (error) {
            if (!(error instanceof ApiRequestError)) throw error;
            return outcomeOfStatus(error.status, error.message);
          }
        },
        describe: (payload) =>
          `${kind === 'checkin.check-in' ? 'Check-in' : 'Undo of the check-in'} of ${(payload as QueuedDeskAction).name}`,
        onSent: () => void queryClient.invalidateQueries({ queryKey: queryKeys.checkin }),
      });
    }
  }, [queryClient]);
}

/**
 * A desk action the server cannot take now (offline, no answer, or earlier actions still waiting): stored on
 * the device and answered as if done, the row showing it at once.
 */
async function queueDeskAction({ kind, player }: DeskAction) {
  await theOutbox().enqueue(outboxKindOf(kind), `player:${player.id}`, {
    playerId: player.id,
    name: player.name,
  } satisfies QueuedDeskAction);
  const checkedInAt = kind === 'check-in' ? new Date().toISOString() : null;
  return {
    player: { ...player, checkedInAt },
    message:
      kind === 'check-in' ? CHECKIN_MESSAGES.checkedIn(player.name) : CHECKIN_MESSAGES.undone(player.name),
  };
}

async function sendDeskAction(action: DeskAction) {
  if (!navigator.onLine || theOutbox().hasWaiting(CHECKIN_OUTBOX_KINDS)) return queueDeskAction(action);
  try {
    return await sendJson(
      action.kind === 'check-in' ? 'POST' : 'DELETE',
      playerPath(action.player.id),
      undefined,
      checkinActionResponseSchema,
    );
  } catch (error) {
    // No answer: the connection dropped on the way; the outbox keeps it (the server accepts it once).
    if (error instanceof ApiRequestError && error.status === 0) return queueDeskAction(action);
    throw error;
  }
}

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
    mutationFn: sendDeskAction,
    networkMode: 'always',
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
