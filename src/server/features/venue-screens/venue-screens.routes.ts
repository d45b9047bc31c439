import { z } from 'zod';
import { messageResponseSchema } from '../../../contracts/common';
import {
  adminScreenResponseSchema,
  adminScreensResponseSchema,
  SCREEN_VIEW_LABELS,
  screenDisplaySchema,
  screenInputSchema,
  screenSwitchResponseSchema,
  screenSwitchSchema,
  VENUE_SCREEN_MESSAGES,
} from '../../../contracts/venue-screens';
import { routesFeature } from '../../feature-context';
import { CachedJson, sendCached } from '../../http/cached-json';
import { HttpError } from '../../http/errors';
import { apiErrors, auditContextOf } from '../../http/route-helpers';
import {
  createScreen,
  deleteScreen,
  displayFor,
  listScreenRows,
  replaceScreenCode,
  switchScreens,
  toAdminScreens,
  updateScreen,
} from './venue-screens.service';

const tags = ['venue screens'];
const BASE = '/api/admin/venue-screens';
const idParams = z.object({ id: z.uuid() });
const codeParams = z.object({ code: z.string().max(40) });
/** The short address the "find your board" QR code and caption give. */
const FIND_PATH = '/find';

/**
 * The hall's screens (issue 31, ADR 042). `GET /api/screens/:code` (public) is a display page's only read: what
 * its screen shows now, from the public snapshot and the screens' rows, which each process keeps in memory
 * until a change to them (so 20 screens refetching after a pairing read no table, and a screen keeps its data
 * while the database is away). `/api/admin/venue-screens` (`manageScreens`): define screens, issue and revoke
 * their codes, and the one switch.
 */
export const venueScreensFeature = routesFeature('venue-screens', (typed, context) => {
  const { db, cache, feed, publicUrl, logger } = context;
  let rows: ReturnType<typeof listScreenRows> | null = null;
  let lastRows: Awaited<ReturnType<typeof listScreenRows>> | null = null;
  const screenRows = async () => {
    rows ??= listScreenRows(db);
    try {
      lastRows = await rows;
      return lastRows;
    } catch (error) {
      rows = null;
      if (lastRows) {
        logger.warn({ err: error }, 'screens served from memory: the database could not be read');
        return lastRows;
      }
      throw error;
    }
  };
  // Other processes' changes arrive through the change feed; this process's own are forgotten as they are made.
  const forget = () => {
    rows = null;
  };
  const unsubscribe = feed.subscribe((event) => {
    if (event.topics.includes('screens')) forget();
  });
  typed.addHook('onClose', async () => unsubscribe());

  typed.get(
    '/api/screens/:code',
    {
      config: { access: 'public' },
      schema: {
        summary:
          'What the screen with this code shows now (the display page polls nothing: it follows /api/live)',
        tags,
        params: codeParams,
        response: { 200: screenDisplaySchema, ...apiErrors(404) },
      },
    },
    async (request, reply) => {
      const [all, snapshot] = await Promise.all([screenRows(), cache.snapshot()]);
      const display = displayFor(request.params.code, all, snapshot.views, publicUrl);
      if (!display) throw new HttpError(404, VENUE_SCREEN_MESSAGES.unknownCode);
      return sendCached(request, reply, new CachedJson(display));
    },
  );

  typed.get(FIND_PATH, { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.redirect('/player-lookup', 302),
  );

  typed.get(
    BASE,
    {
      config: { access: 'manageScreens' },
      schema: {
        summary: 'Every screen: programme, switch, code and the part of the alphabet it shows now',
        tags,
        response: { 200: adminScreensResponseSchema, ...apiErrors(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const [all, snapshot] = await Promise.all([listScreenRows(db), cache.snapshot()]);
      return { screens: toAdminScreens(all, snapshot.views) };
    },
  );

  /** A change's answer: the screen as the list shows it after the change. */
  const adminAnswer = async (id: string, message: string) => {
    forget();
    const [all, snapshot] = await Promise.all([listScreenRows(db), cache.snapshot()]);
    const screen = toAdminScreens(all, snapshot.views).find((candidate) => candidate.id === id);
    if (!screen) throw new HttpError(404, VENUE_SCREEN_MESSAGES.notFound);
    return { screen, message };
  };

  typed.post(
    BASE,
    {
      config: { access: 'manageScreens' },
      schema: {
        summary: 'Add a screen; it gets its code at once',
        tags,
        body: screenInputSchema,
        response: { 201: adminScreenResponseSchema, ...apiErrors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const row = await createScreen(context, await auditContextOf(request), request.body);
      return reply.code(201).send(await adminAnswer(row.id, VENUE_SCREEN_MESSAGES.created(row.name)));
    },
  );

  typed.put(
    `${BASE}/:id`,
    {
      config: { access: 'manageScreens' },
      schema: {
        summary: 'Change a screen: name, group, programme, theme, paging',
        tags,
        params: idParams,
        body: screenInputSchema,
        response: { 200: adminScreenResponseSchema, ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const row = await updateScreen(context, await auditContextOf(request), request.params.id, request.body);
      return adminAnswer(row.id, VENUE_SCREEN_MESSAGES.saved(row.name));
    },
  );

  typed.delete(
    `${BASE}/:id`,
    {
      config: { access: 'manageScreens' },
      schema: {
        summary: 'Delete a screen; its display shows nothing',
        tags,
        params: idParams,
        response: { 200: messageResponseSchema, ...apiErrors(401, 403, 404) },
      },
    },
    async (request) => {
      const name = await deleteScreen(context, await auditContextOf(request), request.params.id);
      forget();
      return { message: VENUE_SCREEN_MESSAGES.deleted(name) };
    },
  );

  typed.post(
    `${BASE}/:id/code`,
    {
      config: { access: 'manageScreens' },
      schema: {
        summary: 'Issue a new code for the screen; the old one shows nothing from now on',
        tags,
        params: idParams,
        response: { 200: adminScreenResponseSchema, ...apiErrors(401, 403, 404) },
      },
    },
    async (request) => {
      const row = await replaceScreenCode(context, await auditContextOf(request), request.params.id, false);
      return adminAnswer(row.id, VENUE_SCREEN_MESSAGES.codeIssued(row.name));
    },
  );

  typed.delete(
    `${BASE}/:id/code`,
    {
      config: { access: 'manageScreens' },
      schema: {
        summary: 'Revoke the screen’s code: its display shows nothing until a new code is issued',
        tags,
        params: idParams,
        response: { 200: adminScreenResponseSchema, ...apiErrors(401, 403, 404) },
      },
    },
    async (request) => {
      const row = await replaceScreenCode(context, await auditContextOf(request), request.params.id, true);
      return adminAnswer(row.id, VENUE_SCREEN_MESSAGES.codeRevoked(row.name));
    },
  );

  typed.post(
    `${BASE}/switch`,
    {
      config: { access: 'manageScreens' },
      schema: {
        summary: `The one switch: one view (${Object.values(SCREEN_VIEW_LABELS).join(', ')}) on every screen or a group's, or null for their programmes`,
        tags,
        body: screenSwitchSchema,
        response: { 200: screenSwitchResponseSchema, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const answer = await switchScreens(context, await auditContextOf(request), request.body);
      forget();
      return answer;
    },
  );
});
