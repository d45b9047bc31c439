import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { BACKUP_MESSAGES } from '../../../contracts/backups';
import { SETTING_KEYS } from '../../../contracts/setting-keys';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import {
  latestMigration,
  listTables,
  qualifiedTable,
  selectRows,
  selfReferencingTables,
  sequenceColumns,
  writableColumns,
} from './backup-catalog';
import {
  BackupFormatError,
  type BackupHeader,
  backupHeaderSchema,
  parseLine,
  readLines,
  sectionSchema,
  trailerSchema,
} from './backup-file';

/** Rows per INSERT, and the most JSON text one INSERT carries: bounded memory, few round trips. */
const CHUNK_ROWS = 1_000;
const CHUNK_CHARS = 4 * 1024 * 1024;

/**
 * Settings rows that describe the system rather than its data: they keep their current values across a
 * restore (re-written after the data is in, in the same transaction). `backup_schedule*` covers the schedule
 * and the day it last ran, so a restore neither changes the schedule nor makes it run again.
 */
export const KEPT_SETTING_KEYS = ['last_backup', 'last_verified_restore', SETTING_KEYS.safeControl] as const;
export const KEPT_SETTING_PREFIX = 'backup_schedule';

/** A backup the database cannot take (another schema, other tables): refused before anything changes. */
export class BackupRefusedError extends Error {}

export interface RestoreProgress {
  tablesDone: number;
  tablesTotal: number;
  rowsDone: number;
  rowsTotal: number;
}

export interface RestoreOutcome {
  header: BackupHeader;
  /** Per table, in file order: rows the backup holds and rows the database held after the inserts. */
  tables: { name: string; expected: number; restored: number }[];
  mismatchedTables: string[];
}

export interface RestoreOptions {
  onProgress?: (progress: RestoreProgress) => void;
  /**
   * The SHA-256 recorded when the file was written: the bytes actually read are hashed as they are restored,
   * and a different hash rolls everything back (the file changed after it was checked).
   */
  expectedSha256?: string;
  /** Runs last in the transaction: may throw to roll everything back, or write the restore's audit row. */
  beforeCommit?: (tx: Tx, outcome: RestoreOutcome) => Promise<void>;
}

type Lines = AsyncIterator<string, void, undefined>;

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** Reads the header and refuses a backup this database cannot take, before a transaction starts. */
async function readAndCheckHeader(db: Db, lines: Lines): Promise<BackupHeader> {
  const first = await lines.next();
  const header = parseLine(first.done ? undefined : first.value, backupHeaderSchema, 'header');
  if (header.schemaMigration !== (await latestMigration(db))) {
    throw new BackupRefusedError(BACKUP_MESSAGES.otherSchema);
  }
  if (!sameSet(Object.keys(header.tables), await listTables(db))) {
    throw new BackupRefusedError(BACKUP_MESSAGES.otherTables);
  }
  return header;
}

interface KeptRows {
  settings: string[];
  sessions: string[];
  /** The mail queue as it is now: mail sent since the backup must not be queued again (ADR 026). */
  mail: string[];
}

/** The kept rows, as JSON text: the system's settings rows, the current sessions and the mail queue. */
async function captureKeptRows(tx: Db): Promise<KeptRows> {
  const settings = await selectRows<{ line: string }>(
    tx,
    sql`select row_to_json(s)::text as line from system_settings s
         where s.key in (${sql.join(
           KEPT_SETTING_KEYS.map((key) => sql`${key}`),
           sql`, `,
         )}) or starts_with(s.key, ${KEPT_SETTING_PREFIX})`,
  );
  const sessions = await selectRows<{ line: string }>(
    tx,
    sql`select row_to_json(s)::text as line from "session" s`,
  );
  const mail = await selectRows<{ line: string }>(
    tx,
    sql`select row_to_json(m)::text as line from mail_queue m`,
  );
  return {
    settings: settings.map((row) => row.line),
    sessions: sessions.map((row) => row.line),
    mail: mail.map((row) => row.line),
  };
}

const columnList = (columns: readonly string[]): SQL =>
  sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );

/** Inserts rows given as `row_to_json` text; `jsonb_populate_recordset` turns each back into the table's row type. */
async function insertRows(
  tx: Db,
  table: string,
  columns: readonly string[],
  lines: readonly string[],
  suffix: SQL = sql``,
): Promise<void> {
  if (lines.length === 0) return;
  const target = qualifiedTable(table);
  const payload = `[${lines.join(',')}]`;
  await tx.execute(
    sql`insert into ${target} (${columnList(columns)}) overriding system value
        select ${columnList(columns)} from jsonb_populate_recordset(null::${target}, ${payload}::jsonb) r
        ${suffix}`,
  );
}

/** Puts the kept rows back: settings and the mail queue as they are now, and the sessions of users the restore kept. */
async function restoreKeptRows(tx: Db, kept: KeptRows): Promise<void> {
  await tx.execute(sql`delete from mail_queue`);
  await insertRows(tx, 'mail_queue', await writableColumns(tx, 'mail_queue'), kept.mail);
  await tx.execute(
    sql`delete from system_settings
         where key in (${sql.join(
           KEPT_SETTING_KEYS.map((key) => sql`${key}`),
           sql`, `,
         )}) or starts_with(key, ${KEPT_SETTING_PREFIX})`,
  );
  await insertRows(tx, 'system_settings', await writableColumns(tx, 'system_settings'), kept.settings);
  await insertRows(
    tx,
    'session',
    await writableColumns(tx, 'session'),
    kept.sessions,
    sql`where exists (select 1 from "user" u where u.id = r.user_id) on conflict do nothing`,
  );
}

