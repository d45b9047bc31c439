import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  adminAnnouncementsResponseSchema,
  announcementResponseSchema,
  type createTemplateBodySchema,
  createTemplateResponseSchema,
  type createTournamentBodySchema,
  createTournamentResponseSchema,
  messageResponseSchema,
  templateResponseSchema,
  templatesResponseSchema,
  tournamentsResponseSchema,
  type updateTournamentBodySchema,
} from '../../../contracts/tournament-management';
import { getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const tournamentsQuery = queryOptions({
  queryKey: queryKeys.adminTournaments,
  queryFn: ({ signal }) => getJson('/api/admin/tournaments', tournamentsResponseSchema, signal),
  refetchOnWindowFocus: true,
});

export const templatesQuery = queryOptions({
  queryKey: queryKeys.tournamentTemplates,
  queryFn: ({ signal }) => getJson('/api/admin/tournament-templates', templatesResponseSchema, signal),
});

/** One template, read fresh when it is picked (it may have changed or gone since the list loaded). */
export const templateQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.tournamentTemplate(id),
    queryFn: ({ signal }) =>
      getJson(`/api/admin/tournament-templates/${encodeURIComponent(id)}`, templateResponseSchema, signal),
    staleTime: 0,
  });

/** A tournament's announcements; null asks for the active tournament's. */
export const announcementsQuery = (tournamentId: string | null) =>
  queryOptions({
    queryKey: queryKeys.adminAnnouncements(tournamentId),
    queryFn: ({ signal }) =>
      getJson(
        `/api/admin/announcements${tournamentId ? `?${new URLSearchParams({ tournamentId })}` : ''}`,
        adminAnnouncementsResponseSchema,
        signal,
      ),
  });

export function useTournaments() {
  return useQuery(tournamentsQuery);
}

export function useTemplates() {
  return useQuery(templatesQuery);
}

export function useAnnouncements(tournamentId: string | null) {
  return useQuery(announcementsQuery(tournamentId));
}

/** A change to tournaments can move announcements' default tournament too: refresh both lists. */
function useTournamentMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminTournaments }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminAnnouncementLists }),
      ]);
    },
  });
}

const tournamentPath = (id: string) => `/api/admin/tournaments/${encodeURIComponent(id)}`;

export function useCreateTournament() {
  return useTournamentMutation((body: z.output<typeof createTournamentBodySchema>) =>
    sendJson('POST', '/api/admin/tournaments', body, createTournamentResponseSchema),
  );
}

export function useUpdateTournament() {
  return useTournamentMutation(
    ({ id, ...body }: { id: string } & z.output<typeof updateTournamentBodySchema>) =>
      sendJson('PUT', tournamentPath(id), body, messageResponseSchema),
  );
}

export function useActivateTournament() {
  return useTournamentMutation((id: string) =>
    sendJson('POST', `${tournamentPath(id)}/activate`, undefined, messageResponseSchema),
  );
}

export function useArchiveTournament() {
  return useTournamentMutation((id: string) =>
    sendJson('POST', `${tournamentPath(id)}/archive`, undefined, messageResponseSchema),
  );
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof createTemplateBodySchema>) =>
      sendJson('POST', '/api/admin/tournament-templates', body, createTemplateResponseSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.tournamentTemplates }),
  });
}

function useAnnouncementMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminAnnouncementLists }),
  });
}

const announcementPath = (id: string) => `/api/admin/announcements/${encodeURIComponent(id)}`;

export function useCreateAnnouncement() {
  return useAnnouncementMutation((body: { content: string; tournamentId?: string }) =>
    sendJson('POST', '/api/admin/announcements', body, announcementResponseSchema),
  );
}

export function useUpdateAnnouncement() {
  return useAnnouncementMutation(({ id, content }: { id: string; content: string }) =>
    sendJson('PUT', announcementPath(id), { content }, announcementResponseSchema),
  );
}

export function useDeleteAnnouncement() {
  return useAnnouncementMutation((id: string) =>
    sendJson('DELETE', announcementPath(id), undefined, messageResponseSchema),
  );
}
