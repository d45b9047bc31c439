import {
  type InfiniteData,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { messageResponseSchema } from '../../../contracts/common';
import {
  type SystemLogPage,
  systemLogOptionsSchema,
  systemLogPageSchema,
} from '../../../contracts/system-logs';
import { getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { filtersToParams, type LogFilters } from './log-filters';

export const SYSTEM_LOGS_BASE = '/api/admin/system-logs';
/** New rows show within this long while the page is open and the tab visible. */
export const LIVE_REFRESH_MS = 5_000;

const withQuery = (path: string, params: URLSearchParams) => {
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

/** A plain link with the current filters, so the browser saves the attachment. */
export function systemLogsExportUrl(format: 'csv' | 'json', filters: LogFilters): string {
  const params = filtersToParams(filters);
  params.set('format', format);
  return withQuery(`${SYSTEM_LOGS_BASE}/export`, params);
}

/**
 * The filtered list, newest first, 500 rows a page; `fetchNextPage` reads the next by cursor. Live: the list
 * is read again every 5 s while the tab is visible (TanStack pauses the interval in a hidden tab). Refetching
 * an infinite query reads every loaded page again, so to keep the poll to one request it runs only while the
 * first page alone is shown; once older rows are loaded the list stands still until the filters change.
 */
export function useSystemLogs(filters: LogFilters) {
  const query = filtersToParams(filters);
  return useInfiniteQuery({
    queryKey: queryKeys.systemLogList(query.toString()),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams(query);
      if (pageParam) params.set('cursor', pageParam);
      return getJson(withQuery(SYSTEM_LOGS_BASE, params), systemLogPageSchema, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: SystemLogPage) => last.nextCursor,
    refetchInterval: (current) => (isFirstPageOnly(current.state.data) ? LIVE_REFRESH_MS : false),
    // The rows of the previous filters stay on screen while the new ones load (no flash per keystroke).
    placeholderData: keepPreviousData,
  });
}

export const isFirstPageOnly = (data: InfiniteData<SystemLogPage> | undefined) =>
  (data?.pages.length ?? 0) <= 1;

export function useSystemLogOptions() {
  return useQuery({
    queryKey: queryKeys.systemLogOptions,
    queryFn: ({ signal }) => getJson(`${SYSTEM_LOGS_BASE}/options`, systemLogOptionsSchema, signal),
  });
}

/**
 * Superadmins: how many days log rows are kept. The options carry the saved value, and the change writes a
 * log row of its own: both are read again.
 */
export function useSaveLogRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: number) =>
      sendJson('PUT', `${SYSTEM_LOGS_BASE}/retention`, { days }, messageResponseSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.systemLogs }),
  });
}
