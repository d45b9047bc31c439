import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { RouteErrorBoundary } from '../features/errors/route-error-boundary';
import { CookieBanner } from '../features/layout/cookie-banner';
import { SiteFooter } from '../features/layout/site-footer';
import { SiteHeader } from '../features/layout/site-header';
import { useScrollRestoration } from '../features/layout/use-scroll-restoration';

/**
 * The public layout: header and footer on every public page (SPEC §2; there are no signed-in users yet,
 * so every visitor is anonymous and sees both), the lazily loaded page in between.
 */
export function RootLayout() {
  useScrollRestoration();
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-lg bg-accent px-4 py-2 font-semibold text-on-accent focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
      <CookieBanner />
    </div>
  );
}
