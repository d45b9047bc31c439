/**
 * Server rendering of the public pages (ADR 023): what the server and the client's render entry agree on.
 * The server owns the data (the public API's JSON, read from the cached snapshot); the client owns which page
 * needs which data and how it is drawn. The HTML of a page depends only on its path and, for the player
 * lookup, the searched name: that pair is the key it is cached under, once per snapshot.
 */

/** The pages drawn on the server (docs/requirements.md §2's public pages); every other path stays client-rendered. */
export const PUBLIC_PAGE_PATHS = [
  '/',
  '/home',
  '/leaderboard',
  '/player-lookup',
  '/important-information',
  '/registration-guide',
  '/how-the-day-works',
  '/site-navigation',
  '/privacy',
] as const;
export type PublicPagePath = (typeof PUBLIC_PAGE_PATHS)[number];

/**
 * Pages and answers about one pupil that search engines are told not to index (ADR 036), with the header
 * that tells them: the player lookup page and its API.
 */
export const NOINDEX_PATHS: readonly string[] = ['/player-lookup', '/api/public/players'];
export const NOINDEX_HEADER = { name: 'x-robots-tag', value: 'noindex, nofollow' } as const;

export function isPublicPagePath(path: string): path is PublicPagePath {
  return (PUBLIC_PAGE_PATHS as readonly string[]).includes(path);
}

/** The public API responses a page may be drawn from, by name (each is the body of one GET /api/public/… route). */
export const PUBLIC_PAGE_DATA = [
  'home',
  'leaderboard',
  'tournament',
  'registrationSettings',
  'importantInformation',
  'dayRules',
] as const;
export type PublicPageDataName = (typeof PUBLIC_PAGE_DATA)[number];

/** Where the render reads its data: the JSON bodies the public API would send, so both paths parse the same text. */
export interface PublicPageSource {
  /** When the data was read (ms, the server's clock): the page's live stream asks what changed since. */
  readAt: number;
  json(name: PublicPageDataName): Promise<string>;
  /** The body of GET /api/public/players?name=… for a valid name. */
  playerLookup(name: string): Promise<string>;
}

/** The data a page was drawn from, inlined in the HTML so the client starts with exactly what the server drew. */
export type PublicPageState = Partial<Record<PublicPageDataName, string>> & {
  playerLookup?: { name: string; body: string };
  /** When the data was read: see PublicPageSource.readAt. */
  since: number;
};

export interface RenderedPublicPage {
  /** The markup inside #root. */
  html: string;
  state: PublicPageState;
  /** Source modules (as the build manifest names them) the page needs at once: preloaded, not discovered. */
  modules: string[];
}

/** What the server build of the client (src/client/entry-server.tsx) exports. */
export interface PublicPageRenderer {
  /** Every module some page preloads: the server checks at start that the build knows each. */
  publicPageModules: readonly string[];
  renderPublicPage(
    url: string,
    source: PublicPageSource,
    options: { sanitiseRichText: (html: string) => string },
  ): Promise<RenderedPublicPage>;
}

/** The id of the inline JSON block that carries the state (a data block: no script runs, nothing for the CSP). */
export const PUBLIC_PAGE_STATE_ID = 'public-page-state';
