import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  csvImportResponseSchema,
  csvPreviewResponseSchema,
  listPlayersResponseSchema,
  type PlayerFields,
  playerResponseSchema,
  type REQUESTABLE_BYE_KINDS,
  tournamentsResponseSchema,
  trfImportResponseSchema,
} from '../../../contracts/player-management';
import { getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const BASE = '/api/admin/player-management';

const withTournament = (tournamentId: string | null, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams({ ...(tournamentId ? { tournamentId } : {}), ...extra });
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const playersQuery = (tournamentId: string | null, search: string) =>
  queryOptions({
    queryKey: queryKeys.playerManagementList(tournamentId, search),
    queryFn: ({ signal }) =>
      getJson(
        `${BASE}/players${withTournament(tournamentId, search ? { search } : {})}`,
        listPlayersResponseSchema,
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export function usePlayers(tournamentId: string | null, search: string) {
  return useQuery(playersQuery(tournamentId, search));
}

export function useManagedTournaments() {
  return useQuery({
    queryKey: queryKeys.playerManagementTournaments,
    queryFn: ({ signal }) => getJson(`${BASE}/tournaments`, tournamentsResponseSchema, signal),
  });
}

/** Where the downloads come from: plain links, so the browser saves the attachment. */
export const exportUrl = (format: 'csv' | 'trf', tournamentId: string | null) =>
  `${BASE}/export.${format}${withTournament(tournamentId)}`;

/**
 * Callbacks given here belong to the mutation, not to the component: they run even when the component that
 * started it has unmounted meanwhile (a row whose button changes with the live list). `mutate(vars,
 * { onSuccess })` callbacks do not run then (TanStack Query v5).
 */
interface MutationCallbacks<TResult> {
  onSuccess?: (result: TResult) => void;
  onError?: (error: unknown) => void;
}

function usePlayersMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  callbacks: MutationCallbacks<TResult> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.players }),
  });
}

const playerPath = (id: string) => `${BASE}/players/${encodeURIComponent(id)}`;

export function useSavePlayer() {
  return usePlayersMutation(
    ({ id, tournamentId, ...body }: { id: string | null; tournamentId: string | null } & PlayerFields) =>
      id
        ? sendJson('PUT', playerPath(id), body, playerResponseSchema)
        : sendJson(
            'POST',
            `${BASE}/players`,
            { ...body, ...(tournamentId ? { tournamentId } : {}) },
            playerResponseSchema,
          ),
  );
}

export function useSetActive(callbacks: MutationCallbacks<z.infer<typeof playerResponseSchema>> = {}) {
  return usePlayersMutation(
    ({ id, active }: { id: string; active: boolean }) =>
      sendJson(
        'POST',
        `${playerPath(id)}/${active ? 'reactivate' : 'withdraw'}`,
        undefined,
        playerResponseSchema,
      ),
    callbacks,
  );
}

export function useRequestBye() {
  return usePlayersMutation(
    ({ id, ...body }: { id: string; roundNumber: number; kind: (typeof REQUESTABLE_BYE_KINDS)[number] }) =>
      sendJson('POST', `${playerPath(id)}/byes`, body, playerResponseSchema),
  );
}

export function useRemoveBye() {
  return usePlayersMutation(({ id, roundNumber }: { id: string; roundNumber: number }) =>
    sendJson('DELETE', `${playerPath(id)}/byes/${roundNumber}`, undefined, playerResponseSchema),
  );
}

type CsvBody = { csv: string; tournamentId: string | null };
const csvBody = ({ csv, tournamentId }: CsvBody) => ({ csv, ...(tournamentId ? { tournamentId } : {}) });

/** The dry run changes nothing, so it refreshes nothing. */
export function usePreviewCsv() {
  return useMutation({
    mutationFn: (body: CsvBody) =>
      sendJson('POST', `${BASE}/import/preview`, csvBody(body), csvPreviewResponseSchema),
  });
}

export function useImportCsv() {
  return usePlayersMutation((body: CsvBody) =>
    sendJson('POST', `${BASE}/import`, csvBody(body), csvImportResponseSchema),
  );
}

export function useImportTrf() {
  return usePlayersMutation((body: { trf: string; name?: string }) =>
    sendJson('POST', `${BASE}/import-trf`, body, trfImportResponseSchema),
  );
}

export type ListPlayers = z.infer<typeof listPlayersResponseSchema>;
