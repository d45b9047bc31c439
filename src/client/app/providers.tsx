import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { subscribeToLiveUpdates } from '../lib/live-updates';
import { notify } from '../lib/notify';
import { queryKeys } from '../lib/query-keys';
import { useTheme } from '../lib/theme';
import { createQueryClient } from './query-client';

/** docs/requirements.md §9: toasts last 4 s, at most 3 show at once, 356 px wide (sonner's default width). */
export const TOAST_DURATION_MS = 4_000;
export const VISIBLE_TOASTS = 3;

// sonner is ~9 kB gzipped: it loads after the first render, not with the page.
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient({
      onBackgroundError: () => notify('error', 'Failed to load tournament data', { id: 'refresh-failed' }),
      // A refused request may mean the session ended or the account was frozen: the guards re-check.
      onAccessError: () =>
        void client.invalidateQueries({ queryKey: queryKeys.session }, { cancelRefetch: false }),
    });
    return client;
  });
  const [theme] = useTheme();

  useEffect(
    () =>
      subscribeToLiveUpdates(queryClient, {
        onEvent: (event) => {
          if (event.topics.includes('announcements'))
            notify('info', 'Announcements updated', { id: 'announcements' });
        },
      }),
    [queryClient],
  );

  return (
    <QueryClientProvider client={queryClient}>
      {children}
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
    </QueryClientProvider>
  );
}
