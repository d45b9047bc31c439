import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CURRENT_BROADCASTS_PATH, currentBroadcastsSchema } from '../../../contracts/broadcasts';
import { messageResponseSchema } from '../../../contracts/common';
import {
  adminScreenResponseSchema,
  adminScreensResponseSchema,
  type ScreenInput,
  type ScreenSwitchInput,
  screenDisplaySchema,
  screenSwitchResponseSchema,
} from '../../../contracts/venue-screens';
import { ApiRequestError, getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const SCREENS_BASE = '/api/admin/venue-screens';
/** A safety net under the live stream: a screen reads again this often even when it heard of no change. */
export const SCREEN_REFRESH_MS = 60_000;

/**
 * What the screen with this code shows (ADR 042). Live through the tournament's topics and 'screens'; a failed
 * read keeps the last answer on screen (the page says since when). A code not in use (404) is not retried.
 */
export function useScreenDisplay(code: string) {
  return useQuery({
    queryKey: queryKeys.screenDisplay(code),
    queryFn: ({ signal }) => getJson(`/api/screens/${encodeURIComponent(code)}`, screenDisplaySchema, signal),
    refetchInterval: SCREEN_REFRESH_MS,
    refetchIntervalInBackground: true,
    retry: (failures, error) => !(error instanceof ApiRequestError && error.status === 404) && failures < 3,
    meta: { quiet: true },
  });
}

/** The broadcasts on now, as anyone without an account sees them (a TV signs in to nothing). */
export function useScreenBroadcasts(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.currentBroadcasts('screen'),
    queryFn: ({ signal }) => getJson(CURRENT_BROADCASTS_PATH, currentBroadcastsSchema, signal),
    enabled,
    meta: { quiet: true },
  });
}

export function useAdminScreens() {
  return useQuery({
    queryKey: queryKeys.adminScreens,
    queryFn: ({ signal }) => getJson(SCREENS_BASE, adminScreensResponseSchema, signal),
  });
}

function useInvalidateScreens() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.adminScreens });
}

export function useSaveScreen() {
  const onSettled = useInvalidateScreens();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ScreenInput }) =>
      id === null
        ? sendJson('POST', SCREENS_BASE, body, adminScreenResponseSchema)
        : sendJson('PUT', `${SCREENS_BASE}/${id}`, body, adminScreenResponseSchema),
    onSettled,
  });
}

export function useDeleteScreen() {
  const onSettled = useInvalidateScreens();
  return useMutation({
    mutationFn: (id: string) => sendJson('DELETE', `${SCREENS_BASE}/${id}`, {}, messageResponseSchema),
    onSettled,
  });
}

export function useScreenCode() {
  const onSettled = useInvalidateScreens();
  return useMutation({
    mutationFn: ({ id, revoke }: { id: string; revoke: boolean }) =>
      sendJson(revoke ? 'DELETE' : 'POST', `${SCREENS_BASE}/${id}/code`, {}, adminScreenResponseSchema),
    onSettled,
  });
}

export function useSwitchScreens() {
  const onSettled = useInvalidateScreens();
  return useMutation({
    mutationFn: (body: ScreenSwitchInput) =>
      sendJson('POST', `${SCREENS_BASE}/switch`, body, screenSwitchResponseSchema),
    onSettled,
  });
}
