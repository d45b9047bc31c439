import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '../../../contracts/common';
import {
  type SafeSwitch,
  type SafeSwitchChange,
  safeControlResponseSchema,
} from '../../../contracts/safe-control';
import { getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const SAFE_CONTROL_BASE = '/api/admin/safe-control';

/** Every switch with its reason, banner, end time and who changed it (superadmin). Live through 'settings'. */
export function useSafeControl() {
  return useQuery({
    queryKey: queryKeys.adminSafeControl,
    queryFn: ({ signal }) => getJson(SAFE_CONTROL_BASE, safeControlResponseSchema, signal),
  });
}

/** Switches one on (reason, banner, optional end) or off (reason); the page and every banner read again. */
export function useChangeSafeSwitch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, change }: { name: SafeSwitch; change: SafeSwitchChange }) =>
      sendJson('PUT', `${SAFE_CONTROL_BASE}/${name}`, change, messageResponseSchema),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminSafeControl }),
        queryClient.invalidateQueries({ queryKey: queryKeys.siteStatus }),
      ]),
  });
}

/** Dismisses the notice of a restore that did not finish (superadmin, audited); the page reads again. */
export function useDismissUnfinishedRestore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      sendJson('DELETE', `${SAFE_CONTROL_BASE}/unfinished-restore`, {}, messageResponseSchema),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminSafeControl }),
        queryClient.invalidateQueries({ queryKey: queryKeys.systemStatus }),
      ]),
  });
}
