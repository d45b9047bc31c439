import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api-client';

/**
 * docs/requirements.md §7: application-wide no retry and no refetch on window focus (tournament queries opt back in to
 * focus refetching and a 30 s interval, see lib/query-keys.ts).
 * `onBackgroundError` hears failures of refetches whose page already shows data, so the page can keep the
 * data it has and say quietly that it could not refresh (queries with `meta: { quiet: true }` stay silent).
 * `onAccessError` hears any 401 or 403: the session may have ended or the account been frozen meanwhile.
 */
export function createQueryClient(
  options: { onBackgroundError?: (error: unknown) => void; onAccessError?: () => void } = {},
): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) {
      options.onAccessError?.();
    }
  };
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.state.data !== undefined && query.meta?.quiet !== true) options.onBackgroundError?.(error);
        onError(error);
      },
    }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        // Two components mounting the same query within a few seconds share one request.
        staleTime: 5_000,
      },
    },
  });
}
