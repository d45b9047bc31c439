import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { type App, buildApp } from '../../src/server/app';
import { createAuth } from '../../src/server/auth/auth';
import { type Database, openDatabase } from '../../src/server/db/client';
import { applyMigrations } from '../../src/server/db/migrate';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo-accounts';
import { prepareDemoData } from '../../src/server/db/seed/demo-seed';
import type { OutboundClient } from '../../src/server/http/outbound';
import { createOutboxMailer } from '../../src/server/mail/mailer';

/**
 * The real app in this process, as benchmarks that look inside it need it: migrations, the demo tournament at the
 * given scale, production settings, the web client only when asked for. PGlite in a temporary folder, or the PostgreSQL server of
 * DATABASE_URL when `usePostgres` is set. `close()` stops the app and removes the folder.
 */
export async function startBenchApp(options: {
  base: string;
  scale: 'demo' | 'event';
  usePostgres?: boolean;
  /** The built web client to serve (dist/client), for benchmarks that open pages in a browser. */
  clientDir?: string | null;
  /** The outbound client (a benchmark's loopback stand-in of a third party is exempted through it). */
  outbound?: OutboundClient;
}): Promise<{ app: App; database: Database; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-app-'));
  const logger = pino({ level: 'warn' });
  const url = options.usePostgres ? process.env.DATABASE_URL : undefined;
  const database = await openDatabase(url ? { url } : { dataDir }, logger);
  await applyMigrations(database);
  const mailer = createOutboxMailer(database.db, logger);
  const auth = createAuth({
    db: database.db,
    baseURL: options.base,
    secret: 'bench-secret-that-is-at-least-32-characters-long',
    mailer,
    logger,
    isProduction: false,
  });
  await prepareDemoData(
    database.db,
    auth,
    { usesDatabaseUrl: false, seedDemo: '1', now: new Date(), scale: options.scale },
    logger,
  );
  const app = await buildApp({
    env: { NODE_ENV: 'production', TRUST_PROXY_HOPS: 0 },
    database,
    auth,
    mailer,
    publicUrl: options.base,
    logger,
    clientDir: options.clientDir ?? null,
    ...(options.outbound ? { outbound: options.outbound } : {}),
  });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs a demo account in over HTTP and returns the session cookie, as a browser would hold it. */
export async function signInOverHttp(base: string, email: string): Promise<string> {
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  return signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

/** A signed-in staff member's JSON writes: the answer's body, or an error naming the refusal. */
export function staffSender(base: string, cookie: string) {
  return async (method: 'POST' | 'PUT', path: string, body: unknown = {}) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${json.error}`);
    return json;
  };
}
