import {
  type CheckinActionBody,
  type CheckinActionResponse,
  checkinActionBodySchema,
  checkinActionResponseSchema,
  checkinOverviewSchema,
  checkinPlayerParamsSchema,
  checkinSchoolListSchema,
  checkinSchoolParamsSchema,
  checkinSchoolsResponseSchema,
  checkinSearchQuerySchema,
  checkinSearchResponseSchema,
  checkinStateSchema,
  renamePlayerBodySchema,
  schoolActionBodySchema,
  schoolActionResponseSchema,
  setCheckinStateBodySchema,
  setCheckinStateResponseSchema,
} from '../../../contracts/checkin';
import { checkinTime } from '../../../domain/checkin';
import type { Audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { routesFeature, type TypedApp } from '../../feature-context';
import { clientActionOf, doClientActionOnce } from '../../http/client-actions';
import { apiErrors, auditContextOf } from '../../http/route-helpers';
import * as service from './checkin.service';

const errors = apiErrors(400, 401, 403, 404, 409);
const tags = ['check-in'];

export const checkinFeature = routesFeature('checkin', (typed, { db, clock, audit }) =>
  registerCheckinRoutes(typed, { db, now: clock.now, audit }),
);

/**
 * /api/admin/checkin: the check-in desk (access_checkin_page), overview (access_checkin_overview) and
 * settings (access_checkin_settings) of docs/requirements.md §2, on the active tournament's players.
 */
function registerCheckinRoutes(typed: TypedApp, deps: { db: Db; now: () => Date; audit: Audit }): void {
  const { db, now, audit } = deps;
  const desk = 'checkinDesk';

  /**
   * A check-in or undo, done once per client id (ADR 032): a queued offline action replayed twice is answered
   * with the first answer. `madeAt` is the device's time of the action, when it sent one.
   */
  const deskActionOnce = async (
    request: {
      actor: () => Promise<{ userId: string } | null>;
      params: { id: string };
      body: CheckinActionBody | null | undefined;
    },
    kind: 'checkin.check-in' | 'checkin.undo' | 'checkin.sign-out',
    work: (tx: Db, at: Date, madeAt: Date | null) => Promise<CheckinActionResponse>,
  ): Promise<CheckinActionResponse> => {
    const at = now();
    const action = clientActionOf((await request.actor())!.userId, request.body, kind, request.params.id);
    return doClientActionOnce(db, action, at, (tx, madeAt) => work(tx, at, madeAt));
  };

  typed.get(
    '/api/admin/checkin/state',
    {
      config: {
        access: 'checkinAny',
      },
      schema: {
        summary: 'Whether check-in is open (closed when the setting is missing or cannot be read)',
        tags,
        response: { 200: checkinStateSchema, ...errors },
      },
    },
    async (request) => ({
      open: await service.isCheckinOpen(db, (error) =>
        request.log.warn({ err: error }, 'could not read checkin_open; treating check-in as closed'),
      ),
    }),
  );

  typed.put(
    '/api/admin/checkin/state',
    {
      config: { access: 'checkinSettings' },
      schema: {
        summary: 'Open or close check-in',
        tags,
        body: setCheckinStateBodySchema,
        response: { 200: setCheckinStateResponseSchema, ...errors },
      },
    },
    async (request) => ({
      open: request.body.open,
      message: await service.setCheckinOpen({ db, audit }, await auditContextOf(request), request.body.open),
    }),
  );

  typed.get(
    '/api/admin/checkin/players',
    {
      config: { access: desk },
      schema: {
        summary: "Search the active tournament's players by name or team, with the check-in counts",
        tags,
        querystring: checkinSearchQuerySchema,
        response: { 200: checkinSearchResponseSchema, ...errors },
      },
    },
    async (request) => service.searchPlayers(db, request.query.search),
  );

  typed.post(
    '/api/admin/checkin/players/:id',
    {
      config: { access: desk },
      schema: {
        summary:
          'Check a player in (refused while check-in is closed; checking in twice keeps the first time). The optional body names the source (desk by default; offline for a replayed queued action).',
        tags,
        params: checkinPlayerParamsSchema,
        // No body (the desk without an outbox) arrives as null.
        body: checkinActionBodySchema.nullish(),
        response: { 200: checkinActionResponseSchema, ...errors },
      },
    },
    async (request) =>
      deskActionOnce(request, 'checkin.check-in', (tx, at, madeAt) =>
        service.checkIn(tx, request.params.id, checkinTime(madeAt, at), request.body?.source ?? 'desk'),
      ),
  );

  typed.post(
    '/api/admin/checkin/players/:id/sign-out',
    {
      config: { access: desk },
      schema: {
        summary:
          'Sign a checked-in player out at pick-up (allowed while check-in is closed; twice keeps the first time)',
        tags,
        params: checkinPlayerParamsSchema,
        body: checkinActionBodySchema.nullish(),
        response: { 200: checkinActionResponseSchema, ...errors },
      },
    },
    async (request) =>
      deskActionOnce(request, 'checkin.sign-out', (tx, at) => service.signOut(tx, request.params.id, at)),
  );

  typed.get(
    '/api/admin/checkin/schools',
    {
      config: { access: desk },
      schema: {
        summary: "The active tournament's schools with checked-in, in-the-hall and total counts",
        tags,
        response: { 200: checkinSchoolsResponseSchema, ...errors },
      },
    },
    async () => service.listSchools(db),
  );

  typed.get(
    '/api/admin/checkin/schools/:id',
    {
      config: { access: desk },
      schema: {
        summary: "One school's pupils in the active tournament, for whole-school check-in and sign-out",
        tags,
        params: checkinSchoolParamsSchema,
        response: { 200: checkinSchoolListSchema, ...errors },
      },
    },
    async (request) => service.schoolList(db, request.params.id),
  );

  typed.post(
    '/api/admin/checkin/schools/:id',
    {
      config: { access: desk },
      schema: {
        summary:
          'Check in (or sign out) every pupil of a school except those ticked absent (check-in refused while closed)',
        tags,
        params: checkinSchoolParamsSchema,
        body: schoolActionBodySchema,
        response: { 200: schoolActionResponseSchema, ...errors },
      },
    },
    async (request) => service.schoolAction(db, request.params.id, request.body, now()),
  );

  typed.delete(
    '/api/admin/checkin/players/:id',
    {
      config: { access: desk },
      schema: {
        summary: "Undo a player's check-in (refused while check-in is closed)",
        tags,
        params: checkinPlayerParamsSchema,
        body: checkinActionBodySchema.nullish(),
        response: { 200: checkinActionResponseSchema, ...errors },
      },
    },
    async (request) =>
      deskActionOnce(request, 'checkin.undo', (tx, at) => service.undoCheckIn(tx, request.params.id, at)),
  );

  typed.put(
    '/api/admin/checkin/players/:id/name',
    {
      config: { access: desk },
      schema: {
        summary: "Correct a player's name at the desk (docs/requirements.md §5)",
        tags,
        params: checkinPlayerParamsSchema,
        body: renamePlayerBodySchema,
        response: { 200: checkinActionResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.renamePlayer(
        { db, audit },
        await auditContextOf(request),
        request.params.id,
        request.body.name,
        now(),
      ),
  );

  typed.get(
    '/api/admin/checkin/overview',
    {
      config: { access: 'checkinOverview' },
      schema: {
        summary: 'Checked-in and total players by school and team, and who is missing',
        tags,
        response: { 200: checkinOverviewSchema, ...errors },
      },
    },
    async () => service.overview(db),
  );
}
