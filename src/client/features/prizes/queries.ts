import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '../../../contracts/common';
import { adminPrizesResponseSchema, type PrizeConfig, prizesViewSchema } from '../../../contracts/prizes';
import { getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const PRIZES_BASE = '/api/admin/prizes';

/** The public prize list (ADR 043): live with the standings; no winners while embargoed. */
export function usePublicPrizes() {
  return useQuery({
    queryKey: queryKeys.prizes,
    queryFn: ({ signal }) => getJson('/api/public/prizes', prizesViewSchema, signal),
  });
}

/** The prizes' address: the event's, or one section's in an event with sections (ADR 044; null: the first). */
const prizesUrl = (section: string | null) =>
  section ? `${PRIZES_BASE}?section=${encodeURIComponent(section)}` : PRIZES_BASE;

export function useAdminPrizes(section: string | null) {
  return useQuery({
    queryKey: [...queryKeys.adminPrizes, section],
    queryFn: ({ signal }) => getJson(prizesUrl(section), adminPrizesResponseSchema, signal),
  });
}

function useInvalidatePrizes() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.adminPrizes }),
      queryClient.invalidateQueries({ queryKey: queryKeys.prizes }),
    ]);
}

export function useSavePrizes(section: string | null) {
  const onSettled = useInvalidatePrizes();
  return useMutation({
    mutationFn: (config: PrizeConfig) => sendJson('PUT', prizesUrl(section), config, messageResponseSchema),
    onSettled,
  });
}

export function useEmbargoPrizes() {
  const onSettled = useInvalidatePrizes();
  return useMutation({
    mutationFn: (embargoed: boolean) =>
      sendJson('PUT', `${PRIZES_BASE}/embargo`, { embargoed }, messageResponseSchema),
    onSettled,
  });
}
