import { systemStatusSchema, userActivitySchema } from '../../../contracts/system-status';
import { routesFeature } from '../../feature-context';
import { apiErrors } from '../../http/route-helpers';
import { readSystemStatus, readUserActivity } from './system-status.service';

const tags = ['system status'];
const BASE = '/api/admin/system-status';

/**
 * /api/admin/system-status (`view_superadmin_dashboard`): uptime, version, database size, backups, users by role,
 * live connections and the last hour's requests; and the last 10 things people did.
 */
export const systemStatusFeature = routesFeature('system-status', (typed, context) => {
  const errors = apiErrors(401, 403);
  const sources = {
    database: context.database,
    feed: context.feed,
    requestStats: context.requestStats,
    startedAt: context.startedAt,
    build: context.build,
    now: context.clock.now,
    safeControl: context.safeControl,
  };

  typed.get(
    BASE,
    {
      config: { access: 'superadminDashboard' },
      schema: {
        summary: 'Uptime, version, database size, backups, users by role, live connections, the last hour',
        tags,
        response: { 200: systemStatusSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return readSystemStatus(sources);
    },
  );

  typed.get(
    `${BASE}/activity`,
    {
      config: { access: 'superadminDashboard' },
      schema: {
        summary:
          'The last 10 things people did (staff actions and security events with a user), newest first',
        tags,
        response: { 200: userActivitySchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return readUserActivity(sources);
    },
  );
});
