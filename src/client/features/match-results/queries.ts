import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  type EntryBoard,
  entryBoardSchema,
  type ResultEntryResponse,
  resultEntryResponseSchema,
  type SetMatchResultBody,
  setMatchResultResponseSchema,
} from '../../../contracts/match-results';
import type { MatchResult } from '../../../domain/scoring/results';
import { ApiRequestError, getJson, sendJson } from '../../lib/api-client';
import { theOutbox } from '../../lib/outbox/outbox';
import { outcomeOfStatus } from '../../lib/outbox/outbox-core';
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

/** Puts a board into every cached round view that shows it. */
function replaceBoard(queryClient: QueryClient, board: EntryBoard): void {
  queryClient.setQueriesData<ResultEntryResponse>({ queryKey: queryKeys.resultEntry }, (data) => {
    if (!data?.boards.some((candidate) => candidate.matchId === board.matchId)) return data;
    const boards = data.boards.map((candidate) => (candidate.matchId === board.matchId ? board : candidate));
    return {
      ...data,
      boards,
      counts: { ...data.counts, finished: boards.filter((b) => b.result !== null).length },
    };
  });
}

/** The outbox's action kind of result entry (ADR 032). */
export const RESULT_OUTBOX_KIND = 'match-results.set';

/** A result kept on the device: the board, my result, and the result the board showed when I entered it. */
export interface QueuedResult {
  matchId: string;
  board: number;
  result: MatchResult | null;
  expected: MatchResult | null;
}

/**
 * Sends queued results: each names the result it last saw (`expected`), so a board another arbiter changed
 * meanwhile comes back as a conflict with the board as stored, for the arbiter to resolve. Registered by result
 * entry, and by any staff page loaded while results wait (auth/offline-session.ts).
 */
export function registerResultSender(queryClient: QueryClient): void {
  theOutbox().registerSender(RESULT_OUTBOX_KIND, {
    send: async (payload, meta) => {
      const { matchId, result, expected } = payload as QueuedResult;
      try {
        const answer = await sendJson(
          'PUT',
          `/api/admin/match-results/${encodeURIComponent(matchId)}`,
          { result, expected, ...meta },
          setMatchResultResponseSchema,
        );
        replaceBoard(queryClient, answer.board);
        return { kind: 'sent' };
      } catch (error) {
        if (!(error instanceof ApiRequestError)) throw error;
        const current = entryBoardSchema.safeParse((error.body as { current?: unknown } | null)?.current);
        return outcomeOfStatus(error.status, error.message, {
          isConflict: current.success,
          current: current.data,
        });
      }
    },
    // Changed twice before it was sent: the second change still replaces what the board showed at first.
    merge: (older, newer) => ({ ...(newer as QueuedResult), expected: (older as QueuedResult).expected }),
    describe: (payload) => `Board ${(payload as QueuedResult).board}`,
    onSent: () => void queryClient.invalidateQueries({ queryKey: queryKeys.resultEntry }),
  });
}

/** Result entry sends the queued results while it is open. */
export function useResultOutbox(): void {
  const queryClient = useQueryClient();
  useEffect(() => registerResultSender(queryClient), [queryClient]);
}

/** Keeps a result on the device (offline, or no answer) and shows it on the board at once. */
export async function queueResult(queryClient: QueryClient, board: EntryBoard, result: MatchResult | null) {
  await theOutbox().enqueue(RESULT_OUTBOX_KIND, `match:${board.matchId}`, {
    matchId: board.matchId,
    board: board.board,
    result,
    expected: board.result,
  } satisfies QueuedResult);
  replaceBoard(queryClient, { ...board, result });
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
    onSuccess: ({ board }) => replaceBoard(queryClient, board),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.resultEntry }),
  });
}
