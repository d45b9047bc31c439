import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { TakeOverWhenSeen, useTakeOverOnNavigation } from '../components/take-over-when-seen';
import { useSession } from '../features/auth/queries';
import { PageOutlet } from '../features/errors/page-outlet';
import { AppBar } from '../features/layout/app-bar';
import { chromeFor } from '../features/layout/chrome';
import { CookieBanner } from '../features/layout/cookie-banner';
import { SiteHeader } from '../features/layout/site-header';
import { useScrollRestoration } from '../features/layout/use-scroll-restoration';
import { lazyNamed } from '../lib/lazy-page';
import { useHydrated } from '../lib/use-hydrated';

// The footer (links, theme picker) sits below the fold: its code is not part of every page's first JavaScript.
// On a server-drawn page it is taken over when about to be seen (ADR 047), and its code loads then.
const SiteFooter = lazyNamed(() => import('../features/layout/site-footer'), 'SiteFooter');
// The site notices (safe-control banners, broadcasts) exist only after hydration: loaded then, off the first load,
// and docked at the foot of the screen so that their late arrival moves nothing (ADR 023).
const SiteNotices = lazyNamed(() => import('../features/broadcasts/site-notices'), 'SiteNotices');
// Consented visit records (ADR 034) start 1 s after a page shows: their code loads after hydration too.
const VisitTracking = lazyNamed(() => import('../features/layout/use-visit-tracking'), 'VisitTracking');

/**
 * The one layout: the public header and footer for anonymous visitors and on the public pages docs/requirements.md §2 lists;
 * signed-in users elsewhere get the compact app bar instead (see chrome.ts). The lazily loaded page between.
 */
export function RootLayout() {
  useScrollRestoration();
  useTakeOverOnNavigation();
  const { pathname } = useLocation();
  const isPublicChrome = chromeFor(pathname, useSession().status === 'signed-in') === 'public';
  const isHydrated = useHydrated();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-lg bg-accent px-4 py-2 font-semibold text-on-accent focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      {isPublicChrome ? <SiteHeader /> : <AppBar />}
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <PageOutlet />
      </main>
      {isPublicChrome ? (
        <TakeOverWhenSeen>
          <Suspense fallback={null}>
            <SiteFooter />
          </Suspense>
        </TakeOverWhenSeen>
      ) : null}
      {/*
       * Docked at the foot of the screen, after everything else: the notices are drawn only after hydration (never
       * in a server-drawn page's HTML, ADR 023), and arriving here they move nothing already on screen.
       */}
      {isHydrated ? (
        <Suspense fallback={null}>
          <SiteNotices />
          <VisitTracking />
        </Suspense>
      ) : null}
      <CookieBanner />
    </div>
  );
}
