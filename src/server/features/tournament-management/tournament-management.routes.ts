import {
  adminAnnouncementsResponseSchema,
  announcementIdParamsSchema,
  announcementResponseSchema,
  announcementsQuerySchema,
  createAnnouncementBodySchema,
  createTemplateBodySchema,
  createTemplateResponseSchema,
  createTournamentBodySchema,
  createTournamentResponseSchema,
  messageResponseSchema,
  TOURNAMENT_MESSAGES,
  templateIdParamsSchema,
  templateResponseSchema,
  templatesResponseSchema,
  tournamentIdParamsSchema,
  tournamentsResponseSchema,
  updateAnnouncementBodySchema,
  updateTournamentBodySchema,
} from '../../../contracts/tournament-management';
import type { Audit } from '../../audit/audit';
import type { PublicDataCache } from '../../core/tournament/public-data-cache';
import type { Db } from '../../db/client';
import { routesFeature, type TypedApp } from '../../feature-context';
import { apiErrors } from '../../http/route-helpers';
import * as repo from './tournament-management.repo';
import * as service from './tournament-management.service';

const errors = apiErrors(400, 401, 403, 404, 409);
const tags = ['tournament management'];

export const tournamentManagementFeature = routesFeature(
  'tournament-management',
  (typed, { db, audit, cache }) => registerTournamentManagementRoutes(typed, db, audit, cache),
);

/**
 * /api/admin/tournaments, /api/admin/tournament-templates and /api/admin/announcements: the
 * tournament-management page (docs/requirements.md §2, §4, §5, §8), all behind view_tournament_management.
 */
function registerTournamentManagementRoutes(
  typed: TypedApp,
  db: Db,
  audit: Audit,
  cache: PublicDataCache,
): void {
  const config = { access: 'manageTournaments' } as const;
  /**
   * A write that changes which event the public pages show, or its details: this process's snapshot is dropped
   * before the answer, so the next public read shows the change at once (the change feed tells the other
   * processes a moment later).
   */
  const changingPublicPages = async (work: Promise<string>): Promise<{ message: string }> => {
    const message = await work;
    cache.invalidate();
    return { message };
  };

  typed.get(
    '/api/admin/tournaments',
    {
      config,
      schema: {
        summary: 'Every tournament, archived ones too, with its rounds and player count',
        tags,
        response: { 200: tournamentsResponseSchema, ...errors },
      },
    },
    async () => ({ tournaments: await repo.listTournaments(db) }),
  );

  typed.post(
    '/api/admin/tournaments',
    {
      config,
      schema: {
        summary: 'Create a tournament (inactive) with its rounds, all upcoming',
        tags,
        body: createTournamentBodySchema,
        response: { 201: createTournamentResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.createTournament({ db, audit }, await request.actor(), request.ip, request.body)),
  );

  typed.put(
    '/api/admin/tournaments/:id',
    {
      config,
      schema: {
        summary: "Edit a tournament's name, venue, description and dates (not its round count)",
        tags,
        params: tournamentIdParamsSchema,
        body: updateTournamentBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) =>
      changingPublicPages(
        service.updateTournament(
          { db, audit },
          (await request.actor())!,
          request.ip,
          request.params.id,
          request.body,
        ),
      ),
  );

  typed.post(
    '/api/admin/tournaments/:id/activate',
    {
      config,
      schema: {
        summary: 'Make this the active tournament; every other one is deactivated',
        tags,
        params: tournamentIdParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) =>
      changingPublicPages(
        service.activateTournament({ db, audit }, (await request.actor())!, request.ip, request.params.id),
      ),
  );

  typed.post(
    '/api/admin/tournaments/:id/archive',
    {
      config,
      schema: {
        summary: 'Archive a tournament: it is no longer active',
        tags,
        params: tournamentIdParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) =>
      changingPublicPages(
        service.archiveTournament({ db, audit }, (await request.actor())!, request.ip, request.params.id),
      ),
  );

  typed.get(
    '/api/admin/tournament-templates',
    {
      config,
      schema: {
        summary: 'Tournament templates by name',
        tags,
        response: { 200: templatesResponseSchema, ...errors },
      },
    },
    async () => ({ templates: await repo.listTemplates(db) }),
  );

  typed.get(
    '/api/admin/tournament-templates/:id',
    {
      config,
      schema: {
        summary: 'One template, to pre-fill the create form',
        tags,
        params: templateIdParamsSchema,
        response: { 200: templateResponseSchema, ...errors },
      },
    },
    async (request) => ({ template: await service.loadTemplate(db, request.params.id) }),
  );

  typed.post(
    '/api/admin/tournament-templates',
    {
      config,
      schema: {
        summary: 'Create a tournament template (name and default rounds)',
        tags,
        body: createTemplateBodySchema,
        response: { 201: createTemplateResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.createTemplate({ db, audit }, (await request.actor())!, request.ip, request.body),
        ),
  );

  typed.get(
    '/api/admin/announcements',
    {
      config,
      schema: {
        summary: "A tournament's announcements, newest first (default: the active tournament)",
        tags,
        querystring: announcementsQuerySchema,
        response: { 200: adminAnnouncementsResponseSchema, ...errors },
      },
    },
    async (request) => service.listAnnouncements(db, request.query.tournamentId),
  );

  typed.post(
    '/api/admin/announcements',
    {
      config,
      schema: {
        summary: 'Publish an announcement (default: for the active tournament)',
        tags,
        body: createAnnouncementBodySchema,
        response: { 201: announcementResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        message: TOURNAMENT_MESSAGES.announcementCreated,
        announcement: await service.createAnnouncement(
          { db, audit },
          (await request.actor())!,
          request.ip,
          request.body,
        ),
      }),
  );

  typed.put(
    '/api/admin/announcements/:id',
    {
      config,
      schema: {
        summary: "Edit an announcement's text",
        tags,
        params: announcementIdParamsSchema,
        body: updateAnnouncementBodySchema,
        response: { 200: announcementResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: TOURNAMENT_MESSAGES.announcementUpdated,
      announcement: await service.updateAnnouncement(
        { db, audit },
        (await request.actor())!,
        request.ip,
        request.params.id,
        request.body.content,
      ),
    }),
  );

  typed.delete(
    '/api/admin/announcements/:id',
    {
      config,
      schema: {
        summary: 'Delete an announcement',
        tags,
        params: announcementIdParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.deleteAnnouncement(
        { db, audit },
        (await request.actor())!,
        request.ip,
        request.params.id,
      );
      return { message: TOURNAMENT_MESSAGES.announcementDeleted };
    },
  );
}
