import type { QueryClient } from '@tanstack/react-query';
import type { PublicPageDataName, PublicPagePath, PublicPageState } from '../../contracts/public-pages';
import { queryKeys } from '../lib/query-keys';
import { PUBLIC_PAGES } from './public-pages';

// Loaded only to take over a server-drawn page (main.tsx) and by the server's render: what each page is drawn
// from stays off the first JavaScript of every other page.

/** The query each named piece of public data fills: the same query the page's own fetch fills. */
const PUBLIC_DATA_KEYS: Record<PublicPageDataName, readonly unknown[]> = {
  home: queryKeys.home,
  leaderboard: queryKeys.leaderboard,
  tournament: queryKeys.tournament,
  registrationSettings: queryKeys.registrationSettings,
  importantInformation: queryKeys.importantInformation,
  dayRules: queryKeys.dayRules,
};

/**
 * How a piece of a drawn page's data is read from its JSON: on the server, checked by its schema
 * (contracts/public-page-data.ts, `readCheckedPublicData`); in the browser, as sent (`readAsSent`), since the
 * server's render of the same build already checked that very text.
 */
export type PublicDataReader = (name: PublicPageDataName | 'playerLookup', body: string) => unknown;
export const readAsSent: PublicDataReader = (_name, body) => JSON.parse(body);

export interface PublicPageNeeds {
  /** What the page shows; 'home' always, since the header reads it (leaderboard visibility, colour). */
  data: readonly PublicPageDataName[];
  /** Whether it shows the player lookup's result for ?name=. */
  lookup?: true;
  /**
   * The page's modules as the build manifest names them (paths under src/client): the page chunk and what it
   * shows at once, fetched side by side after the first paint, so no request waits for another (the server
   * warns at start of any the build does not know).
   */
  modules: readonly string[];
}

const RICH_TEXT_MODULE = 'components/rich-html-sanitiser.ts';
const HOME: PublicPageNeeds = {
  data: ['home'],
  // The announcements and the carousel are taken over when seen (take-over-when-seen.tsx): their code loads then.
  modules: ['features/home/home-page.tsx'],
};

export const PUBLIC_PAGE_NEEDS: Record<PublicPagePath, PublicPageNeeds> = {
  '/': HOME,
  '/home': HOME,
  // The current round's boards are a tab of their own, fetched when opened.
  '/leaderboard': {
    data: ['home', 'leaderboard'],
    modules: ['features/leaderboard/leaderboard-page.tsx'],
  },
  '/player-lookup': {
    data: ['home'],
    lookup: true,
    modules: ['features/player-lookup/player-lookup-page.tsx'],
  },
  '/important-information': {
    data: ['home', 'importantInformation', 'tournament', 'registrationSettings'],
    modules: ['features/info/important-information-page.tsx'],
  },
  '/registration-guide': {
    data: ['home', 'registrationSettings'],
    modules: ['features/info/registration-guide-page.tsx'],
  },
  '/how-the-day-works': {
    data: ['home', 'tournament', 'dayRules'],
    modules: ['features/roster-changes/how-the-day-works-page.tsx'],
  },
  '/site-navigation': { data: ['home'], modules: ['features/info/site-navigation-page.tsx'] },
  '/privacy': { data: ['home'], modules: ['features/info/privacy-page.tsx'] },
};

/** Every module some page preloads, the rich-text sanitiser included. */
export const PRELOADED_MODULES = [
  ...new Set([...Object.values(PUBLIC_PAGE_NEEDS).flatMap((page) => page.modules), RICH_TEXT_MODULE]),
];

/** Rich text the page takes over at once (RichHtml marks rich text taken over later `data-rich-text="later"`). */
const RICH_TEXT_NOW = 'data-rich-text=""';

/**
 * The sanitiser's module, preloaded when the drawn page holds rich text it takes over at once (it must be there
 * before hydration); rich text in a part taken over later (`data-rich-text="later"`) loads it then.
 */
export function richTextModules(html: string): string[] {
  return html.includes(RICH_TEXT_NOW) ? [RICH_TEXT_MODULE] : [];
}

/**
 * Fills the query cache from a server-drawn page's data, on the server before drawing and in the browser before
 * hydrating, so both draw from equal data and the browser fetches nothing it was sent.
 */
export function seedPublicData(
  queryClient: QueryClient,
  state: PublicPageState,
  read: PublicDataReader,
): void {
  for (const [name, queryKey] of Object.entries(PUBLIC_DATA_KEYS) as [
    PublicPageDataName,
    readonly unknown[],
  ][]) {
    const body = state[name];
    if (body !== undefined) queryClient.setQueryData(queryKey, read(name, body));
  }
  if (state.playerLookup) {
    queryClient.setQueryData(
      queryKeys.playerLookup(state.playerLookup.name),
      read('playerLookup', state.playerLookup.body),
    );
  }
}

/**
 * What the browser needs to take over a public page the server drew (main.tsx): the page's code (preloaded by the
 * HTML) and, for rich text, its sanitiser loaded, so the browser's first draft equals the server's at once and
 * nothing on screen is replaced; and the seed and time of the data it was drawn from, read from its data block.
 */
export async function publicPageTakeOver(
  stateBlock: HTMLElement,
  container: HTMLElement,
): Promise<{ seed: (queryClient: QueryClient) => void; since: number }> {
  const state = JSON.parse(stateBlock.textContent ?? '{}') as PublicPageState;
  const path = window.location.pathname as keyof typeof PUBLIC_PAGES;
  await Promise.all([
    PUBLIC_PAGES[path]?.preload(),
    container.querySelector(`[${RICH_TEXT_NOW}]`)
      ? import('../components/rich-html').then((module) => module.preloadRichText())
      : undefined,
  ]);
  return { seed: (queryClient) => seedPublicData(queryClient, state, readAsSent), since: state.since };
}
