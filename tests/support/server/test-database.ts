import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
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

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * A fresh, migrated database for one test file: PGlite in memory, or a throw-away database created on the
 * TEST_DATABASE_URL server and dropped afterwards.
 */
export async function createTestDatabase(target: DatabaseTarget): Promise<TestDatabase> {
  if (target === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' }, silentLogger);
    await applyMigrations(database);
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
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  await admin.end();
  const url = withDatabaseName(serverUrl, name);
  const opened: Database[] = [];
  const open = async () => {
    const database = await openDatabase({ url, poolMax: 5 }, silentLogger);
    opened.push(database);
    return database;
  };
  const database = await open();
  await applyMigrations(database);
  return {
    database,
    url,
    openAnother: open,
    drop: async () => {
      await Promise.all(opened.map((db) => db.close()));
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
