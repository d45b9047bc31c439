import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '../../../contracts/common';
import { adminSectionsResponseSchema, type SectionsBody } from '../../../contracts/sections';
import { getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const BASE = '/api/admin/sections';

export function useAdminSections() {
  return useQuery({
    queryKey: queryKeys.adminSections,
    queryFn: ({ signal }) => getJson(BASE, adminSectionsResponseSchema, signal),
  });
}

/** After a change: the sections, and every public list they split (standings, prizes). */
function useInvalidateSections() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.adminSections }),
      queryClient.invalidateQueries({ queryKey: queryKeys.adminPrizes }),
    ]);
}

export function useSaveSections() {
  const onSettled = useInvalidateSections();
  return useMutation({
    mutationFn: (body: SectionsBody) => sendJson('PUT', BASE, body, messageResponseSchema),
    onSettled,
  });
}

export function usePlacePlayer() {
  const onSettled = useInvalidateSections();
  return useMutation({
    mutationFn: ({ playerId, sectionId }: { playerId: string; sectionId: string | null }) =>
      sendJson('PUT', `${BASE}/players/${playerId}`, { sectionId }, messageResponseSchema),
    onSettled,
  });
}
