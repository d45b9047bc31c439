import { useQuery } from '@tanstack/react-query';
import { CURRENT_BROADCASTS_PATH, currentBroadcastsSchema } from '../../../contracts/broadcasts';
import { getJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { useHydrated } from '../../lib/use-hydrated';
import { useSession } from '../auth/queries';

export const CURRENT_BROADCASTS_URL = CURRENT_BROADCASTS_PATH;

/**
 * The broadcasts on now for whoever is looking (the server answers per audience), so the query is keyed by the
 * viewer: signing in or out reads them again. Only after hydration and once the session is known; quiet, since a
 * page that cannot read them simply shows none. Live through the 'broadcasts' topic.
 */
export function useCurrentBroadcasts() {
  const session = useSession();
  const viewer = session.status === 'signed-in' ? session.me.user.id : 'anonymous';
  return useQuery({
    queryKey: queryKeys.currentBroadcasts(viewer),
    queryFn: ({ signal }) => getJson(CURRENT_BROADCASTS_URL, currentBroadcastsSchema, signal),
    enabled: useHydrated() && session.status !== 'loading',
    meta: { quiet: true },
  });
}
