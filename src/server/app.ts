import { randomUUID } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { createActorLoader } from './auth/actor';
import type { Auth } from './auth/auth';
import { registerAuthRoutes } from './auth/auth.routes';
import { isFrozenSession } from './auth/frozen-sessions';
import { registerGuards } from './auth/guards';
import type { Database } from './db/client';
import type { Env } from './env';
import { registerAccountRoutes } from './features/account/account.routes';
import { registerAdminPlayerLookupRoutes } from './features/admin-player-lookup/admin-player-lookup.routes';
import { registerBillingOverviewRoutes } from './features/billing-overview/billing-overview.routes';
import { registerCheckinRoutes } from './features/checkin/checkin.routes';
import { registerGuardianConsentRoutes } from './features/guardian-consent/guardian-consent.routes';
import { registerHealthRoutes } from './features/health/health.routes';
import { registerInviteRoutes } from './features/invites/invites.routes';
import { registerManageRegistrationRoutes } from './features/manage-registrations/manage-registrations.routes';
import { registerMatchResultRoutes } from './features/match-results/match-results.routes';
import { OfflinePaymentProvider } from './features/payments/offline-provider';
import { registerPaymentRoutes } from './features/payments/payments.routes';
import type { PaymentProvider } from './features/payments/provider';
import { registerPlayerDashboardRoutes } from './features/player-dashboard/player-dashboard.routes';
import { registerPlayerManagementRoutes } from './features/player-management/player-management.routes';
import { RegistrationKeys } from './features/registrations/registration-security';
import { registerRegistrationRoutes } from './features/registrations/registrations.routes';
import { registerRoundManagementRoutes } from './features/round-management/round-management.routes';
import { registerSettingsGateRoutes } from './features/settings-gate/settings-gate.routes';
import { PublicDataCache } from './features/tournament/public-data-cache';
import { registerPublicRoutes } from './features/tournament/tournament.routes';
import { registerTournamentManagementRoutes } from './features/tournament-management/tournament-management.routes';
import { registerUserManagementRoutes } from './features/user-management/user-management.routes';
import { registerClientApp } from './http/client-app';
import { DatabaseProbe } from './http/database-unavailable';
import { Drain, registerDrain } from './http/drain';
import { registerErrorHandling } from './http/errors';
import { registerJsonBodyParser } from './http/json-body';
import { registerSecurityHeaders } from './http/security-headers';
import { ChangeFeed } from './live/change-feed';
import { registerLiveRoutes } from './live/live.routes';
import type { Mailer } from './mail/mailer';

export interface AppDeps {
  env: Pick<Env, 'NODE_ENV' | 'TRUST_PROXY_HOPS'>;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  /** The site's public origin (PUBLIC_URL): mail links and the cross-site request check use it. */
  publicUrl: string;
  logger: Logger;
  /** Folder of the built SPA, or null to serve the API only. */
  clientDir: string | null;
  now?: () => number;
  random?: () => number;
  /** The pause before every settings-password answer (docs/requirements.md §5: about 500 ms). */
  settingsGateDelayMs?: number;
  /** Milliseconds over which change notifications are merged into one live event. */
  liveCoalesceMs?: number;
  /** The payment provider (Stripe when configured); the built-in offline test provider by default. */
  payments?: PaymentProvider;
  /** Proof-of-work difficulty of the registration form (tests lower it). */
  registrationPowBits?: number;
}

export type App = FastifyInstance;

/** One log line per request, when it completes (with status and time), instead of two. */
class CompletedRequestsOnly extends LogController {
  override incomingRequest(): void {}
}

/**
 * Builds the HTTP application without listening, so tests can `inject()` requests and `main.ts` can listen.
 * The app does not own the database: whoever opened it closes it after `app.close()`.
 */
