import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreateCheckoutBody,
  createCheckoutResponseSchema,
  verifyPaymentResponseSchema,
} from '../../../contracts/payments';
import {
  type CreateRegistrationBody,
  myRegistrationsResponseSchema,
  REGISTRATION_TOKEN_HEADER,
  type RegistrationSummary,
  registrationChallengeSchema,
  registrationResponseSchema,
  registrationWithAccessSchema,
  type UpdateTeamsBody,
} from '../../../contracts/registrations';
import { getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { rememberAccessToken } from './access-tokens';

export function fetchChallenge() {
  return getJson('/api/registrations/challenge', registrationChallengeSchema);
}

/** POST /api/registrations; a refusal's per-field problems arrive as the error's `issues`. */
export async function postRegistration(body: CreateRegistrationBody) {
  const created = await sendJson('POST', '/api/registrations', body, registrationWithAccessSchema);
  rememberAccessToken(created.registration.id, created.accessToken);
  return created;
}

/** Starts a card checkout; the amount is always the server's. */
export function createCheckout(registration: Pick<RegistrationSummary, 'id' | 'teamCount'>, token?: string) {
  const body: CreateCheckoutBody = {
    registration_id: registration.id,
    team_count: registration.teamCount,
    ...(token ? { access_token: token } : {}),
  };
  return sendJson('POST', '/api/payments/create-checkout', body, createCheckoutResponseSchema);
}

/** Pay now: create the checkout, then leave for the provider's page (the offline test page by default). */
export function useStartCheckout() {
  return useMutation({
    mutationFn: ({ registration, token }: { registration: RegistrationSummary; token?: string }) =>
      createCheckout(registration, token),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export const verifyPaymentQuery = (sessionId: string, registrationId: string) =>
  queryOptions({
    queryKey: queryKeys.paymentVerification(sessionId, registrationId),
    queryFn: () =>
      sendJson(
        'POST',
        '/api/payments/verify-payment',
        { sessionId, registrationId },
        verifyPaymentResponseSchema,
      ),
    retry: false,
    // A provider may report a card payment a little later: ask again while the session is still open.
    refetchInterval: (query) =>
      query.state.data?.sessionStatus === 'open' && query.state.dataUpdateCount < 10 ? 3000 : false,
  });

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
