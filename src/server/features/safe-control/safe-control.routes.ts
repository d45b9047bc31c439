import { messageResponseSchema } from '../../../contracts/common';
import {
  SAFE_CONTROL_MESSAGES,
  SAFE_SWITCH_INFO,
  safeControlResponseSchema,
  safeSwitchChangeSchema,
  safeSwitchParamsSchema,
  siteStatusSchema,
} from '../../../contracts/safe-control';
import { routesFeature } from '../../feature-context';
import { apiErrors } from '../../http/route-helpers';

const tags = ['safe-control'];
const BASE = '/api/admin/safe-control';

/**
 * /api/admin/safe-control (`view_superadmin_dashboard`): the emergency switches, each changed with a reason, and
 * the notice of a restore that did not finish (ADR 025) with its dismissal; /api/site-status (public): which
 * are on and their banners, for every page and the admin header.
 */
export const safeControlFeature = routesFeature('safe-control', (typed, { safeControl }) => {
  typed.get(
    BASE,
    {
      config: { access: 'superadminDashboard' },
      schema: {
        summary: 'Every switch with its reason, banner, end time and who changed it last',
        tags,
        response: { 200: safeControlResponseSchema, ...apiErrors(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      await safeControl.reload();
      return { switches: safeControl.snapshot(), unfinishedRestore: safeControl.unfinishedRestore() };
    },
  );

  typed.delete(
    `${BASE}/unfinished-restore`,
    {
      config: { access: 'superadminDashboard' },
      schema: {
        summary: 'Dismisses the notice of a restore that did not finish (once the data is checked); audited',
        tags,
        response: { 200: messageResponseSchema, ...apiErrors(401, 403) },
      },
    },
    async (request) => {
      const actor = (await request.actor())!;
      await safeControl.dismissUnfinishedRestore({ actorId: actor.userId, ip: request.ip, name: actor.name });
      return { message: SAFE_CONTROL_MESSAGES.unfinishedRestoreDismissed };
    },
  );

  typed.put(
    `${BASE}/:name`,
    {
      config: { access: 'superadminDashboard' },
      schema: {
        summary: 'Switch one switch on (reason, banner, optional end time) or off (reason); audited',
        tags,
        params: safeSwitchParamsSchema,
        body: safeSwitchChangeSchema,
        response: { 200: messageResponseSchema, ...apiErrors(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = (await request.actor())!;
      const { name } = request.params;
      await safeControl.change(
        { actorId: actor.userId, ip: request.ip, name: actor.name },
        name,
        request.body,
      );
      const label = SAFE_SWITCH_INFO[name].label;
      return {
        message: request.body.on
          ? SAFE_CONTROL_MESSAGES.switchedOn(label)
          : SAFE_CONTROL_MESSAGES.switchedOff(label),
      };
    },
  );

  typed.get(
    '/api/site-status',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Which safe-control switches are on, with their banners (never a reason or a name)',
        tags,
        response: { 200: siteStatusSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      await safeControl.ready();
      return safeControl.siteStatus();
    },
  );
});
