import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { messageResponseSchema } from '../../../contracts/common';
import {
  type CrmBoard,
  type CrmCard,
  type CrmTask,
  type CrmTaskChange,
  crmBoardSchema,
  type crmBulkChangeSchema,
  crmBulkResultSchema,
  crmOverviewSchema,
  crmSchoolSchema,
  crmStaleSchema,
  type crmTaskCreateSchema,
  crmTaskDetailSchema,
  crmTaskSchema,
  type crmTemplateChangeSchema,
  crmTemplatesSchema,
} from '../../../contracts/crm';
import {
  type CrmActivityFilters,
  crmActivityPageSchema,
  crmAnalyticsSchema,
} from '../../../contracts/crm-analytics';
import { CRM_BOARD_PATH, CRM_OVERVIEW_PATH } from '../../../contracts/crm-pages';
import type { CrmTaskKind } from '../../../domain/crm';
import { ApiRequestError, getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { applyChange, replaceTasks } from './board-logic';

export const CRM_BASE = '/api/crm';

/** The readiness matrix (schools × task kinds). Live through the 'crm' and 'registrations' topics. */
export function useCrmOverview() {
  return useQuery({
    queryKey: queryKeys.crmOverview,
    queryFn: ({ signal }) => getJson(CRM_OVERVIEW_PATH, crmOverviewSchema, signal),
  });
}

/** Every task of the board, the staff to assign and today. Live: another staff member's move refetches it. */
export function useCrmBoard() {
  return useQuery({
    queryKey: queryKeys.crmBoard,
    queryFn: ({ signal }) => getJson(CRM_BOARD_PATH, crmBoardSchema, signal),
  });
}

export function useCrmTask(id: number | null) {
  return useQuery({
    queryKey: queryKeys.crmTask(id ?? 0),
    queryFn: ({ signal }) => getJson(`${CRM_BASE}/tasks/${id}`, crmTaskDetailSchema, signal),
    enabled: id !== null,
  });
}

export function useCrmSchool(id: string) {
  return useQuery({
    queryKey: queryKeys.crmSchool(id),
    queryFn: ({ signal }) =>
      getJson(`${CRM_BASE}/schools/${encodeURIComponent(id)}`, crmSchoolSchema, signal),
  });
}

export function useCrmTemplates() {
  return useQuery({
    queryKey: queryKeys.crmTemplates,
    queryFn: ({ signal }) => getJson(`${CRM_BASE}/templates`, crmTemplatesSchema, signal),
  });
}

/** The task as the server holds it, when a change was refused as stale (409 `stale_task`); otherwise null. */
export function staleTaskOf(error: unknown): CrmTask | null {
  if (!(error instanceof ApiRequestError) || error.status !== 409) return null;
  const parsed = crmStaleSchema.safeParse(error.body);
  return parsed.success ? parsed.data.current : null;
}

/** Every CRM view is read again after a change (the live event follows for the other staff). */
function useInvalidateCrm() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.crm });
}

/** Puts tasks as the server holds them into every cached view that lists them (the board, a school page). */
function usePutTasks() {
  const queryClient = useQueryClient();
  return (tasks: readonly (CrmTask | CrmCard)[]) => {
    queryClient.setQueryData<CrmBoard>(queryKeys.crmBoard, (board) =>
      board ? replaceTasks(board, tasks) : board,
    );
    for (const task of tasks) {
      if (!('checklist' in task)) continue; // a card put back as it was: its dialog's copy is whole already
      queryClient.setQueryData(queryKeys.crmTask(task.id), (detail: { task: CrmTask } | undefined) =>
        detail ? { ...detail, task } : detail,
      );
    }
  };
}

export type TaskChange = Omit<CrmTaskChange, 'version'>;

/**
 * One task's change (a move, an assignee, a date…), naming the version read. The board shows it at once
 * (optimistic); a refusal puts the card back as it was, and a stale refusal (409) puts it where the server says
 * it now is (`current`). The caller tells the user either way: a move is never dropped silently.
 */
