import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CONSENT_TOKEN_HEADER, guardianConsentViewSchema } from '../../../contracts/guardian-consent';
import { getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const path = (playerId: string) => `/api/registrations/consent/${encodeURIComponent(playerId)}`;

export const guardianConsentQuery = (playerId: string, token: string) =>
  queryOptions({
    queryKey: queryKeys.guardianConsent(playerId),
    queryFn: ({ signal }) =>
      getJson(path(playerId), guardianConsentViewSchema, signal, { [CONSENT_TOKEN_HEADER]: token }),
    retry: false,
  });

/** "I consent": idempotent on the server, so a double press or a retry does no harm. */
export function useConfirmGuardianConsent(playerId: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson('POST', path(playerId), { token }, guardianConsentViewSchema),
    onSuccess: (view) => queryClient.setQueryData(queryKeys.guardianConsent(playerId), view),
  });
}
