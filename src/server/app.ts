import { randomUUID } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { LiveTopic } from '../contracts/live';
import { installHumanValidationMessages } from '../contracts/validation-messages';
import { Audit } from './audit/audit';
import { createActorLoader } from './auth/actor';
import type { Auth } from './auth/auth';
import { authFeature } from './auth/auth.routes';
import { isFrozenSession } from './auth/frozen-sessions';
import { registerGuards } from './auth/guards';
import { startBackgroundJobs, startFollowers } from './background-jobs';
import { readBuildInfo } from './build-info';
import { createClock } from './clock';
import { createBotProtection } from './core/bot-protection/bot-protection.service';
import { JobRunner } from './core/jobs';
import { OfflinePaymentProvider } from './core/payments/offline-provider';
import type { PaymentProvider } from './core/payments/provider';
import { RegistrationKeys } from './core/registrations/registration-security';
import { SafeControl } from './core/safe-control/safe-control.state';
import { PublicDataCache } from './core/tournament/public-data-cache';
import type { Database } from './db/client';
import type { Env } from './env';
import type { Feature, FeatureContext } from './feature-context';
import { accountFeature } from './features/account/account.routes';
import { adminPlayerLookupFeature } from './features/admin-player-lookup/admin-player-lookup.routes';
import { backupsFeature } from './features/backups/backups.routes';
import { billingOverviewFeature } from './features/billing-overview/billing-overview.routes';
import { botProtectionFeature } from './features/bot-protection/bot-protection.routes';
import { broadcastsFeature } from './features/broadcasts/broadcasts.routes';
import { badgesFeature } from './features/checkin/badges.routes';
import { checkinFeature } from './features/checkin/checkin.routes';
import { kioskFeature } from './features/checkin/kiosk.routes';
import { crmFeature } from './features/crm/crm.routes';
import { followsFeature } from './features/follows/follows.routes';
import { guardianConsentFeature } from './features/guardian-consent/guardian-consent.routes';
import { healthFeature } from './features/health/health.routes';
import { invitesFeature } from './features/invites/invites.routes';
import { manageRegistrationsFeature } from './features/manage-registrations/manage-registrations.routes';
import { matchResultsFeature } from './features/match-results/match-results.routes';
import { paymentsFeature } from './features/payments/payments.routes';
import { playerDashboardFeature } from './features/player-dashboard/player-dashboard.routes';
import { playerManagementFeature } from './features/player-management/player-management.routes';
import { prizesFeature } from './features/prizes/prizes.routes';
import { publicPagesFeature } from './features/public-pages/public-pages.routes';
import { registrationsFeature } from './features/registrations/registrations.routes';
import { resultReportsFeature } from './features/result-reports/result-reports.routes';
import { retentionFeature } from './features/retention/retention.routes';
import { rosterChangesFeature } from './features/roster-changes/roster-changes.routes';
import { roundManagementFeature } from './features/round-management/round-management.routes';
import { registerSafeControlGuard } from './features/safe-control/safe-control.guard';
import { safeControlFeature } from './features/safe-control/safe-control.routes';
import { sectionsFeature } from './features/sections/sections.routes';
import { settingsFeature } from './features/settings/settings.routes';
import { settingsGateFeature } from './features/settings-gate/settings-gate.routes';
import { siteContentFeature } from './features/site-content/site-content.routes';
import { systemLogsFeature } from './features/system-logs/system-logs.routes';
import { systemStatusFeature } from './features/system-status/system-status.routes';
import { tournamentFeature } from './features/tournament/tournament.routes';
import { tournamentManagementFeature } from './features/tournament-management/tournament-management.routes';
import { userManagementFeature } from './features/user-management/user-management.routes';
import { venueScreensFeature } from './features/venue-screens/venue-screens.routes';
import { visitorAnalyticsFeature } from './features/visitor-analytics/visitor-analytics.routes';
import { registerClientApp } from './http/client-app';
import { DatabaseProbe } from './http/database-unavailable';
import { Drain, registerDrain } from './http/drain';
import { registerErrorHandling } from './http/errors';
import { registerJsonBodyParser } from './http/json-body';
import { OutboundClient } from './http/outbound';
import { registerPathCheck } from './http/request-path';
import { RequestStats, registerRequestStats } from './http/request-stats';
import { registerSecurityHeaders } from './http/security-headers';
import { ChangeFeed } from './live/change-feed';
import { liveFeature } from './live/live.routes';
import { MailQueue } from './mail/mail-queue';
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
  /** Kiosk scans per staff account and window (the check-in benchmark raises it). */
  kioskScanLimit?: { limit: number; windowMs: number };
  /** Folder of the database backups (`<DATA_DIR>/backups`); without it a throwaway folder and no daily backup. */
  backupDir?: string;
  /** The client of every call to a configured address (ADR 038); tests give one with a loopback exemption. */
  outbound?: OutboundClient;
}

export type App = FastifyInstance;

/** The live topics the public snapshot is read from (ADR 023). */
const SNAPSHOT_TOPICS: ReadonlySet<LiveTopic> = new Set([
  'settings',
  'tournament',
  'players',
  'rounds',
  'matches',
  'announcements',
]);

/** One log line per request, when it completes (with status and time), instead of two. */
class CompletedRequestsOnly extends LogController {
  override incomingRequest(): void {}
}

/**
 * Builds the HTTP application without listening, so tests can `inject()` requests and `main.ts` can listen.
 * The app does not own the database: whoever opened it closes it after `app.close()`.
 */
