import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type OFFLINE_OUTCOMES,
  offlineOutcomeResponseSchema,
  offlineSessionSchema,
} from '../../../contracts/payments';
import { getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const sessionPath = (sessionId: string) => `/api/payments/offline/sessions/${encodeURIComponent(sessionId)}`;

/** A checkout session of the built-in offline test provider. */
export const offlineSessionQuery = (sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.offlineCheckout(sessionId),
    queryFn: ({ signal }) => getJson(sessionPath(sessionId), offlineSessionSchema, signal),
    retry: false,
  });

export function useOfflineSession(sessionId: string) {
  return useQuery(offlineSessionQuery(sessionId));
}

/** Pay, fail or abandon the test session; the answer says where the "provider" sends the browser next. */
export function useSettleOfflineSession(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outcome: (typeof OFFLINE_OUTCOMES)[number]) =>
      sendJson('POST', sessionPath(sessionId), { outcome }, offlineOutcomeResponseSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.offlineCheckout(sessionId) }),
  });
}
