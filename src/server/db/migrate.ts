import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database, Schema } from './client';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const MIGRATION_LOCK_ID = 72_430_001;

/** Applies the committed migrations; several processes starting at once take turns through an advisory lock. */
export async function applyMigrations(database: Database): Promise<void> {
  await database.withLock(MIGRATION_LOCK_ID, async (db) => {
    if (database.kind === 'pglite') {
      await migratePglite(db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
    } else {
      await migrateNodePg(db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
    }
  });
}
