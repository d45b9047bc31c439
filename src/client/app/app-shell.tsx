import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { AppErrorBoundary } from '../features/errors/app-error-boundary';
import { Providers } from './providers';

/**
 * Everything around the router, the same in the browser (main.tsx) and on the server (entry-server.tsx).
 * `seed` fills the query cache with a server-drawn page's data before the first render, and `liveSince` is when
 * that data was read (ADR 023).
 */
export function AppShell({
  children,
  seed,
  liveSince,
}: {
  children: ReactNode;
  seed?: (queryClient: QueryClient) => void;
  liveSince?: number;
}) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <Providers seed={seed} liveSince={liveSince}>
          {children}
        </Providers>
      </AppErrorBoundary>
    </StrictMode>
  );
}
