import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreateRegistrationBody,
  myRegistrationsResponseSchema,
  REGISTRATION_TOKEN_HEADER,
  registrationResponseSchema,
  registrationWithAccessSchema,
  type UpdateTeamsBody,
} from '../../../contracts/registrations';
import { getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { rememberAccessToken } from './access-tokens';

/** POST /api/registrations; a refusal's per-field problems arrive as the error's `issues`. */
export async function postRegistration(body: CreateRegistrationBody) {
  const created = await sendJson('POST', '/api/registrations', body, registrationWithAccessSchema);
  rememberAccessToken(created.registration.id, created.accessToken);
  return created;
}

/** The reference and e-mail address go in a POST body, never in the address (proxies log those). */
export function lookupRegistration(reference: string, email: string) {
  return sendJson(
    'POST',
    '/api/registrations/status',
    { reference, email },
    registrationWithAccessSchema,
  ).then((found) => {
    rememberAccessToken(found.registration.id, found.accessToken);
    return found;
  });
}

export const registrationTeamsQuery = (id: string, token: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.registrationTeams(id),
    queryFn: ({ signal }) =>
      getJson(
        `/api/registrations/${encodeURIComponent(id)}/teams`,
        registrationResponseSchema,
        signal,
        token ? { [REGISTRATION_TOKEN_HEADER]: token } : {},
      ),
    retry: false,
  });

export function useUpdateTeams(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTeamsBody) =>
      sendJson('PUT', `/api/registrations/${encodeURIComponent(id)}/teams`, body, registrationResponseSchema),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.registrationTeams(id), data),
  });
}

export const myRegistrationsQuery = queryOptions({
  queryKey: queryKeys.myRegistrations,
  queryFn: ({ signal }) => getJson('/api/me/registrations', myRegistrationsResponseSchema, signal),
});
