import {
  broadcastCreateSchema,
  broadcastHistorySchema,
  broadcastParamsSchema,
  CURRENT_BROADCASTS_PATH,
  currentBroadcastsSchema,
} from '../../../contracts/broadcasts';
import { messageResponseSchema } from '../../../contracts/common';
import { routesFeature } from '../../feature-context';
import { apiErrors } from '../../http/route-helpers';
import { BroadcastBoard, createBroadcast, endBroadcast, readHistory, viewerOf } from './broadcasts.service';

const tags = ['broadcasts'];
const BASE = '/api/admin/broadcasts';

/**
 * /api/admin/broadcasts (`view_superadmin_dashboard`): send, end and list broadcasts; /api/broadcasts/current
 * (public): what the visitor's audience sees now. Every process keeps the broadcasts not yet ended in memory,
 * reloaded on each change, so a page opened by 400 phones at once reads no table.
 */
export const broadcastsFeature = routesFeature('broadcasts', async (typed, context) => {
  const { db, feed, clock, logger } = context;
  const board = new BroadcastBoard(db, clock.millis);
  await board.reload();
  const unsubscribe = feed.subscribe((event) => {
    if (event.topics.includes('broadcasts')) {
      board.reload().catch((error: unknown) => logger.warn({ err: error }, 'reloading broadcasts failed'));
    }
  });
  typed.addHook('onClose', async () => unsubscribe());

  typed.get(
    CURRENT_BROADCASTS_PATH,
    {
      config: { access: 'public' },
      schema: {
        summary: 'The broadcasts on now for this visitor (everyone, signed in, staff, registrants)',
        tags,
        response: { 200: currentBroadcastsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return board.currentFor(await viewerOf(db, await request.actor(), board));
    },
  );

  typed.get(
    BASE,
    {
      config: { access: 'superadminDashboard' },
      schema: {
        summary: 'Every broadcast, newest first (100), with who sent it and its e-mail delivery',
        tags,
        response: { 200: broadcastHistorySchema, ...apiErrors(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return readHistory(db, clock.millis());
    },
  );

  typed.post(
    BASE,
    {
      config: { access: 'superadminDashboard' },
      schema: {
        summary: 'Send or schedule a broadcast; optionally e-mail its audience through the mail queue',
        tags,
        body: broadcastCreateSchema,
        response: { 201: messageResponseSchema, ...apiErrors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const actor = (await request.actor())!;
      const result = await createBroadcast(
        context,
        { actorId: actor.userId, ip: request.ip, name: actor.name },
        request.body,
      );
      await board.reload();
      return reply.code(201).send(result);
    },
  );

  typed.post(
    `${BASE}/:id/end`,
    {
      config: { access: 'superadminDashboard' },
      schema: {
        summary: 'End a scheduled or running broadcast now; its e-mails not yet sent are dropped',
        tags,
        params: broadcastParamsSchema,
        response: { 200: messageResponseSchema, ...apiErrors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = (await request.actor())!;
      const result = await endBroadcast(
        context,
        { actorId: actor.userId, ip: request.ip },
        request.params.id,
      );
      await board.reload();
      return result;
    },
  );
});
