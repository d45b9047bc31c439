import type { QueryClient } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { PUBLIC_PAGE_STATE_ID, type PublicPageState } from '../contracts/public-pages';
import { AppShell } from './app/app-shell';
import { PUBLIC_PAGES } from './app/public-pages';
import { preloadFooter } from './app/root-layout';
import { AppRoutes } from './app/router';
import './app/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

function app(seed?: (queryClient: QueryClient) => void, liveSince?: number) {
  return (
    <AppShell seed={seed} liveSince={liveSince}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppShell>
  );
}

// A public page arrives drawn by the server with the data it was drawn from (ADR 023): the browser takes over
// that markup (hydration) instead of drawing the page again. Every other page is drawn here.
const stateBlock = document.getElementById(PUBLIC_PAGE_STATE_ID);
if (stateBlock && container.firstElementChild) {
  const state = JSON.parse(stateBlock.textContent ?? '{}') as PublicPageState;
  // The page's code (preloaded by the HTML) and, for rich text, its sanitiser are in before hydration, so the
  // browser's first draft equals the server's at once and nothing on screen is replaced.
  const path = window.location.pathname as keyof typeof PUBLIC_PAGES;
  void Promise.all([
    import('./app/public-page-data'),
    PUBLIC_PAGES[path]?.preload(),
    preloadFooter(),
    container.querySelector('[data-rich-text]')
      ? import('./components/rich-html').then((module) => module.preloadRichText())
      : undefined,
  ]).then(([{ seedPublicData }]) =>
    hydrateRoot(
      container,
      app((queryClient) => seedPublicData(queryClient, state), state.since),
    ),
  );
} else {
  // A CRM page's code and data go out now, beside the session (ADR 030); the starter is a tiny chunk of its own,
  // fetched only on a CRM address, so no other page's first load carries it.
  if (window.location.pathname.startsWith('/crm')) {
    void import('./features/crm/crm-early').then((early) => early.startCrmPage(window.location.pathname));
  }
  createRoot(container).render(app());
}