/** Reads one section's rows and inserts them in chunks (a self-referencing table's in one statement). */
async function restoreSection(
  tx: Db,
  lines: Lines,
  section: { table: string; rows: number },
  isSelfReferencing: boolean,
  onRow: () => void,
): Promise<void> {
  const columns = await writableColumns(tx, section.table);
  let chunk: string[] = [];
  let chars = 0;
  for (let i = 0; i < section.rows; i++) {
    const next = await lines.next();
    if (next.done) throw new BackupFormatError(`the file ends inside the rows of ${section.table}`);
    chunk.push(next.value);
    chars += next.value.length;
    onRow();
    if (!isSelfReferencing && (chunk.length >= CHUNK_ROWS || chars >= CHUNK_CHARS)) {
      await insertRows(tx, section.table, columns, chunk);
      chunk = [];
      chars = 0;
    }
  }
  await insertRows(tx, section.table, columns, chunk);
}

/** Every sequence continues after the largest value its column holds (an insert after a restore gets a new id). */
async function resetSequences(tx: Db): Promise<void> {
  for (const { table, column, sequence } of await sequenceColumns(tx)) {
    await tx.execute(
      sql`select setval(${sequence}::regclass, coalesce(max(${sql.identifier(column)}), 0) + 1, false)
            from ${qualifiedTable(table)}`,
    );
  }
}

async function countTables(tx: Db, header: BackupHeader, order: readonly string[]) {
  const tables: RestoreOutcome['tables'] = [];
  for (const name of order) {
    const [row] = await selectRows<{ n: string | number }>(
      tx,
      sql`select count(*) as n from ${qualifiedTable(name)}`,
    );
    tables.push({ name, expected: header.tables[name] ?? 0, restored: Number(row?.n ?? 0) });
  }
  return tables;
}

/** Truncates every table, then fills them from the file's sections in file order; returns the counts. */
async function replaceAllRows(
  tx: Db,
  lines: Lines,
  header: BackupHeader,
  onProgress: (progress: RestoreProgress) => void,
): Promise<RestoreOutcome> {
  const tableNames = Object.keys(header.tables);
  await tx.execute(
    sql`truncate table ${sql.join(tableNames.map(qualifiedTable), sql`, `)} restart identity cascade`,
  );
  const selfReferencing = await selfReferencingTables(tx);
  const rowsTotal = Object.values(header.tables).reduce((sum, n) => sum + n, 0);
  const progress = { tablesDone: 0, tablesTotal: tableNames.length, rowsDone: 0, rowsTotal };
  const order: string[] = [];
  for (let next = await lines.next(); ; next = await lines.next()) {
    const line = next.done ? undefined : next.value;
    if (line?.startsWith('{"end":')) {
      parseLine(line, trailerSchema, 'trailer');
      break;
    }
    const section = parseLine(line, sectionSchema, 'section');
    if (!(section.table in header.tables) || order.includes(section.table)) {
      throw new BackupFormatError(`the section ${section.table} is not one the header announced`);
    }
    order.push(section.table);
    await restoreSection(tx, lines, section, selfReferencing.has(section.table), () => {
      progress.rowsDone += 1;
      if (progress.rowsDone % CHUNK_ROWS === 0) onProgress({ ...progress });
    });
    progress.tablesDone += 1;
    onProgress({ ...progress });
  }
  if ((await lines.next()).done !== true) throw new BackupFormatError('the file goes on after its trailer');
  const tables = await countTables(tx, header, tableNames);
  const mismatchedTables = tables.filter((t) => t.expected !== t.restored).map((t) => t.name);
  return { header, tables, mismatchedTables };
}

/**
 * Replaces every row of `db` with the backup's, in ONE transaction (ADR 025): all or nothing. The settings rows
 * that describe the system and the current sessions keep their values. The same code verifies a backup (into a
 * scratch database) and restores one (into the live database), so a verified backup is one that restores.
 */
export async function restoreBackupFile(
  db: Db,
  path: string,
  options: RestoreOptions = {},
): Promise<RestoreOutcome> {
  const hash = options.expectedSha256 === undefined ? null : createHash('sha256');
  const lines = readLines(path, hash ? (chunk) => hash.update(chunk) : undefined);
  try {
    const header = await readAndCheckHeader(db, lines);
    return await db.transaction(async (transaction) => {
      const tx = transaction;
      const kept = await captureKeptRows(tx);
      const outcome = await replaceAllRows(tx, lines, header, options.onProgress ?? (() => {}));
      // Every byte has been read (the file ended after its trailer): the hash is the whole file's.
      if (hash && hash.digest('hex') !== options.expectedSha256) {
        throw new BackupRefusedError(BACKUP_MESSAGES.checksumMismatch);
      }
      // The kept rows first: the mail queue's ids must count when the sequences are set.
      await restoreKeptRows(tx, kept);
      await resetSequences(tx);
      await options.beforeCommit?.(transaction, outcome);
      return outcome;
    });
  } finally {
    await lines.return();
  }
}
