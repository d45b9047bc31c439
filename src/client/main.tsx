import type { QueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { CRM_PAGE_STATE_ID } from '../contracts/crm-pages';
import { PUBLIC_PAGE_STATE_ID } from '../contracts/public-pages';
import { AppShell } from './app/app-shell';
import { AppRoutes } from './app/router';
import { listenForTouches } from './components/take-over-when-seen';
import './app/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

function app(seed?: (queryClient: QueryClient) => void, liveSince?: number, isDrawnForSession?: boolean) {
  return (
    <AppShell seed={seed} liveSince={liveSince} isDrawnForSession={isDrawnForSession}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppShell>
  );
}

// A public page, or one of the CRM's two pages for its staff, arrives drawn by the server with the data it was drawn from
// (ADRs 023, 037): once its code is in, the browser takes over that markup (hydration) instead of drawing the
// page again; should the code fail to load, it is drawn here from scratch. Every other page is drawn here.
const publicState = document.getElementById(PUBLIC_PAGE_STATE_ID);
const crmState = document.getElementById(CRM_PAGE_STATE_ID);
const drawn = !container.firstElementChild
  ? null
  : publicState
    ? import('./app/public-page-data').then((data) => data.publicPageTakeOver(publicState, container))
    : crmState
      ? import('./features/crm/crm-page-data').then((data) => data.crmPageTakeOver(crmState))
      : null;
if (drawn) {
  void drawn.then(
    // As a transition, the take-over yields to the browser every few milliseconds instead of holding the main
    // thread for the whole page (issue 37): a tap meanwhile is handled at once (React hydrates the part that
    // was tapped first), and the drawn page stays on screen throughout.
    ({ seed, since }) => {
      listenForTouches();
      startTransition(() => {
        hydrateRoot(container, app(seed, since, crmState !== null));
      });
    },
    () => createRoot(container).render(app()),
  );
} else {
  // A CRM page's code and data go out now, beside the session (ADR 030); the starter is a tiny chunk of its own,
  // fetched only on a CRM address, so no other page's first load carries it.
  if (window.location.pathname.startsWith('/crm')) {
    void import('./features/crm/crm-early').then((early) => early.startCrmPage(window.location.pathname));
  }
  createRoot(container).render(app());
}
