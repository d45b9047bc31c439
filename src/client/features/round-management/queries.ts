import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type GeneratePairingsBody,
  generatePairingsResponseSchema,
  type ManualChangeBody,
  manualChangeResponseSchema,
  type RoundCountBody,
  roundActionResponseSchema,
  roundCountResponseSchema,
  roundDetailSchema,
  roundsResponseSchema,
} from '../../../contracts/round-management';
import { getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** Staff data: refreshed by live changes (its key is under 'rounds'), on focus, and every 15 s as a fallback. */
const policy = { refetchInterval: 15_000, refetchOnWindowFocus: true } as const;

export const roundsQuery = queryOptions({
  queryKey: queryKeys.roundManagement,
  queryFn: ({ signal }) => getJson('/api/admin/rounds', roundsResponseSchema, signal),
  ...policy,
});

export const roundDetailQuery = (number: number) =>
  queryOptions({
    queryKey: queryKeys.roundManagementRound(number),
    queryFn: ({ signal }) => getJson(`/api/admin/rounds/${number}`, roundDetailSchema, signal),
    placeholderData: keepPreviousData,
    ...policy,
  });

export function useRounds() {
  return useQuery(roundsQuery);
}

export function useRoundDetail(number: number | null) {
  return useQuery({ ...roundDetailQuery(number ?? 0), enabled: number !== null });
}

function useRoundMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.roundManagement }),
  });
}

/** `allowRepeatBye`: the arbiter's consent to a second pairing-allocated bye, after the server asked for it. */
export function useGeneratePairings() {
  return useRoundMutation(({ number, allowRepeatBye }: { number: number; allowRepeatBye?: true }) =>
    sendJson(
      'POST',
      `/api/admin/rounds/${number}/pairings`,
      (allowRepeatBye ? { allowRepeatBye } : {}) satisfies GeneratePairingsBody,
      generatePairingsResponseSchema,
    ),
  );
}

export function useChangePairings() {
  return useRoundMutation(({ number, body }: { number: number; body: ManualChangeBody }) =>
    sendJson('POST', `/api/admin/rounds/${number}/pairings/change`, body, manualChangeResponseSchema),
  );
}

export function useRoundAction() {
  return useRoundMutation(({ number, action }: { number: number; action: 'start' | 'complete' }) =>
    sendJson('POST', `/api/admin/rounds/${number}/${action}`, {}, roundActionResponseSchema),
  );
}

export function useRoundCount() {
  return useRoundMutation((body: RoundCountBody) =>
    sendJson('PUT', '/api/admin/rounds/count', body, roundCountResponseSchema),
  );
}
