/**
 * The CRM's two large pages and the read each starts with (ADR 030): shared by the browser's early-read starter and
 * the server, which names these reads as preloads in the page's response so they start with the HTML. A module of
 * its own, so the starter (part of a CRM page's first load) carries nothing else.
 */
export const CRM_OVERVIEW_PATH = '/api/crm/overview';
export const CRM_BOARD_PATH = '/api/crm/tasks';

/** The page's path (no trailing slash) → the read it shows. */
export const CRM_PAGE_READS: Readonly<Record<string, string>> = {
  '/crm': CRM_OVERVIEW_PATH,
  '/crm/tasks': CRM_BOARD_PATH,
};

/**
 * The chunks each of those pages needs at once, as the build manifest names their modules: the HTML of a drawn page
 * loads them after its first paint (ADR 037); the app's shell names them as module preloads, with the CRM's
 * starter (ADR 030).
 */
export const CRM_PAGE_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/crm': ['features/crm/crm-routes.tsx', 'features/crm/crm-overview-page.tsx'],
  '/crm/tasks': ['features/crm/crm-routes.tsx', 'features/crm/crm-tasks-page.tsx'],
};
export const CRM_STARTER_MODULE = 'features/crm/crm-early.ts';

/** The session's two reads every guarded page makes first (better-auth's session, then the account). */
export const SESSION_READ_PATHS = ['/api/auth/get-session', '/api/me'] as const;

/**
 * A CRM page drawn on the server for the signed-in user (ADR 037): the markup arrives with the HTML, with the
 * reads it was drawn from, and the browser takes it over (hydration) instead of drawing it again.
 */
export const CRM_PAGE_STATE_ID = 'crm-page-state';

/**
 * The CRM pages drawn on the server: the matrix and the board (whose first lanes are drawn for a typical window
 * until the browser has taken it over).
 */
export const CRM_DRAWN_PATHS: readonly string[] = ['/crm', '/crm/tasks'];

export interface CrmPageState {
  /** Each read's JSON body as the API sent it, by path: the session's two and the page's own. */
  reads: Record<string, string>;
  /** When they were read (ms, the server's clock): the page's live stream asks what changed since. */
  since: number;
}

export interface RenderedCrmPage {
  /** The markup inside #root. */
  html: string;
  /** Source modules (as the build manifest names them) the page needs at once: preloaded, not discovered. */
  modules: readonly string[];
}

/** What the server build of the client (src/client/entry-server.tsx) exports for the CRM's pages. */
export interface CrmPageRenderer {
  /** Every module a drawn CRM page preloads: the server checks at start that the build knows each. */
  crmPageModules: readonly string[];
  renderCrmPage(url: string, state: CrmPageState): Promise<RenderedCrmPage>;
}
