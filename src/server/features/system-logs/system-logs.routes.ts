import { z } from 'zod';
import { messageResponseSchema } from '../../../contracts/common';
import {
  logRetentionBodySchema,
  SYSTEM_LOG_EXPORT_LIMIT,
  SYSTEM_LOG_MESSAGES,
  systemLogExportQuerySchema,
  systemLogOptionsSchema,
  systemLogPageSchema,
  systemLogQuerySchema,
} from '../../../contracts/system-logs';
import * as service from '../../core/system-logs/system-logs.service';
import { routesFeature } from '../../feature-context';
import { apiErrors, auditContextOf } from '../../http/route-helpers';

const tags = ['system logs'];
const BASE = '/api/admin/system-logs';

/**
 * /api/admin/system-logs (`view_system_logs`): the staff actions and security events in one list, newest first,
 * filtered and paged by cursor; the filtered rows as CSV or JSON; the retention (superadmin). Its daily purge is
 * `system-logs.job.ts`.
 */
export const systemLogsFeature = routesFeature('system-logs', (typed, context) => {
  const { db, audit, clock } = context;
  const errors = apiErrors(400, 401, 403);

  typed.get(
    BASE,
    {
      config: { access: 'viewSystemLogs' },
      schema: {
        summary: 'Staff actions and security events, newest first: 500 a page, next pages by cursor',
        tags,
        querystring: systemLogQuerySchema,
        response: { 200: systemLogPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { cursor, limit, ...filters } = request.query;
      return service.readLogPage(db, filters, limit, cursor);
    },
  );

  typed.get(
    `${BASE}/options`,
    {
      config: { access: 'viewSystemLogs' },
      schema: {
        summary: 'The areas and actions the filters offer, and the retention in days',
        tags,
        response: { 200: systemLogOptionsSchema, ...errors },
      },
    },
    async () => service.readLogOptions(db),
  );

  typed.get(
    `${BASE}/export`,
    {
      config: { access: 'viewSystemLogs' },
      schema: {
        summary: `The filtered rows (at most ${SYSTEM_LOG_EXPORT_LIMIT}, newest first) as CSV or JSON`,
        tags,
        querystring: systemLogExportQuerySchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const body = await service.exportLogs(db, filters, format, SYSTEM_LOG_EXPORT_LIMIT);
      await audit.logAttempt(
        db,
        await auditContextOf(request),
        'export_system_logs',
        'Exported system logs',
        {
          format,
          filters,
        },
      );
      const stamp = clock.now().toISOString().slice(0, 10);
      return reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="system-logs-${stamp}.${format}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  typed.put(
    `${BASE}/retention`,
    {
      config: { access: 'superadminDashboard' },
      schema: {
        summary: 'How many days log rows are kept (30 to 3,650; two years by default)',
        tags,
        body: logRetentionBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.saveRetentionDays(context, await auditContextOf(request), request.body.days);
      return { message: SYSTEM_LOG_MESSAGES.retentionSaved };
    },
  );
});
