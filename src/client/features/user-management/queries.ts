import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type createUserBodySchema,
  createUserResponseSchema,
  type customRoleBodySchema,
  customRolesResponseSchema,
  listUsersResponseSchema,
  messageResponseSchema,
  type setRoleBodySchema,
  signInLocksResponseSchema,
  userCountsSchema,
} from '../../../contracts/users';
import { getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const usersQuery = (search: string) =>
  queryOptions({
    queryKey: queryKeys.adminUsers(search),
    queryFn: ({ signal }) =>
      getJson(
        `/api/admin/users${search ? `?${new URLSearchParams({ search })}` : ''}`,
        listUsersResponseSchema,
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const userCountsQuery = queryOptions({
  queryKey: queryKeys.adminUserCounts,
  queryFn: ({ signal }) => getJson('/api/admin/users/counts', userCountsSchema, signal),
});

export const customRolesQuery = queryOptions({
  queryKey: queryKeys.customRoles,
  queryFn: ({ signal }) => getJson('/api/admin/custom-roles', customRolesResponseSchema, signal),
});

/** Accounts locked by failed sign-ins (ADR 015); refreshed every minute, as locks end by themselves. */
export const signInLocksQuery = queryOptions({
  queryKey: queryKeys.signInLocks,
  queryFn: ({ signal }) => getJson('/api/admin/users/sign-in-locks', signInLocksResponseSchema, signal),
  refetchInterval: 60_000,
});

export function useSignInLocks() {
  return useQuery(signInLocksQuery);
}

export function useUsers(search: string) {
  return useQuery(usersQuery(search));
}

export function useUserCounts() {
  return useQuery(userCountsQuery);
}

export function useCustomRoles() {
  return useQuery(customRolesQuery);
}

/** Every user-management change can move counts, the list and custom-role user numbers: refresh them all. */
function useAdminMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin }),
  });
}

export function useCreateUser() {
  return useAdminMutation((body: z.input<typeof createUserBodySchema>) =>
    sendJson('POST', '/api/admin/users', body, createUserResponseSchema),
  );
}

const userPath = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

export function useChangeRole() {
  return useAdminMutation(({ id, ...body }: { id: string } & z.input<typeof setRoleBodySchema>) =>
    sendJson('PUT', `${userPath(id)}/role`, body, messageResponseSchema),
  );
}

export function useFreezeUser() {
  return useAdminMutation(({ id, reason }: { id: string; reason: string }) =>
    sendJson('POST', `${userPath(id)}/freeze`, { reason }, messageResponseSchema),
  );
}

export function useUnfreezeUser() {
  return useAdminMutation((id: string) =>
    sendJson('DELETE', `${userPath(id)}/freeze`, undefined, messageResponseSchema),
  );
}

export function useLiftSignInLock() {
  return useAdminMutation((id: string) =>
    sendJson('DELETE', `${userPath(id)}/sign-in-lock`, undefined, messageResponseSchema),
  );
}

export function useDeleteUser() {
  return useAdminMutation((id: string) => sendJson('DELETE', userPath(id), undefined, messageResponseSchema));
}

const rolePath = (id: string) => `/api/admin/custom-roles/${encodeURIComponent(id)}`;

export function useSaveCustomRole() {
  return useAdminMutation(({ id, ...body }: { id: string | null } & z.input<typeof customRoleBodySchema>) =>
    id
      ? sendJson('PUT', rolePath(id), body, messageResponseSchema)
      : sendJson('POST', '/api/admin/custom-roles', body, messageResponseSchema),
  );
}

export function useDeleteCustomRole() {
  return useAdminMutation(({ id, reassignTo }: { id: string; reassignTo: string }) =>
    sendJson('DELETE', rolePath(id), { reassignTo }, messageResponseSchema),
  );
}
