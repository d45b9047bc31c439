import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type Preferences,
  preferencesSchema,
  profileSchema,
  type updatePreferencesBodySchema,
  type updateProfileBodySchema,
} from '../../../contracts/account';
import { getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const EXPORT_URL = '/api/account/export';

export const profileQuery = queryOptions({
  queryKey: queryKeys.accountProfile,
  queryFn: ({ signal }) => getJson('/api/account/profile', profileSchema, signal),
});

export const preferencesQuery = queryOptions({
  queryKey: queryKeys.accountPreferences,
  queryFn: ({ signal }) => getJson('/api/account/preferences', preferencesSchema, signal),
});

export function useProfile() {
  return useQuery(profileQuery);
}

export function usePreferences() {
  return useQuery(preferencesQuery);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof updateProfileBodySchema>) =>
      sendJson('PUT', '/api/account/profile', body, profileSchema),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQuery.queryKey, profile);
      // The menu shows the name from the session.
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    },
  });
}

/** Saves one switch at a time; the switch moves at once and moves back if the server refuses. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof updatePreferencesBodySchema>) =>
      sendJson('PUT', '/api/account/preferences', body, preferencesSchema),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: preferencesQuery.queryKey });
      const previous = queryClient.getQueryData(preferencesQuery.queryKey);
      if (previous)
        queryClient.setQueryData<Preferences>(preferencesQuery.queryKey, { ...previous, ...body });
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(preferencesQuery.queryKey, context.previous);
    },
    onSuccess: (preferences) => queryClient.setQueryData(preferencesQuery.queryKey, preferences),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) =>
      sendJson('DELETE', '/api/account', { password }, z.object({ message: z.string() })),
  });
}
