import { z } from 'zod';
import {
  CRM_ACTIVITY_EXPORT_LIMIT,
  crmActivityFiltersSchema,
  crmActivityPageSchema,
  crmActivityQuerySchema,
  crmAnalyticsSchema,
} from '../../../contracts/crm-analytics';
import type { FeatureContext, TypedApp } from '../../feature-context';
import { apiErrors } from '../../http/route-helpers';
import * as service from './crm-analytics.service';
import type { CrmSync } from './crm-sync';

const tags = ['crm'];
const BASE = '/api/crm';

/**
 * GET /api/crm/analytics (`crm`): every series of the analytics page, computed from one read; GET
 * /api/crm/activity and /api/crm/activity/export (`crmAdmin`): the append-only activity log, newest first,
 * filtered and paged by cursor, and the filtered rows as CSV. Registered by `crmFeature` (crm.routes.ts).
 */
export function registerCrmAnalyticsRoutes(typed: TypedApp, context: FeatureContext, sync: CrmSync): void {
  const { db, clock } = context;

  typed.get(
    `${BASE}/analytics`,
    {
      config: { access: 'crm' },
      schema: {
        summary:
          'Readiness per task kind, schools ready, overdue by assignee, cumulative flow, money and the event-day funnel',
        tags,
        response: { 200: crmAnalyticsSchema, ...apiErrors(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      await sync.run();
      return service.readAnalytics(context);
    },
  );

  typed.get(
    `${BASE}/activity`,
    {
      config: { access: 'crmAdmin' },
      schema: {
        summary: 'The team-tasks activity log, newest first, filtered; next pages by cursor',
        tags,
        querystring: crmActivityQuerySchema,
        response: { 200: crmActivityPageSchema, ...apiErrors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { cursor, limit, ...filters } = request.query;
      // The tasks' automatic moves are recorded before the log is read, like every CRM read.
      if (!cursor) await sync.run();
      return service.readActivityPage(db, filters, limit, cursor);
    },
  );

  typed.get(
    `${BASE}/activity/export`,
    {
      config: { access: 'crmAdmin' },
      schema: {
        summary: `The filtered activity (at most ${CRM_ACTIVITY_EXPORT_LIMIT} rows, newest first) as CSV`,
        tags,
        querystring: crmActivityFiltersSchema,
        response: { 200: z.string(), ...apiErrors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const body = await service.exportActivity(db, request.query, CRM_ACTIVITY_EXPORT_LIMIT);
      const stamp = clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="crm-activity-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
