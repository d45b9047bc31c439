import {
  adminRegistrationResponseSchema,
  adminUpdateTeamsBodySchema,
  cancelRegistrationBodySchema,
  listRegistrationsQuerySchema,
  listRegistrationsResponseSchema,
  markPaidBodySchema,
  promoteBodySchema,
  promoteResponseSchema,
} from '../../../contracts/manage-registrations';
import { registrationIdParamsSchema } from '../../../contracts/registrations';
import { routesFeature, type TypedApp } from '../../feature-context';
import { apiErrors, auditContextOf } from '../../http/route-helpers';
import * as service from './manage-registrations.service';

const errors = apiErrors(400, 401, 403, 404, 409);
const tags = ['manage registrations'];
const BASE = '/api/admin/registrations';

export const manageRegistrationsFeature = routesFeature(
  'manage-registrations',
  (typed, { db, mailer, publicUrl, registrationKeys, clock, audit }) =>
    registerManageRegistrationRoutes(typed, {
      db,
      mailer,
      publicUrl,
      keys: registrationKeys,
      now: clock.now,
      audit,
    }),
);

/**
 * /api/admin/registrations (view_registration_management): list with search, filters and totals; rename
 * teams and players; manual payments; cancellation; promotion into the active tournament. Every change is
 * logged in system_logs with the staff member as actor.
 */
function registerManageRegistrationRoutes(typed: TypedApp, deps: service.ManageRegistrationsDeps): void {
  const access = 'manageRegistrations';

  typed.get(
    BASE,
    {
      config: { access },
      schema: {
        summary: 'Registrations with teams and players; search, filter by school and payment state, totals',
        tags,
        querystring: listRegistrationsQuerySchema,
        response: { 200: listRegistrationsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.listRegistrations(deps, request.query);
    },
  );

  typed.put(
    `${BASE}/:id/teams`,
    {
      config: { access },
      schema: {
        summary: 'Rename teams and players (staff: also after the closing date; promoted players follow)',
        tags,
        params: registrationIdParamsSchema,
        body: adminUpdateTeamsBodySchema,
        response: { 200: adminRegistrationResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.updateTeams(deps, await auditContextOf(request), request.params.id, request.body),
  );

  typed.post(
    `${BASE}/:id/mark-paid`,
    {
      config: { access },
      schema: {
        summary: 'Record a cash or bank transfer payment with a note (logs it and e-mails the receipt)',
        tags,
        params: registrationIdParamsSchema,
        body: markPaidBodySchema,
        response: { 200: adminRegistrationResponseSchema, ...errors },
      },
    },
    async (request) => service.markPaid(deps, await auditContextOf(request), request.params.id, request.body),
  );

  typed.post(
    `${BASE}/:id/cancel`,
    {
      config: { access },
      schema: {
        summary: 'Cancel with a reason; a paid registration needs confirmPaid',
        tags,
        params: registrationIdParamsSchema,
        body: cancelRegistrationBodySchema,
        response: { 200: adminRegistrationResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.cancelRegistration(deps, await auditContextOf(request), request.params.id, request.body),
  );

  typed.post(
    `${BASE}/promote`,
    {
      config: { access },
      schema: {
        summary:
          "Copy the chosen (or all paid, not yet promoted) registrations' players into the active tournament",
        tags,
        body: promoteBodySchema,
        response: { 200: promoteResponseSchema, ...errors },
      },
    },
    async (request) => service.promote(deps, await auditContextOf(request), request.body),
  );
}
