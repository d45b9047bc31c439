import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { homeResponseSchema } from '../../contracts/home';
import { leaderboardResponseSchema } from '../../contracts/leaderboard';
import { playerLookupResponseSchema } from '../../contracts/player-lookup';
import type { PublicPageDataName, PublicPagePath, PublicPageState } from '../../contracts/public-pages';
import { importantInformationSchema } from '../../contracts/rich-text';
import { dayRulesResponseSchema } from '../../contracts/roster-changes';
import { registrationSettingsSchema } from '../../contracts/settings';
import { tournamentResponseSchema } from '../../contracts/tournament';
import { queryKeys } from '../lib/query-keys';
import { PUBLIC_PAGES } from './public-pages';

// Loaded only to take over a server-drawn page (main.tsx) and by the server's render: the schemas stay off the
// first JavaScript of every other page.

/**
 * Each named piece of public data: the query it fills and the schema its JSON is read with, the same schema the
 * page's own fetch uses (see each feature's queries.ts), so a server-drawn page and a fetched one hold equal data.
 */
const PUBLIC_DATA: Record<PublicPageDataName, { queryKey: readonly unknown[]; schema: z.ZodType }> = {
  home: { queryKey: queryKeys.home, schema: homeResponseSchema },
  leaderboard: { queryKey: queryKeys.leaderboard, schema: leaderboardResponseSchema },
  tournament: { queryKey: queryKeys.tournament, schema: tournamentResponseSchema },
  registrationSettings: { queryKey: queryKeys.registrationSettings, schema: registrationSettingsSchema },
  importantInformation: { queryKey: queryKeys.importantInformation, schema: importantInformationSchema },
  dayRules: { queryKey: queryKeys.dayRules, schema: dayRulesResponseSchema },
};

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
export function seedPublicData(queryClient: QueryClient, state: PublicPageState): void {
  for (const [name, entry] of Object.entries(PUBLIC_DATA) as [
    PublicPageDataName,
    (typeof PUBLIC_DATA)['home'],
  ][]) {
    const body = state[name];
    if (body !== undefined) queryClient.setQueryData(entry.queryKey, entry.schema.parse(JSON.parse(body)));
  }
  if (state.playerLookup) {
    queryClient.setQueryData(
      queryKeys.playerLookup(state.playerLookup.name),
      playerLookupResponseSchema.parse(JSON.parse(state.playerLookup.body)),
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
  return { seed: (queryClient) => seedPublicData(queryClient, state), since: state.since };
}
