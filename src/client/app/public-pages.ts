import type { PublicPagePath } from '../../contracts/public-pages';
import { type LazyPage, preloadablePage } from '../lib/lazy-page';

/**
 * The server-drawn public pages (ADR 023), each loaded on demand: the route table shows them, and main.tsx loads
 * the current one ahead of hydration. What each page is drawn from is in public-page-data.ts.
 */
const home = preloadablePage(() => import('../features/home/home-page'), 'HomePage');

export const PUBLIC_PAGES: Record<PublicPagePath, LazyPage> = {
  '/': home,
  '/home': home,
  '/leaderboard': preloadablePage(
    () => import('../features/leaderboard/leaderboard-page'),
    'LeaderboardPage',
  ),
  '/player-lookup': preloadablePage(
    () => import('../features/player-lookup/player-lookup-page'),
    'PlayerLookupPage',
  ),
  '/important-information': preloadablePage(
    () => import('../features/info/important-information-page'),
    'ImportantInformationPage',
  ),
  '/registration-guide': preloadablePage(
    () => import('../features/info/registration-guide-page'),
    'RegistrationGuidePage',
  ),
  '/how-the-day-works': preloadablePage(
    () => import('../features/roster-changes/how-the-day-works-page'),
    'HowTheDayWorksPage',
  ),
  '/site-navigation': preloadablePage(
    () => import('../features/info/site-navigation-page'),
    'SiteNavigationPage',
  ),
  '/privacy': preloadablePage(() => import('../features/info/privacy-page'), 'PrivacyPage'),
};
