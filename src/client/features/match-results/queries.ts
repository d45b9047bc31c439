import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ResultEntryResponse,
  resultEntryResponseSchema,
  type SetMatchResultBody,
  setMatchResultResponseSchema,
} from '../../../contracts/match-results';
import { getJson, sendJson } from '../../lib/api-client';
import { queryKeys, tournamentDataPolicy } from '../../lib/query-keys';

/**
 * The boards of one round for result entry ('current': the tournament's current round). The key sits under
 * 'rounds', so live changes of matches, rounds, players and the tournament refetch it: other staff's
 * entries appear without a reload.
 */
export const resultEntryQuery = (round: number | 'current') =>
  queryOptions({
    queryKey: queryKeys.resultEntryRound(round),
    queryFn: ({ signal }) =>
      getJson(
        round === 'current' ? '/api/admin/match-results' : `/api/admin/match-results?round=${round}`,
        resultEntryResponseSchema,
        signal,
      ),
    ...tournamentDataPolicy,
  });

export function useResultEntry(round: number | 'current') {
  return useQuery(resultEntryQuery(round));
}

/**
 * Sets, changes or clears one result, naming the version read. On success the board is replaced in every
 * cached round view at once (the live refetch follows); on any failure (409 stale, refused) the round is
 * re-read so the row shows what is stored now.
 */
export function useSetMatchResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ matchId, ...body }: { matchId: string } & SetMatchResultBody) =>
      sendJson(
        'PUT',
        `/api/admin/match-results/${encodeURIComponent(matchId)}`,
        body,
        setMatchResultResponseSchema,
      ),
    onSuccess: ({ board }) => {
      queryClient.setQueriesData<ResultEntryResponse>({ queryKey: queryKeys.resultEntry }, (data) => {
        if (!data?.boards.some((candidate) => candidate.matchId === board.matchId)) return data;
        const boards = data.boards.map((candidate) =>
          candidate.matchId === board.matchId ? board : candidate,
        );
        return {
          ...data,
          boards,
          counts: { ...data.counts, finished: boards.filter((b) => b.result !== null).length },
        };
      });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.resultEntry }),
  });
}
