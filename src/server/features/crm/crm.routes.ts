import { z } from 'zod';
import { messageResponseSchema } from '../../../contracts/common';
import {
  CRM_MESSAGES,
  crmBoardSchema,
  crmBulkChangeSchema,
  crmBulkResultSchema,
  crmChecklistChangeSchema,
  crmChecklistCreateSchema,
  crmCommentCreateSchema,
  crmOverviewSchema,
  crmSchoolParamsSchema,
  crmSchoolSchema,
  crmStaleSchema,
  crmTaskChangeSchema,
  crmTaskCreateSchema,
  crmTaskDetailSchema,
  crmTaskKindSchema,
  crmTaskSchema,
  crmTemplateChangeSchema,
  crmTemplatesSchema,
} from '../../../contracts/crm';
import { routesFeature } from '../../feature-context';
import { apiErrors, auditContextOf } from '../../http/route-helpers';
import { crmSyncOf } from './crm.jobs';
import * as service from './crm.service';
import { registerCrmAnalyticsRoutes } from './crm-analytics.routes';
import { registerCrmMessages } from './crm-messages.routes';
import { registerCrmPages } from './crm-pages';

const tags = ['crm'];
const BASE = '/api/crm';
const taskParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const itemParams = z.object({ itemId: z.coerce.number().int().positive().max(2_147_483_647) });
const schoolParams = crmSchoolParamsSchema;
const kindParams = z.object({ kind: crmTaskKindSchema });

/**
 * /api/crm (`crm`, i.e. crm_access): team tasks (issue #15, ADR 027) — the readiness overview, the board, one
 * task, the per-school page, notes, checklists, comments and the task templates. Every read first brings the
 * automatic tasks up to date with the facts (`CrmSync`), which also follows the change feed and a timer (both
 * started in src/server/background-jobs.ts).
 */
