import { messageResponseSchema } from '../../../contracts/common';
import {
  RETENTION_MESSAGES,
  retentionLastRunSchema,
  retentionPeriodsSchema,
  retentionPlanSchema,
  retentionStatusSchema,
} from '../../../contracts/retention';
import * as service from '../../core/retention/retention.service';
import { routesFeature } from '../../feature-context';
import { apiErrors, auditContextOf } from '../../http/route-helpers';

const tags = ['retention'];
const BASE = '/api/admin/retention';

/**
 * /api/admin/retention (`view_superadmin_dashboard`, ADR 035): the periods and the last run, the dry run, a run
 * now, the periods changed. The daily run, claimed once per day across processes, is `retention.job.ts`.
 */
export const retentionFeature = routesFeature('retention', (typed, context) => {
  const { clock } = context;
  const errors = apiErrors(400, 401, 403);

  typed.get(
    BASE,
    {
      config: { access: 'superadminDashboard' },
      schema: {
        summary: 'The retention periods and the last run of the daily retention job, with its counts',
        tags,
        response: { 200: retentionStatusSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.readRetentionStatus(context.db);
    },
  );

  typed.post(
    `${BASE}/dry-run`,
    {
      config: { access: 'superadminDashboard' },
      schema: {
        summary: 'Lists exactly the records a retention run now would delete or anonymise; changes nothing',
        tags,
        response: { 200: retentionPlanSchema, ...errors },
      },
    },
    async () => service.planRetention(context.db, clock.now()),
  );

  typed.post(
    `${BASE}/run`,
    {
      config: { access: 'superadminDashboard' },
      schema: {
        summary: 'Runs the retention now: deletes or anonymises what the dry run lists',
        tags,
        response: { 200: retentionLastRunSchema, ...errors },
      },
    },
    async () => service.runRetention(context, clock.now()),
  );

  typed.put(
    `${BASE}/periods`,
    {
      config: { access: 'superadminDashboard' },
      schema: {
        summary: 'How long visitor records (days) and registrations after their tournament (years) are kept',
        tags,
        body: retentionPeriodsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.savePeriods(context, await auditContextOf(request), request.body);
      return { message: RETENTION_MESSAGES.saved };
    },
  );
});
