import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '../../../contracts/common';
import {
  acceptInviteBodySchema,
  createInviteBodySchema,
  inviteDetailsSchema,
  invitesResponseSchema,
  inviteTokenParamsSchema,
} from '../../../contracts/invites';
import type { Auth } from '../../auth/auth';
import type { Db } from '../../db/client';
import { apiErrors } from '../../http/route-helpers';
import type { Mailer } from '../../mail/mailer';
import * as service from './invites.service';

const errors = apiErrors(400, 401, 403, 404, 409);
const tags = ['invites'];

export function registerInviteRoutes(
  app: FastifyInstance,
  deps: { db: Db; auth: Auth; mailer: Mailer; publicUrl: string; now: () => Date },
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/admin/invites',
    {
      config: { access: { allOf: ['view_user_management', 'create_players'] } },
      schema: {
        summary: 'Invite someone by e-mail to join with a role',
        tags,
        body: createInviteBodySchema,
        response: { 201: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const sent = await service.createInvite(
        { ...deps, now: deps.now() },
        (await request.actor())!,
        request.ip,
        request.body,
      );
      return reply.code(201).send({ message: sent });
    },
  );
  typed.get(
    '/api/admin/invites',
    {
      config: { access: { permission: 'view_user_management' } },
      schema: {
        summary: 'Invitations, newest first',
        tags,
        response: { 200: invitesResponseSchema, ...errors },
      },
    },
    async () => ({ invites: await service.listInvites(deps.db) }),
  );
  typed.get(
    '/api/invites/:token',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The invitation behind a link, while it is open',
        tags,
        params: inviteTokenParamsSchema,
        response: { 200: inviteDetailsSchema, ...errors },
      },
    },
    async (request) => service.readInvite(deps.db, request.params.token, deps.now()),
  );
  typed.post(
    '/api/invites/:token/accept',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Accept an invitation: choose a password and join',
        tags,
        params: inviteTokenParamsSchema,
        body: acceptInviteBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: await service.acceptInvite(
        { db: deps.db, auth: deps.auth, now: deps.now() },
        request.ip,
        request.params.token,
        request.body,
      ),
    }),
  );
}