export function useChangeTask() {
  const queryClient = useQueryClient();
  const putTasks = usePutTasks();
  const invalidate = useInvalidateCrm();
  return useMutation({
    mutationFn: ({ task, change }: { task: CrmCard; change: TaskChange }) =>
      sendJson('PATCH', `${CRM_BASE}/tasks/${task.id}`, { ...change, version: task.version }, crmTaskSchema),
    onMutate: async ({ task, change }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.crmBoard });
      queryClient.setQueryData<CrmBoard>(queryKeys.crmBoard, (board) =>
        board ? applyChange(board, task.id, change) : board,
      );
    },
    onSuccess: (saved) => putTasks([saved]),
    onError: (error, { task }) => putTasks([staleTaskOf(error) ?? task]),
    onSettled: invalidate,
  });
}

export type BulkChange = z.input<typeof crmBulkChangeSchema>;

/** One change to several tasks with a stated reason; those changed meanwhile come back as `stale`. */
export function useBulkChange() {
  const putTasks = usePutTasks();
  const invalidate = useInvalidateCrm();
  return useMutation({
    mutationFn: (body: BulkChange) => sendJson('POST', `${CRM_BASE}/tasks/bulk`, body, crmBulkResultSchema),
    onSuccess: ({ stale }) => putTasks(stale),
    onSettled: invalidate,
  });
}

export function useCreateTask() {
  const invalidate = useInvalidateCrm();
  return useMutation({
    mutationFn: (body: z.input<typeof crmTaskCreateSchema>) =>
      sendJson('POST', `${CRM_BASE}/tasks`, body, crmTaskSchema),
    onSettled: invalidate,
  });
}

export function useAddComment(taskId: number) {
  const invalidate = useInvalidateCrm();
  return useMutation({
    mutationFn: (body: string) =>
      sendJson('POST', `${CRM_BASE}/tasks/${taskId}/comments`, { body }, messageResponseSchema),
    onSettled: invalidate,
  });
}

export function useAddChecklistItem(taskId: number) {
  const invalidate = useInvalidateCrm();
  return useMutation({
    mutationFn: (body: { text: string; assigneeId: string | null }) =>
      sendJson('POST', `${CRM_BASE}/tasks/${taskId}/checklist`, body, crmTaskSchema),
    onSettled: invalidate,
  });
}

export function useChangeChecklistItem() {
  const invalidate = useInvalidateCrm();
  return useMutation({
    mutationFn: ({ itemId, ...body }: { itemId: number; done?: boolean; assigneeId?: string | null }) =>
      sendJson('PATCH', `${CRM_BASE}/checklist/${itemId}`, body, crmTaskSchema),
    onSettled: invalidate,
  });
}

export function useAddSchoolNote(schoolId: string) {
  const invalidate = useInvalidateCrm();
  return useMutation({
    mutationFn: (body: string) =>
      sendJson(
        'POST',
        `${CRM_BASE}/schools/${encodeURIComponent(schoolId)}/notes`,
        { body },
        messageResponseSchema,
      ),
    onSettled: invalidate,
  });
}

export function useSaveTemplate() {
  const invalidate = useInvalidateCrm();
  return useMutation({
    mutationFn: ({ kind, ...body }: { kind: CrmTaskKind } & z.input<typeof crmTemplateChangeSchema>) =>
      sendJson('PUT', `${CRM_BASE}/templates/${kind}`, body, crmTemplatesSchema),
    onSettled: invalidate,
  });
}

/** The analytics page's series (GET /api/crm/analytics); under the CRM's key, so every CRM change refreshes it. */
export function useCrmAnalytics() {
  return useQuery({
    queryKey: [...queryKeys.crm, 'analytics'] as const,
    queryFn: ({ signal }) => getJson(`${CRM_BASE}/analytics`, crmAnalyticsSchema, signal),
  });
}

/** The activity log's address for these filters (and a page's cursor), or its CSV export's. */
export function crmActivityUrl(filters: CrmActivityFilters, extra: Record<string, string> = {}, path = '') {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...extra })) {
    if (value) params.set(key, String(value));
  }
  const query = params.toString();
  return `${CRM_BASE}/activity${path}${query ? `?${query}` : ''}`;
}

/** The activity log (crm_admin), newest first, page after page by cursor. */
export function useCrmActivity(filters: CrmActivityFilters) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.crm, 'activity', filters] as const,
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      getJson(crmActivityUrl(filters, pageParam ? { cursor: pageParam } : {}), crmActivityPageSchema, signal),
    getNextPageParam: (page) => page.nextCursor,
  });
}
