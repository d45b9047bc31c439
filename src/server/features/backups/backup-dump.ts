import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { latestMigration, qualifiedTable, selectRows, tablesInInsertOrder } from './backup-catalog';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupHeader,
  sectionLine,
  trailerLine,
} from './backup-file';
import { BACKUP_FILE_MODE } from './backup-store';

/** Rows fetched from the cursor at a time: memory holds this many rows, whatever the table's size. */
const FETCH_ROWS = 500;
const CURSOR = sql.identifier('backup_rows');

export interface DumpProgress {
  tablesDone: number;
  tablesTotal: number;
  rowsDone: number;
  rowsTotal: number;
}

export interface DumpResult {
  header: BackupHeader;
  totalRows: number;
  sizeBytes: number;
  sha256: string;
}

async function countRows(tx: Db, tables: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await selectRows<{ n: string | number }>(
      tx,
      sql`select count(*) as n from ${qualifiedTable(table)}`,
    );
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}

/** One table's rows as JSON text, through a cursor so only FETCH_ROWS are in memory at once. */
async function* tableRows(tx: Db, table: string): AsyncGenerator<string> {
  await tx.execute(
    sql`declare ${CURSOR} no scroll cursor for select row_to_json(t)::text as line from ${qualifiedTable(table)} t`,
  );
  try {
    for (;;) {
      const rows = await selectRows<{ line: string }>(
        tx,
        sql`fetch ${sql.raw(String(FETCH_ROWS))} from ${CURSOR}`,
      );
      for (const row of rows) yield `${row.line}\n`;
      if (rows.length < FETCH_ROWS) return;
    }
  } finally {
    await tx.execute(sql`close ${CURSOR}`);
  }
}

async function* backupLines(
  tx: Db,
  header: BackupHeader,
  tables: readonly string[],
  onProgress: (progress: DumpProgress) => void,
): AsyncGenerator<string> {
  const rowsTotal = Object.values(header.tables).reduce((sum, n) => sum + n, 0);
  const progress = { tablesDone: 0, tablesTotal: tables.length, rowsDone: 0, rowsTotal };
  yield `${JSON.stringify(header)}\n`;
  for (const table of tables) {
    yield sectionLine(table, header.tables[table] ?? 0);
    for await (const line of tableRows(tx, table)) {
      yield line;
      progress.rowsDone += 1;
      if (progress.rowsDone % FETCH_ROWS === 0) onProgress({ ...progress });
    }
    progress.tablesDone += 1;
    onProgress({ ...progress });
  }
  yield trailerLine(tables.length, rowsTotal);
}

/** Passes bytes through while hashing them, so the file is hashed as it is written. */
function hashing(hash: ReturnType<typeof createHash>): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
}

/**
 * Writes a consistent snapshot of every table to `path` (ADR 025). All tables are read in one read-only
 * REPEATABLE READ transaction, so the file is one moment of the database even while others write (PGlite has
 * one connection: nothing else runs meanwhile). The file is written under a temporary name and renamed when
 * complete, so a crash never leaves a half backup under a backup's name.
 */
export async function dumpDatabase(
  database: Pick<Database, 'db' | 'kind'>,
  path: string,
  createdAt: Date,
  onProgress: (progress: DumpProgress) => void,
): Promise<DumpResult> {
  const partial = `${path}.partial`;
  const hash = createHash('sha256');
  try {
    const header = await database.db.transaction(
      async (tx) => {
        const db = tx;
        const tables = await tablesInInsertOrder(db);
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          version: BACKUP_FORMAT_VERSION,
          createdAt: createdAt.toISOString(),
          schemaMigration: await latestMigration(db),
          databaseKind: database.kind,
          tables: await countRows(db, tables),
        };
        onProgress({ tablesDone: 0, tablesTotal: tables.length, rowsDone: 0, rowsTotal: 0 });
        await pipeline(
          Readable.from(backupLines(db, header, tables, onProgress)),
          createGzip(),
          hashing(hash),
          // Private from the first byte (0600, ADR 025): the file holds password hashes and pupils' details.
          createWriteStream(partial, { flags: 'wx', mode: BACKUP_FILE_MODE }),
        );
        return header;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    await rename(partial, path);
    const totalRows = Object.values(header.tables).reduce((sum, n) => sum + n, 0);
    return { header, totalRows, sizeBytes: (await stat(path)).size, sha256: hash.digest('hex') };
  } finally {
    await rm(partial, { force: true });
  }
}
