import { QueryCache, QueryClient } from '@tanstack/react-query';

/**
 * SPEC §7: application-wide no retry and no refetch on window focus (tournament queries opt back in to
 * focus refetching and a 30 s interval, see lib/query-keys.ts).
 * `onBackgroundError` hears failures of refetches whose page already shows data, so the page can keep the
 * data it has and say quietly that it could not refresh.
 */
export function createQueryClient(
  options: { onBackgroundError?: (error: unknown) => void } = {},
): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.state.data !== undefined) options.onBackgroundError?.(error);
      },
    }),
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
