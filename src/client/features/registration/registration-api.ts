import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiErrorSchema } from '../../../contracts/common';
import {
  type CreateCheckoutBody,
  createCheckoutResponseSchema,
  verifyPaymentResponseSchema,
} from '../../../contracts/payments';
import {
  type CreateRegistrationBody,
  myRegistrationsResponseSchema,
  type RegistrationSummary,
  registrationChallengeSchema,
  registrationResponseSchema,
  registrationWithAccessSchema,
  type UpdateTeamsBody,
} from '../../../contracts/registrations';
import { ApiRequestError, getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { rememberAccessToken } from './access-tokens';

/** A refusal of the registration form, with the field each problem belongs to (paths as in the body). */
export class RegistrationSubmitError extends ApiRequestError {
  constructor(
    message: string,
    status: number,
    requestId: string | null,
    readonly issues: { path: string; message: string }[],
  ) {
    super(message, status, requestId);
  }
}

export function fetchChallenge() {
  return getJson('/api/registrations/challenge', registrationChallengeSchema);
}

/**
 * POST /api/registrations. The shared api-client keeps only the message of a refusal; this form also needs
 * the per-field `issues`, so the refusal body is read here with the same error contract.
 */
export async function postRegistration(body: CreateRegistrationBody) {
  let response: Response;
  try {
    response = await fetch('/api/registrations', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiRequestError('Network error: check your connection and try again', 0, null);
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const refusal = apiErrorSchema.safeParse(json);
    if (!refusal.success)
      throw new ApiRequestError(`Request failed (${response.status})`, response.status, null);
    throw new RegistrationSubmitError(
      refusal.data.error,
      response.status,
      refusal.data.requestId,
      refusal.data.issues ?? [],
    );
  }
  const created = registrationWithAccessSchema.safeParse(json);
  if (!created.success) {
    throw new ApiRequestError('The server sent data this page does not understand', response.status, null);
  }
  rememberAccessToken(created.data.registration.id, created.data.accessToken);
  return created.data;
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

export function lookupRegistration(reference: string, email: string) {
  const search = new URLSearchParams({ reference, email });
  return getJson(`/api/registrations/status?${search}`, registrationWithAccessSchema).then((found) => {
    rememberAccessToken(found.registration.id, found.accessToken);
    return found;
  });
}

export const registrationTeamsQuery = (id: string, token: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.registrationTeams(id),
    queryFn: ({ signal }) =>
      getJson(
        `/api/registrations/${encodeURIComponent(id)}/teams${token ? `?token=${encodeURIComponent(token)}` : ''}`,
        registrationResponseSchema,
        signal,
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
