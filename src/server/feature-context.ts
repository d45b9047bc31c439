import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Audit } from './audit/audit';
import type { Auth } from './auth/auth';
import type { Clock } from './clock';
import type { BotProtection } from './core/bot-protection/bot-protection.service';
import type { PaymentProvider } from './core/payments/provider';
import type { RegistrationKeys } from './core/registrations/registration-security';
import type { Maintenance } from './core/safe-control/maintenance';
import type { SafeControl } from './core/safe-control/safe-control.state';
import type { PublicDataCache } from './core/tournament/public-data-cache';
import type { Database, Db } from './db/client';
import type { DatabaseProbe } from './http/database-unavailable';
import type { Drain } from './http/drain';
import type { OutboundClient } from './http/outbound';
import type { RequestStats } from './http/request-stats';
import type { ChangeFeed } from './live/change-feed';
import type { MailQueue } from './mail/mail-queue';
import type { Mailer } from './mail/mailer';

/**
 * What every feature is given (ADR 019): one object, built once in `app.ts`, instead of a signature per
 * feature. A feature takes what it needs from it; nothing else reaches a feature from outside.
 */
export interface FeatureContext {
  database: Database;
  /** Shorthand for `database.db`. */
  db: Db;
  /** The one clock. */
  clock: Clock;
  /** Sends through the mail queue (paused mail waits there). */
  mailer: Mailer;
  /** The queue itself, for bulk mail (broadcasts) and its delivery counts. */
  mailQueue: MailQueue;
  /** The audit trail: changes written in their transaction, attempts on their own. */
  audit: Audit;
  /** Live change notifications (PostgreSQL NOTIFY → server-sent events). */
  feed: ChangeFeed;
  /** The public snapshot of the active tournament, rebuilt once per change. */
  cache: PublicDataCache;
  auth: Auth;
  logger: Logger;
  /** The site's public origin (PUBLIC_URL): mail links and the cross-site request check use it. */
  publicUrl: string;
  /** Folder of the built web client (its server build beside it), or null to serve the API only. */
  clientDir: string | null;
  /** When this process started (`system_start_time`), and the running code's version and commit. */
  startedAt: Date;
  build: { version: string; commit: string | null };
  /** Requests and server errors of the last hour, counted by this process. */
  requestStats: RequestStats;
  /** Keys that sign registration access tokens and proofs of work. */
  registrationKeys: RegistrationKeys;
  payments: PaymentProvider;
  drain: Drain;
  /** The emergency switches as this process knows them (followed live on every process). */
  safeControl: SafeControl;
  /** Holds the site read-only while some work runs (a backup restore). */
  maintenance: Maintenance;
  /** Folder of the database backups (ADR 025), or null in tests: a throwaway folder and no daily backup. */
  backupDir: string | null;
  /** The chosen bot check of the public forms (registration, password reset; ADR 022). */
  botProtection: BotProtection;
  /** Tells a lost database (503) from a fault (ADR 016). */
  databaseProbe: DatabaseProbe;
  /** Every call to an address someone configured goes through it: public addresses only (ADR 038). */
  outbound: OutboundClient;
  /** Tunables tests lower or shorten. */
  tuning: {
    /** The pause before every settings-password answer (docs/requirements.md §5: about 500 ms). */
    settingsGateDelayMs: number;
    /** Proof-of-work difficulty of the registration form, or undefined for the default. */
    registrationPowBits: number | undefined;
    random: (() => number) | undefined;
    /** Kiosk scans per staff account and window (ADR 031), or undefined for the default. */
    kioskScanLimit?: { limit: number; windowMs: number } | undefined;
  };
}

/** A feature: its name (the same as its folder on server and client) and how it registers its routes. */
export interface Feature {
  name: string;
  register(app: FastifyInstance, context: FeatureContext): void | Promise<void>;
}

/** The app as a feature declares its routes on: request and response types come from the zod schemas. */
export type TypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A feature whose routes are declared with their zod schemas (the same instance, typed by the schemas). */
export function routesFeature(
  name: string,
  register: (typed: TypedApp, context: FeatureContext) => void | Promise<void>,
): Feature {
  return { name, register: (app, context) => register(app.withTypeProvider<ZodTypeProvider>(), context) };
}

/** What a service that writes audited changes needs: the database and the audit trail. */
export type AuditedDb = Pick<FeatureContext, 'db' | 'audit'>;
