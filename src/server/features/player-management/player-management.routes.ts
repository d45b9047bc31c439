import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '../../../contracts/common';
import {
  byeParamsSchema,
  createPlayerBodySchema,
  csvBodySchema,
  csvImportErrorSchema,
  csvImportResponseSchema,
  csvPreviewResponseSchema,
  listPlayersQuerySchema,
  listPlayersResponseSchema,
  PLAYER_MESSAGES,
  playerIdParamsSchema,
  playerResponseSchema,
  requestByeBodySchema,
  tournamentQuerySchema,
  tournamentsResponseSchema,
  trfExportQuerySchema,
  trfImportBodySchema,
  trfImportResponseSchema,
  updatePlayerBodySchema,
} from '../../../contracts/player-management';
import type { Audit } from '../../audit/audit';
import * as repo from '../../core/players/player-records';
import { toManagedTournament } from '../../core/players/player-views';
import type { Db } from '../../db/client';
import { routesFeature, type TypedApp } from '../../feature-context';
import { apiErrors } from '../../http/route-helpers';
import * as service from './player-management.service';

const errors = apiErrors(400, 401, 403, 404, 409);
const tags = ['player management'];
const BASE = '/api/admin/player-management';
/** A TRF of 1000 players and 9 rounds is about 180 kB, a little more as a JSON string. */
const TRF_BODY_LIMIT = 1024 * 1024;

export const playerManagementFeature = routesFeature('player-management', (typed, { db, audit }) =>
  registerPlayerManagementRoutes(typed, db, audit),
);

/**
 * /api/admin/player-management (view_player_management): the players of the active (or a chosen)
 * tournament, late entries, withdrawals, requested byes, CSV import/export and TRF export/import. Files are
 * sent as text in JSON bodies and downloaded as attachments.
 */