export const crmFeature = routesFeature('crm', async (typed, context) => {
  const { db, logger } = context;
  const sync = crmSyncOf(context);
  registerCrmAnalyticsRoutes(typed, context, sync);
  const actorOf = async (request: { actor(): Promise<{ userId: string } | null> }) =>
    (await request.actor())!.userId;
  // Messages to schools, reminder e-mails and their unsubscribe link.
  registerCrmMessages(typed, context);
  // The matrix and the board, drawn on the server for staff with CRM access (ADR 037).
  await registerCrmPages(typed, context.clientDir, logger);

  typed.get(
    `${BASE}/overview`,
    {
      config: { access: 'crm' },
      schema: {
        summary: 'The readiness matrix: schools × task kinds, money owed and paid, open, overdue and blocked',
        tags,
        response: { 200: crmOverviewSchema, ...apiErrors(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      await sync.run();
      return service.readOverview(context);
    },
  );

  typed.get(
    `${BASE}/tasks`,
    {
      config: { access: 'crm' },
      schema: {
        summary: 'Every task (the board), the staff tasks can be assigned to, and today in the event’s zone',
        tags,
        response: { 200: crmBoardSchema, ...apiErrors(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      await sync.run();
      return service.readBoard(context);
    },
  );

  typed.post(
    `${BASE}/tasks`,
    {
      config: { access: 'crm' },
      schema: {
        summary: 'Add a task to a school by hand',
        tags,
        body: crmTaskCreateSchema,
        response: { 201: crmTaskSchema, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createTask(context, await actorOf(request), request.body)),
  );

  typed.post(
    `${BASE}/tasks/bulk`,
    {
      config: { access: 'crm' },
      schema: {
        summary:
          'Assign, move or set the due date of several tasks with a stated reason; tasks changed meanwhile are returned, unchanged',
        tags,
        body: crmBulkChangeSchema,
        response: { 200: crmBulkResultSchema, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request) => service.changeTasks(context, await actorOf(request), request.body),
  );

  typed.get(
    `${BASE}/tasks/:id`,
    {
      config: { access: 'crm' },
      schema: {
        summary: 'One task with its comments and activity (newest first)',
        tags,
        params: taskParams,
        response: { 200: crmTaskDetailSchema, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await sync.run();
      return service.readTaskDetail(context, request.params.id);
    },
  );

  typed.patch(
    `${BASE}/tasks/:id`,
    {
      config: { access: 'crm' },
      schema: {
        summary:
          'Change a task naming the version read (409 with the task as it stands when someone changed it meanwhile)',
        tags,
        params: taskParams,
        body: crmTaskChangeSchema,
        response: { 200: crmTaskSchema, 409: crmStaleSchema, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const result = await service.changeTask(
        context,
        await actorOf(request),
        request.params.id,
        request.body,
      );
      if ('stale' in result) {
        return reply.code(409).send({
          error: CRM_MESSAGES.stale,
          requestId: request.id,
          code: 'stale_task',
          current: result.current,
        });
      }
      return result;
    },
  );

  typed.post(
    `${BASE}/tasks/:id/comments`,
    {
      config: { access: 'crm' },
      schema: {
        summary: 'Comment on a task',
        tags,
        params: taskParams,
        body: crmCommentCreateSchema,
        response: { 201: messageResponseSchema, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.addComment(context, await actorOf(request), request.params.id, request.body.body);
      return reply.code(201).send({ message: CRM_MESSAGES.commentAdded });
    },
  );

  typed.post(
    `${BASE}/tasks/:id/checklist`,
    {
      config: { access: 'crm' },
      schema: {
        summary: 'Add a checklist item (with its own assignee) to a task; answers the task',
        tags,
        params: taskParams,
        body: crmChecklistCreateSchema,
        response: { 201: crmTaskSchema, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.addChecklistItem(context, await actorOf(request), request.params.id, request.body),
        ),
  );

  typed.patch(
    `${BASE}/checklist/:itemId`,
    {
      config: { access: 'crm' },
      schema: {
        summary: 'Tick, untick or assign a checklist item; answers its task',
        tags,
        params: itemParams,
        body: crmChecklistChangeSchema,
        response: { 200: crmTaskSchema, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.changeChecklistItem(context, await actorOf(request), request.params.itemId, request.body),
  );

  typed.get(
    `${BASE}/schools/:id`,
    {
      config: { access: 'crm' },
      schema: {
        summary:
          'One school: contacts, registrations and payments, teams and pupils (consent, check-in), tasks, notes, activity',
        tags,
        params: schoolParams,
        response: { 200: crmSchoolSchema, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await sync.run();
      return service.readSchool(context, request.params.id);
    },
  );

  typed.post(
    `${BASE}/schools/:id/notes`,
    {
      config: { access: 'crm' },
      schema: {
        summary: 'Add a note to a school',
        tags,
        params: schoolParams,
        body: crmCommentCreateSchema,
        response: { 201: messageResponseSchema, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.addSchoolNote(context, await actorOf(request), request.params.id, request.body.body);
      return reply.code(201).send({ message: CRM_MESSAGES.noteAdded });
    },
  );

  typed.get(
    `${BASE}/templates`,
    {
      config: { access: 'crm' },
      schema: {
        summary: 'The task templates: label, description, default due date and whether each is used',
        tags,
        response: { 200: crmTemplatesSchema, ...apiErrors(401, 403) },
      },
    },
    async () => service.readTemplates(db),
  );

  typed.put(
    `${BASE}/templates/:kind`,
    {
      config: { access: 'crm' },
      schema: {
        summary: 'Save a task template (audited); tasks already created keep their title and due date',
        tags,
        params: kindParams,
        body: crmTemplateChangeSchema,
        response: { 200: crmTemplatesSchema, ...apiErrors(400, 401, 403) },
      },
    },
    async (request) => {
      const result = await service.saveTemplate(
        context,
        await auditContextOf(request),
        request.params.kind,
        request.body,
      );
      // A template switched on creates its tasks now rather than at the next change.
      sync.run().catch((error: unknown) => logger.warn({ err: error }, 'CRM sync failed'));
      return result;
    },
  );
});
