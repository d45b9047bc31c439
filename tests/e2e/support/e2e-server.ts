/**
 * The server Playwright drives: the real app and the built SPA on an in-memory PGlite database seeded with the
 * demo tournament, plus control routes under /__e2e that only this script registers (never the production
 * app) so a test can put the site in the state it needs, the way staff would through the admin area.
 */
import { lookup as systemLookup } from 'node:dns/promises';
import { fileURLToPath } from 'node:url';
import { hashPassword } from 'better-auth/crypto';
import { desc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { z } from 'zod';
import { buildApp } from '../../../src/server/app';
import { createAuth } from '../../../src/server/auth/auth';
import { ACCOUNT_LIMIT, accountKey, SCOPES } from '../../../src/server/auth/sign-in-limit';
import { deleteSetting, saveSetting } from '../../../src/server/core/settings/settings.repo';
import { openDatabase } from '../../../src/server/db/client';
import { applyMigrations } from '../../../src/server/db/migrate';
import { mailOutbox } from '../../../src/server/db/schema/mail';
import { rateCounters } from '../../../src/server/db/schema/shared-state';
import { seedDemoAccounts } from '../../../src/server/db/seed/demo-accounts';
import { seedDemoTournament } from '../../../src/server/db/seed/demo-seed';
import { OutboundClient } from '../../../src/server/http/outbound';
import { createOutboxMailer } from '../../../src/server/mail/mailer';
import { PUSH_STAND_IN_HOST } from './push-stand-in';
import { seedSectionsEvent } from './sections-seed';

const port = Number(process.env.PORT ?? 3199);
const logger = pino({ level: process.env.LOG_LEVEL ?? 'warn' });
const database = await openDatabase({ dataDir: 'memory://' }, logger);
await applyMigrations(database);

/** 'event': the event-sized demo, 352 players in 44 schools (the venue screens' spec); 'sections': the demo and the sections journey's event. */
async function reset(variant: 'demo' | 'event' | 'empty' | 'sections'): Promise<void> {
  // Each table that outlives its creator is named (broadcasts keep created_by without a foreign key): a message
  // one spec sends must not show on the next spec's pages.
  await database.db.execute(
    sql`truncate tournaments, system_settings, "user", user_roles, user_status, user_preferences, custom_roles, profiles, mail_outbox, rate_limit, rate_counters, security_audit_log, system_logs, session_store, protected_passwords, invites, registrations, payment_events, tournament_templates, broadcasts, venue_screens cascade`,
  );
  if (variant !== 'empty') {
    await seedDemoTournament(database.db, new Date(), { scale: variant === 'event' ? 'event' : 'demo' });
    await seedDemoAccounts(database.db, auth);
  }
  // The sections journey's event, active beside the demo (issue 32).
  if (variant === 'sections') await seedSectionsEvent(database.db);
}

/**
 * Every reset creates the four demo accounts again, and scrypt took 0.64 s of a 0.75 s reset: the same password
 * gets the hash it got before (a salted scrypt hash, still checked by scrypt at each sign-in).
 */
const hashes = new Map<string, Promise<string>>();
const reusedHash = (password: string): Promise<string> => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

const publicUrl = `http://127.0.0.1:${port}`;
const mailer = createOutboxMailer(database.db, logger);
const auth = createAuth({
  hashPassword: reusedHash,
  db: database.db,
  baseURL: publicUrl,
  secret: 'e2e-secret-that-is-at-least-32-characters-long',
  mailer,
  logger,
  isProduction: false,
});
const app = await buildApp({
  // As behind the production proxy (deploy/nginx): one trusted hop, so a spec can present a visitor's address in
  // X-Forwarded-For (the visitor-analytics spec places a visit in Ireland); without the header the socket's
  // address counts, as before.
  env: { NODE_ENV: 'test', TRUST_PROXY_HOPS: 1 },
  database,
  auth,
  mailer,
  publicUrl,
  logger,
  clientDir: fileURLToPath(
    new URL(`../../../${process.env.CLIENT_OUT_DIR ?? 'dist/client'}`, import.meta.url),
  ),
  // The push service stand-in (the follows spec): one made-up host name, answered by this server at
  // /__e2e/push/…; every other address keeps the outbound policy (ADR 038).
  outbound: new OutboundClient({
    allow: [PUSH_STAND_IN_HOST],
    resolve: async (hostname) =>
      hostname === PUSH_STAND_IN_HOST
        ? [{ address: '127.0.0.1', family: 4 }]
        : systemLookup(hostname, { all: true }),
  }),
});

await reset('demo');

const resetBody = z.object({ variant: z.enum(['demo', 'event', 'empty', 'sections']) });
const settingBody = z.object({ key: z.string().min(1), value: z.unknown() });

app.post('/__e2e/reset', async (request) => {
  await reset(resetBody.parse(request.body).variant);
  return { ok: true };
});
app.post('/__e2e/settings', async (request) => {
  const { key, value } = settingBody.parse(request.body);
  if (value === undefined) await deleteSetting(database.db, key);
  else await saveSetting(database.db, key, value);
  return { ok: true };
});
app.post('/__e2e/sql', async (request) => {
  const { statement } = z.object({ statement: z.string() }).parse(request.body);
  await database.db.execute(sql.raw(statement));
  return { ok: true };
});
/** Reads rows (a read-only transaction: a test checks what the UI stored, it never writes this way). */
app.get('/__e2e/sql', async (request) => {
  const { statement } = z.object({ statement: z.string() }).parse(request.query);
  const rows = await database.db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    return (await tx.execute(sql.raw(statement))) as unknown as { rows: Record<string, unknown>[] };
  });
  return { rows: rows.rows };
});

/** Locks an account as 10 failed sign-ins would (from one address the per-address limit takes 30 s). */
app.post('/__e2e/lock-sign-in', async (request) => {
  const { email } = z.object({ email: z.string() }).parse(request.body);
  const row = {
    scope: SCOPES.account,
    key: accountKey(email, auth.options.secret),
    count: ACCOUNT_LIMIT.limit,
    expiresAt: new Date(Date.now() + ACCOUNT_LIMIT.windowMs),
  };
  await database.db
    .insert(rateCounters)
    .values(row)
    .onConflictDoUpdate({ target: [rateCounters.scope, rateCounters.key], set: row });
  return { ok: true };
});

/** The push service stand-in: what it received, by subscription, for the follows spec. */
const pushed = new Map<string, number>();
await app.register(async (scope) => {
  // A push message is encrypted bytes (application/octet-stream): read as such on this route only.
  scope.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  scope.post('/__e2e/push/:id', async (request, reply) => {
    const { id } = z.object({ id: z.string() }).parse(request.params);
    pushed.set(id, (pushed.get(id) ?? 0) + 1);
    return reply.code(201).send();
  });
});
app.get('/__e2e/pushed', async () => Object.fromEntries(pushed));

app.get('/__e2e/outbox', async (request) => {
  const { to } = z.object({ to: z.string() }).parse(request.query);
  const [mail] = await database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail ?? null;
});

await app.listen({ port, host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
