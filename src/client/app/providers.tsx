import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { AfterHydration } from '../components/after-hydration';
import { takeOverBeforeChange, takeOverBeforeRefetch } from '../components/take-over-when-seen';
import { subscribeToLiveUpdates } from '../lib/live-updates';
import { notify } from '../lib/notify';
import { queryKeys } from '../lib/query-keys';
import { settleable } from '../lib/settleable';
import { useTheme } from '../lib/theme';
import { PageTakenOverContext, whenTakenOver } from '../lib/when-taken-over';
import { createQueryClient } from './query-client';

/** docs/requirements.md §9: toasts last 4 s, at most 3 show at once, 356 px wide (sonner's default width). */
export const TOAST_DURATION_MS = 4_000;
export const VISIBLE_TOASTS = 3;

// sonner is ~9 kB gzipped: it loads after the first render, not with the page.
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

/** `seed`: puts the data a server-drawn page was drawn from (ADR 023) in the cache before the first render. */
export function Providers({
  children,
  seed,
  liveSince,
}: {
  children: ReactNode;
  seed?: (queryClient: QueryClient) => void;
  /** When a server-drawn page's data was read: the live stream catches up on changes since. */
  liveSince?: number;
}) {
  const [queryClient] = useState(() => {
    const client = createQueryClient({
      // Offline the page says so already (the offline notice, the outbox's status): no toast on top.
      onBackgroundError: () => {
        if (navigator.onLine) notify('error', 'Failed to load tournament data', { id: 'refresh-failed' });
      },
      // A refused request may mean the session ended or the account was frozen: the guards re-check.
      onAccessError: () =>
        void client.invalidateQueries({ queryKey: queryKeys.session }, { cancelRefetch: false }),
    });
    seed?.(client);
    return client;
  });
  // On a server-drawn page, settled once the page itself is taken over (the PageTakenOver beside it); on a page
  // the browser draws itself nothing waits for it, and settling it does nothing.
  const [pageTakenOver] = useState(settleable);
  const isDrawn = seed !== undefined;

  useEffect(() => takeOverBeforeRefetch(queryClient), [queryClient]);

  useEffect(() => {
    // Read now, at the first commit: the queries holding data are those the page was drawn from.
    const beforeRefresh = takeOverBeforeChange(queryClient);
    const page = isDrawn ? pageTakenOver.promise : undefined;
    return whenTakenOver(() => {
      // From here on the page answers input: a server-drawn page's buttons do nothing until its code has taken
      // it over (ADR 023). Marked on <html> for whatever needs to know (the end-to-end tests wait for it).
      document.documentElement.dataset.hydrated = '';
      return subscribeToLiveUpdates(queryClient, {
        ...(liveSince ? { since: liveSince } : {}),
        beforeRefresh,
        onEvent: (event) => {
          if (event.topics.includes('announcements'))
            notify('info', 'Announcements updated', { id: 'announcements' });
        },
      });
    }, page);
  }, [queryClient, liveSince, isDrawn, pageTakenOver]);

  return (
    <QueryClientProvider client={queryClient}>
      <PageTakenOverContext value={pageTakenOver.settle}>{children}</PageTakenOverContext>
      <AfterHydration>
        <Toasts />
      </AfterHydration>
    </QueryClientProvider>
  );
}

/** The toasts, in the theme's colours. */
function Toasts() {
  const [theme] = useTheme();
  return (
    <Suspense fallback={null}>
      <Toaster
        theme={theme === 'dark' ? 'dark' : 'light'}
        position="top-center"
        offset={76}
        duration={TOAST_DURATION_MS}
        visibleToasts={VISIBLE_TOASTS}
        style={{ '--width': '356px' } as React.CSSProperties}
        richColors
        closeButton
      />
    </Suspense>
  );
}
