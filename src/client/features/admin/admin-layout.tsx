import { Suspense } from 'react';
import { Navigate, NavLink, Outlet } from 'react-router';
import { Container } from '../../components/ui/container';
import { cx } from '../../components/ui/cx';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../auth/queries';
import { useNavigationLocked } from '../tutorial/tutorial-state';
import { adminHomeFor, adminPagesFor } from './admin-pages';

function linkClass({ isActive }: { isActive: boolean }) {
  return cx(
    'block whitespace-nowrap rounded-xl px-3 py-2 text-sm font-medium no-underline transition-colors',
    isActive ? 'bg-primary text-on-primary' : 'text-fg hover:bg-surface-muted',
  );
}

/**
 * The /admin frame: navigation to the admin pages this user may open (built ones only), the page beside it.
 * A sidebar from 1024 px; a scrollable row of links above the page on smaller screens.
 */
export function AdminLayout() {
  const session = useSession();
  // Disabled while the admin tutorial runs (but for its last step).
  const isLocked = useNavigationLocked();
  const pages =
    session.status === 'signed-in' ? adminPagesFor(session.access).filter((page) => page.isAvailable) : [];
  return (
    <Container className="flex flex-col gap-6 py-6 lg:flex-row lg:gap-8 lg:py-10">
      <nav aria-label="Admin" className="lg:w-56 lg:shrink-0">
        <p className="mb-2 hidden px-3 text-xs font-semibold uppercase tracking-widest text-muted lg:block">
          Admin Area
        </p>
        <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 lg:flex-col lg:overflow-visible">
          {pages.map((page) => (
            <li key={page.path}>
              <NavLink
                to={`/admin/${page.path}`}
                className={({ isActive }) =>
                  cx(linkClass({ isActive }), isLocked && 'cursor-not-allowed opacity-60')
                }
                aria-disabled={isLocked || undefined}
                tabIndex={isLocked ? -1 : undefined}
                onClick={(event) => {
                  if (isLocked) event.preventDefault();
                }}
              >
                {page.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </div>
    </Container>
  );
}

/** /admin itself: the first admin page this user may open. */
export function AdminIndexRedirect() {
  const session = useSession();
  if (session.status !== 'signed-in') return <Spinner />;
  return <Navigate to={adminHomeFor(session.access)} replace />;
}
