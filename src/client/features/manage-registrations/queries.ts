import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminUpdateTeamsBody,
  adminRegistrationResponseSchema,
  type CancelRegistrationBody,
  listRegistrationsResponseSchema,
  type MarkPaidBody,
  type PromoteBody,
  promoteResponseSchema,
} from '../../../contracts/manage-registrations';
import {
  type RegistrationSettings,
  registrationSettingsSchema,
  type UpdateRegistrationSettingsBody,
} from '../../../contracts/settings';
import { getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const BASE = '/api/admin/registrations';

export function useAdminRegistrations(filters: { search: string; school: string; status: string }) {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.school) params.set('school', filters.school);
  if (filters.status !== 'all') params.set('status', filters.status);
  const query = params.toString();
  return useQuery({
    queryKey: queryKeys.adminRegistrationList(filters.search, filters.school, filters.status),
    queryFn: ({ signal }) =>
      getJson(`${BASE}${query ? `?${query}` : ''}`, listRegistrationsResponseSchema, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every change refreshes the list and the billing overview (both under adminRegistrations). */
function useRegistrationsMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminRegistrations }),
  });
}

const registrationPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export function useMarkPaid() {
  return useRegistrationsMutation(({ id, ...body }: { id: string } & MarkPaidBody) =>
    sendJson('POST', `${registrationPath(id)}/mark-paid`, body, adminRegistrationResponseSchema),
  );
}

export function useCancelRegistration() {
  return useRegistrationsMutation(({ id, ...body }: { id: string } & CancelRegistrationBody) =>
    sendJson('POST', `${registrationPath(id)}/cancel`, body, adminRegistrationResponseSchema),
  );
}

export function useSaveTeams() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & AdminUpdateTeamsBody) =>
      sendJson('PUT', `${registrationPath(id)}/teams`, body, adminRegistrationResponseSchema),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminRegistrations });
      // Promoted players are renamed in the tournament too.
      await queryClient.invalidateQueries({ queryKey: queryKeys.players });
    },
  });
}

export function usePromote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PromoteBody) => sendJson('POST', `${BASE}/promote`, body, promoteResponseSchema),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminRegistrations });
      await queryClient.invalidateQueries({ queryKey: queryKeys.players });
    },
  });
}

/**
 * Saved through the registration feature's PUT. The caller shows the saved values (`showSaved`) after its
 * toast: the form is redrawn from them, and a mutate callback of a form that is gone would never run.
 */
export function useSaveRegistrationSettings() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (body: UpdateRegistrationSettingsBody) =>
      sendJson('PUT', '/api/admin/registration-settings', body, registrationSettingsSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminRegistrations }),
  });
  const showSaved = (saved: RegistrationSettings) =>
    queryClient.setQueryData(queryKeys.registrationSettings, saved);
  return { ...mutation, showSaved };
}
