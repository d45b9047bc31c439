import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { announcementsResponseSchema } from '../../../contracts/announcements';
import { apiErrorSchema } from '../../../contracts/common';
import { homeResponseSchema } from '../../../contracts/home';
import { leaderboardResponseSchema } from '../../../contracts/leaderboard';
import { playerLookupQuerySchema, playerLookupResponseSchema } from '../../../contracts/player-lookup';
import { rosterResponseSchema } from '../../../contracts/roster';
import { homePageSettingsSchema, registrationSettingsSchema } from '../../../contracts/settings';
import {
  currentRoundResponseSchema,
  recentMatchesResponseSchema,
  tournamentResponseSchema,
} from '../../../contracts/tournament';
import { normalizeName } from '../../../domain/names';
import type { Feature } from '../../feature-context';
import { sendCachedJson } from '../../http/cached-json';
import type { PublicDataCache, PublicSnapshot, SnapshotView } from './public-data-cache';

interface CachedRoute {
  url: string;
  view: SnapshotView;
  summary: string;
  response: z.ZodType;
  build: (snapshot: PublicSnapshot) => unknown;
}

const CACHED_ROUTES: CachedRoute[] = [
  {
    url: '/api/public/home',
    view: 'home',
    summary: 'Everything the home page shows, in one response',
    response: homeResponseSchema,
    build: (snapshot) => snapshot.views.home(snapshot.recentMatches()),
  },
  {
    url: '/api/public/tournament',
    view: 'tournament',
    summary: 'The active tournament with its rounds and derived statistics',
    response: tournamentResponseSchema,
    build: (snapshot) => snapshot.views.tournament(),
  },
  {
    url: '/api/public/leaderboard',
    view: 'leaderboard',
    summary: 'Individual and team standings; empty lists when the leaderboard is hidden',
    response: leaderboardResponseSchema,
    build: (snapshot) => snapshot.views.leaderboard(),
  },
  {
    url: '/api/public/rounds/current',
    view: 'current-round',
    summary: "The current round's boards, byes and public pairing notes",
    response: currentRoundResponseSchema,
    build: (snapshot) => snapshot.views.currentRound(),
  },
  {
    url: '/api/public/roster',
    view: 'roster',
    summary: 'Every active player by name, with team and rating (name badges, alphabetical lists)',
    response: rosterResponseSchema,
    build: (snapshot) => snapshot.views.roster(),
  },
  {
    url: '/api/public/matches/recent',
    view: 'recent',
    summary: 'Three finished games picked at random',
    response: recentMatchesResponseSchema,
    build: (snapshot) => ({ matches: snapshot.recentMatches() }),
  },
  {
    url: '/api/public/announcements',
    view: 'announcements',
    summary: 'The latest five announcements of the active tournament',
    response: announcementsResponseSchema,
    build: (snapshot) => ({ announcements: snapshot.views.announcements() }),
  },
  {
    url: '/api/public/settings/home',
    view: 'settings-home',
    summary: 'Home page settings merged over the defaults',
    response: homePageSettingsSchema,
    build: (snapshot) => snapshot.views.homeSettings(),
  },
  {
    url: '/api/public/settings/registration',
    view: 'settings-registration',
    summary: 'Public registration settings (get_public_registration_settings)',
    response: registrationSettingsSchema,
    build: (snapshot) => snapshot.views.registrationSettings(),
  },
];

export const tournamentFeature: Feature = {
  name: 'tournament',
  register: (app, { cache }) => registerPublicRoutes(app, cache),
};

/**
 * The public read API: everything visitors see without signing in. Each response is built once per data
 * change (PublicDataCache) and revalidated by ETag.
 */
function registerPublicRoutes(app: FastifyInstance, cache: PublicDataCache): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const route of CACHED_ROUTES) {
    typed.get(
      route.url,
      {
        config: { access: 'public' },
        schema: { summary: route.summary, tags: ['public'], response: { 200: route.response } },
      },
      async (request, reply) =>
        sendCachedJson(request, reply, (await cache.snapshot()).json(route.view, route.build)),
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
    async (request, reply) =>
      sendCachedJson(request, reply, (await cache.snapshot()).lookup(normalizeName(request.query.name))),
  );
}
