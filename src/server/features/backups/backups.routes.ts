import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { z } from 'zod';
import {
  BACKUP_MESSAGES,
  backupJobParamsSchema,
  backupJobSchema,
  backupJobStartedSchema,
  backupListSchema,
  backupNameParamsSchema,
  backupScheduleSchema,
} from '../../../contracts/backups';
import { messageResponseSchema } from '../../../contracts/common';
import { routesFeature } from '../../feature-context';
import { HttpError } from '../../http/errors';
import { apiErrors, auditContextOf } from '../../http/route-helpers';
import { backupExists, backupPath, secureBackupDir } from './backup-store';
import { backupsOf } from './backups.job';

const tags = ['backups'];
const BASE = '/api/admin/backups';

/**
 * /api/admin/backups (`view_superadmin_dashboard`, ADR 025): list, create (a background job to poll), download,
 * delete and restore backups, and the daily schedule with its retention.
 */
export const backupsFeature = routesFeature('backups', async (typed, context) => {
  // The same service as the daily backup's (src/server/background-jobs.ts); a throwaway folder without one set.
  const { dir, service } = backupsOf(context);
  // The folder and any file in it private before anything else (0700 and 0600): older versions left them
  // world-readable. A folder the server may not change (another owner) is reported, not fatal.
  await secureBackupDir(dir).then(
    (changed) => {
      if (changed.length > 0) context.logger.warn({ files: changed }, 'backup files made private (0600)');
    },
    (error: unknown) =>
      context.logger.warn({ err: error, dir }, 'could not make the backup folder private (0700)'),
  );
  const access = 'superadminDashboard';

  typed.get(
    BASE,
    {
      config: { access },
      schema: {
        summary: 'The backups, newest first, with their verification; the schedule; the running job',
        tags,
        response: { 200: backupListSchema, ...apiErrors(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.list();
    },
  );

  typed.post(
    BASE,
    {
      config: { access },
      schema: {
        summary: 'Starts a backup of the whole database; poll the job for its progress and verification',
        tags,
        response: { 202: backupJobStartedSchema, ...apiErrors(401, 403, 409) },
      },
    },
    async (request, reply) => {
      const job = await service.startBackup(await auditContextOf(request));
      return reply.code(202).send({ jobId: job.id, message: BACKUP_MESSAGES.started });
    },
  );

  typed.get(
    `${BASE}/jobs/:id`,
    {
      config: { access },
      schema: {
        summary: 'A backup or restore job of this server process: phase, tables and rows done, outcome',
        tags,
        params: backupJobParamsSchema,
        response: { 200: backupJobSchema, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.job(request.params.id);
    },
  );

  typed.get(
    `${BASE}/:name/download`,
    {
      config: { access },
      schema: {
        summary: 'The backup file (gzip-compressed JSON lines)',
        tags,
        params: backupNameParamsSchema,
        response: { 200: z.any().describe('application/gzip'), ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!(await backupExists(dir, name))) throw new HttpError(404, BACKUP_MESSAGES.notFound);
      await context.audit.logAttempt(
        context.db,
        await auditContextOf(request),
        'download_backup',
        `Downloaded the backup ${name}`,
        { name },
      );
      return reply
        .type('application/gzip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(createReadStream(backupPath(dir, name)));
    },
  );

  typed.delete(
    `${BASE}/:name`,
    {
      config: { access },
      schema: {
        summary: 'Deletes a backup',
        tags,
        params: backupNameParamsSchema,
        response: { 200: messageResponseSchema, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await service.deleteBackup(await auditContextOf(request), request.params.name);
      return { message: BACKUP_MESSAGES.deleted };
    },
  );

  typed.post(
    `${BASE}/:name/restore`,
    {
      config: { access },
      schema: {
        summary:
          'Restores a verified backup in maintenance mode, after keeping the current data as a rollback point',
        tags,
        params: backupNameParamsSchema,
        response: { 202: backupJobStartedSchema, ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const job = await service.startRestore(await auditContextOf(request), request.params.name);
      return reply.code(202).send({ jobId: job.id, message: BACKUP_MESSAGES.started });
    },
  );

  typed.put(
    `${BASE}/schedule`,
    {
      config: { access },
      schema: {
        summary: 'The daily backup: on or off, and how many scheduled backups are kept',
        tags,
        body: backupScheduleSchema,
        response: { 200: backupScheduleSchema, ...apiErrors(400, 401, 403) },
      },
    },
    async (request) => service.saveSchedule(await auditContextOf(request), request.body),
  );

  typed.addHook('onClose', async () => {
    // A running job finishes (or fails) before the database closes under it.
    await service.jobs.idle();
    if (context.backupDir === null) await rm(dir, { recursive: true, force: true });
  });
});