export async function buildApp(deps: AppDeps): Promise<App> {
  // Refused fields say what to do, in words for people (issue #35), here and in the browser.
  installHumanValidationMessages();
  const clock = createClock(deps.now);
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
  // The first decision: a path with more than one spelling is a 400; every later hook reads `request.path`.
  registerPathCheck(app);
  // Before the guards: a server shutting down answers 503 without reading the session (ADR 016).
  const drain = new Drain();
  registerDrain(app, drain);
  const startedAt = clock.now();
  const requestStats = new RequestStats(clock.millis);
  registerRequestStats(app, requestStats);
  registerGuards(app, {
    loadActor: createActorLoader(deps.auth, deps.database.db, clock.now),
    isFrozenSession: (request) => isFrozenSession(deps.database.db, request, clock.now()),
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

  // Every background loop (followers and jobs) is started through it, from src/server/background-jobs.ts.
  const jobs = new JobRunner(app, deps.logger);
  app.decorate('backgroundJobs', jobs);
  const feed = new ChangeFeed(deps.logger, deps.liveCoalesceMs, clock.millis);
  const cache = new PublicDataCache(deps.database.db, {
    now: clock.millis,
    ...(deps.random ? { random: deps.random } : {}),
  });
  // The cache is invalidated before browsers hear of the change, so their refetch sees the new data; the new
  // snapshot starts loading at once, so the phones' refetches (spread over a few hundred ms) share one load.
  // Staff-only topics (team tasks, registrations, broadcasts) leave the snapshot as it is.
  // A report from a phone (ADR 040) changes only which boards show "Reported": the snapshot reads that set again
  // and keeps the rest, so the 350 reports of a round's end do not each cost a read of the whole tournament.
  feed.subscribe((event) => {
    if (event.topics.some((topic) => SNAPSHOT_TOPICS.has(topic))) {
      cache.invalidate();
      cache.snapshot().catch(() => {});
    } else if (event.topics.includes('reports')) cache.reportsChanged();
  });

  const audit = new Audit(clock);
  const safeControl = new SafeControl(deps.database, audit, clock, deps.logger);
  // The change feed's LISTEN connection and the safe-control follower, before the features.
  await startFollowers(jobs, { database: deps.database, feed, safeControl });
  registerSafeControlGuard(app, safeControl);
  const mailQueue = new MailQueue({
    db: deps.database.db,
    transport: deps.mailer,
    isPaused: () => safeControl.isOn('mail_paused'),
    now: clock.millis,
    logger: deps.logger,
  });
  // Mail waiting while it was paused goes as soon as the switch is off, on whichever process hears first.
  feed.subscribe((event) => {
    if (event.topics.includes('settings')) mailQueue.kick();
  });
  const registrationKeys = new RegistrationKeys(deps.auth.options.secret);
  const outbound = deps.outbound ?? new OutboundClient();
  const context: FeatureContext = {
    database: deps.database,
    db: deps.database.db,
    clock,
    mailer: mailQueue,
    mailQueue,
    audit,
    feed,
    cache,
    auth: deps.auth,
    logger: deps.logger,
    publicUrl: deps.publicUrl,
    clientDir: deps.clientDir,
    startedAt,
    build: readBuildInfo(),
    requestStats,
    registrationKeys,
    payments: deps.payments ?? new OfflinePaymentProvider(deps.publicUrl, deps.database.db, clock.millis),
    drain,
    safeControl,
    maintenance: safeControl,
    backupDir: deps.backupDir ?? null,
    databaseProbe,
    outbound,
    botProtection: createBotProtection({
      db: deps.database.db,
      audit,
      keys: registrationKeys,
      serverSecret: deps.auth.options.secret,
      now: clock.millis,
      defaultPowBits: deps.registrationPowBits,
      logger: deps.logger,
      outbound,
    }),
    tuning: {
      settingsGateDelayMs: deps.settingsGateDelayMs ?? 500,
      registrationPowBits: deps.registrationPowBits,
      random: deps.random,
      kioskScanLimit: deps.kioskScanLimit,
    },
  };
  for (const feature of FEATURES) await feature.register(app, context);
  await registerClientApp(app, deps.clientDir);
  // The jobs on a clock (the mail queue's tick among them) and the CRM sync's following, after the features.
  await startBackgroundJobs(jobs, context);

  return app;
}

/** Every feature, in registration order (the auth routes first: they wrap better-auth's handler). */
const FEATURES: readonly Feature[] = [
  healthFeature,
  // Before the others: its hook extends every response's content security policy by the chosen widget.
  botProtectionFeature,
  authFeature,
  accountFeature,
  userManagementFeature,
  invitesFeature,
  settingsGateFeature,
  settingsFeature,
  siteContentFeature,
  tournamentManagementFeature,
  roundManagementFeature,
  matchResultsFeature,
  resultReportsFeature,
  playerManagementFeature,
  adminPlayerLookupFeature,
  checkinFeature,
  badgesFeature,
  kioskFeature,
  registrationsFeature,
  rosterChangesFeature,
  guardianConsentFeature,
  paymentsFeature,
  manageRegistrationsFeature,
  billingOverviewFeature,
  crmFeature,
  systemLogsFeature,
  systemStatusFeature,
  retentionFeature,
  visitorAnalyticsFeature,
  backupsFeature,
  safeControlFeature,
  broadcastsFeature,
  venueScreensFeature,
  prizesFeature,
  sectionsFeature,
  followsFeature,
  tournamentFeature,
  publicPagesFeature,
  playerDashboardFeature,
  liveFeature,
];
