import {
  CONSENT_TOKEN_HEADER,
  confirmGuardianConsentBodySchema,
  guardianConsentHeadersSchema,
  guardianConsentParamsSchema,
  guardianConsentViewSchema,
} from '../../../contracts/guardian-consent';
import { REGISTRATION_MESSAGES } from '../../../contracts/registrations';
import type { Audit } from '../../audit/audit';
import * as service from '../../core/registrations/guardian-consent';
import { tournamentContext } from '../../core/registrations/registration-records';
import type { RegistrationKeys } from '../../core/registrations/registration-security';
import type { Db } from '../../db/client';
import { routesFeature, type TypedApp } from '../../feature-context';
import { perAddressLimit, RateCounter } from '../../http/rate-counter';
import { apiErrors } from '../../http/route-helpers';

const errors = apiErrors(400, 404, 409, 429);
const tags = ['registrations'];

export interface GuardianConsentRouteDeps {
  db: Db;
  keys: RegistrationKeys;
  now: () => Date;
  audit: Audit;
}

export const guardianConsentFeature = routesFeature(
  'guardian-consent',
  (typed, { db, registrationKeys, clock, audit }) =>
    registerGuardianConsentRoutes(typed, { db, keys: registrationKeys, now: clock.now, audit }),
);

/**
 * The guardian's confirmation link (T25, ADR 008): public, the token is the credential, and anything wrong
 * is the same 404. Limited per address like the registration status lookup.
 */
function registerGuardianConsentRoutes(typed: TypedApp, deps: GuardianConsentRouteDeps): void {
  const limit = perAddressLimit(
    new RateCounter(deps.db, () => deps.now().getTime()),
    'guardian-consent',
    { limit: 30, windowMs: 10 * 60_000 },
    REGISTRATION_MESSAGES.tooManyRequests,
  );
  const eventName = async () => (await tournamentContext(deps.db, deps.now())).name;

  typed.get(
    '/api/registrations/consent/:playerId',
    {
      config: { access: 'public' },
      schema: {
        summary: "A guardian's consent link: the player's first name, team, school and the consent status",
        tags,
        params: guardianConsentParamsSchema,
        headers: guardianConsentHeadersSchema,
        response: { 200: guardianConsentViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      await limit(request, reply);
      reply.header('cache-control', 'no-store');
      return service.readGuardianConsent(
        deps,
        request.params.playerId,
        request.headers[CONSENT_TOKEN_HEADER],
        await eventName(),
      );
    },
  );

  typed.post(
    '/api/registrations/consent/:playerId',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The guardian confirms their consent (idempotent)',
        tags,
        params: guardianConsentParamsSchema,
        body: confirmGuardianConsentBodySchema,
        response: { 200: guardianConsentViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      await limit(request, reply);
      reply.header('cache-control', 'no-store');
      return service.confirmGuardianConsent(
        deps,
        request.params.playerId,
        request.body.token,
        await eventName(),
      );
    },
  );
}