export async function buildApp(deps: AppDeps): Promise<App> {
  const now = deps.now ?? Date.now;
  const nowAsDate = () => new Date(now());
  const app = Fastify({
    loggerInstance: deps.logger,
    genReqId: () => randomUUID(),
    logController: new CompletedRequestsOnly({ requestIdLogLabel: 'requestId' }),
    // Trust X-Forwarded-For only from as many proxy hops as configured (0: the socket address is the client).
    trustProxy: (_address: string, hop: number) => hop < deps.env.TRUST_PROXY_HOPS,
    bodyLimit: 256 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }) as unknown as App;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const databaseProbe = new DatabaseProbe(deps.database);
  registerErrorHandling(app, { probe: databaseProbe });
  registerJsonBodyParser(app);
  // Before the guards: a refused request gets the security headers too.
  registerSecurityHeaders(app, { isProduction: deps.env.NODE_ENV === 'production' });
  // Before the guards: a server shutting down answers 503 without reading the session (ADR 016).
  const drain = new Drain();
  registerDrain(app, drain);
  registerGuards(app, {
    loadActor: createActorLoader(deps.auth, deps.database.db, nowAsDate),
    isFrozenSession: (request) => isFrozenSession(deps.database.db, request, nowAsDate()),
    origin: new URL(deps.publicUrl).origin,
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'School chess tournament API',
        version: '1.0.0',
        description: 'Public reads, live updates and operations. Errors are `{error, requestId}`.',
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  const feed = new ChangeFeed(deps.logger, deps.liveCoalesceMs);
  const cache = new PublicDataCache(deps.database.db, {
    now,
    ...(deps.random ? { random: deps.random } : {}),
  });
  // The cache is invalidated before browsers hear of the change, so their refetch sees the new data.
  feed.subscribe(() => cache.invalidate());
  await feed.start(deps.database);
  app.addHook('onClose', async () => feed.stop());

  registerHealthRoutes(app, deps.database, now);
  await registerAuthRoutes(app, deps.auth, {
    baseURL: deps.publicUrl,
    db: deps.database.db,
    now: nowAsDate,
    probe: databaseProbe,
  });
  registerAccountRoutes(app, deps.database.db, deps.auth, nowAsDate);
  registerUserManagementRoutes(app, deps.database.db, deps.auth, nowAsDate);
  registerPlayerManagementRoutes(app, deps.database.db);
  registerAdminPlayerLookupRoutes(app, deps.database.db);
  registerCheckinRoutes(app, { db: deps.database.db, now: nowAsDate });
  registerMatchResultRoutes(app, deps.database.db, { now: nowAsDate });
  registerTournamentManagementRoutes(app, deps.database.db);
  registerInviteRoutes(app, {
    db: deps.database.db,
    auth: deps.auth,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    now: nowAsDate,
  });
  const gateDelay = deps.settingsGateDelayMs ?? 500;
  registerSettingsGateRoutes(app, deps.database.db, {
    now: nowAsDate,
    pause: () => new Promise((resolve) => setTimeout(resolve, gateDelay)),
  });
  registerRoundManagementRoutes(app, {
    db: deps.database.db,
    mailer: deps.mailer,
    logger: deps.logger,
    now: nowAsDate,
    publicUrl: deps.publicUrl,
  });
  const registrationKeys = new RegistrationKeys(deps.auth.options.secret);
  registerRegistrationRoutes(app, {
    db: deps.database.db,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    keys: registrationKeys,
    now,
    ...(deps.registrationPowBits === undefined ? {} : { powBits: deps.registrationPowBits }),
  });
  registerGuardianConsentRoutes(app, { db: deps.database.db, keys: registrationKeys, now: nowAsDate });
  registerPaymentRoutes(app, {
    db: deps.database.db,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    keys: registrationKeys,
    provider: deps.payments ?? new OfflinePaymentProvider(deps.publicUrl, deps.database.db, now),
    now: nowAsDate,
  });
  registerManageRegistrationRoutes(app, {
    db: deps.database.db,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    keys: registrationKeys,
    now: nowAsDate,
  });
  registerBillingOverviewRoutes(app, { db: deps.database.db, now: nowAsDate });
  registerPublicRoutes(app, cache);
  registerPlayerDashboardRoutes(app, cache);
  registerLiveRoutes(app, feed, drain);
  await registerClientApp(app, deps.clientDir);

  return app;
}
