import type { z } from 'zod';
import { announcementsResponseSchema } from '../../../contracts/announcements';
import { apiErrorSchema } from '../../../contracts/common';
import { homeResponseSchema } from '../../../contracts/home';
import { leaderboardResponseSchema } from '../../../contracts/leaderboard';
import { playerLookupQuerySchema, playerLookupResponseSchema } from '../../../contracts/player-lookup';
import { prizesViewSchema } from '../../../contracts/prizes';
import { NOINDEX_HEADER } from '../../../contracts/public-pages';
import { rosterResponseSchema } from '../../../contracts/roster';
import { dayRulesResponseSchema } from '../../../contracts/roster-changes';
import { homePageSettingsSchema, registrationSettingsSchema } from '../../../contracts/settings';
import {
  currentRoundResponseSchema,
  recentMatchesResponseSchema,
  tournamentResponseSchema,
} from '../../../contracts/tournament';
import { normalizeName } from '../../../domain/names';
import type { PublicDataCache, SnapshotView } from '../../core/tournament/public-data-cache';
import { routesFeature, type TypedApp } from '../../feature-context';
import { sendCached } from '../../http/cached-json';

interface CachedRoute {
  url: string;
  view: SnapshotView;
  summary: string;
  response: z.ZodType;
}

const CACHED_ROUTES: CachedRoute[] = [
  {
    url: '/api/public/home',
    view: 'home',
    summary: 'Everything the home page shows, in one response',
    response: homeResponseSchema,
  },
  {
    url: '/api/public/tournament',
    view: 'tournament',
    summary: 'The active tournament with its rounds and derived statistics',
    response: tournamentResponseSchema,
  },
  {
    url: '/api/public/leaderboard',
    view: 'leaderboard',
    summary: 'Individual and team standings; empty lists when the leaderboard is hidden',
    response: leaderboardResponseSchema,
  },
  {
    url: '/api/public/rounds/current',
    view: 'current-round',
    summary: "The current round's boards, byes and public pairing notes",
    response: currentRoundResponseSchema,
  },
  {
    url: '/api/public/roster',
    view: 'roster',
    summary: 'Every active player by name, with team and rating (name badges, alphabetical lists)',
    response: rosterResponseSchema,
  },
  {
    url: '/api/public/prizes',
    view: 'prizes',
    summary: 'The prize list so far (issue 32): winners, shares and why; no winners while embargoed',
    response: prizesViewSchema,
  },
  {
    url: '/api/public/day-rules',
    view: 'day-rules',
    summary: 'The roster rules (byes, withdrawals, late entries, locks) in words, for "how the day works"',
    response: dayRulesResponseSchema,
  },
  {
    url: '/api/public/matches/recent',
    view: 'recent',
    summary: 'Three finished games picked at random',
    response: recentMatchesResponseSchema,
  },
  {
    url: '/api/public/announcements',
    view: 'announcements',
    summary: 'The latest five announcements of the active tournament',
    response: announcementsResponseSchema,
  },
  {
    url: '/api/public/settings/home',
    view: 'settings-home',
    summary: 'Home page settings merged over the defaults',
    response: homePageSettingsSchema,
  },
  {
    url: '/api/public/settings/registration',
    view: 'settings-registration',
    summary: 'Public registration settings (get_public_registration_settings)',
    response: registrationSettingsSchema,
  },
];

export const tournamentFeature = routesFeature('tournament', (typed, { cache }) =>
  registerPublicRoutes(typed, cache),
);

/**
 * The public read API: everything visitors see without signing in. Each response is built once per data
 * change (PublicDataCache) and revalidated by ETag.
 */
function registerPublicRoutes(typed: TypedApp, cache: PublicDataCache): void {
  for (const route of CACHED_ROUTES) {
    typed.get(
      route.url,
      {
        config: { access: 'public' },
        schema: { summary: route.summary, tags: ['public'], response: { 200: route.response } },
      },
      async (request, reply) => sendCached(request, reply, (await cache.snapshot()).json(route.view)),
    );
  }

  typed.get(
    '/api/public/players',
    {
      config: { access: 'public' },
      schema: {
        summary: "Find a player by name: this round's board, colour and opponent, then their results",
        tags: ['public'],
        querystring: playerLookupQuerySchema,
        response: { 200: playerLookupResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header(NOINDEX_HEADER.name, NOINDEX_HEADER.value);
      return sendCached(request, reply, (await cache.snapshot()).lookup(normalizeName(request.query.name)));
    },
  );
}
