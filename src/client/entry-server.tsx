import type { ComponentProps, ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { CRM_DRAWN_PATHS, CRM_PAGE_MODULES, type CrmPageRenderer } from '../contracts/crm-pages';
import { lookupNameOf } from '../contracts/player-lookup';
import { readCheckedPublicData } from '../contracts/public-page-data';
import {
  isPublicPagePath,
  type PublicPageRenderer,
  type PublicPageState,
  type RenderedPublicPage,
} from '../contracts/public-pages';
import { AppShell } from './app/app-shell';
import {
  PRELOADED_MODULES,
  PUBLIC_PAGE_NEEDS,
  richTextModules,
  seedPublicData,
} from './app/public-page-data';
import { AppRoutes } from './app/router';
import { provideSanitiser } from './components/rich-html';
import { seedCrmPage } from './features/crm/crm-page-data';
import { pendingLoads } from './lib/lazy-page';

/** Nesting depth of code loaded on demand within one page (page → section → widget) is far below this. */
const MAX_PASSES = 8;

export const publicPageModules: PublicPageRenderer['publicPageModules'] = PRELOADED_MODULES;

/**
 * The server's way into the client (ADR 023), built by `vite build --ssr` and loaded by the server's
 * public-pages feature: draws one public page from the public API's JSON, waiting for every lazily loaded part,
 * so the HTML holds the whole page (pairings, standings, a player's board) before any script runs.
 */
export const renderPublicPage: PublicPageRenderer['renderPublicPage'] = async (url, source, options) => {
  const address = new URL(url, 'http://localhost');
  const path = address.pathname;
  if (!isPublicPagePath(path)) throw new Error(`${path} is not a server-drawn page`);
  const page = PUBLIC_PAGE_NEEDS[path];

  const state: PublicPageState = { since: source.readAt };
  await Promise.all(
    page.data.map(async (name) => {
      state[name] = await source.json(name);
    }),
  );
  const lookupName = page.lookup ? lookupNameOf(address.searchParams.get('name')) : null;
  if (lookupName !== null)
    state.playerLookup = { name: lookupName, body: await source.playerLookup(lookupName) };

  provideSanitiser(options.sanitiseRichText);
  const html = await drawWhole(
    appAt(address, { seed: (queryClient) => seedPublicData(queryClient, state, readCheckedPublicData) }),
    path,
  );
  return {
    html,
    state,
    modules: [...page.modules, ...richTextModules(html)],
  } satisfies RenderedPublicPage;
};

export const crmPageModules: CrmPageRenderer['crmPageModules'] = [
  ...new Set(CRM_DRAWN_PATHS.flatMap((path) => CRM_PAGE_MODULES[path] ?? [])),
];

/**
 * Draws a CRM page for the signed-in user (ADR 037) from the reads the server made with their session: the
 * session's and the page's own, seeded as the browser seeds them before taking the page over.
 */
export const renderCrmPage: CrmPageRenderer['renderCrmPage'] = async (url, state) => {
  const address = new URL(url, 'http://localhost');
  const path = address.pathname.replace(/\/+$/, '');
  const modules = CRM_PAGE_MODULES[path];
  if (!modules || !CRM_DRAWN_PATHS.includes(path)) throw new Error(`${path} is not a server-drawn CRM page`);
  const tree = appAt(address, {
    seed: (queryClient) => seedCrmPage(queryClient, state),
    isDrawnForSession: true,
  });
  return { html: await drawWhole(tree, path), modules };
};

/** The whole app at this address, as the browser's main.tsx draws it. */
function appAt(address: URL, shell: Omit<ComponentProps<typeof AppShell>, 'children'>): ReactElement {
  return (
    <AppShell {...shell}>
      <StaticRouter location={address.pathname + address.search}>
        <AppRoutes />
      </StaticRouter>
    </AppShell>
  );
}

/**
 * Drawn in one synchronous pass, so the HTML is in order and needs no inline script to finish (the CSP allows
 * none). A part whose code is not loaded yet draws its fallback and starts loading: once the loads are in, draw
 * again. The first request after start needs two or three passes; every later one needs one.
 */
async function drawWhole(tree: ReactElement, path: string): Promise<string> {
  let html = renderToString(tree);
  for (let pass = 1; pendingLoads().length > 0; pass++) {
    if (pass > MAX_PASSES) throw new Error(`${path}: code still loading after ${MAX_PASSES} passes`);
    await Promise.all(pendingLoads());
    html = renderToString(tree);
  }
  return html;
}
