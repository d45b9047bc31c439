import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { systemSettings } from '../../db/schema/settings';

export async function readSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, key));
  return row?.value;
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
