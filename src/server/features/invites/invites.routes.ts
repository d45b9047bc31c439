import { messageResponseSchema } from '../../../contracts/common';
import {
  acceptInviteBodySchema,
  createInviteBodySchema,
  inviteDetailsSchema,
  invitesResponseSchema,
  inviteTokenParamsSchema,
} from '../../../contracts/invites';
import { type FeatureContext, routesFeature, type TypedApp } from '../../feature-context';
import { apiErrors } from '../../http/route-helpers';
import * as service from './invites.service';

const errors = apiErrors(400, 401, 403, 404, 409);
const tags = ['invites'];

/** /api/admin/invites and /api/invites/:token: invitations by e-mail and onboarding (docs/requirements.md §2). */
export const invitesFeature = routesFeature('invites', registerInviteRoutes);

function registerInviteRoutes(typed: TypedApp, context: FeatureContext): void {
  const { db, clock } = context;
  typed.post(
    '/api/admin/invites',
    {
      config: { access: 'createUsers' },
      schema: {
        summary: 'Invite someone by e-mail to join with a role',
        tags,
        body: createInviteBodySchema,
        response: { 201: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const sent = await service.createInvite(context, (await request.actor())!, request.ip, request.body);
      return reply.code(201).send({ message: sent });
    },
  );
  typed.get(
    '/api/admin/invites',
    {
      config: { access: 'manageUsers' },
      schema: {
        summary: 'Invitations, newest first',
        tags,
        response: { 200: invitesResponseSchema, ...errors },
      },
    },
    async () => ({ invites: await service.listInvites(db) }),
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
    async (request) => service.readInvite(db, request.params.token, clock.now()),
  );
  typed.post(
    '/api/invites/:token/accept',
    {
      config: { access: 'public', pausedBy: 'signups_closed' },
      schema: {
        summary: 'Accept an invitation: choose a password and join',
        tags,
        params: inviteTokenParamsSchema,
        body: acceptInviteBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: await service.acceptInvite(context, request.ip, request.params.token, request.body),
    }),
  );
}
