/**
 * The real app for an HTTP benchmark, set up the same way by each (`bench:checkin`, `bench:crm`, `bench:reports`):
 * a migrated database (PGlite in memory, or PostgreSQL at `postgresUrl`), the outbox mailer and auth, the demo
 * tournament at the scale asked for and the demo accounts; then, after any data of the benchmark's own, the app
 * listening on a loopback port.
 */
import pino from 'pino';
import { type AppDeps, buildApp } from '../../src/server/app';
import { createAuth } from '../../src/server/auth/auth';
import { openDatabase } from '../../src/server/db/client';
import { applyMigrations } from '../../src/server/db/migrate';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../src/server/db/seed/demo-accounts';
import { seedDemoTournament } from '../../src/server/db/seed/demo-seed';
import { createOutboxMailer } from '../../src/server/mail/mailer';

export async function benchServer(options: { postgresUrl?: string; scale?: 'demo' | 'event' } = {}) {
  const logger = pino({ level: 'warn' });
  const database = await openDatabase(
    options.postgresUrl ? { url: options.postgresUrl } : { dataDir: 'memory://' },
    logger,
  );
  await applyMigrations(database);
  const { db } = database;
  const port = 7000 + Math.floor(Math.random() * 2000);
  const base = `http://127.0.0.1:${port}`;
  const mailer = createOutboxMailer(db, logger);
  const auth = createAuth({
    db,
    baseURL: base,
    secret: 'bench-secret-that-is-at-least-32-characters-long',
    mailer,
    logger,
    isProduction: false,
  });
  await seedDemoTournament(db, new Date(), { scale: options.scale ?? 'demo' });
  await seedDemoAccounts(db, auth);
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;

  return {
    database,
    db,
    base,
    /** Builds the app (production mode, no proxy hops) with the benchmark's own options, and listens. */
    async listen(deps: Partial<AppDeps> & Pick<AppDeps, 'clientDir'>) {
      app = await buildApp({
        env: { NODE_ENV: 'production', TRUST_PROXY_HOPS: 0 },
        database,
        auth,
        mailer,
        publicUrl: base,
        logger,
        ...deps,
      });
      await app.listen({ port, host: '127.0.0.1' });
      return app;
    },
    /** A demo account's session cookie header. */
    async signIn(email: string): Promise<string> {
      const response = await fetch(`${base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
      return response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0])
        .join('; ');
    },
    async close() {
      await app?.close();
      await database.close();
    },
  };
}
