import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { setMatchResultResponseSchema } from '../../../contracts/match-results';
import {
  type ArbiterQueueResponse,
  arbiterQueueResponseSchema,
  type PaperBoardsResponse,
  type PaperResultBody,
  paperBoardsResponseSchema,
  paperResultResponseSchema,
  type ReportBoardsResponse,
  type ReportResultResponse,
  type ResultReporting,
  reportBoardsResponseSchema,
  reportResultResponseSchema,
  resultReportingSchema,
} from '../../../contracts/result-reports';
import type { ReportedResult } from '../../../domain/result-reports';
import type { MatchResult } from '../../../domain/scoring/results';
import { getJson, sendJson } from '../../lib/api-client';
import { outcomeOfRequest, theOutbox } from '../../lib/outbox/outbox';
import { queryKeys } from '../../lib/query-keys';

/*
 * Reporting a result from a phone (ADR 040): the badge read on this page is the credential of every request.
 * It stays in this tab's memory and session storage only, never in a URL the server sees.
 */

export const REPORT_OUTBOX_KIND = 'result-reports.report';

/** Who reports on this page: the badge read on it, or the signed-in teacher's account (ADR 040). */
export type ReportSource = { kind: 'badge'; credential: string } | { kind: 'account' };

interface QueuedReport {
  /** The badge's code; null for the signed-in account (it is the session that speaks then). */
  credential: string | null;
  matchId: string;
  result: ReportedResult;
}

/** The boards this badge or account reports in the round being played; refetched live as results and reports change. */
export function useReportBoards(source: ReportSource | null) {
  return useQuery<ReportBoardsResponse>({
    queryKey:
      source?.kind === 'account'
        ? queryKeys.reportBoardsOfAccount
        : queryKeys.reportBoards(source?.credential ?? ''),
    queryFn: ({ signal }) =>
      source?.kind === 'account'
        ? getJson('/api/reports/account/boards', reportBoardsResponseSchema, signal)
        : sendJson(
            'POST',
            '/api/reports/boards',
            { credential: source?.credential },
            reportBoardsResponseSchema,
          ),
    enabled: source !== null,
    retry: false,
  });
}

function postReport(
  { credential, ...answer }: QueuedReport,
  clientId: string,
): Promise<ReportResultResponse> {
  return credential === null
    ? sendJson('POST', '/api/reports/account', { ...answer, clientId }, reportResultResponseSchema)
    : sendJson('POST', '/api/reports', { ...answer, credential, clientId }, reportResultResponseSchema);
}

/** Registers the outbox's sender of kept reports (sent once back online, with the client id they were made with). */
export function registerReportSender(onSent: () => void): void {
  theOutbox().registerSender(REPORT_OUTBOX_KIND, {
    send: (payload, meta) => outcomeOfRequest(() => postReport(payload as QueuedReport, meta.clientId)),
    onSent,
    describe: () => 'A result report',
  });
}

/**
 * Sends a report, or keeps it on the phone when there is no connection (or earlier reports still wait): it is
 * then sent once, when the connection is back. Answers null for a kept report.
 */
export function useSendReport() {
  const queryClient = useQueryClient();
  return useMutation({
    // Runs offline too: the report is then kept in the outbox (TanStack would otherwise pause it, unsent and unkept).
    networkMode: 'always',
    mutationFn: async (report: QueuedReport): Promise<ReportResultResponse | null> => {
      const outbox = theOutbox();
      if (!navigator.onLine || outbox.hasWaiting([REPORT_OUTBOX_KIND])) {
        await outbox.enqueue(REPORT_OUTBOX_KIND, report.matchId, report);
        return null;
      }
      return postReport(report, crypto.randomUUID());
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.reportBoardsAll }),
  });
}

/** The arbiter's queue, refetched live ('matches', 'reports') and every 30 s so one-sided reports age into it. */
export function useArbiterQueue() {
  return useQuery<ArbiterQueueResponse>({
    queryKey: queryKeys.resultReportQueue,
    queryFn: ({ signal }) => getJson('/api/admin/result-reports/queue', arbiterQueueResponseSchema, signal),
    refetchInterval: 30_000,
  });
}

export function useReportingSettings() {
  return useQuery<ResultReporting>({
    queryKey: queryKeys.resultReportSettings,
    queryFn: ({ signal }) => getJson('/api/admin/result-reports/settings', resultReportingSchema, signal),
  });
}

export function useSaveReportingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ResultReporting, 'tournament_id'>) =>
      sendJson('PUT', '/api/admin/result-reports/settings', body, resultReportingSchema),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.resultReportSettings, saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.resultReportQueue });
    },
  });
}

/** The arbiter settles a board with result entry's own write (the version read with the queue). */
export function useSettleBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { matchId: string; version: number; result: MatchResult }) =>
      sendJson(
        'PUT',
        `/api/admin/match-results/${input.matchId}`,
        { result: input.result, expectedVersion: input.version },
        setMatchResultResponseSchema,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.resultReportQueue }),
  });
}

/** Every board of the round being played with its players' reports ("validate from paper"), live. */
export function usePaperBoards() {
  return useQuery<PaperBoardsResponse>({
    queryKey: queryKeys.resultReportPaper,
    queryFn: ({ signal }) => getJson('/api/admin/result-reports/paper', paperBoardsResponseSchema, signal),
  });
}

/** Keys a board's result from its score sheet; the answer says whether it differs from the players' reports. */
export function useKeyFromPaper() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ matchId, ...body }: PaperResultBody & { matchId: string }) =>
      sendJson('PUT', `/api/admin/result-reports/paper/${matchId}`, body, paperResultResponseSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.resultReportPaper }),
  });
}
