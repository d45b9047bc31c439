import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BroadcastCreate, broadcastHistorySchema } from '../../../contracts/broadcasts';
import { messageResponseSchema } from '../../../contracts/common';
import { getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { isDelivering } from './broadcast-form';

export const BROADCASTS_BASE = '/api/admin/broadcasts';
/** While any e-mail of a broadcast is still going out, the history is read again this often. */
export const DELIVERY_REFRESH_MS = 2_000;

/** The history, newest first (superadmin). Live through the 'broadcasts' topic; polled while mail goes out. */
export function useBroadcastHistory() {
  return useQuery({
    queryKey: queryKeys.adminBroadcasts,
    queryFn: ({ signal }) => getJson(BROADCASTS_BASE, broadcastHistorySchema, signal),
    refetchInterval: (query) =>
      query.state.data?.broadcasts.some(isDelivering) ? DELIVERY_REFRESH_MS : false,
  });
}

/** The history and this browser's own banners follow a send or an end at once (the live event follows too). */
function useInvalidateBroadcasts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.adminBroadcasts }),
      queryClient.invalidateQueries({ queryKey: queryKeys.broadcasts }),
    ]);
}

export function useSendBroadcast() {
  const onSettled = useInvalidateBroadcasts();
  return useMutation({
    mutationFn: (body: BroadcastCreate) => sendJson('POST', BROADCASTS_BASE, body, messageResponseSchema),
    onSettled,
  });
}

export function useEndBroadcast() {
  const onSettled = useInvalidateBroadcasts();
  return useMutation({
    mutationFn: (id: number) => sendJson('POST', `${BROADCASTS_BASE}/${id}/end`, {}, messageResponseSchema),
    onSettled,
  });
}
