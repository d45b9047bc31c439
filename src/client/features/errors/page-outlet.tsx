import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { RouteErrorBoundary } from './route-error-boundary';

/**
 * The lazily loaded page of the current route, a spinner while it loads. An error in it is caught per path,
 * so following a link clears it.
 */
export function PageOutlet() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary key={pathname}>
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}
