import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../../src/server/db/client';
import { applyMigrations } from '../../../src/server/db/migrate';

export type DatabaseTarget = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server the tests may create databases on. */
export const databaseTargets: DatabaseTarget[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export const silentLogger = pino({ level: 'silent' });

export interface TestDatabase {
  database: Database;
  /** The PostgreSQL database's address, for a test that opens its own connections; null for PGlite. */
  url: string | null;
  /** Opens another connection set to the same database, as a second server process would. */
  openAnother(): Promise<Database>;
  drop(): Promise<void>;
}

/** Runs `work` on one connection to the server's maintenance database (creating and dropping databases). */
export async function onServer<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

export function databaseUrlNamed(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * The migrated databases Vitest's global setup made (database-templates.ts); none when this runs outside Vitest
 * (a benchmark), where each database is migrated on its own.
 */
const templates = () =>
  process.env.VITEST
    ? { pglite: inject('pgliteTemplate'), postgres: inject('postgresTemplate') }
    : { pglite: null, postgres: null };
let pgliteDump: Promise<Blob> | undefined;
const migratedPglite = (file: string) => {
  pgliteDump ??= readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteDump;
};

/**
 * A fresh, migrated database for one test file: PGlite in memory, or a throw-away database created on the
 * TEST_DATABASE_URL server and dropped afterwards. Under Vitest each is a copy of one database migrated before
 * the run, which is what running the migrations again would give, in a third of the time.
 */
export async function createTestDatabase(target: DatabaseTarget): Promise<TestDatabase> {
  const template = templates();
  if (target === 'pglite') {
    const startFrom = template.pglite ? await migratedPglite(template.pglite) : undefined;
    const database = await openDatabase({ dataDir: 'memory://', startFrom }, silentLogger);
    if (!startFrom) await applyMigrations(database);
    return {
      database,
      url: null,
      openAnother: () => Promise.reject(new Error('an in-memory PGlite database cannot be shared')),
      drop: () => database.close(),
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `chess_test_${randomBytes(6).toString('hex')}`;
  const copied = template.postgres ? ` TEMPLATE ${pg.escapeIdentifier(template.postgres)}` : '';
  await onServer(serverUrl, (admin) => admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}${copied}`));
  const url = databaseUrlNamed(serverUrl, name);
  const opened: Database[] = [];
  const open = async () => {
    const database = await openDatabase({ url, poolMax: 5 }, silentLogger);
    opened.push(database);
    return database;
  };
  const database = await open();
  if (!template.postgres) await applyMigrations(database);
  return {
    database,
    url,
    openAnother: open,
    drop: async () => {
      await Promise.all(opened.map((db) => db.close()));
      await onServer(serverUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`),
      );
    },
  };
}
