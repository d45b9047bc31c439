import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { createAuth } from './auth/auth';
import { resolveAuthSecret } from './auth/secret';
import { OfflinePaymentProvider } from './core/payments/offline-provider';
import { StripePaymentProvider } from './core/payments/stripe-provider';
import { lockDataDir } from './data-dir-lock';
import { openDatabase } from './db/client';
import { applyMigrations } from './db/migrate';
import { prepareDemoData } from './db/seed/demo-seed';
import { parseEnv } from './env';
import { drainAndClose } from './http/drain';
import { createLogger } from './logger';
import { createOutboxMailer, createSmtpMailer } from './mail/mailer';

/** Time beyond SHUTDOWN_TIMEOUT_MS for closing the database before the process gives up and exits 1. */
const SHUTDOWN_CLOSE_MARGIN_MS = 5_000;
const LOOPBACK = '127.0.0.1';
/** The listen queue of connections not yet accepted (Node's default is 511). */
const LISTEN_BACKLOG = 4_096;

async function main(): Promise<void> {
  const env = parseEnv(process.env);
  // Secrets never reach the log: redaction of fields, links, cookies and failed queries' parameters (T20).
  const logger = createLogger({ level: env.LOG_LEVEL });
  const usesDatabaseUrl = env.DATABASE_URL !== undefined;
  const unlock = usesDatabaseUrl ? () => undefined : lockDataDir(env.DATA_DIR);

  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL, poolMax: env.DB_POOL_MAX } : { dataDir: env.DATA_DIR },
    logger,
  );
  logger.info(
    { database: database.kind, dataDir: usesDatabaseUrl ? undefined : env.DATA_DIR },
    'database opened',
  );
  await applyMigrations(database);
  const publicUrl = env.PUBLIC_URL ?? `http://127.0.0.1:${env.PORT}`;
  const mailer = env.SMTP_URL
    ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM)
    : createOutboxMailer(database.db, logger);
  const auth = createAuth({
    db: database.db,
    baseURL: publicUrl,
    secret: resolveAuthSecret(env),
    mailer,
    logger,
    isProduction: env.NODE_ENV === 'production',
  });
  const isDemo = await prepareDemoData(
    database.db,
    auth,
    { usesDatabaseUrl, seedDemo: env.SEED_DEMO, now: new Date(), scale: env.DEMO_SCALE },
    logger,
  );

  let host = env.HOST ?? LOOPBACK;
  if (isDemo) {
    if (host !== LOOPBACK) logger.warn(`HOST=${host} ignored: demo mode only listens on ${LOOPBACK}`);
    host = LOOPBACK;
    logger.warn(
      '*** DEMO MODE *** This site serves made-up demo data and listens on 127.0.0.1 only. ' +
        'Do not use it for a real event: start with an empty DATA_DIR and SEED_DEMO=0, or a DATABASE_URL.',
    );
  }

  const payments =
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? new StripePaymentProvider({
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        })
      : new OfflinePaymentProvider(publicUrl, database.db);
  if (payments.name === 'offline') {
    logger.warn(
      'payments: built-in OFFLINE TEST provider (no money moves; anyone at checkout can mark a registration ' +
        'paid). Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real card payments.',
    );
  }
  const app = await buildApp({
    env,
    database,
    auth,
    mailer,
    publicUrl,
    logger,
    payments,
    backupDir: resolve(env.BACKUP_DIR ?? `${env.DATA_DIR}/backups`),
    clientDir: fileURLToPath(new URL('../../dist/client', import.meta.url)),
  });
  // A deep accept queue: when a burst finds the process busy (400 phones reading the round just paired), the
  // kernel holds the new connections until the process takes them, instead of dropping them, which nginx would
  // answer 504 after its 2 s connect timeout (the dress rehearsal saw it, ADR 048). Capped by somaxconn.
  await app.listen({ port: env.PORT, host, backlog: LISTEN_BACKLOG });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Drain (ADR 016): no new connections, 503 + Connection: close on open ones, live streams told to
    // reconnect, running requests finish; then the database closes. Bounded by SHUTDOWN_TIMEOUT_MS.
    logger.info(
      { signal, timeoutMs: env.SHUTDOWN_TIMEOUT_MS },
      'shutting down: finishing requests in flight',
    );
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS + SHUTDOWN_CLOSE_MARGIN_MS);
    force.unref();
    try {
      const finished = await drainAndClose(app, app.drain, {
        timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
        log: (message, details) => logger.warn(details ?? {}, message),
      });
      await database.close();
      unlock();
      logger.info({ finished }, 'shut down');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