function registerPlayerManagementRoutes(typed: TypedApp, db: Db, audit: Audit): void {
  const access = 'managePlayers';
  // The guard has already refused anyone signed out, so there is an actor.
  const actorOf = async (request: FastifyRequest) => (await request.actor())!;

  typed.get(
    `${BASE}/tournaments`,
    {
      config: { access },
      schema: {
        summary: 'Tournaments whose players can be managed (active first)',
        tags,
        response: { 200: tournamentsResponseSchema, ...errors },
      },
    },
    async () => ({ tournaments: (await repo.listTournaments(db)).map(toManagedTournament) }),
  );

  typed.get(
    `${BASE}/players`,
    {
      config: { access },
      schema: {
        summary: 'Players with team, rating, points, check-in and requested byes; search by name or team',
        tags,
        querystring: listPlayersQuerySchema,
        response: { 200: listPlayersResponseSchema, ...errors },
      },
    },
    async (request) => service.listPlayers(db, request.query),
  );

  typed.post(
    `${BASE}/players`,
    {
      config: { access },
      schema: {
        summary: 'Add a player (a late entry once the tournament has started)',
        tags,
        body: createPlayerBodySchema,
        response: { 201: playerResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.addPlayer({ db, audit }, await actorOf(request), request.ip, request.body)),
  );

  typed.put(
    `${BASE}/players/:id`,
    {
      config: { access },
      schema: {
        summary: "Edit a player's name, team, rating, club or linked account",
        tags,
        params: playerIdParamsSchema,
        body: updatePlayerBodySchema,
        response: { 200: playerResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.updatePlayer(
        { db, audit },
        await actorOf(request),
        request.ip,
        request.params.id,
        request.body,
      ),
  );

  typed.post(
    `${BASE}/players/:id/withdraw`,
    {
      config: { access },
      schema: {
        summary: 'Withdraw a player: kept with their results, no longer paired',
        tags,
        params: playerIdParamsSchema,
        response: { 200: playerResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.setActive({ db, audit }, await actorOf(request), request.ip, request.params.id, false),
  );

  typed.post(
    `${BASE}/players/:id/reactivate`,
    {
      config: { access },
      schema: {
        summary: 'Re-activate a withdrawn player: paired again from the next round',
        tags,
        params: playerIdParamsSchema,
        response: { 200: playerResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.setActive({ db, audit }, await actorOf(request), request.ip, request.params.id, true),
  );

  typed.post(
    `${BASE}/players/:id/byes`,
    {
      config: { access },
      schema: {
        summary: 'Request a bye (half by default) for an upcoming round that is not paired yet',
        tags,
        params: playerIdParamsSchema,
        body: requestByeBodySchema,
        response: { 201: playerResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.requestBye(
            { db, audit },
            await actorOf(request),
            request.ip,
            request.params.id,
            request.body,
          ),
        ),
  );

  typed.delete(
    `${BASE}/players/:id/byes/:roundNumber`,
    {
      config: { access },
      schema: {
        summary: 'Remove a requested bye of a round that is not paired yet',
        tags,
        params: byeParamsSchema,
        response: { 200: playerResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.removeBye(
        { db, audit },
        await actorOf(request),
        request.ip,
        request.params.id,
        request.params.roundNumber,
      ),
  );

  typed.post(
    `${BASE}/import/preview`,
    {
      config: { access },
      schema: {
        summary: 'Dry run of a players CSV (name, team, rating, club): the rows and every problem by line',
        tags,
        body: csvBodySchema,
        response: { 200: csvPreviewResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.previewCsv(db, await repo.resolveTournament(db, request.body.tournamentId), request.body.csv),
  );

  typed.post(
    `${BASE}/import`,
    {
      config: { access },
      schema: {
        summary: 'Import a players CSV: all rows in one transaction, or nothing when any row has a problem',
        tags,
        body: csvBodySchema,
        response: {
          201: csvImportResponseSchema,
          ...errors,
          400: z.union([csvImportErrorSchema, apiErrorSchema]),
        },
      },
    },
    async (request, reply) => {
      const tournament = await repo.resolveTournament(db, request.body.tournamentId);
      const { preview, imported } = await service.importCsv(
        { db, audit },
        await actorOf(request),
        request.ip,
        tournament,
        request.body.csv,
      );
      if (!preview.isValid) {
        return reply.code(400).send({
          error: PLAYER_MESSAGES.csvInvalid(preview.errors.length),
          requestId: request.id,
          errors: preview.errors,
        });
      }
      return reply.code(201).send({ message: PLAYER_MESSAGES.imported(imported), imported });
    },
  );

  typed.get(
    `${BASE}/export.csv`,
    {
      config: { access },
      schema: {
        summary: 'Players as CSV: id, name, team, rating, club, active, points, checked_in',
        tags,
        querystring: tournamentQuerySchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const file = await service.exportCsv(
        { db, audit },
        await actorOf(request),
        request.ip,
        request.query.tournamentId,
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  typed.get(
    `${BASE}/export.trf`,
    {
      config: { access },
      schema: {
        summary: 'The tournament, or one of its sections, as a FIDE TRF-16 file (rating reports)',
        tags,
        querystring: trfExportQuerySchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const file = await service.exportTrf(
        { db, audit },
        await actorOf(request),
        request.ip,
        request.query.tournamentId,
        request.query.section,
      );
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  typed.post(
    `${BASE}/import-trf`,
    {
      config: { access },
      bodyLimit: TRF_BODY_LIMIT,
      schema: {
        summary: 'Create a new, inactive tournament from a TRF-16 file: players, rounds, results and byes',
        tags,
        body: trfImportBodySchema,
        response: { 201: trfImportResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.importTrfFile(
        { db, audit },
        await actorOf(request),
        request.ip,
        request.body,
      );
      return reply.code(201).send({
        message: PLAYER_MESSAGES.trfImported(
          result.tournament.name,
          result.players,
          result.tournament.totalRounds,
        ),
        tournament: toManagedTournament(result.tournament),
        players: result.players,
        games: result.games,
      });
    },
  );
}
