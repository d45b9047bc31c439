import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  BACKUP_JOB_POLL_MS,
  type BackupSchedule,
  backupJobSchema,
  backupJobStartedSchema,
  backupListSchema,
  backupScheduleSchema,
} from '../../../contracts/backups';
import { messageResponseSchema } from '../../../contracts/common';
import { getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const BACKUPS_BASE = '/api/admin/backups';

/** Under 'admin', so dropped at sign-out with the other staff data. */
const backupKeys = {
  list: [...queryKeys.admin, 'backups', 'list'] as const,
  job: (id: string) => [...queryKeys.admin, 'backups', 'job', id] as const,
};

const pathOf = (name: string) => `${BACKUPS_BASE}/${encodeURIComponent(name)}`;

/** A plain link, so the browser saves the file. */
export const backupDownloadUrl = (name: string) => `${pathOf(name)}/download`;

/** The backups (newest first), the schedule, and the job running on the answering process. */
export function useBackups() {
  return useQuery({
    queryKey: backupKeys.list,
    queryFn: ({ signal }) => getJson(BACKUPS_BASE, backupListSchema, signal),
  });
}

/** A job's progress, asked for every 500 ms until it has finished. */
export function useBackupJob(jobId: string | null) {
  return useQuery({
    queryKey: backupKeys.job(jobId ?? ''),
    queryFn: ({ signal }) => getJson(`${BACKUPS_BASE}/jobs/${jobId}`, backupJobSchema, signal),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.finishedAt ? false : BACKUP_JOB_POLL_MS),
  });
}

/** After a job or a change: the list, and the dashboard's backup times. */
export function useRefreshBackups() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: backupKeys.list }),
        queryClient.invalidateQueries({ queryKey: queryKeys.systemStatus }),
      ]),
    [queryClient],
  );
}

export function useStartBackup() {
  return useMutation({
    mutationFn: () => sendJson('POST', BACKUPS_BASE, {}, backupJobStartedSchema),
  });
}

export function useStartRestore() {
  return useMutation({
    mutationFn: (name: string) => sendJson('POST', `${pathOf(name)}/restore`, {}, backupJobStartedSchema),
  });
}

export function useDeleteBackup() {
  const refresh = useRefreshBackups();
  return useMutation({
    mutationFn: (name: string) => sendJson('DELETE', pathOf(name), {}, messageResponseSchema),
    onSettled: refresh,
  });
}

export function useSaveBackupSchedule() {
  const refresh = useRefreshBackups();
  return useMutation({
    mutationFn: (schedule: BackupSchedule) =>
      sendJson('PUT', `${BACKUPS_BASE}/schedule`, schedule, backupScheduleSchema),
    onSettled: refresh,
  });
}
