import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  type CreateCheckoutBody,
  createCheckoutResponseSchema,
  verifyPaymentResponseSchema,
} from '../../../contracts/payments';
import type { RegistrationSummary } from '../../../contracts/registrations';
import { sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/*
 * Card payments: apart from the registration calls, so the registration form's first JavaScript carries no
 * payment schemas; the form loads this module when the registrant chooses to pay now.
 */

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
