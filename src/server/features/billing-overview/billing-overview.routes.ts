import { z } from 'zod';
import { billingOverviewSchema } from '../../../contracts/billing-overview';
import type { Audit } from '../../audit/audit';
import { actorContext } from '../../audit/audit';
import type { Db } from '../../db/client';
import { routesFeature, type TypedApp } from '../../feature-context';
import { apiErrors } from '../../http/route-helpers';
import * as service from './billing-overview.service';

const errors = apiErrors(401, 403);
const tags = ['billing overview'];
const BASE = '/api/admin/billing-overview';

export const billingOverviewFeature = routesFeature('billing-overview', (typed, { db, clock, audit }) =>
  registerBillingOverviewRoutes(typed, { db, now: clock.now, audit }),
);

/** /api/admin/billing-overview (view_billing_overview): totals, payments over time and the CSV export. */
function registerBillingOverviewRoutes(
  typed: TypedApp,
  deps: { db: Db; now: () => Date; audit: Audit },
): void {
  const access = 'viewBilling';

  typed.get(
    BASE,
    {
      config: { access },
      schema: {
        summary: 'Paid, unpaid and expected totals in euro (cancelled excluded) and payments per day',
        tags,
        response: { 200: billingOverviewSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.billingOverview(deps.db);
    },
  );

  typed.get(
    `${BASE}/export.csv`,
    {
      config: { access },
      schema: {
        summary: 'Registrations with their payment fields as CSV',
        tags,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const actor = (await request.actor())!;
      const file = await service.exportRegistrationsCsv(deps, actorContext(actor, request.ip), deps.now());
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
}
