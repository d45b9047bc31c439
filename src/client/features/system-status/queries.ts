import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '../../../contracts/common';
import { retentionPlanSchema } from '../../../contracts/retention';
import { systemStatusSchema, userActivitySchema } from '../../../contracts/system-status';
import type { RetentionPeriods } from '../../../domain/retention';
import { getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const SYSTEM_STATUS_BASE = '/api/admin/system-status';
/** The dashboard refreshes live: both reads run again this often while the page is open and the tab visible. */
export const STATUS_REFRESH_MS = 10_000;

/** Uptime, version, database size, backups, users by role, live connections and the last hour's requests. */
export function useSystemStatus() {
  return useQuery({
    queryKey: queryKeys.systemStatus,
    queryFn: ({ signal }) => getJson(SYSTEM_STATUS_BASE, systemStatusSchema, signal),
    refetchInterval: STATUS_REFRESH_MS,
  });
}

/** The last 10 things people did, newest first. */
export function useUserActivity() {
  return useQuery({
    queryKey: queryKeys.systemStatusActivity,
    queryFn: ({ signal }) => getJson(`${SYSTEM_STATUS_BASE}/activity`, userActivitySchema, signal),
    refetchInterval: STATUS_REFRESH_MS,
  });
}

/** The retention dry run (ADR 035): what a run now would delete or anonymise; changes nothing. */
export function useRetentionDryRun() {
  return useMutation({
    mutationFn: () => sendJson('POST', '/api/admin/retention/dry-run', {}, retentionPlanSchema),
  });
}

/** Saves the retention periods (superadmin); the dashboard then reads them back. */
export function useSaveRetentionPeriods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (periods: RetentionPeriods) =>
      sendJson('PUT', '/api/admin/retention/periods', periods, messageResponseSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.systemStatus }),
  });
}
