import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { AfterHydration } from '../components/after-hydration';
import { TakeOverWhenSeen, useTakeOverOnNavigation } from '../components/take-over-when-seen';
import { useSession } from '../features/auth/queries';
import { PageOutlet } from '../features/errors/page-outlet';
import { AppBar } from '../features/layout/app-bar';
import { chromeFor } from '../features/layout/chrome';
import { CookieBanner } from '../features/layout/cookie-banner';
import { SiteHeader } from '../features/layout/site-header';
import { useScrollRestoration } from '../features/layout/use-scroll-restoration';
import { lazyNamed } from '../lib/lazy-page';
import { whenTakenOver } from '../lib/when-taken-over';

// The footer (links, theme picker) sits below the fold: its code is not part of every page's first JavaScript.
// On a server-drawn page it is taken over when about to be seen (ADR 047), and its code loads then.
const SiteFooter = lazyNamed(() => import('../features/layout/site-footer'), 'SiteFooter');
// The site notices (safe-control banners, broadcasts) exist only after hydration: loaded then, off the first load,
// and docked at the foot of the screen so that their late arrival moves nothing (ADR 023).
const SiteNotices = lazyNamed(() => import('../features/broadcasts/site-notices'), 'SiteNotices');
// Consented visit records (ADR 034) start 1 s after a page shows: their code loads after hydration too.
const VisitTracking = lazyNamed(() => import('../features/layout/use-visit-tracking'), 'VisitTracking');

/*
 * The parts of the layout that do not depend on what the layout reads (the session, the address), made once: when
 * the layout draws again, React skips an element it has seen before instead of drawing it again. The session's
 * state arrives after a server-drawn page is taken over, and React draws a store's change in one synchronous
 * task: drawn inline, these made it draw the whole page again in that task (issue 37). Each reads what it shows
 * itself (the page outlet its route, the footer the session).
 */
const PAGE = <PageOutlet />;
const PUBLIC_FOOTER = (
  <TakeOverWhenSeen>
    <Suspense fallback={null}>
      <SiteFooter />
    </Suspense>
  </TakeOverWhenSeen>
);
// Docked at the foot of the screen, after everything else: the notices are drawn only after hydration (never in a
// server-drawn page's HTML, ADR 023), and arriving here they move nothing already on screen.
const NOTICES = (
  <AfterHydration>
    <Suspense fallback={null}>
      <SiteNotices />
      <VisitTracking />
    </Suspense>
  </AfterHydration>
);
const COOKIE_BANNER = <CookieBanner />;

/**
 * The one layout: the public header and footer for anonymous visitors and on the public pages docs/requirements.md §2 lists;
 * signed-in users elsewhere get the compact app bar instead (see chrome.ts). The lazily loaded page between.
 */
export function RootLayout() {
  useScrollRestoration();
  useTakeOverOnNavigation();
  // The footer's code arrives at the first idle moment after the first commit, off the page's first load and its
  // first tasks: a tap on the footer (its cookie settings, the theme) then takes it over at once and is not lost
  // to code still on its way.
  useEffect(
    () =>
      whenTakenOver(() => {
        void SiteFooter.preload();
        return undefined;
      }),
    [],
  );
  const { pathname } = useLocation();
  const isPublicChrome = chromeFor(pathname, useSession().status === 'signed-in') === 'public';
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
        {PAGE}
      </main>
      {isPublicChrome ? PUBLIC_FOOTER : null}
      {NOTICES}
      {COOKIE_BANNER}
    </div>
  );
}
