import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Claims `now`'s UTC day for a daily job whose last day is the `system_settings` row `key`: a conditional upsert
 * that changes the row only when it holds another day. PostgreSQL runs concurrent upserts of one key one after
 * the other, and the second sees the first's day, so exactly one caller per day gets a row back — every process
 * runs the job's timer, one process runs the job (the backups, ADR 025, and the retention, ADR 035).
 */
export async function claimDay(db: Db, key: string, now: Date): Promise<boolean> {
  const day = now.toISOString().slice(0, 10);
  const result = (await db.execute(
    sql`insert into system_settings (key, value) values (${key}, to_jsonb(${day}::text))
        on conflict (key) do update set value = excluded.value, updated_at = now()
          where system_settings.value is distinct from excluded.value
        returning key`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length === 1;
}
