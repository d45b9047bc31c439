import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { DrawnForSessionContext } from '../features/auth/queries';
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
  isDrawnForSession = false,
}: {
  children: ReactNode;
  seed?: (queryClient: QueryClient) => void;
  liveSince?: number;
  /** A page drawn by the server for the signed-in user (a CRM page, ADR 037): the session is seeded too. */
  isDrawnForSession?: boolean;
}) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <Providers seed={seed} liveSince={liveSince}>
          <DrawnForSessionContext value={isDrawnForSession}>{children}</DrawnForSessionContext>
        </Providers>
      </AppErrorBoundary>
    </StrictMode>
  );
}
