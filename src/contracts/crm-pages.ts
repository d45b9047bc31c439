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

/** The session's two reads every guarded page makes first (better-auth's session, then the account). */
export const SESSION_READ_PATHS = ['/api/auth/get-session', '/api/me'] as const;
