import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * What the database's own catalogue says about its tables (ADR 025): which there are, in which order their
 * foreign keys allow them to be filled, which columns can be written, which sequences feed them, and which
 * migration the schema is at. The same queries answer on PGlite and PostgreSQL.
 */

/** The schema backed up: every base table of it, ours and better-auth's. */
export const BACKUP_SCHEMA = 'public';

/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** `"public"."name"`: a catalogue name quoted as an identifier (drizzle doubles any quote inside it). */
export const qualifiedTable = (name: string): SQL =>
  sql`${sql.identifier(BACKUP_SCHEMA)}.${sql.identifier(name)}`;

/** The base tables (plain and partitioned parents, not partitions) of the backed-up schema, by name. */
export async function listTables(db: Db): Promise<string[]> {
  const rows = await selectRows<{ name: string }>(
    db,
    sql`select c.relname as name
          from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
         where n.nspname = ${BACKUP_SCHEMA} and c.relkind in ('r', 'p') and not c.relispartition
         order by c.relname`,
  );
  return rows.map((row) => row.name);
}

/** Each foreign key as (child table, parent table), both in the backed-up schema. */
async function listForeignKeys(db: Db): Promise<{ child: string; parent: string }[]> {
  return selectRows(
    db,
    sql`select child.relname as child, parent.relname as parent
          from pg_catalog.pg_constraint k
          join pg_catalog.pg_class child on child.oid = k.conrelid
          join pg_catalog.pg_class parent on parent.oid = k.confrelid
          join pg_catalog.pg_namespace n on n.oid = child.relnamespace
         where k.contype = 'f' and n.nspname = ${BACKUP_SCHEMA}`,
  );
}

/**
 * The tables with every parent before its children (Kahn's algorithm, ties by name so the order is stable).
 * A table referring to itself is fine: its rows go in one statement, and the key is checked at its end.
 * A cycle across tables cannot be filled without deferred keys, which this schema does not have: refused.
 */
export function orderByForeignKeys(
  tables: readonly string[],
  keys: readonly { child: string; parent: string }[],
): string[] {
  const sorted = [...tables].sort();
  const parents = new Map(sorted.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of keys) {
    if (child !== parent && parents.has(parent)) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < sorted.length) {
    const ready = sorted.filter(
      (table) => !placed.has(table) && [...(parents.get(table) ?? [])].every((p) => placed.has(p)),
    );
    if (ready.length === 0) {
      const left = sorted.filter((table) => !placed.has(table));
      throw new Error(`foreign keys form a cycle among ${left.join(', ')}`);
    }
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

/** The tables in the order their rows can be inserted. */
export async function tablesInInsertOrder(db: Db): Promise<string[]> {
  return orderByForeignKeys(await listTables(db), await listForeignKeys(db));
}

/** Tables whose foreign keys point at themselves: their rows must go in one statement. */
export async function selfReferencingTables(db: Db): Promise<Set<string>> {
  const keys = await listForeignKeys(db);
  return new Set(keys.filter((key) => key.child === key.parent).map((key) => key.child));
}

/** The columns a row can be written to: generated columns (`matches.completed`) are computed, never written. */
export async function writableColumns(db: Db, table: string): Promise<string[]> {
  const rows = await selectRows<{ name: string }>(
    db,
    sql`select a.attname as name
          from pg_catalog.pg_attribute a
         where a.attrelid = format('%I.%I', ${BACKUP_SCHEMA}::text, ${table}::text)::regclass
           and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
         order by a.attnum`,
  );
  return rows.map((row) => row.name);
}

/** Every column fed by a sequence (serial or identity), with the sequence's name. */
export async function sequenceColumns(
  db: Db,
): Promise<{ table: string; column: string; sequence: string }[]> {
  return selectRows(
    db,
    sql`select c.relname as "table", a.attname as "column",
               pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname)
                 as "sequence"
          from pg_catalog.pg_attribute a
          join pg_catalog.pg_class c on c.oid = a.attrelid
          join pg_catalog.pg_namespace n on n.oid = c.relnamespace
         where n.nspname = ${BACKUP_SCHEMA} and c.relkind in ('r', 'p') and not c.relispartition
           and a.attnum > 0 and not a.attisdropped
           and pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname)
               is not null`,
  );
}

/**
 * The hash of the newest migration applied (drizzle's `drizzle.__drizzle_migrations`, the same table under both
 * drivers), or null on a database no migration ran on.
 */
export async function latestMigration(db: Db): Promise<string | null> {
  const [exists] = await selectRows<{ found: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!exists?.found) return null;
  const [row] = await selectRows<{ hash: string }>(
    db,
    sql`select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1`,
  );
  return row?.hash ?? null;
}
