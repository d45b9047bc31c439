import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { systemSettings } from '../../db/schema/settings';

/**
 * The `system_settings` table's rows, untyped. Only src/server/core/settings/ uses this module (tests set up
 * state with it too): the rest of the server reads and writes settings through settings.service.ts, typed by
 * the registry and audited (scripts/check-boundaries.mjs holds the rule).
 */
export async function readSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, key));
  return row?.value;
}

/** The stored values of `keys` (a key without a record is absent). */
export async function readSettings(db: Db, keys: readonly string[]): Promise<Map<string, unknown>> {
  const rows = await db
    .select({ key: systemSettings.key, value: systemSettings.value })
    .from(systemSettings)
    .where(inArray(systemSettings.key, [...keys]));
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** Creates or replaces a setting; the table's trigger tells every server process (live updates). */
export async function saveSetting(
  db: Db,
  key: string,
  value: unknown,
  updatedBy: string | null = null,
): Promise<void> {
  await db
    .insert(systemSettings)
    .values({ key, value, updatedBy })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedBy, updatedAt: sql`now()` } });
}

export async function deleteSetting(db: Db, key: string): Promise<void> {
  await db.delete(systemSettings).where(eq(systemSettings.key, key));
}

/**
 * Locks a setting's row until the transaction ends and answers its stored value. The row is created (empty)
 * first, so there is always a row to lock and two first changes cannot race.
 */
export async function lockSetting(db: Db, key: string): Promise<unknown> {
  await db
    .insert(systemSettings)
    .values({ key, value: {} })
    .onConflictDoNothing({ target: systemSettings.key });
  const [row] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, key))
    .for('update');
  return row?.value;
}

/** New rows (an empty database being seeded); a key already stored is an error. */
export async function insertSettings(
  db: Db,
  rows: readonly { key: string; value: unknown }[],
): Promise<void> {
  if (rows.length > 0) await db.insert(systemSettings).values([...rows]);
}

export async function countSettings(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(systemSettings);
  return row?.n ?? 0;
}

/**
 * Stores `day` under `key` unless it is stored already: a conditional upsert that changes the row only when it
 * holds another day. PostgreSQL runs concurrent upserts of one key one after the other, and the second sees the
 * first's day, so exactly one caller per day gets a row back.
 */
export async function claimDayRow(db: Db, key: string, day: string): Promise<boolean> {
  const result = (await db.execute(
    sql`insert into system_settings (key, value) values (${key}, to_jsonb(${day}::text))
        on conflict (key) do update set value = excluded.value, updated_at = now()
          where system_settings.value is distinct from excluded.value
        returning key`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length === 1;
}
