import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type createInviteBodySchema,
  inviteDetailsSchema,
  invitesResponseSchema,
} from '../../../contracts/invites';
import { getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const messageSchema = z.object({ message: z.string() });
const invitePath = (token: string) => `/api/invites/${encodeURIComponent(token)}`;

/** The invitation behind a link (404 when it is unknown, used or expired). */
export const inviteQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.invite(token),
    queryFn: ({ signal }) => getJson(invitePath(token), inviteDetailsSchema, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useInvite(token: string) {
  return useQuery(inviteQuery(token));
}

export function useAcceptInvite(token: string) {
  return useMutation({
    mutationFn: (body: { fullName: string; password: string }) =>
      sendJson('POST', `${invitePath(token)}/accept`, body, messageSchema),
  });
}

export const adminInvitesQuery = queryOptions({
  queryKey: queryKeys.adminInvites,
  queryFn: ({ signal }) => getJson('/api/admin/invites', invitesResponseSchema, signal),
});

export function useAdminInvites() {
  return useQuery(adminInvitesQuery);
}

export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof createInviteBodySchema>) =>
      sendJson('POST', '/api/admin/invites', body, messageSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminInvites }),
  });
}
