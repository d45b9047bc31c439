import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { PageTakenOver } from '../../lib/when-taken-over';
import { RouteErrorBoundary } from './route-error-boundary';

/**
 * The lazily loaded page of the current route, a spinner while it loads. An error in it is caught per path,
 * so following a link clears it. PageTakenOver tells the providers when the page has been taken over (the live
 * stream waits for it on a server-drawn page, lib/when-taken-over.ts).
 */
export function PageOutlet() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary key={pathname}>
      <Suspense fallback={<Spinner />}>
        <Outlet />
        <PageTakenOver />
      </Suspense>
    </RouteErrorBoundary>
  );
}
